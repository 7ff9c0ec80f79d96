"""The banker's step at the table: the way in that nobody on the wifi can block or fake.

A screen asks (`POST /api/banker/presence`, or the first start's `POST /api/banker/setup`) and is
answered at once, 202 with a request id; the next physical banker step (the banker's tag on the
reader, or the dice button held for `banker_hold` seconds: the table's `banker_steps` listeners)
logs that screen in as the banker, and for the first start sets the PIN it sent. It goes to a
screen only when it is the only one waiting: with two or more, none is logged in and each is told
why, as pairing does, so a guest's screen waiting beside the banker's never becomes the banker's.
The outcome reaches the screen as `event: request` and through `GET /api/requests/<id>`.

A guest who keeps a wait of their own open would so block the banker's step for ever. So the table
remembers the screens that have been the banker's (by their public id, in the data folder): when
several wait and exactly one of them has been the banker's, the step goes to that one, and the
others are told. Nothing is said to the other screens when the step comes, so nobody can time it.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..secretfile import write_private
from .events import sse
from .sessions import public_id

if TYPE_CHECKING:
    from .context import Context

WAIT = 60.0  # seconds a screen waits for the banker's step
KNOWN_FILE = "banker-screens.json"  # the public ids of the screens that have been the banker's
KNOWN = 16  # the most recent kept
MAX_WAITS = 32  # more screens than any table has; a flood beyond it is refused, not kept
KIND = "banker"  # the kind of its request record (beside "pair" and "confirm")


def said(key: str, **values: Any) -> dict[str, str]:
    """The banker's sentences (PIN, presence, clock: the "banker-" messages of companion/i18n) in
    every language, their variables filled in."""
    return i18n.say_all("banker-" + key.replace(".", "-"), values)


@dataclass
class BankerWait:
    session: str
    pin: str | None = None  # first start: the PIN to set once the banker's step comes
    deadline: float = 0.0
    id: str = field(default_factory=lambda: secrets.token_urlsafe(12))


class Presence:
    """The screens waiting for the banker's step; thread-safe (steps arrive on the writer thread)."""

    def __init__(self, ctx: Context, hold: float = 6.0, clock: Any = time.monotonic) -> None:
        self.ctx = ctx
        self.hold = hold  # the dice button's banker_hold, for the sentences
        self.clock = clock
        self._lock = threading.Lock()
        self._waits: dict[str, BankerWait] = {}  # by session: one wait per screen
        self._known_path = ctx.data_dir / KNOWN_FILE
        self._known: list[str] = self._load_known()

    # ---- the screens that have been the banker's -----------------------------------------------

    def _load_known(self) -> list[str]:
        try:
            known = json.loads(self._known_path.read_text())["screens"]
        except (OSError, ValueError, KeyError, TypeError):
            return []
        return [k for k in known if isinstance(k, str)][-KNOWN:] if isinstance(known, list) else []

    def _save_known(self) -> None:
        try:
            write_private(self._known_path, json.dumps({"screens": self._known}).encode())
        except OSError:  # remembered in memory; only a restart forgets it
            pass

    def remember(self, session: str) -> None:
        """This screen is the banker's now (by PIN or at the table)."""
        screen = public_id(session)
        with self._lock:
            if screen in self._known:
                self._known.remove(screen)
            self._known = [*self._known, screen][-KNOWN:]
            self._save_known()

    def forget(self, session: str) -> None:
        """Revoked by the banker: no longer one of the banker's screens."""
        with self._lock:
            if public_id(session) in self._known:
                self._known.remove(public_id(session))
                self._save_known()

    def renamed(self, old: str, new: str) -> None:
        """The screen got a new session id (sessions.renew): it is still the screen it was."""
        with self._lock:
            if public_id(old) in self._known:
                self._known[self._known.index(public_id(old))] = public_id(new)
                self._save_known()

    def known(self, session: str) -> bool:
        with self._lock:
            return public_id(session) in self._known

    def ask(self, session: str, pin: str | None = None) -> tuple[int, dict[str, Any]]:
        """A screen waits for the banker's step: (202, its record with the words), or a refusal."""
        self.expire()
        with self._lock:
            old = self._waits.pop(session, None)
            full = len(self._waits) >= MAX_WAITS
            wait = None
            if not full:
                wait = BankerWait(session, pin, self.clock() + WAIT)
                self._waits[session] = wait
        if old is not None:
            self._finish(old, 409, said("presence.replaced"))
        if wait is None:
            words = said("presence.too_many")
            return 429, {"error": words["en"], "words": words}
        record = self.ctx.outcomes.waiting(wait.id, session, KIND, None)
        words = said("presence.wait", hold=f"{self.hold:g}")
        return 202, {**record, "message": words["en"], "words": words}

    def cancel(self, session: str) -> None:
        with self._lock:
            wait = self._waits.pop(session, None)
        if wait is not None:
            self._finish(wait, 409, said("presence.replaced"))

    def expire(self) -> None:
        now = self.clock()
        with self._lock:
            late = [w for w in self._waits.values() if w.deadline <= now]
            for wait in late:
                del self._waits[wait.session]
        for wait in late:
            self._finish(wait, 408, said("presence.expired"))

    def step(self, how: str) -> None:
        """The banker's tag was laid on the reader ("tag") or the dice button held ("button")."""
        self.expire()
        with self._lock:
            waiting = list(self._waits.values())
            self._waits.clear()
        if not waiting:
            return
        if len(waiting) > 1:
            known = [w for w in waiting if self.known(w.session)]
            chosen = known[0] if len(known) == 1 else None
            for wait in waiting:
                if wait is not chosen:
                    key = "presence.ambiguous_known" if chosen is not None else "presence.ambiguous"
                    self._finish(wait, 409, said(key, count=len(waiting)))
            if chosen is None:
                return
            waiting = [chosen]
        wait = waiting[0]
        pin = self.ctx.pin
        if wait.pin is not None:
            if pin.is_set:
                self._finish(wait, 409, said("presence.set_since"))
                return
            pin.set(wait.pin)
        self.ctx.sessions.update(wait.session, banker=True)
        self.remember(wait.session)
        self._finish(wait, 200, {"banker": True, "by": how, "pin_set": pin.is_set})

    def _finish(self, wait: BankerWait, status: int, answer: dict[str, Any]) -> None:
        if status != 200 and "error" not in answer:
            answer = {"error": answer["en"], "words": answer}
        record = self.ctx.outcomes.done(wait.id, status, answer)
        if record is not None:
            self.ctx.broker.send(sse("request", record), session=wait.session)
