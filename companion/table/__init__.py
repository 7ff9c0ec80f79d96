"""The table: from inputs (taps, presses, serial rolls, tablet clicks) to stored commands.

The single writer lives here: `Table` owns writer.py's queue, apply_path.py's way from a command
to a stored, published state (authority.py's check on it), token_waits.py's waits and inputs.py's
devices, and hands each the others it needs. It may import the rules, the ledger, the hardware
events and the bots (computer.py: the computer seats play through the writer like anyone); the
web talks to the table, never to the devices.
"""

from .authority import Speaker
from .controller import Table
from .meaning import TapMeaning, game_tags, what_tap_means
from .result import Result
from .waits import CONFIRM, PAIR, TokenWait

__all__ = ["CONFIRM", "PAIR", "Result", "Speaker", "Table", "TapMeaning", "TokenWait", "game_tags",
           "what_tap_means"]
