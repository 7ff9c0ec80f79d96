"""Screens waiting for a token tap: to pair ("whose phone is this?") or to confirm a shared
tablet's command ("Ann, tap your token"). Nobody's request is held open while it waits: the
screen is answered at once, and the outcome goes to the `answer` callback (on the writer thread).

A tap is given to a wait only when it is the one wait the tap could answer. With two or more
(two screens asking to pair, or one pairing while another confirms a command of that player),
none of them gets it and each is told why: whoever tapped cannot know which screen they served,
and a stranger's screen waiting beside the right one must never be the one paired.
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
    player: str | None = None  # CONFIRM: the player whose token confirms
    command: dict[str, Any] | None = None  # CONFIRM: what the tap then applies
    timeout: float = 30.0
    id: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    deadline: float = 0.0

    def start(self, now: float | None = None) -> None:
        self.deadline = (time.monotonic() if now is None else now) + self.timeout

    def could_take(self, player: str) -> bool:
        """Could a tap of this player's token be meant for this wait?"""
        return self.kind == PAIR or self.player == player
