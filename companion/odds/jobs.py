"""What a worker process is handed: continuations of one position, for a slice of seeds.

Plain picklable data (the position as its script), so the same job runs in any worker, on the
compiled engine or the pure one; each worker rebuilds the position once per job and then only
loads its saved state for each continuation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .position import replayed

TURN_CAP = 1000  # player-turns in all, as `companion simulate` caps a game


@dataclass
class Continuations:
    """Play on from the position `script` (then `then`, e.g. a trade's answer) with `bot` bots."""

    script: tuple[str, ...]
    then: tuple[dict[str, Any], ...] = ()
    bot: str = "smart"
    turn_cap: int = TURN_CAP
    _ready: Any = field(default=None, repr=False, compare=False)

    def __getstate__(self) -> dict[str, Any]:
        return {"script": self.script, "then": self.then, "bot": self.bot, "turn_cap": self.turn_cap,
                "_ready": None}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def prepare(self) -> tuple[Any, tuple[Any, ...], int, bool]:
        """The game at the position, its saved state, the turns left and whether to shuffle."""
        if self._ready is None:
            position = replayed(self.script)
            game = position.game
            for command in self.then:
                game.apply(command)
            shuffle = True  # the deck order is hidden from the players (and, with physical decks,
            # from the table too): each continuation draws from the cards left, shuffled
            self._ready = (game, game.save(), max(0, self.turn_cap - position.turns), shuffle)
        return self._ready  # type: ignore[no-any-return]

    def play(self, seeds: Sequence[int]) -> list[tuple[int, tuple[int, ...], int, int]]:
        from .rollout import play_out

        game, saved, left, shuffle = self.prepare()
        return [play_out(game, saved, seed, left, self.bot, shuffle) for seed in seeds]
