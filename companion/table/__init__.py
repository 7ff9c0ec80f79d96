"""The table: from inputs (taps, presses, serial rolls, tablet clicks) to stored commands.

The single writer lives here (`Table`). It may import the rules, the ledger and the hardware
events; the web talks to the table, never to the devices.
"""

from .controller import Result, Table
from .meaning import TapMeaning, game_tags, what_tap_means
from .waits import CONFIRM, PAIR, TokenWait

__all__ = ["CONFIRM", "PAIR", "Result", "Table", "TapMeaning", "TokenWait", "game_tags", "what_tap_means"]
