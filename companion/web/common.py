"""What every part of the API shares: answers and errors, request bodies read within bounds, and
who is asking (a watcher, a paired player, the banker)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, g, jsonify, request, session

from ..ledger.committed import CommittedRead
from ..ledger.errors import GameDamaged
from ..scriptfile import ScriptError, parse_line
from ..table import Result
from .context import context
from .errors import WebError
from .presence import said
from .priority import table_own

JSON = dict[str, Any]


def public(message: str) -> str:
    """A message with the data folder (and any other file path) taken out (Context.public)."""
    return context().public(message)


def error(message: str, status: int, **extra: Any) -> tuple[Response, int]:
    if "words" in extra and isinstance(extra["words"], dict):
        extra["words"] = {lang: public(text) for lang, text in extra["words"].items()}
    return jsonify({"error": public(message), **extra}), status


# ---- bodies ----------------------------------------------------------------------------------

class BadBody(WebError):
    def __init__(self, reason: str = "The request must be a JSON object") -> None:
        super().__init__(reason)
        self.reason = reason


def read_body() -> None:
    """Every POST's body, read once before any view sees it, within bounds: at most MAX_BODY
    bytes (the server refused larger ones from their Content-Length, before reading them), UTF-8,
    one JSON object nested no deeper than any command needs, no NaN, no lone surrogate ("\\ud800").
    Anything else is 400, whichever endpoint it was sent to."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        g.body = None
        return
    try:
        g.body = parse_line(1, raw)
    except ScriptError as exc:
        raise BadBody("The request must be one JSON object: " + str(exc).removeprefix("line 1: ")) from None


def body(optional: bool = False) -> JSON:
    """The request's JSON object (400 for anything else; an empty body is {} when optional)."""
    data = g.get("body")
    if data is None:
        if optional:
            return {}
        raise BadBody()
    if request.mimetype != "application/json":
        raise BadBody("The request must be a JSON object (Content-Type: application/json)")
    assert isinstance(data, dict)
    return data


# ---- who is asking ---------------------------------------------------------------------------

def client() -> str:
    """The asking client, as its address on the table's wifi (what PIN tries and streams count by)."""
    return request.remote_addr or ""


def screen() -> str:
    """This screen's session id (see sessions.py)."""
    return str(getattr(session, "sid", ""))


def is_banker() -> bool:
    ctx = context()
    if ctx.sessions.get(screen()).banker:
        return True
    pin = request.headers.get("X-Banker-Pin")
    if pin is None:
        return False
    right, _wait = ctx.pin.check(pin, client())
    return right


def paired_player() -> str | None:
    ctx = context()
    store = ctx.table.store
    me = ctx.sessions.get(screen())
    if store is None or me.game != store.game_id:
        return None
    return me.player


def banker_only(view: Callable[..., Any]) -> Callable[..., Any]:
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if not is_banker():
            words = said("banker.only")
            return error(words["en"], 401, words=words)
        return view(*args, **kwargs)

    guarded.__name__ = view.__name__
    guarded.__doc__ = view.__doc__
    return guarded


# ---- answers ---------------------------------------------------------------------------------

def outcome(result: Result, created: bool = False) -> tuple[int, JSON]:
    """What the table's answer is to a screen: (status, body) (Context.outcome, which a token
    wait's event stream sends the same)."""
    return context().outcome(result, created)


def answer(result: Result, created: bool = False) -> tuple[Response, int]:
    status, said = outcome(result, created)
    return jsonify(said), status


class Unreadable(WebError):
    """The game's file could not be read for this request (a reading is retried, never a 500)."""


PAGE = 1000  # entries a paged read gives unless asked for fewer
PAGE_MAX = 2000  # and at most, whatever is asked (a worded page is kept whole: KEEP)
STRANGERS_PAGE = 200  # at most, for a screen that is not the table's own (priority.py)


def page_max() -> int:
    """The most entries this request's page may hold: PAGE_MAX for the table's own screens,
    STRANGERS_PAGE for anyone else, so that no stranger's request costs the table much (a worded
    page costs what it holds; a screen reads the rest page by page, as `more` says)."""
    return PAGE_MAX if table_own(context().sessions, screen()) else STRANGERS_PAGE


def window() -> tuple[int, int]:
    """?after=<seq>&limit=<n> of a paged read: the entries after the seq a screen has, at most
    `limit` (PAGE by default, page_max() at most) of them. BadWindow for anything but numbers."""
    try:
        after = int(request.args.get("after", 0))
        limit = int(request.args.get("limit", PAGE))
    except ValueError:
        raise BadWindow() from None
    return max(0, after), max(1, min(limit, page_max()))


class BadWindow(WebError):
    """?after= or ?limit= that is no whole number (400)."""


def committed_read(read: Callable[[CommittedRead], Any]) -> Any:
    """Read the current game as it was committed, on a connection and in a read transaction of
    its own: the writer never waits for it, and the whole request sees one game at one seq even
    if the table stores more commands or starts a new game meanwhile. None without a game."""
    store = context().table.store
    if store is None:
        return None
    try:
        reading = CommittedRead(store.path, store.game_id)
    except GameDamaged:
        raise Unreadable() from None
    with reading:
        return read(reading)
