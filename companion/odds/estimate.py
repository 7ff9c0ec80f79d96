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
from ..simulate.workers import Pool
from .errors import OddsError
from .jobs import SHARE, TURN_CAP, Continuations, Meta, Tally

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


def odds_of(meta: Meta, tally: Tally) -> Odds:
    """The odds the summed-up continuations give."""
    count = tally.count
    return Odds(list(meta.names), [not b for b in meta.bankrupt], count,
                [w / SHARE for w in tally.wins], tally.undecided,
                [w / count if count else 0.0 for w in tally.worth], over=meta.over)


SLICE = 25  # continuations a worker plays before it reports (and a more urgent job may step in)


def spans(samples: int, size: int = SLICE) -> list[tuple[int, int]]:
    """(first, count) of each slice of the continuations."""
    return [(first, min(size, samples - first)) for first in range(0, samples, size)]


class Refused(OddsError):
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
    hold: Callable[[], float] | None = None,
    size: int = SLICE,
    give_way: bool = False,
) -> Odds | None:
    """The odds of the position `script` (then the commands `then`), from `samples` continuations
    played by `pool`; None when `cancelled()` stopped it; Refused when `then` cannot be played.
    `give_way`: the workers yield their cores every few commands (see `Continuations`)."""
    started = time.perf_counter()
    job = Continuations(tuple(script), tuple(then), bot, turn_cap, seed, give_way)
    found: list[Meta] = []
    total: list[Tally] = []

    def fold(_index: int, result: tuple[Meta, Tally]) -> None:
        meta, part = result
        if not found:
            found.append(meta)
            total.append(part)
        else:
            total[0].merge(part)

    if pool.run(job, spans(samples, size), cancelled=cancelled, fold=fold, hold=hold) is None:
        return None
    meta = found[0]
    if meta.refused:
        raise Refused(meta.refused)
    odds = odds_of(meta, total[0])
    odds.seconds = time.perf_counter() - started
    odds.seed, odds.bot, odds.engine, odds.jobs = seed, bot, pool.engine, pool.jobs
    odds.extra["turns"] = meta.turns
    odds.extra["player"] = meta.names[meta.current]
    return odds
