"""The game's story for screens, in every language: the Table page's feed (`GET /api/feed`), every
stored money movement with its words (`GET /api/feed/ledger`, the History page) and the log in
words (`GET /api/feed/log`, the banker's page). After each stored command the new lines of the
story go out on the event stream as `event: feed` right after its `event: state`; anything else
(an undo, a new or resumed game) sends `{"reset": true}` and screens read the feed again.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, jsonify, request

from ..ledger import GameStore
from ..ledger.export import money_trail
from .app import Context, context
from .events import sse
from .story import story_items
from .story.chronicle import Chronicles

feed = Blueprint("feed", __name__, url_prefix="/api/feed")

STORY_LINES = 80  # the newest lines /api/feed gives unless asked for more


def chronicles() -> Chronicles:
    from flask import current_app

    return current_app.extensions["companion.chronicles"]  # type: ignore[no-any-return]


def _read(work: Any) -> Any:
    store: GameStore | None = context().table.store
    if store is None:
        return None
    with store.lock:
        return work(store, chronicles().of(store))


@feed.get("")
def story() -> Any:
    """The newest lines of the story of the game as it stands (undone moves left out)."""
    try:
        limit = max(1, min(int(request.args.get("limit", STORY_LINES)), 100_000))
    except ValueError:
        limit = STORY_LINES
    answer = _read(lambda store, chron: {
        "game": store.game_id, "seq": store.seq, "items": chron.story()[-limit:]})
    return jsonify(answer or {"game": None, "seq": 0, "items": []})


@feed.get("/ledger")
def ledger() -> Any:
    """Every stored money movement (as GET /api/history) with its words in every language."""
    player = request.args.get("player") or None

    def rows(store: GameStore, chron: Any) -> list[dict[str, Any]]:
        out = []
        counts: dict[int, int] = {}
        for row in money_trail(store):
            seq = row["seq"]
            index = counts.get(seq, 0)
            counts[seq] = index + 1
            said = chron.money_words(seq)
            row["words"] = said[index] if index < len(said) else {"en": row["reason"]}
            if player is None or player in (row["from"], row["to"]):
                out.append(row)
        return out

    return jsonify({"transfers": _read(rows) or []})


@feed.get("/log")
def log_words() -> Any:
    """Every log entry in words: what it did, its money, and whether an undo took it back."""
    def entries(_store: GameStore, chron: Any) -> list[dict[str, Any]]:
        return [{"seq": t.seq, "time": t.time, "source": t.source, "kind": t.kind, "text": t.text,
                 "money": t.money, "undone": t.undone} for t in chron.entries()]

    return jsonify({"entries": _read(entries) or []})


class FeedPusher:
    """The table's listener: each stored command's new lines, straight after its state event."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.last: tuple[str | None, int] = (None, -1)

    def __call__(self, event: dict[str, Any]) -> None:
        if event.get("type") != "state" or event.get("kind") == "restamp":
            return  # a state sent again with new stamps (an auction's wait) adds nothing to the story
        state = event.get("state") or {}
        game, seq = state.get("game"), event["seq"]
        outcome = event.get("outcome")
        after = self.last
        self.last = (game, seq)
        command = event.get("command") or {}
        if (outcome is None or after != (game, seq - 1) or event.get("kind") != "command"
                or command.get("do") in ("undo", "redo")):
            data: dict[str, Any] = {"game": game, "seq": seq, "reset": True}
        else:
            items = story_items(seq, outcome, event.get("source") or "")
            data = {"game": game, "seq": seq, "after": seq - 1, "items": items}
        self.ctx.broker.send(sse("feed", data))


def install(app: Flask, ctx: Context) -> None:
    """The chronicle shared by the requests, and the pusher after each state event (the blueprint
    itself is registered with the others, in app.py)."""
    app.extensions["companion.chronicles"] = Chronicles()
    ctx.table.listeners.append(FeedPusher(ctx))
