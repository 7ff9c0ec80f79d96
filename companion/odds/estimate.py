"""Many continuations of one position, spread over the worker processes and summed up.

Continuation n plays with the n-th seed drawn from the run's seed, whatever worker plays it, and
the results are summed in seed order: the same seed gives the same odds for any number of
processes. A continuation that reaches the turn cap is undecided: it counts equally for every
player still in it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules import Game
from ..simulate.run import game_seeds
from ..simulate.workers import Pool
from .jobs import TURN_CAP, Continuations, Ending, Meta

Z95 = 1.96


def wilson(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion measured over n trials (95 % by default)."""
    if n <= 0:
        return 0.0, 1.0
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Odds:
    """Each player's chance of winning from one position, and what it rests on."""

    players: list[str]
    active: list[bool]  # not bankrupt at the position
    samples: int
    wins: list[float]  # continuations won, undecided ones shared among the players still in them
    undecided: int
    worth: list[float]  # expected net worth at the end of a continuation
    seconds: float = 0.0
    seed: int = 0
    bot: str = "smart"
    engine: str = ""
    jobs: int = 0
    over: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def chance(self, seat: int) -> float:
        return self.wins[seat] / self.samples if self.samples else 0.0

    @property
    def chances(self) -> dict[str, float]:
        return {name: self.chance(seat) for seat, name in enumerate(self.players) if self.active[seat]}

    @property
    def interval(self) -> dict[str, tuple[float, float]]:
        if self.over:
            return {name: (p, p) for name, p in self.chances.items()}
        return {name: wilson(self.chance(seat), self.samples)
                for seat, name in enumerate(self.players) if self.active[seat]}

    def to_json(self, digits: int = 4) -> dict[str, Any]:
        """The `--json` report (and the table's): chances of the active players, their 95 %
        intervals, the share of undecided continuations, and what they rest on."""
        return {
            "chances": {name: round(p, digits) for name, p in self.chances.items()},
            "interval": {name: [round(lo, digits), round(hi, digits)]
                         for name, (lo, hi) in self.interval.items()},
            "undecided": round(self.undecided / self.samples, digits) if self.samples else 0.0,
            "samples": self.samples,
            "seconds": round(self.seconds, 3),
            "net_worth": {name: round(self.worth[seat]) for seat, name in enumerate(self.players)
                          if self.active[seat]},
            "seed": self.seed,
            "bots": self.bot,
            "engine": self.engine,
            "jobs": self.jobs,
            **self.extra,
        }


def settled(game: Game, samples: int) -> Odds:
    """A finished game: its winner's chance is 1, nobody else's (no continuation needed)."""
    n = len(game.names)
    wins = [float(samples) if seat == game.winner else 0.0 for seat in range(n)]
    return Odds(list(game.names), [not b for b in game.bankrupt], samples, wins, 0,
                [float(game.net_worth(s)) for s in range(n)], over=True)


def tally(meta: Meta, endings: Sequence[Ending]) -> Odds:
    """Sum up the continuations' endings, in seed order."""
    n = len(meta.names)
    wins = [0.0] * n
    worth = [0.0] * n
    undecided = 0
    for winner, worths, alive, _turns in endings:
        if winner >= 0:
            wins[winner] += 1
        else:
            undecided += 1
            still = [seat for seat in range(n) if alive >> seat & 1]
            for seat in still:
                wins[seat] += 1 / len(still)
        for seat in range(n):
            worth[seat] += worths[seat]
    count = len(endings)
    return Odds(list(meta.names), [not b for b in meta.bankrupt], count, wins, undecided,
                [w / count if count else 0.0 for w in worth], over=meta.over)


def slices_of(seeds: list[int], jobs: int, size: int | None = None) -> list[list[int]]:
    size = size or max(1, min(50, len(seeds) // (jobs * 4) or 1))
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


class Refused(Exception):
    """A command to play before the continuations (a trade's answer) was refused by the rules."""


def estimate(
    script: Sequence[str],
    samples: int,
    seed: int,
    pool: Pool,
    then: Sequence[dict[str, Any]] = (),
    bot: str = "smart",
    turn_cap: int = TURN_CAP,
    cancelled: Callable[[], bool] | None = None,
) -> Odds | None:
    """The odds of the position `script` (then the commands `then`), from `samples` continuations
    played by `pool`; None when `cancelled()` stopped it; Refused when `then` cannot be played."""
    started = time.perf_counter()
    job = Continuations(tuple(script), tuple(then), bot, turn_cap)
    results = pool.run(job, slices_of(game_seeds(seed, samples), pool.jobs), cancelled=cancelled)
    if results is None:
        return None
    meta: Meta = results[0][0]
    if meta.refused:
        raise Refused(meta.refused)
    odds = tally(meta, [ending for _meta, part in results for ending in part])
    odds.seconds = time.perf_counter() - started
    odds.seed, odds.bot, odds.engine, odds.jobs = seed, bot, pool.engine, pool.jobs
    odds.extra["turns"] = meta.turns
    odds.extra["player"] = meta.names[meta.current]
    return odds
