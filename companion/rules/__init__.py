"""The rule engine: the complete classic game as pure state and commands.

Dice are inputs and decks are shuffled from the game's seed; it reads nothing but its editions'
data files and writes nothing, and every other part of the companion is an adapter around it. It
alone knows the rules: `Game.decision()` (what blocks play now), `Game.legal_commands(player)`
(what a player may do now) and `Game.actor(command)` (whose move a command is) are what everything
else asks.

Of the companion's own it imports only `companion.errors` (the root every error of ours derives
from, `CommandError` too) and `companion.i18n`, which words its sentences in each language when
someone reads them (texts.py; i18n imports nothing of ours but for its hand-run edition_cases.py,
which reads the editions' list, and `i18n.default_money`, which asks edition.py for the default
edition's money when a sentence is worded without a game's); besides those, the standard library.

Its imports go one way, like python-chess's core: each module stands on a floor, and imports only
from its own floor or lower ones, with no circle within a floor, no import inside a function and
none after a module's first statement (a type-only import counts). A rule takes a `BaseGame`, the
state with its primitives, never the `Game` that applies it. Floors, bottom first
(tests/test_import_floors.py reads this list and holds the engine to it):

1. ground: `texts`, `errors`, `edition`, `edition_check`, `house_rules`, `shuffle`, `state`
   (sentences, the two refusals, the board and decks and whether a file of them is playable, the
   house rules, the game's changing state as plain data)
2. core: `core` (`BaseGame`: the state, what never changes in a game, the money primitives)
3. what holds up play: `decision` (the one switch of open decisions; a roll's refusal asks it)
4. the rules: `rent`, `turn`, `buildings`, `market`, `deals`, `bankruptcy`, `corrections`, `seats`, `taps`
   (each command's handler and its `why_not_*` check, by concern)
5. the commands: `commands`, `actor`, `legal` (their shapes and handlers, who gives each, and
   what a player may give now)
6. the face: `game` (`Game`: `apply`, `decision()`, `legal_commands()`, `actor()`; `new_game`)
7. what reads a game: `raising`, `view`, `snapshot`

A new module goes on the lowest floor its imports allow, and on this list.
"""

from .commands import COMMANDS, dispatch
from .core import Outcome, Transfer
from .decision import Decision
from .edition import Edition, load_edition
from .errors import CommandError, Malformed, Rejected
from .game import Game, new_game
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
