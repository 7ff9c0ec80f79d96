"""Many simulated games and their report: speed, game length, endings, wins and landing frequencies.

The games are played by worker processes (`workers`); everything else (averages, frequencies, the
report) happens after the clock stops, so `seconds` measures the engine and the bots, not the
reporting. The report is the same whatever the number of processes: only the timing differs.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..compiled.store import Build
from ..rules import HouseRules, load_edition
from ..rules.edition import DEFAULT_EDITION
from .chunk import Job
from .play import IN_JAIL, play_game
from .workers import Progress, play_all

TIMING_FIELDS = ("seconds", "games_per_second", "player_turns_per_second")
RUN_FIELDS = (*TIMING_FIELDS, "jobs")  # how the run was carried out, not what its games gave


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of every game of a run: the same run seed always gives the same games."""
    draw = random.Random(seed)
    return [draw.getrandbits(32) for _ in range(games)]


def square_ids(edition: str = DEFAULT_EDITION) -> list[str]:
    """Every square id of the board the simulated games are played on, in board order."""
    return [square.id for square in load_edition(edition).squares]


@dataclass
class Summary:
    """What a run of simulated games measured; `to_dict` is the `--json` report."""

    games: int
    players: int
    seed: int
    rules: dict[str, Any]  # the house rules that differ from the defaults
    jail_strategy: str
    turn_cap: int
    seconds: float
    player_turns: int
    rolls: int
    lengths: list[int]  # player-turns of each game, in play order
    endings: dict[str, int]
    wins_by_seat: list[int]
    engine: str  # "compiled" or "pure"
    jobs: int  # processes that played the games
    landing: dict[str, float] | None = None  # per-roll frequency by square id and "in-jail"
    bots: tuple[str, ...] = ()  # each seat's bot; (): the simple bot at every seat
    edition: str = DEFAULT_EDITION  # the board and decks played (RULES.md 3a)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def player_turns_per_second(self) -> float:
        return self.player_turns / self.seconds if self.seconds > 0 else 0.0

    @property
    def length(self) -> dict[str, float]:
        if not self.lengths:
            return {"mean": 0.0, "median": 0.0}
        return {"mean": statistics.fmean(self.lengths), "median": statistics.median(self.lengths)}

    def to_dict(self) -> dict[str, Any]:
        report: dict[str, Any] = {
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "rules": self.rules,
            "jail_strategy": self.jail_strategy,
            "turn_cap": self.turn_cap,
            "engine": self.engine,
            "jobs": self.jobs,
            "seconds": round(self.seconds, 6),
            "games_per_second": round(self.games_per_second, 3),
            "player_turns": self.player_turns,
            "player_turns_per_second": round(self.player_turns_per_second, 1),
            "rolls": self.rolls,
            "length": self.length,
            "endings": dict(self.endings),
            "wins_by_seat": list(self.wins_by_seat),
            "bots": list(self.bots) or ["simple"] * self.players,
            "edition": self.edition,
        }
        if self.landing is not None:
            report["landing"] = dict(self.landing)
        return report


def landing_frequencies(counts: Counter[str], edition: str = DEFAULT_EDITION) -> dict[str, float]:
    """Counts of rolls by where they left the token, as shares of all counted rolls (they sum to 1)."""
    keys = [*square_ids(edition), IN_JAIL]
    total = sum(counts[key] for key in keys)
    unknown = set(counts) - set(keys)
    if unknown:
        raise ValueError(f"landing counts for squares not on the board: {sorted(unknown)}")
    if total == 0:
        return dict.fromkeys(keys, 0.0)
    return {key: counts[key] / total for key in keys}


def simulate(
    games: int,
    players: int,
    seed: int,
    rules: dict[str, Any] | None = None,
    jail_strategy: str = "pay",
    landing: bool = False,
    turn_cap: int = 1000,
    progress: Progress | None = None,
    jobs: int = 1,
    build: Build | None = None,
    bots: tuple[str, ...] = (),
    edition: str = DEFAULT_EDITION,
) -> Summary:
    """Play `games` games with seeds drawn from `seed`, in `jobs` processes with `build` (None: the
    pure engine); the same arguments give the same summary, except the timing."""
    changed = HouseRules.from_dict(rules).changed()  # raises Malformed before any game is played
    load_edition(edition)  # an unknown edition fails here, before any game is played
    job = Job(players, (changed,), jail_strategy, turn_cap, landing, bots, edition)
    played = play_all(job, game_seeds(seed, games), jobs, build, progress)
    endings = {"bankruptcy": 0, "turn_cap": 0}
    wins = [0] * players
    for (result,) in played.records:
        endings[result.ended] += 1
        if result.winner is not None:
            wins[result.winner] += 1
    lengths = [result.player_turns for (result,) in played.records]
    return Summary(
        games=games,
        players=players,
        seed=seed,
        rules=changed,
        jail_strategy=jail_strategy,
        turn_cap=turn_cap,
        seconds=played.seconds,
        player_turns=sum(lengths),
        rolls=sum(result.rolls for (result,) in played.records),
        lengths=lengths,
        endings=endings,
        wins_by_seat=wins,
        engine=played.engine,
        jobs=played.jobs,
        landing=landing_frequencies(played.landing, edition) if landing else None,
        bots=bots,
        edition=edition,
    )


def first_game_script(
    players: int,
    seed: int,
    rules: dict[str, Any] | None = None,
    jail_strategy: str = "pay",
    turn_cap: int = 1000,
    bots: tuple[str, ...] = (),
    edition: str = DEFAULT_EDITION,
) -> list[dict[str, Any]]:
    """The first game of a run as a table script (played again, recording, outside the timing)."""
    result = play_game(players, game_seeds(seed, 1)[0], rules=rules, jail_strategy=jail_strategy,
                       turn_cap=turn_cap, record=True, bots=bots, edition=edition)
    assert result.script is not None
    return result.script
