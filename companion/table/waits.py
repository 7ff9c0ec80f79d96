"""Screens waiting for a physical act at the table: a token tap (to pair, "whose phone is this?",
or to confirm a command, "tap your token to confirm") or the banker's step (the banker's tag on
the reader, the dice button held: to log in without the PIN). Nobody's request is held open while
it waits: the screen is answered at once, and the outcome goes to the `answer` callback (on the
writer thread).

A physical act carries no choice of screen, so it never goes to a screen because that screen was
the only one, or the first, to ask (docs/server.md, "What the table promises against guests"):
- a screen that waits to pair or for the banker's step shows a short `code`; the act opens a
  choice at the table (choice.py) among the screens waiting for it, and the people pick theirs by
  its code (on the table's own screen, or by repeating the act while the table offers it);
- a confirmation is made only by a screen the table trusts: a paired screen (bound to its own
  seat) or the table's own screen (bound to nobody until a token is tapped, and then that token's
  player's command: what the body named cannot pre-bind a stranger's seat). A guest's screen can
  queue nothing that a tap confirms.

Which wait a tap goes to is decided in routing.py; what the next tap does is shown to everyone
(taps_view.py).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

PAIR, CONFIRM, BANKER = "pair", "confirm", "banker"
KINDS = (PAIR, CONFIRM, BANKER)

# Room for waits. A trusted screen's wait (the table's own screen, a paired screen, a screen that
# has been the banker's) is never refused for room: there are only as many as the table made. A
# stranger's wait is bounded per address and in all, so a flood is refused, not kept; one screen
# has one wait (a new one replaces its old one).
STRANGERS_PER_ADDRESS = 2
STRANGERS = 32
CODE_DIGITS = 3  # "472": read off a phone and compared with what the table offers, at a glance


@dataclass
class TokenWait:
    screen: str  # the session that asked: one wait per screen, a new one replaces the old
    kind: str  # PAIR, CONFIRM or BANKER
    answer: Callable[[Any], None]  # given the outcome (a Result), on the writer thread
    player: str | None = None  # CONFIRM: the seat it is bound to (its screen's player), or None
    command: dict[str, Any] | None = None  # CONFIRM: what the tap then applies
    timeout: float = 30.0
    label: int = 0  # the screen's number as people read it ("screen 3")
    game: str | None = None  # CONFIRM from a paired screen: the game its pairing is for
    address: str = ""  # where the screen asked from (strangers' waits are bounded per address)
    trusted: bool = False  # the table's own screen, a paired one, or one that has been the banker's
    known: bool = False  # BANKER: a screen that has been the banker's (offered first)
    # Told (on the writer thread) what the table offers now while a choice it is in is open, or
    # None when that choice has ended without it: the screen shows "now: tap again" or "not yet".
    offered: Callable[[dict[str, Any] | None], None] | None = None
    id: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    code: str = ""  # PAIR and BANKER: given by the table when the wait is added (unique then)
    deadline: float = 0.0  # on the monotonic clock (the writer's timer)
    deadline_ms: int = 0  # the same moment as ms since 1970 (what screens count down to)

    def start(self, now: float | None = None) -> None:
        self.deadline = (time.monotonic() if now is None else now) + self.timeout
        self.deadline_ms = round((time.time() + self.timeout) * 1000)

    @property
    def chosen_at_table(self) -> bool:
        """Does the people's choice at the table decide whether this wait gets the act?"""
        return self.kind in (PAIR, BANKER)


def fresh_code(taken: Iterable[str]) -> str:
    """A code no waiting screen shows now, at random (never in the order screens asked)."""
    used = set(taken)
    low, high = 10 ** (CODE_DIGITS - 1), 10 ** CODE_DIGITS
    while True:
        code = str(low + secrets.randbelow(high - low))
        if code not in used:
            return code


def no_room(wait: TokenWait, waits: list[TokenWait]) -> str | None:
    """Why this new wait cannot be kept ("address", "full"), or None: it can."""
    if wait.trusted:
        return None
    strangers = [w for w in waits if not w.trusted]
    if sum(w.address == wait.address for w in strangers) >= STRANGERS_PER_ADDRESS:
        return "address"
    if len(strangers) >= STRANGERS:
        return "full"
    return None
