"""One continuation of a game: the bots play it from a saved position to the end or the turn cap.

Compiled with the engine (companion/compiled/modules.py lists it): a worker plays thousands of
these from one position, loading the saved state each time (a few list copies), never replaying.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..bots.seats import table_of
from ..bots.smart import SmartBots
from ..rules import Game, Rejected
from ..rules.shuffle import shuffle
from .errors import OddsError

Ending = tuple[int, tuple[int, ...], int, int]  # winner (-1: none), net worths, seats still in (bits), turns
GIVE_WAY_EVERY: Final = 4  # commands between two calls of `give_way` (about ten microseconds, compiled)


class RolloutError(OddsError):
    """A bot made a command the rules refused: a bug in a bot (the position is fine)."""


def shuffled_decks(decks: tuple[tuple[int, ...], ...], rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """The cards still in each deck, in an order nobody at the table can know."""
    out = []
    for deck in decks:
        cards = list(deck)
        shuffle(cards, rng)
        out.append(tuple(cards))
    return tuple(out)


def play_out(game: Game, saved: tuple, seed: int, turns_left: int, bot: str,  # type: ignore[type-arg]
             shuffle: bool = True, offers: dict[tuple[int, int], int] | None = None,
             give_way: Callable[[], object] | None = None) -> Ending:
    """Load `saved` into `game` and let the bots play on with dice (and deck order) from `seed`;
    smart bots remember the `offers` made so far, as the game's own bots would. `give_way` is
    called every few commands (the table's workers yield their core there: see odds/jobs.py)."""
    game.load(saved)
    rng = random.Random(seed)
    if shuffle:
        game.decks = shuffled_decks(game.decks, rng)
    bots = table_of(tuple([bot] * len(game.names)))
    if offers and isinstance(bots, SmartBots):
        bots.offered = dict(offers)
    roll = rng.random
    commands = 0
    limit = 1000 * (turns_left + 1)
    start = game.turn
    while not game.over and game.turn - start < turns_left:
        commands += 1
        if give_way is not None and commands % GIVE_WAY_EVERY == 0:
            give_way()
        if commands > limit:
            raise RolloutError(f"the bots made {commands} commands without ending (seed {seed})")
        command = bots.next_command(game)
        if command["do"] == "roll":
            command["dice"] = [int(roll() * 6) + 1, int(roll() * 6) + 1]
        try:
            game.apply(command, guarded=False, quiet=True, well_formed=True)
        except Rejected as refused:
            raise RolloutError(f"{command} refused: {refused.reason} (seed {seed})") from None
    alive = 0
    for seat in range(len(game.names)):
        if not game.bankrupt[seat]:
            alive |= 1 << seat
    worths = tuple(game.net_worth(seat) for seat in range(len(game.names)))
    winner = game.winner if game.over and game.winner is not None else -1
    return winner, worths, alive, game.turn - start
