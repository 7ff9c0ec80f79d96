"""`python -m companion.hardware.dice_unit`: a simulated dice unit on a pseudo-terminal (see console.py)."""

import sys

from .console import serve
from .simulated import SimulatedDiceUnit

serve(SimulatedDiceUnit(), sys.stdin, sys.stdout)
