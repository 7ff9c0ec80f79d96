"""Both dice are fair: the unit's (firmware/dice.py on os.urandom) and the Pi's (secrets).

A chi-square test over 60,000 rolls at p = 0.001: 20.515 for the 6 faces of a die (5 degrees of
freedom), 66.619 for the 36 pairs (35), which also catches dice that lean on each other. A fair die
exceeds a critical value once in a thousand runs, so a sample over it is followed by a second,
independent one, and only two in a row fail (one run in a million for fair dice); a real bias of a
fraction of a percent exceeds both every time.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from companion.hardware import dice as pi_dice
from tests.firmware_support import fw_dice

# slow: many games, processes or hypothesis examples (`make check` leaves it out)
pytestmark = pytest.mark.slow

ROLLS = 60_000
FACES_CRITICAL = 20.515  # 5 degrees of freedom, p = 0.001
PAIRS_CRITICAL = 66.619  # 35 degrees of freedom, p = 0.001


def chi_square(counts: Counter[Any], cells: list[Any], total: int) -> float:
    expected = total / len(cells)
    return sum((counts[cell] - expected) ** 2 / expected for cell in cells)


FACES = [1, 2, 3, 4, 5, 6]
PAIRS = [(a, b) for a in FACES for b in FACES]


def statistics(roll: Callable[[], tuple[int, int]]) -> tuple[float, float, float]:
    rolls = [roll() for _ in range(ROLLS)]
    first = Counter(d1 for d1, _ in rolls)
    second = Counter(d2 for _, d2 in rolls)
    pairs = Counter(rolls)
    assert set(first) | set(second) <= set(FACES)
    return (chi_square(first, FACES, ROLLS), chi_square(second, FACES, ROLLS),
            chi_square(pairs, PAIRS, ROLLS))


def within(stats: tuple[float, float, float]) -> bool:
    return stats[0] < FACES_CRITICAL and stats[1] < FACES_CRITICAL and stats[2] < PAIRS_CRITICAL


SOURCES = {
    "the unit's dice on os.urandom": lambda: fw_dice.roll(os.urandom),
    "the Pi's dice from secrets": pi_dice.roll,
}


@pytest.mark.parametrize("source", SOURCES)
def test_the_dice_are_fair(source: str) -> None:
    roll = SOURCES[source]
    first = statistics(roll)
    if within(first):
        return
    second = statistics(roll)
    assert within(second), f"{source}: chi-square {first} then {second}"


def test_the_check_catches_a_loaded_die() -> None:
    loaded = Counter({1: 9_600, 2: 9_600, 3: 9_600, 4: 9_600, 5: 9_600, 6: 12_000})
    assert chi_square(loaded, FACES, ROLLS) == pytest.approx(480.0)
    nudged = Counter({1: 10_000, 2: 10_000, 3: 10_000, 4: 10_000, 5: 9_700, 6: 10_300})
    assert chi_square(nudged, FACES, ROLLS) == pytest.approx(18.0)  # within: a 0.5 % lean is too small


def test_rejection_sampling_maps_bytes_exactly_uniformly() -> None:
    faces = [fw_dice.face(byte) for byte in range(256)]
    accepted = [f for f in faces if f is not None]
    assert len(accepted) == 252
    assert Counter(accepted) == {face: 42 for face in FACES}
    assert faces[252:] == [None, None, None, None]


def test_a_rejected_byte_is_drawn_again() -> None:
    stream = iter([255, 252, 253, 254, 5, 251])
    assert fw_dice.roll(lambda n: bytes([next(stream)])) == (6, 6)  # 5 % 6 + 1 and 251 % 6 + 1


def test_a_source_giving_only_rejected_bytes_is_an_error_not_a_hang() -> None:
    with pytest.raises(fw_dice.RandomSourceError):
        fw_dice.roll(lambda n: b"\xff" * n)


def test_the_pis_dice_use_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []

    def randbelow(n: int) -> int:
        drawn.append(n)
        return 5

    monkeypatch.setattr(pi_dice.secrets, "randbelow", randbelow)
    assert pi_dice.roll() == (6, 6) and drawn == [6, 6]
