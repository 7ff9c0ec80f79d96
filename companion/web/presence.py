"""The banker's step at the table: the way in that nobody on the wifi can block or fake.

A screen asks (`POST /api/banker/presence`, or the first start's `POST /api/banker/setup`) and is
answered at once, 202 with a request id and a code the screen shows ("472"); the table waits for
the banker's step (the banker's tag on the reader, or the dice button held for `banker_hold`
seconds). The step never goes to a screen because it was the only one, or the first, to ask: it
opens a choice at the table (companion/table/choice.py) among the screens waiting for it, and the
banker picks theirs by its code (on the table's own screen, or by laying the tag again or pressing
the dice button while the table offers it: each waiting screen shows whether it is its own code).
The picked screen is logged in as the banker, and for the first start the PIN it sent is set.

A guest cannot freeze it: a stranger's waits are bounded per address and in all (waits.py), and a
screen that has been the banker's (remembered by its public id in the data folder) is never refused
for room and is offered first. Nothing is said to the other screens when the step comes, so nobody
can time it. The outcome reaches the screen as `event: request` and through
`GET /api/requests/<id>`.
"""

from __future__ import annotations

import json
import threading
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..secretfile import write_private
from ..table import Result
from ..table.waits import BANKER
from . import waiting
from .sessions import public_id

if TYPE_CHECKING:
    from .context import Context

WAIT = 120.0  # seconds a screen waits for the banker's step (the step, the choice, the act again)
KNOWN_FILE = "banker-screens.json"  # the public ids of the screens that have been the banker's
KNOWN = 16  # the most recent kept


def said(key: str, **values: Any) -> dict[str, str]:
    """The banker's sentences (PIN, presence, clock: the "banker-" messages of companion/i18n) in
    every language, their variables filled in."""
    return i18n.say_all("banker-" + key.replace(".", "-"), values)


class Presence:
    """The screens that have been the banker's, and asking for the banker's step (thread-safe)."""

    def __init__(self, ctx: Context, hold: float = 6.0) -> None:
        self.ctx = ctx
        self.hold = hold  # the dice button's banker_hold, for the sentences
        self._lock = threading.Lock()
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

    # ---- asking for the step -------------------------------------------------------------------

    def ask(self, session: str, address: str, pin: str | None = None) -> tuple[int, dict[str, Any]]:
        """A screen waits for the banker's step: (202, its record with its code and the words), or
        a refusal (429: a stranger's waits are full)."""
        result, record = waiting.start(
            self.ctx, session, address, BANKER, timeout=WAIT, known=self.known(session),
            finish=lambda done: self._finish(session, pin, done))
        if record is None:
            status, answer = self.ctx.outcome(result)
            return status, answer
        words = said("presence.wait", hold=f"{self.hold:g}", code=record["code"] or "")
        return 202, {**record, "message": words["en"], "words": words}

    def _finish(self, session: str, pin: str | None, result: Result) -> tuple[int, dict[str, Any]]:
        """The step came and the people chose this screen (on the writer thread): log it in."""
        if not result.ok:
            return self.ctx.outcome(result)
        ctx = self.ctx
        if pin is not None:
            if ctx.pin.is_set:
                words = said("presence.set_since")
                return 409, {"error": words["en"], "words": words}
            ctx.pin.set(pin)
        ctx.sessions.update(session, banker=True)
        self.remember(session)
        return 200, {"banker": True, "by": result.detail.get("by"), "pin_set": ctx.pin.is_set}
