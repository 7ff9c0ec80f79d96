"""A table of different bots: each seat's decisions made by that seat's own bot.

`companion simulate --bots smart,simple,simple,simple` plays such tables. Who decides now is the
engine's word (`Game.answering()`), as for every bot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Game
from ..rules.seats import LEVELS
from .player import BotPolicy, Bots, Command
from .smart import SmartBots

KINDS = LEVELS  # the engine's computer levels (a computer seat's "computer" in new_game)


def make_bot(kind: str, jail_strategy: str = "pay") -> Bots:
    """One bot of a kind: "simple" (companion/bots/player.py) or "smart" (smart.py)."""
    if kind == "simple":
        return Bots(BotPolicy(jail_strategy=jail_strategy))
    if kind == "smart":
        return SmartBots()
    raise ValueError(f"unknown bot {kind!r}; known: {', '.join(KINDS)}")


def table_of(kinds: tuple[str, ...] | list[str], jail_strategy: str = "pay") -> Bots:
    """The bots of a whole table: one bot for all seats when they are all of one kind (today's
    simple bots play exactly as they always did), else one bot per seat."""
    if len(set(kinds)) == 1:
        return make_bot(kinds[0], jail_strategy)
    return Seats(seated=[make_bot(kind, jail_strategy) for kind in kinds])


def decider(game: Game) -> int:
    """The seat whose move comes next, as the engine says (`Game.answering()`)."""
    return game.answering()


@dataclass
class Seats(Bots):
    """Each seat's bot in turn."""

    seated: list[Bots] = field(default_factory=list)

    def next_command(self, game: Game) -> Command:
        return self.seated[decider(game)].next_command(game)
