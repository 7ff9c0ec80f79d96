"""House-rule comparison: the same seeds played without and with a change, and the paired differences.

Pairing (the same dice and decks for both games of a pair) removes most of the luck from the
difference, so a few hundred games already give a useful 95 % confidence interval.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass
from typing import Any

from ..rules import HouseRules
from .play import SEAT_NAMES, play_game
from .run import Progress, game_seeds

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
) -> Comparison:
    """Play every seed twice, with the base rules and with `change` added, and pair the results."""
    if not change:
        raise ValueError("compare() needs at least one house rule to change")
    base = HouseRules.from_dict(rules)  # both raise Malformed before any game is played
    variant = HouseRules.from_dict({**(rules or {}), **change})
    arms = (base.changed(), variant.changed())
    lengths: tuple[list[float], list[float]] = ([], [])
    bankruptcies: tuple[list[float], list[float]] = ([], [])
    capped: tuple[list[float], list[float]] = ([], [])
    richest: tuple[list[int], list[int]] = ([], [])
    seconds = 0.0
    done = 0
    clock = time.perf_counter
    for game_seed in game_seeds(seed, games):
        for arm, arm_rules in enumerate(arms):
            started = clock()
            result = play_game(players, game_seed, rules=arm_rules, jail_strategy=jail_strategy,
                               turn_cap=turn_cap)
            seconds += clock() - started
            lengths[arm].append(result.player_turns)
            bankruptcies[arm].append(result.bankruptcies)
            capped[arm].append(1.0 if result.ended == "turn_cap" else 0.0)
            richest[arm].append(result.richest)
            done += 1
            if progress is not None:
                progress(done, 2 * games)
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
        seconds=seconds,
        metrics=metrics,
    )
