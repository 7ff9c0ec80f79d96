"""The web side of a token wait (companion/table/waits.py): a screen that asks to pair, or a
shared tablet's command to be confirmed by the player's token, is answered at once (202 with a
request id); the outcome reaches that screen through its event stream (`event: request`) and can
be polled (`GET /api/requests/<id>`). A pairing changes the screen's session and is announced on
every screen."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from flask import Flask, current_app

from ..table import PAIR, Result, TokenWait
from ..table.words import words
from .events import sse
from .sessions import label_text, public_id

if TYPE_CHECKING:
    from .context import Context

KEEP = 300.0  # seconds an outcome can still be polled
MAX_KEPT = 512


class Outcomes:
    """Each token wait's record, by request id: waiting, then its outcome (status and body, as the
    request itself would have been answered)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: OrderedDict[str, tuple[str, float, dict[str, Any]]] = OrderedDict()

    def waiting(self, rid: str, session: str, kind: str, player: str | None) -> dict[str, Any]:
        record = {"request": rid, "kind": kind, "player": player, "done": False}
        with self._lock:
            self._records[rid] = (session, time.monotonic(), record)
            while len(self._records) > MAX_KEPT:
                self._records.popitem(last=False)
        return dict(record)

    def done(self, rid: str, status: int, said: dict[str, Any]) -> dict[str, Any] | None:
        with self._lock:
            kept = self._records.get(rid)
            if kept is None:
                return None
            record = {**kept[2], "done": True, "status": status, "answer": said}
            self._records[rid] = (kept[0], time.monotonic(), record)
            return dict(record)

    def forget(self, rid: str) -> None:
        with self._lock:
            self._records.pop(rid, None)

    def get(self, rid: str, session: str) -> dict[str, Any] | None:
        """The record, for the session that asked only (anyone else: None)."""
        now = time.monotonic()
        with self._lock:
            for old in [r for r, (_s, at, rec) in self._records.items() if rec["done"] and now - at > KEEP]:
                del self._records[old]
            kept = self._records.get(rid)
            return dict(kept[2]) if kept is not None and kept[0] == session else None


def pair(ctx: Context, session: str, player: str, by: str, piece: str | None,
         game: str | None = None) -> None:
    """This screen now acts for the player (by a token tap, or the banker's word); every screen is
    told, with what a screen needs to offer "not me: unpair" (the screen's label and id)."""
    if game is None:
        state = ctx.table.snapshot()
        game = state["game"] if state is not None else None
    ctx.sessions.update(session, player=player, game=game, piece=piece, paired_by=by, since=time.time())
    label = ctx.sessions.label(session)
    said = words("paired.token" if by == "token" else "paired.banker", player=player, screen=label)
    ctx.broker.publish({"type": "paired", "player": player, "by": by, "screen": label_text(label),
                        "screen_id": public_id(session), "agent": ctx.sessions.get(session).agent,
                        "reason": said["en"], "words": said})


def start(ctx: Context, session: str, kind: str, player: str | None = None,
          command: dict[str, Any] | None = None, game: str | None = None,
          ) -> tuple[Result, dict[str, Any] | None]:
    """Ask the table to wait for a token tap for this screen: (the table's answer, the record).
    player: the seat a confirmation is bound to (its screen's pairing), None on the Table page."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    wait = TokenWait(screen=session, kind=kind, player=player, command=command, game=game,
                     label=ctx.sessions.label(session),
                     answer=lambda result: _finished(app, ctx, wait, result), timeout=ctx.pair_timeout)
    record = ctx.outcomes.waiting(wait.id, session, kind, player)  # before a tap can answer it
    result = ctx.table.wait_for_token(wait)
    if not result.ok:
        ctx.outcomes.forget(wait.id)
        return result, None
    return result, record


def _finished(app: Flask, ctx: Context, wait: TokenWait, result: Result) -> None:
    """The outcome, on the table's writer thread: to the screen's session, its streams, the record."""
    from .common import outcome

    with app.app_context():
        if wait.kind == PAIR and result.ok:
            player = result.detail["player"]
            pair(ctx, wait.screen, player, "token", result.detail.get("piece"))
            status, said = 200, {"player": player}
        else:
            status, said = outcome(result)
        record = ctx.outcomes.done(wait.id, status, said)
        if record is not None:
            ctx.broker.send(sse("request", record), session=wait.screen)
