"""Sessions on the server: the cookie carries only a session id the server issued (random, with
its HMAC under the table's secret key, so a made-up id is never taken), and what a screen may do
(the player it is paired with, whether it is the banker's) lives here. So logging out, unpairing
and the banker's revoking end every copy of a cookie at once, and the banker can list them all.

Kept in the data folder (`sessions.json`, mode 0600, written whole under a temporary name and
renamed into place) so that screens keep their pairing across a restart. Only sessions that hold
something are stored; a screen that only watches has an id and nothing more.

Every change reaches that screen's event streams as an `event: session` (see events.py), through
the `changed` callback.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from flask import Flask, Request, Response
from flask.sessions import SessionInterface, SessionMixin

from ..secretfile import write_private

log = logging.getLogger(__name__)

FILE = "sessions.json"
COOKIE = "session"
MAX_STORED = 256  # far more screens than any table has; the least recently seen go first
MAX_LABELLED = 1024  # labels of sessions that hold nothing, kept in memory only (oldest go first)
ID_BYTES = 32  # an id: NONCE_BYTES random, the rest their HMAC (43 characters in the cookie)
NONCE_BYTES = 16


def public_id(sid: str) -> str:
    """The name a session goes by in the banker's list: not its cookie, which would let anyone
    who reads the list act as that screen."""
    return hashlib.sha256(b"companion screen:" + sid.encode()).hexdigest()[:12]


@dataclass
class Screen:
    """What one session (one screen) is."""

    player: str | None = None  # the player it acts for
    game: str | None = None  # ... in this game
    piece: str | None = None  # the token piece it was paired with (it follows it to the next game)
    paired_by: str | None = None  # "token" or "banker"
    banker: bool = False
    table: bool = False  # the table's own screen (set up by the banker: docs/server.md)
    since: float = 0.0  # when it was paired or became the banker (epoch seconds)
    seen: float = 0.0  # its last request (epoch seconds; not written to disk on every request)
    address: str = ""  # where it was last seen from
    agent: str = ""  # its browser, as it says (trimmed): to tell screens apart in the banker's list
    label: int = 0  # "screen 3": a small number a person can read and compare (see SessionStore.label)

    @property
    def holds(self) -> bool:
        """The table's own: a paired screen, the banker's or the table's screen (served first,
        never refused room; everyone else is a stranger)."""
        return self.player is not None or self.banker or self.table

    @property
    def at_table(self) -> bool:
        """A screen that stands for the table: the table's own screen or the banker's. The people's
        choices are made there (which screen a tap pairs), and it may undo any pairing."""
        return self.banker or self.table

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "banker": self.banker, "table": self.table}


class SessionStore:
    """Every session that holds something, by id; thread-safe, written to disk on each change."""

    def __init__(self, folder: Path | None, changed: Callable[[str, Screen], None] | None = None) -> None:
        self.path = folder / FILE if folder is not None else None
        self.changed = changed
        self._lock = threading.RLock()
        self._screens: dict[str, Screen] = {}
        # Labels of sessions that hold nothing yet (a watcher, a screen waiting for a token): in
        # memory only, so a flood of new sessions never writes to disk; numbers are never handed
        # out twice while the companion runs, so two screens never show the same label.
        self._labels: OrderedDict[str, int] = OrderedDict()
        self._next_label = 1
        self._table_language: tuple[str, str] | None = None  # (the table's screen, what it said)
        self._load()

    # ---- reading -------------------------------------------------------------------------------

    def get(self, sid: str | None) -> Screen:
        """A copy of what this session is (an empty Screen for one that holds nothing)."""
        with self._lock:
            screen = self._screens.get(sid) if sid else None
            return replace(screen) if screen is not None else Screen()

    def holds(self, sid: str | None) -> bool:
        """Whether this session is the table's own (Screen.holds), without a copy: asked of every
        request before a thread takes it (priority.own_cookie)."""
        with self._lock:
            screen = self._screens.get(sid) if sid else None
            return screen is not None and screen.holds

    def items(self) -> Iterator[tuple[str, Screen]]:
        with self._lock:
            return iter([(sid, replace(s)) for sid, s in self._screens.items()])

    def label(self, sid: str) -> int:
        """This session's label ("screen 3"), given the first time it is asked for; a session
        that comes to hold something keeps its label in sessions.json."""
        with self._lock:
            screen = self._screens.get(sid)
            if screen is not None:
                if not screen.label:
                    screen.label = self._labels.pop(sid, 0) or self._new_label()
                return screen.label
            label = self._labels.get(sid)
            if label is None:
                label = self._labels[sid] = self._new_label()
                while len(self._labels) > MAX_LABELLED:
                    self._labels.popitem(last=False)
            else:
                self._labels.move_to_end(sid)
            return label

    def _new_label(self) -> int:
        label = self._next_label
        self._next_label += 1
        return label

    def by_public_id(self, screen_id: str) -> str | None:
        with self._lock:
            return next((sid for sid in self._screens if public_id(sid) == screen_id), None)

    # ---- changing ------------------------------------------------------------------------------

    def update(self, sid: str, **values: Any) -> Screen:
        """Change some of a session's fields; stored, and its screen told, when anything changed."""
        with self._lock:
            before = self._screens.get(sid)
            screen = replace(before) if before is not None else Screen()
            for key, value in values.items():
                setattr(screen, key, value)
            if screen.holds and (before is None or not before.holds):
                screen.since = time.time()
                screen.label = screen.label or self._labels.pop(sid, 0) or self._new_label()
            if before is not None and before == screen:
                return screen
            if screen.holds:
                self._screens[sid] = screen
            else:
                self._screens.pop(sid, None)
                if screen.label:  # unpaired, it is still the same screen with the same label
                    self._labels[sid] = screen.label
            meaningful = (before or Screen()).public() != screen.public() or (
                before is None or before.game != screen.game or before.piece != screen.piece)
            if meaningful:
                self._save()
        if meaningful and self.changed is not None:
            self.changed(sid, screen)
        return screen

    def seen(self, sid: str, address: str, agent: str) -> None:
        """A request from this session (kept in memory only: no disk write per request)."""
        with self._lock:
            screen = self._screens.get(sid)
            if screen is not None:
                screen.seen = time.time()
                screen.address = address
                screen.agent = agent[:120]

    def move(self, old: str, new: str) -> None:
        """What `old` holds now belongs to `new` alone (a renewed id, see `renew`)."""
        with self._lock:
            label = self._labels.pop(old, None)  # the same screen keeps its label
            if label is not None:
                self._labels[new] = label
            screen = self._screens.pop(old, None)
            if screen is None:
                return
            self._screens[new] = screen
            self._save()

    def clear(self, sid: str) -> Screen:
        """Revoked: the session neither plays nor banks any more, nor is the table's screen."""
        return self.update(sid, player=None, game=None, piece=None, paired_by=None, banker=False,
                           table=False)

    def follow(self, game: str, player_of_piece: Callable[[str], str | None]) -> None:
        """A new game (or another one resumed): each screen paired by a piece stays paired only
        when the same player (by name) holds that piece in it, else it is unpaired (the dog's
        screen of game 1 never becomes whoever holds the dog in game 2); screens paired by the
        banker are unpaired (nobody can tell whose phone it is now)."""
        with self._lock:
            paired = [(sid, s) for sid, s in self._screens.items() if s.player is not None]
        for sid, screen in paired:
            if screen.game == game:
                continue
            player = player_of_piece(screen.piece) if screen.piece else None
            if player is not None and player == screen.player:
                self.update(sid, player=player, game=game)
            else:
                self.update(sid, player=None, game=None, piece=None, paired_by=None)

    def say_language(self, sid: str, lang: str) -> bool:
        """The language this screen shows, when it is the table's own screen (False otherwise):
        the table speaks the language its screen said last (in memory: the page says it again as
        it loads)."""
        with self._lock:
            screen = self._screens.get(sid)
            if screen is None or not screen.table:
                return False
            self._table_language = (sid, lang)
            return True

    def table_language(self) -> str | None:
        """The language the table's own screen said last, while it is still the table's screen;
        None until one said (the table's voice then speaks [voice] language)."""
        with self._lock:
            if self._table_language is None:
                return None
            sid, lang = self._table_language
            screen = self._screens.get(sid)
            return lang if screen is not None and screen.table else None

    def release(self, game: str, played_by_table: Callable[[str], bool]) -> None:
        """The screens paired to a seat of this game the table's computer plays again (the banker
        undid handing it over): unpaired, as no phone plays for the computer."""
        with self._lock:
            paired = [sid for sid, s in self._screens.items()
                      if s.game == game and s.player is not None and played_by_table(s.player)]
        for sid in paired:
            self.update(sid, player=None, game=None, piece=None, paired_by=None)

    # ---- the file ------------------------------------------------------------------------------

    def _load(self) -> None:
        if self.path is None or not self.path.exists():
            return
        try:
            raw = json.loads(self.path.read_text())
            known = {f.name for f in fields(Screen)}
            for sid, record in raw.get("sessions", {}).items():
                if isinstance(sid, str) and isinstance(record, dict):
                    self._screens[sid] = Screen(**{k: v for k, v in record.items() if k in known})
            self._next_label = 1 + max((s.label for s in self._screens.values()), default=0)
        except (OSError, ValueError, TypeError, AttributeError) as exc:
            # Only pairings are lost (screens pair again); never a reason not to start.
            log.warning("the sessions file %s cannot be read (%s); screens pair again", FILE, exc)
            self._screens.clear()

    def _save(self) -> None:
        if self.path is None:
            return
        if len(self._screens) > MAX_STORED:
            oldest = sorted(self._screens, key=lambda s: self._screens[s].seen or self._screens[s].since)
            for sid in oldest[: len(self._screens) - MAX_STORED]:
                del self._screens[sid]
        text = json.dumps({"sessions": {sid: asdict(s) for sid, s in self._screens.items()}})
        try:
            write_private(self.path, text.encode())
        except OSError as exc:  # the change holds in memory; it is lost only on a restart
            log.warning("could not write %s: %s", FILE, exc)


