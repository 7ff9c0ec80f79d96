"""The rule engine: the complete classic game as pure state and commands.

It imports nothing of the companion's and does no I/O: dice are inputs, decks are shuffled from
the game's seed, and every other part of the companion is an adapter around it.
"""

from .commands import COMMANDS, dispatch, new_game
from .edition import Edition, load_edition
from .errors import CommandError, Malformed, Rejected
from .game import Game, Outcome, Transfer
from .house_rules import HouseRules
from .snapshot import restore, snapshot
from .view import state

__all__ = [
    "COMMANDS", "CommandError", "Edition", "Game", "HouseRules", "Malformed", "Outcome",
    "Rejected", "Transfer", "dispatch", "load_edition", "new_game", "restore", "snapshot", "state",
]
