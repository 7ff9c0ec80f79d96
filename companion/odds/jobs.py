"""What a worker process is handed: continuations of one position, for a slice of seeds.

Plain picklable data (the position as its script), so the same job runs in any worker, on the
compiled engine or the pure one; each worker rebuilds the position once per job and then only
loads its saved state for each continuation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..rules import Malformed, Rejected
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

    def prepare(self) -> tuple[Any, tuple[Any, ...], int, Meta]:
        """The game at the position, its saved state, the turns left and what the position is."""
        if self._ready is None:
            position = replayed(self.script)
            game = position.game
            refused = ""
            for command in self.then:
                try:
                    game.apply(command)
                except (Rejected, Malformed) as exc:
                    refused = exc.reason
                    break
            meta = Meta(tuple(game.names), tuple(game.bankrupt), game.current, game.over,
                        -1 if game.winner is None else game.winner, position.turns, refused)
            self._ready = (game, game.save(), max(0, self.turn_cap - position.turns), meta)
        return self._ready  # type: ignore[no-any-return]

    def play(self, seeds: Sequence[int]) -> tuple[Meta, list[Ending]]:
        from .rollout import play_out

        game, saved, left, meta = self.prepare()
        if meta.refused:
            return meta, []
        # The deck order is hidden from the players (and, with physical decks, from the table
        # too): each continuation draws from the cards left in each deck, shuffled anew.
        return meta, [play_out(game, saved, seed, left, self.bot, True) for seed in seeds]


class Meta(NamedTuple):
    """What a position is, as the worker that rebuilt it saw it."""

    names: tuple[str, ...]
    bankrupt: tuple[bool, ...]
    current: int
    over: bool
    winner: int  # -1 while the game runs
    turns: int  # player-turns played
    refused: str  # the reason a command of `then` was refused ("" when all were taken)


Ending = tuple[int, tuple[int, ...], int, int]
