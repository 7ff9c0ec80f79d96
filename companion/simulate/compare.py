"""House-rule comparison: the same seeds played without and with a change, and the paired differences.

Pairing (the same dice and decks for both games of a pair) removes most of the luck from the
difference, so a few hundred games already give a useful 95 % confidence interval.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any

from ..compiled.store import Build
from ..rules import HouseRules
from .chunk import Job
from .play import SEAT_NAMES
from .run import game_seeds
from .workers import Progress, play_all

Z95 = 1.96


def paired(without: list[float], with_: list[float]) -> dict[str, float | None]:
    """Both means, the mean paired difference (with - without) and its 95 % confidence interval
    (mean +- 1.96 sd / sqrt(n)); the interval is unknown (None) with fewer than two pairs."""
    n = len(without)
    if n == 0 or n != len(with_):
        raise ValueError("paired() needs two equally long, non-empty lists")
    differences = [b - a for a, b in zip(without, with_, strict=True)]
    difference = statistics.fmean(differences)
    lower = upper = None
    if n >= 2:
        half = Z95 * statistics.stdev(differences) / math.sqrt(n)
        lower, upper = difference - half, difference + half
    return {
        "without": statistics.fmean(without),
        "with": statistics.fmean(with_),
        "difference": difference,
        "lower": lower,
        "upper": upper,
    }


@dataclass
class Comparison:
    """The paired results of a `--compare` run; `to_dict` is the `--json` report."""

    games: int
    players: int
    seed: int
    rules: dict[str, Any]  # the base house rules that differ from the defaults
    change: dict[str, Any]  # the house rules the "with" games add
    jail_strategy: str
    turn_cap: int
    engine: str  # "compiled" or "pure"
    jobs: int  # processes that played the games
    seconds: float
    metrics: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "rules": self.rules,
            "compare": self.change,
            "jail_strategy": self.jail_strategy,
            "turn_cap": self.turn_cap,
            "engine": self.engine,
            "jobs": self.jobs,
            "seconds": round(self.seconds, 6),
            "metrics": self.metrics,
        }


def compare(
    games: int,
    players: int,
    seed: int,
    change: dict[str, Any],
    rules: dict[str, Any] | None = None,
    jail_strategy: str = "pay",
    turn_cap: int = 1000,
    progress: Progress | None = None,
    jobs: int = 1,
    build: Build | None = None,
) -> Comparison:
    """Play every seed twice, with the base rules and with `change` added, and pair the results
    (in `jobs` processes with `build`, None: the pure engine)."""
    if not change:
        raise ValueError("compare() needs at least one house rule to change")
    base = HouseRules.from_dict(rules)  # both raise Malformed before any game is played
    variant = HouseRules.from_dict({**(rules or {}), **change})
    arms = (base.changed(), variant.changed())
    played = play_all(Job(players, arms, jail_strategy, turn_cap, False), game_seeds(seed, games),
                      jobs, build, progress)
    lengths: tuple[list[float], list[float]] = ([], [])
    bankruptcies: tuple[list[float], list[float]] = ([], [])
    capped: tuple[list[float], list[float]] = ([], [])
    richest: tuple[list[int], list[int]] = ([], [])
    for pair in played.records:
        for arm, result in enumerate(pair):
            lengths[arm].append(result.player_turns)
            bankruptcies[arm].append(result.bankruptcies)
            capped[arm].append(1.0 if result.ended == "turn_cap" else 0.0)
            richest[arm].append(result.richest)
    by_seat = []
    for seat in range(players):
        shares = [[1.0 if r == seat else 0.0 for r in arm] for arm in richest]
        by_seat.append({"seat": seat, "name": SEAT_NAMES[seat], **paired(*shares)})
    metrics = {
        "length": paired(*lengths),
        "bankruptcies": paired(*bankruptcies),
        "turn_cap_share": paired(*capped),
        "richest": by_seat,
    }
    return Comparison(
        games=games,
        players=players,
        seed=seed,
        rules=arms[0],
        change={key: getattr(variant, key) for key in change},
        jail_strategy=jail_strategy,
        turn_cap=turn_cap,
        engine=played.engine,
        jobs=played.jobs,
        seconds=played.seconds,
        metrics=metrics,
    )
