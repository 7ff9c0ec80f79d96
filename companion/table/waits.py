"""Screens waiting for a token tap: to pair ("whose phone is this?") or to confirm a command
("tap your token to confirm"). Nobody's request is held open while it waits: the screen is
answered at once, and the outcome goes to the `answer` callback (on the writer thread).

A confirmation from a paired screen is bound to the seat that screen speaks for; one from an
unpaired screen (the shared Table page) is bound to nobody until a token is tapped, and then it is
that token's player's command (what the body named cannot pre-bind a stranger's seat). Which wait
a tap goes to is decided in routing.py, and every wait is shown to everyone (taps_view.py).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

PAIR, CONFIRM = "pair", "confirm"
MAX_WAITS = 32  # more screens than any table has; a flood beyond it is refused, not stored


@dataclass
class TokenWait:
    screen: str  # the session that asked: one wait per screen, a new one replaces the old
    kind: str  # PAIR or CONFIRM
    answer: Callable[[Any], None]  # given the outcome (a Result), on the writer thread
    player: str | None = None  # CONFIRM: the seat it is bound to (its screen's player), or None
    command: dict[str, Any] | None = None  # CONFIRM: what the tap then applies
    timeout: float = 30.0
    label: int = 0  # the screen's number as people read it ("screen 3")
    game: str | None = None  # CONFIRM from a paired screen: the game its pairing is for
    id: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    deadline: float = 0.0  # on the monotonic clock (the writer's timer)
    deadline_ms: int = 0  # the same moment as ms since 1970 (what screens count down to)

    def start(self, now: float | None = None) -> None:
        self.deadline = (time.monotonic() if now is None else now) + self.timeout
        self.deadline_ms = round((time.time() + self.timeout) * 1000)

    def could_take(self, player: str) -> bool:
        """Could a tap of this player's token be meant for this wait?"""
        return self.kind == PAIR or self.player is None or self.player == player
