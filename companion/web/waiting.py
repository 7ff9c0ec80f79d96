"""The web side of a wait for a physical act (companion/table/waits.py): a screen that asks to
pair, a command on the table's own screen to be confirmed by the player's token, or a screen
asking for the banker's step (presence.py) is answered at once (202 with a request id, and the
code it shows); while a choice at the table is open among the waiting screens, each is told what
the table offers now; the outcome reaches that screen through its event stream (`event:
request`) and can be polled (`GET /api/requests/<id>`). A pairing changes the screen's session
and is announced, with the screen's id to undo it by, only where someone may undo it."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from flask import Flask, current_app

from ..table import PAIR, Result, TokenWait
from ..table.words import words
from .events import sse
from .sessions import Screen, label_text, public_id

if TYPE_CHECKING:
    from .context import Context

KEEP = 300.0  # seconds an outcome can still be polled
MAX_KEPT = 512
# What a wait's outcome makes of the table's Result: (status, body) for the screen that asked.
Finish = Callable[[Result], tuple[int, dict[str, Any]]]


class Outcomes:
    """Each token wait's record, by request id: waiting (with what the table offers now, while a
    choice is open), then its outcome (status and body, as the request itself would have been
    answered)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: OrderedDict[str, tuple[str, float, dict[str, Any]]] = OrderedDict()

    def waiting(self, rid: str, session: str, kind: str, player: str | None) -> dict[str, Any]:
        record = {"request": rid, "kind": kind, "player": player, "done": False, "code": None,
                  "deadline": None, "offer": None}
        with self._lock:
            self._records[rid] = (session, time.monotonic(), record)
            while len(self._records) > MAX_KEPT:
                self._records.popitem(last=False)
        return dict(record)

    def change(self, rid: str, **values: Any) -> dict[str, Any] | None:
        """A waiting record's code or offer changed: the record as it is now (None: gone, or done)."""
        with self._lock:
            kept = self._records.get(rid)
            if kept is None or kept[2]["done"]:
                return None
            record = {**kept[2], **values}
            self._records[rid] = (kept[0], kept[1], record)
            return dict(record)

    def done(self, rid: str, status: int, said: dict[str, Any]) -> dict[str, Any] | None:
        with self._lock:
            kept = self._records.get(rid)
            if kept is None:
                return None
            record = {**kept[2], "done": True, "status": status, "answer": said, "offer": None}
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


def may_undo(ctx: Context, target: Screen) -> Callable[[str], bool]:
    """Who may undo the pairing of `target` ("not me"), and so be told its screen's id: the screen
    itself, that player's other screens in the same game, the table's own screen, the banker."""
    def allowed(sid: str) -> bool:
        me = ctx.sessions.get(sid)
        return me.at_table or (me.player == target.player and me.game == target.game)

    return allowed


def pair(ctx: Context, session: str, player: str, by: str, piece: str | None,
         game: str | None = None) -> None:
    """This screen now acts for the player (by a token tap and the people's choice, or the banker's
    word); every screen is told, and the screens that may undo it are told which screen it was."""
    if game is None:
        state = ctx.table.snapshot()
        game = state["game"] if state is not None else None
    target = ctx.sessions.update(session, player=player, game=game, piece=piece, paired_by=by,
                                 since=time.time())
    label = ctx.sessions.label(session)
    forms = (ctx.table.snapshot() or {}).get("forms")  # the players' cases: «Фишка Ани привязала…»
    said = words("paired.token" if by == "token" else "paired.banker", forms, player=player, screen=label)
    notice = {"type": "paired", "player": player, "by": by, "screen": label_text(label),
              "agent": target.agent, "reason": said["en"], "words": said}
    allowed = may_undo(ctx, target)
    ctx.broker.send_where(sse("notice", {**notice, "screen_id": public_id(session)}),
                          lambda sid: sid == session or allowed(sid))
    ctx.broker.send_where(sse("notice", notice), lambda sid: not (sid == session or allowed(sid)))


def start(ctx: Context, session: str, address: str, kind: str, player: str | None = None,
          command: dict[str, Any] | None = None, game: str | None = None, timeout: float | None = None,
          known: bool = False, finish: Finish | None = None) -> tuple[Result, dict[str, Any] | None]:
    """Ask the table to wait for a physical act for this screen: (the table's answer, the record).
    player: the seat a confirmation is bound to (its screen's pairing), None on the table's own
    screen; known: a screen that has been the banker's; finish: what the outcome makes of the
    table's result (default: a pairing, or a confirmed command's answer)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    me = ctx.sessions.get(session)
    wait = TokenWait(screen=session, kind=kind, player=player, command=command, game=game,
                     label=ctx.sessions.label(session), address=address, trusted=me.holds or known,
                     known=known,
                     timeout=timeout or (ctx.pair_timeout if kind == PAIR else ctx.confirm_timeout),
                     answer=lambda result: _finished(app, ctx, wait, result, finish),
                     offered=lambda offer: _offered(ctx, wait, offer))
    record = ctx.outcomes.waiting(wait.id, session, kind, player)  # before a tap can answer it
    result = ctx.table.wait_for_token(wait)
    if not result.ok:
        ctx.outcomes.forget(wait.id)
        return result, None
    # the code it shows, and when the table stops waiting (ms since 1970: its countdown)
    record = ctx.outcomes.change(wait.id, code=wait.code or None, deadline=wait.deadline_ms) or record
    return result, record


def _offered(ctx: Context, wait: TokenWait, offer: dict[str, Any] | None) -> None:
    """On the writer thread: what the table offers now, to the waiting screen (its record, its
    streams): "your code: the act again now", or another screen's code."""
    record = ctx.outcomes.change(wait.id, offer=offer)
    if record is not None:
        ctx.broker.send(sse("request", record), session=wait.screen)


def _finished(app: Flask, ctx: Context, wait: TokenWait, result: Result, finish: Finish | None) -> None:
    """The outcome, on the table's writer thread: to the screen's session, its streams, the record."""
    with app.app_context():
        if finish is not None:
            status, said = finish(result)
        elif wait.kind == PAIR and result.ok:
            player = result.detail["player"]
            pair(ctx, wait.screen, player, "token", result.detail.get("piece"))
            status, said = 200, {"player": player}
        else:
            status, said = ctx.outcome(result)
        record = ctx.outcomes.done(wait.id, status, said)
        if record is not None:
            ctx.broker.send(sse("request", record), session=wait.screen)
