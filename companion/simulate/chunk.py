"""What a worker process does: play a slice of a run's seeds and return plain records.

Every game depends only on its seed and the run's settings (`Job`), so a run splits into slices in
any way and gives the same games; the records are plain tuples, the same classes in every process
whichever engine (compiled or pure) played them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..rules.edition import DEFAULT_EDITION
from .play import play_game


@dataclass(frozen=True)
class Job:
    """The settings every game of a run shares."""

    players: int
    arms: tuple[dict[str, Any], ...]  # house rules each seed is played under: one, or two to compare
    jail_strategy: str
    turn_cap: int
    landing: bool
    bots: tuple[str, ...] = ()  # each seat's bot ("simple", "smart"); () : the simple bot at every seat
    edition: str = DEFAULT_EDITION  # the board and decks played (RULES.md 3a)

    def play(self, seeds: Sequence[int]) -> tuple[list[tuple[Record, ...]], Counter[str]]:
        """What a worker does with a slice of seeds."""
        return play_slice(self, seeds)


class Record(NamedTuple):
    """One game, as much of it as the reports use."""

    player_turns: int
    rolls: int
    ended: str
    winner: int | None
    richest: int
    bankruptcies: int


def play_slice(job: Job, seeds: Sequence[int]) -> tuple[list[tuple[Record, ...]], Counter[str]]:
    """Each seed's game under every arm, in order, and the landing counts of them all."""
    played: list[tuple[Record, ...]] = []
    landed: Counter[str] = Counter()
    for seed in seeds:
        games = []
        for rules in job.arms:
            result = play_game(job.players, seed, rules=rules, jail_strategy=job.jail_strategy,
                               turn_cap=job.turn_cap, landing=job.landing, bots=job.bots,
                               edition=job.edition)
            games.append(Record(result.player_turns, result.rolls, result.ended, result.winner,
                                result.richest, result.bankruptcies))
            if job.landing:
                landed.update(result.landing)
        played.append(tuple(games))
    return played, landed
