"""One simulated game: bots at every seat, dice from a seeded generator, a turn cap for endless games."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..bots import BotPolicy, Bots
from ..bots.seats import table_of
from ..rules import Game, HouseRules, Rejected, load_edition
from ..rules.edition import DEFAULT_EDITION
from .errors import SimulateError

SEAT_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
IN_JAIL = "in-jail"


@dataclass
class GameResult:
    seed: int
    player_turns: int
    rolls: int
    ended: str  # "bankruptcy" (a last player standing) or "turn_cap"
    winner: int | None  # seat, or None when the cap ended it
    net_worth: list[int]
    bankruptcies: int
    landing: Counter[str] = field(default_factory=Counter)
    script: list[dict[str, Any]] | None = None

    @property
    def richest(self) -> int:
        """The seat with the highest net worth at the end (the winner, when there is one)."""
        if self.winner is not None:
            return self.winner
        return max(range(len(self.net_worth)), key=lambda s: (self.net_worth[s], -s))


_HOUSE_RULES: dict[str, HouseRules] = {}


def house_rules(rules: dict[str, Any] | None) -> HouseRules:
    """The house rules of a run, checked and read once per process, not once a game."""
    key = repr(sorted((rules or {}).items()))
    found = _HOUSE_RULES.get(key)
    if found is None:
        if len(_HOUSE_RULES) >= 16:
            _HOUSE_RULES.clear()
        found = _HOUSE_RULES[key] = HouseRules.from_dict(rules)
    return found


class BotError(SimulateError):
    """A bot made a command the rules refused: a bug in the bot or in the engine."""


def play_game(
    players: int,
    seed: int,
    rules: dict[str, Any] | None = None,
    jail_strategy: str = "pay",
    turn_cap: int = 1000,
    landing: bool = False,
    record: bool = False,
    bots: tuple[str, ...] = (),
    edition: str = DEFAULT_EDITION,
) -> GameResult:
    """Play one complete game; the same arguments always give the same game. `bots` names each
    seat's bot ("simple", "smart"); by default the simple bot plays every seat. `edition` is the
    board and decks played (RULES.md 3a)."""
    house = house_rules(rules)
    names = list(SEAT_NAMES[:players])
    # The game of the new_game line below, its rules read once.
    game = Game(names, seed, house, edition=load_edition(edition))
    table: Bots = table_of(bots, jail_strategy) if bots else Bots(BotPolicy(jail_strategy=jail_strategy))
    roll = random.Random(seed ^ 0x5EED_D1CE).random
    script = None
    if record:
        script = [{"do": "new_game", "players": list(names), "seed": seed, "rules": house.changed()}]
        if edition != DEFAULT_EDITION:
            script[0]["edition"] = edition
    jailed = len(game.squares)  # the landing counts: one slot per square, then one for in jail
    landed = [0] * (jailed + 1)  # (a list, not a Counter: 5 % of a compiled game's time, not 1 %)
    roller = -1  # whose last roll is still being resolved, for the landing counts
    rolls = 0
    commands = 0
    while not game.over and game.turn < turn_cap:
        commands += 1
        if commands > 1000 * (turn_cap + 1):
            raise BotError(f"game seed {seed}: the bots made {commands} commands without ending")
        command = table.next_command(game)
        kind = command["do"]
        if kind == "roll" and game.roll_due is not None:  # a utility card's roll: it moves nothing
            pass
        elif landing and roller >= 0 and (kind == "roll" or kind == "end_turn"):
            if not game.bankrupt[roller]:
                landed[jailed if game.in_jail[roller] else game.position[roller]] += 1
            roller = -1
        if kind == "roll":
            command["dice"] = [int(roll() * 6) + 1, int(roll() * 6) + 1]
            rolls += 1
            if game.roll_due is None:
                roller = game.current
        try:
            game.apply(command, guarded=False, quiet=True, well_formed=True)  # nobody reads it
        except Rejected as refused:
            raise BotError(f"game seed {seed}: {command} refused: {refused.reason}") from None
        if script is not None:
            script.append(command)
    if landing and roller >= 0 and not game.bankrupt[roller]:
        landed[jailed if game.in_jail[roller] else game.position[roller]] += 1
    counts: Counter[str] = Counter()
    if landing:
        names = [square.id for square in game.squares] + [IN_JAIL]
        counts.update({names[at]: n for at, n in enumerate(landed) if n})
    return GameResult(
        seed=seed,
        player_turns=game.turn,
        rolls=rolls,
        ended="bankruptcy" if game.over else "turn_cap",
        winner=game.winner if game.over else None,
        net_worth=[game.net_worth(seat) for seat in range(players)],
        bankruptcies=sum(game.bankrupt),
        landing=counts,
        script=script,
    )
