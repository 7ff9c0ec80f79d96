"""What a worker process is handed: continuations of one position, for a slice of seeds.

Plain picklable data (the position as its script), so the same job runs in any worker, on the
compiled engine or the pure one; each worker rebuilds the position once per job and then only
loads its saved state for each continuation.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..rules import Malformed, Rejected
from .position import replayed

TURN_CAP = 1000  # player-turns in all, as `companion simulate` caps a game


@dataclass
class Continuations:
    """Play on from the position `script` (then `then`, e.g. a trade's answer) with `bot` bots.

    `give_way`: the worker yields its core every few commands. The table's workers need it: the
    kernel does not always let a woken thread of the daemon preempt an idle-class worker at once
    (Linux 6.18 here: such a thread sometimes waited for the next 4 ms tick, about one tap in
    ten), while a yield lets any runnable thread of normal priority in at once. It costs about
    5 % of the continuations' speed (bench/odds_speed.py).
    """

    script: tuple[str, ...]
    then: tuple[dict[str, Any], ...] = ()
    bot: str = "smart"
    turn_cap: int = TURN_CAP
    seed: int = 0
    give_way: bool = False
    _ready: Any = field(default=None, repr=False, compare=False)

    def __getstate__(self) -> dict[str, Any]:
        return {"script": self.script, "then": self.then, "bot": self.bot, "turn_cap": self.turn_cap,
                "seed": self.seed, "give_way": self.give_way, "_ready": None}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def prepare(self) -> tuple[Any, tuple[Any, ...], int, Meta, dict[tuple[int, int], int]]:
        """The game at the position, its saved state, the turns left, what the position is and the
        offers made so far."""
        if self._ready is None:
            position = replayed(self.script)
            game = position.game
            refused = ""
            for command in self.then:
                try:
                    game.apply(command)
                except (Rejected, Malformed) as exc:
                    refused = exc.reason_in(game.edition.money)
                    break
            meta = Meta(tuple(game.names), tuple(game.bankrupt), game.current, game.over,
                        -1 if game.winner is None else game.winner, position.turns, refused)
            self._ready = (game, game.save(), max(0, self.turn_cap - position.turns), meta,
                           position.offers)
        return self._ready  # type: ignore[no-any-return]

    def play(self, span: Sequence[int]) -> tuple[Meta, Tally]:
        """Continuations `first` to `first + count - 1` (span = (first, count)), summed up."""
        from .rollout import play_out

        game, saved, left, meta, offers = self.prepare()
        first, count = span
        tally = Tally.empty(len(meta.names))
        if meta.refused:
            return meta, tally
        give_way = os.sched_yield if self.give_way and hasattr(os, "sched_yield") else None
        # The deck order is hidden from the players (and, with physical decks, from the table
        # too): each continuation draws from the cards left in each deck, shuffled anew.
        for number in range(first, first + count):
            tally.add(play_out(game, saved, continuation_seed(self.seed, number), left, self.bot, True,
                               offers, give_way))
        return meta, tally


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

SHARE = 840  # lcm(1..8): an undecided continuation's share of a win, for up to 8 players, in whole units


def continuation_seed(seed: int, number: int) -> int:
    """The dice and deck seed of continuation `number` of a run: the same whichever worker plays it."""
    return (seed & 0xFFFFFFFF) << 32 | number


@dataclass
class Tally:
    """Continuations summed up in whole numbers (so any grouping of them gives the same sums)."""

    wins: list[int]  # in SHARE units: SHARE a win, SHARE // k for each of k players still in at the cap
    worth: list[int]  # net worths at the end, summed
    undecided: int = 0
    count: int = 0

    @classmethod
    def empty(cls, players: int) -> Tally:
        return cls([0] * players, [0] * players)

    def add(self, ending: Ending) -> None:
        winner, worths, alive, _turns = ending
        players = len(self.wins)
        if winner >= 0:
            self.wins[winner] += SHARE
        else:
            self.undecided += 1
            still = [seat for seat in range(players) if alive >> seat & 1]
            for seat in still:
                self.wins[seat] += SHARE // len(still)
        for seat in range(players):
            self.worth[seat] += worths[seat]
        self.count += 1

    def merge(self, other: Tally) -> None:
        for seat in range(len(self.wins)):
            self.wins[seat] += other.wins[seat]
            self.worth[seat] += other.worth[seat]
        self.undecided += other.undecided
        self.count += other.count
