"""The game's story for screens, in every language: the Table page's feed (`GET /api/feed`), every
stored money movement with its words (`GET /api/feed/ledger`, the History page) and the log in
words (`GET /api/feed/log`, the banker's page). After each stored command the new lines of the
story go out on the event stream as `event: feed` right after its `event: state`; anything else
(an undo, a new or resumed game) sends `{"reset": true}` and screens read the feed again.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, request

from ..i18n.money import Currency
from ..ledger.committed import CommittedRead
from ..rules.corrections import banker_set_dice
from .answers import kept
from .common import committed_read, window
from .context import Context
from .events import sse
from .story import story_items
from .story.chronicle import Chronicles

feed = Blueprint("feed", __name__, url_prefix="/api/feed")

STORY_LINES = 80  # the newest lines /api/feed gives unless asked for more


def chronicles() -> Chronicles:
    from flask import current_app

    return current_app.extensions["companion.chronicles"]  # type: ignore[no-any-return]


def _read(work: Any) -> Any:
    """`work(reading, chronicles)` on a committed reading of the game (no lock of the writer's),
    with the chronicles' lock held; None without a game."""
    def worded(reading: CommittedRead) -> Any:
        chronicled = chronicles()
        with chronicled.lock:
            return work(reading, chronicled)

    return committed_read(worded)


@feed.get("")
def story() -> Any:
    """The newest lines of the story of the game as it stands (undone moves left out)."""
    try:
        limit = max(1, min(int(request.args.get("limit", STORY_LINES)), 100_000))
    except ValueError:
        limit = STORY_LINES
    def lines(reading: CommittedRead, chronicled: Chronicles) -> dict[str, Any]:
        chron = chronicled.of(reading)
        return {"game": reading.game_id, "seq": chron.seen, "items": chron.story(limit)}

    return kept(lambda: _read(lines) or {"game": None, "seq": 0, "items": []})


NO_GAME: dict[str, Any] = {"game": None, "seq": 0, "after": 0, "next": 0, "more": False}


def _page(reading: CommittedRead) -> tuple[int, int, dict[str, Any]]:
    """The window ?after=&limit= asks for, and what the answer says of itself (see API.md)."""
    after, upto = reading.window(*window())
    return after, upto, {"game": reading.game_id, "seq": reading.seq, "after": after, "next": upto,
                         "more": upto < reading.seq}


@feed.get("/ledger")
def ledger() -> Any:
    """The money movements of the entries after ?after= (as GET /api/history), each with its
    words in every language."""
    player = request.args.get("player") or None

    def rows(reading: CommittedRead, chronicled: Chronicles) -> dict[str, Any]:
        after, upto, page = _page(reading)
        told = {t.seq: t.money for t in chronicled.page(reading, after, upto)}
        out = []
        counts: dict[int, int] = {}
        for row in reading.money_trail(after, upto):
            seq = row["seq"]
            index = counts.get(seq, 0)
            counts[seq] = index + 1
            said = told.get(seq, [])
            row["words"] = said[index] if index < len(said) else {"en": row["reason"]}
            if player is None or player in (row["from"], row["to"]):
                out.append(row)
        return {**page, "transfers": out}

    return kept(lambda: _read(rows) or {"transfers": [], **NO_GAME})


@feed.get("/log")
def log_words() -> Any:
    """The log entries after ?after= in words: what each did, its money, whether an undo took it
    back (and, for an undo, the seqs it took back, so a screen can mark the entries it has)."""
    def entries(reading: CommittedRead, chronicled: Chronicles) -> dict[str, Any]:
        after, upto, page = _page(reading)
        told = chronicled.page(reading, after, upto)
        undone = chronicled.of(reading).undone
        return {**page, "entries": [
            {"seq": t.seq, "time": t.time, "source": t.source, "kind": t.kind, "text": t.text,
             "money": t.money, "undone": t.seq in undone, "took_back": t.took_back}
            for t in told]}

    return kept(lambda: _read(entries) or {"entries": [], **NO_GAME})


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
            money = state.get("money")  # the game's edition's money, as the state carries it
            items = story_items(seq, outcome, event.get("source") or "", state.get("forms"),
                                banker_set_dice(command), Currency.from_data(money) if money else None)
            data = {"game": game, "seq": seq, "after": seq - 1, "items": items}
        self.ctx.broker.send(sse("feed", data))


def install(app: Flask, ctx: Context) -> None:
    """The chronicle shared by the requests, and the pusher after each state event (the blueprint
    itself is registered with the others, in app.py)."""
    app.extensions["companion.chronicles"] = Chronicles()
    ctx.table.listeners.append(FeedPusher(ctx))
