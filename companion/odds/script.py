"""What the odds' planner knows of the table's game: its effective script read from the committed
file (ledger/effective.py: beside the writer, never under its lock), and the turns of that script
as the engine counts them (`Game.turn`), each with the player who ended it.

Both are kept between readings: a reading takes only the entries committed since the last one,
and the replay goes on from where it stopped unless an undo took back commands it had played.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..ledger.effective import Script
from ..ledger.schema import GENESIS, commands_hash
from ..rules import Game, Malformed, Rejected, new_game

__all__ = ["End", "Script", "Turns", "ends_of"]


@dataclass(frozen=True)
class End:
    """The end of one turn: the turn number, the script's length then, who played the turn."""

    turn: int
    length: int
    player: str


class Turns:
    """The turns of a script as the engine counts them, replayed on from the last reading."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.played: list[str] = []  # hashes of the lines replayed so far
        self.ends: list[End] = []

    def of(self, lines: list[str], hashes: list[str]) -> list[End]:
        """(turn, length, player) at the start (turn 0: who plays first), after every turn the
        engine ended, and at the end of a game that is over."""
        known = len(self.played)
        if self.game is None or known > len(hashes) or (known and hashes[known - 1] != self.played[-1]):
            self._start(lines[0], hashes[0])
        game = self.game
        assert game is not None
        for length in range(len(self.played) + 1, len(lines) + 1):
            seat = game.current
            try:
                game.apply(json.loads(lines[length - 1]))
            except (Rejected, Malformed):  # a stored command the rules took when it was stored
                pass
            self.played.append(hashes[length - 1])
            if game.turn != self.ends[-1].turn:
                self.ends.append(End(game.turn, length, game.names[seat]))
        ends = list(self.ends)
        if game.over and ends[-1].length != len(lines):
            ends.append(End(game.turn + 1, len(lines), game.names[game.current]))
        return ends

    @property
    def now(self) -> int:
        """The turns ended so far in the script last read."""
        return self.game.turn if self.game is not None else 0

    def _start(self, first: str, key: str) -> None:
        self.game = new_game(json.loads(first))
        self.played = [key]
        self.ends = [End(0, 1, self.game.names[self.game.current])]


def ends_of(lines: list[str]) -> list[End]:
    """The turns of a whole script at once (a game's record, say: bench/odds_calibration.py)."""
    hashes: list[str] = []
    for line in lines:
        hashes.append(commands_hash(hashes[-1] if hashes else GENESIS, line))
    return Turns().of(lines, hashes)
