"""Shuffling a deck: `random.Random.shuffle`, written out so the compiled engine runs it natively.

The standard library's shuffle is Python, which the compiled engine calls through the interpreter:
two decks at the start of every simulated game and of every continuation of the odds, about a
tenth of a game's start. This is its algorithm step for step (Fisher-Yates from the end, each pick
from `getrandbits`, redrawn while out of range), so a seed gives the very order it always gave;
tests/test_fast_paths.py checks it against the standard library's for many seeds and lengths.
"""

from __future__ import annotations

import random


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle `cards` in place exactly as `rng.shuffle(cards)` does."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
