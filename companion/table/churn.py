"""A bound on stored no-op churn: moves that cost a player nothing and change nothing for good
(proposing a trade, withdrawing or rejecting it) are each stored forever, so one phone sending them
in a loop would grow the game's file and the daemon's memory without end. A seat may make at most
TRADE_MOVES of them within WINDOW seconds; beyond that they are refused, with a sentence."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any

from .result import TOO_MANY, Result
from .words import words

CHURN = ("trade", "reject")  # free to repeat: a proposal, and its withdrawal or rejection
TRADE_MOVES = 12  # per seat within the window: far more than a family's real bargaining
WINDOW = 60.0  # seconds


class Churn:
    """Each seat's recent no-op moves (writer thread only)."""

    def __init__(self, moves: int = TRADE_MOVES, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.moves = moves
        self.window = window
        self.clock = clock
        self._recent: dict[str, deque[float]] = {}

    def _kept(self, player: str) -> deque[float]:
        recent = self._recent.setdefault(player, deque())
        since = self.clock() - self.window
        while recent and recent[0] <= since:
            recent.popleft()
        return recent

    def check(self, command: dict[str, Any], player: str) -> Result | None:
        """None if this seat may make this move now; else the refusal."""
        if command.get("do") not in CHURN:
            return None
        recent = self._kept(player)
        if len(recent) < self.moves:
            return None
        wait = max(1, round(recent[0] + self.window - self.clock()))
        said = words("churn.trade", player=player, moves=self.moves, seconds=round(self.window), wait=wait)
        return Result(False, said["en"], refusal=TOO_MANY, words=said, detail={"retry_after": wait})

    def stored(self, command: dict[str, Any], player: str) -> None:
        if command.get("do") in CHURN:
            self._kept(player).append(self.clock())

    def clear(self) -> None:
        self._recent.clear()
