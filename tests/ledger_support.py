"""Shared pieces of the ledger tests: a clock the test turns, recorded games, what a player sees."""

from __future__ import annotations

import hashlib
import json
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.ledger import Clock, DataFolder, GameStore
from companion.replay import replay
from companion.rules import Rejected, state
from companion.simulate.play import play_game
from tests.driver import blocking_candidates

# 1 March 2026, noon: a plausible evening at the table, after the clock floor of 2026-01-01.
MARCH = datetime(2026, 3, 1, 12, 0, tzinfo=UTC).timestamp()
START = {"do": "new_game", "players": ["Ann", "Bob", "Cat"], "seed": 7}
# Who tells the bank what, by kind of command: the dice unit rolls, the buttons buy, the tablet bids.
SOURCE_OF = {"roll": "dice", "buy": "button", "decline": "button", "bid": "tablet", "pass": "tablet"}
FALLBACK_SOURCES = ("reader", "banker", "tablet", "button")


class FakeTime:
    """The Pi's system clock, set and moved by the test."""

    def __init__(self, ts: float = MARCH) -> None:
        self.ts = ts

    def __call__(self) -> float:
        return self.ts

    def advance(self, seconds: float) -> None:
        self.ts += seconds


def fake_clock(ts: float = MARCH) -> tuple[Clock, FakeTime]:
    time = FakeTime(ts)
    return Clock(system=time), time


def recorded_game(seed: int, players: int = 4) -> list[dict[str, Any]]:
    """A whole bot game as commands, from new_game to the last bankruptcy."""
    script = play_game(players, seed, record=True).script
    assert script is not None
    return [json.loads(json.dumps(c)) for c in script]


def source_for(command: dict[str, Any], index: int) -> str:
    return SOURCE_OF.get(command["do"], FALLBACK_SOURCES[index % len(FALLBACK_SOURCES)])


def submit_all(store: GameStore, commands: list[dict[str, Any]], time: FakeTime | None = None) -> None:
    for index, command in enumerate(commands):
        if time is not None:
            time.advance(1.5)
        store.submit(command, source_for(command, index))


def shown(store: GameStore) -> dict[str, Any]:
    """What the table sees of a stored game."""
    return state(store.game)


def replayed(lines: list[str] | list[dict[str, Any]]) -> dict[str, Any]:
    """The printed state `companion replay` gives for these commands (none of them refused)."""
    texts = [line if isinstance(line, str) else json.dumps(line) for line in lines]
    result = replay(texts)
    assert result.rejected == [], result.rejected
    return state(result.game)


def cash(store: GameStore) -> dict[str, int]:
    return dict(zip(store.game.names, store.game.cash, strict=True))


def assert_money_adds_up(store: GameStore) -> None:
    """The transfers table alone gives every player's cash and the Free Parking pot."""
    balances = store.balances()
    for name, amount in cash(store).items():
        said = balances.get(name, 0)
        assert said == amount, f"{name}: the transfers say {said}, the cash is {amount}"
    assert balances.get("pot", 0) == store.game.pot
    assert sum(balances.values()) == 0  # double entry: every pound came from somewhere


def play_on(store: GameStore, count: int, seed: int) -> list[dict[str, Any]]:
    """Play `count` more legal commands chosen at random (as a table might); returns them."""
    rng = random.Random(seed)
    played = []
    for _ in range(count):
        if store.game.over:
            break
        candidates = blocking_candidates(store.game)
        rng.shuffle(candidates)
        for command in candidates:
            try:
                store.submit(command, "reader")
            except Rejected:
                continue
            played.append(command)
            break
        else:
            raise AssertionError("no legal command found")
    return played


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def new_folder(path: Path, ts: float = MARCH) -> tuple[DataFolder, FakeTime]:
    clock, time = fake_clock(ts)
    return DataFolder(path, clock), time
