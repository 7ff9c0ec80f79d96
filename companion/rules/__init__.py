"""The rule engine: the complete classic game as pure state and commands.

It imports nothing of the companion's and does no I/O: dice are inputs, decks are shuffled from
the game's seed, and every other part of the companion is an adapter around it. It alone knows
the rules: `Game.decision()` (what blocks play now), `Game.legal_commands(player)` (what a player
may do now) and `Game.actor(command)` (whose move a command is) are what everything else asks.
"""

from .commands import COMMANDS, dispatch, new_game
from .decision import Decision
from .edition import Edition, load_edition
from .errors import CommandError, Malformed, Rejected
from .game import Game, Outcome, Transfer
from .house_rules import HouseRules
from .legal import Legal
from .snapshot import restore, snapshot
from .texts import Sentence, Text
from .view import legal, state

__all__ = [
    "COMMANDS", "CommandError", "Decision", "Edition", "Game", "HouseRules", "Legal", "Malformed",
    "Outcome", "Rejected", "Sentence", "Text", "Transfer", "dispatch", "legal", "load_edition", "new_game",
    "restore", "snapshot", "state",
]