class ScreenSession(dict[str, Any], SessionMixin):
    """flask.session: the session id alone; what it holds is read from and written to the store."""

    def __init__(self, sid: str, new: bool) -> None:
        super().__init__()
        self.sid = sid
        self.new = new


class ServerSessions(SessionInterface):
    """Flask's session interface over the store: the cookie is an id the server issued.

    An id is 16 random bytes and their HMAC under the table's secret key, so the server knows its
    own ids without keeping a list of every screen that ever looked: an id it did not issue (one a
    cheat made up and planted in the banker's browser) is replaced by a new one at once. And every
    step up (logging in as the banker, setting the PIN, asking the banker's step) gets a new id,
    so even an id of ours planted beforehand is worth nothing after it (see `renew`).
    """

    def __init__(self, store: SessionStore, key: bytes = b"") -> None:
        self.store = store
        self.key = key

    def issue(self) -> str:
        nonce = secrets.token_bytes(NONCE_BYTES)
        return base64.urlsafe_b64encode(nonce + self._mac(nonce)).decode().rstrip("=")

    def issued(self, sid: str) -> bool:
        """An id this server made (or one a stored session already holds, from before ids were
        signed)."""
        if len(sid) != 43 or not sid.isascii() or not all(c.isalnum() or c in "-_" for c in sid):
            return False
        raw = base64.urlsafe_b64decode(sid + "=")
        if hmac.compare_digest(raw[NONCE_BYTES:], self._mac(raw[:NONCE_BYTES])):
            return True
        return self.store.holds(sid)

    def _mac(self, nonce: bytes) -> bytes:
        mac = hmac.new(self.key, b"companion session:" + nonce, hashlib.sha256).digest()
        return mac[: ID_BYTES - NONCE_BYTES]

    def open_session(self, app: Flask, request: Request) -> ScreenSession:
        sid = request.cookies.get(COOKIE, "")
        if self.issued(sid):
            self.store.seen(sid, request.remote_addr or "", request.headers.get("User-Agent", ""))
            return ScreenSession(sid, new=False)
        return ScreenSession(self.issue(), new=True)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        from flask import request

        if not isinstance(session, ScreenSession) or not session.new or request.path.startswith("/static/"):
            return  # a page's files are fetched side by side: the page and the API set the cookie
        response.set_cookie(
            COOKIE, session.sid, max_age=400 * 24 * 3600, path="/", httponly=True, samesite="Strict",
            secure=False,  # the table's wifi is plain HTTP
        )


def label_text(number: int) -> str:
    """A label as screens show it: "screen 3"."""
    return f"screen {number}"


def screen_id(session: Any) -> str:
    return str(getattr(session, "sid", ""))


def renew(session: Any, store: SessionStore, interface: ServerSessions) -> str:
    """A new id for this screen, issued now (set as its cookie by this answer), holding what the
    old one held; the old id holds nothing any more. Called before a screen steps up, so whoever
    knew its id before (planted it, copied it) is left with a watcher's id."""
    old = screen_id(session)
    fresh = interface.issue()
    store.move(old, fresh)
    session.sid = fresh
    session.new = True
    return fresh


__all__ = [
    "COOKIE", "Screen", "ScreenSession", "ServerSessions", "SessionStore", "label_text", "public_id", "renew",
]
