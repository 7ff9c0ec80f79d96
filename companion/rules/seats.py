"""Computer seats (TABLE-SCRIPT.md `"computer"` in `new_game`): which seats the companion plays
itself, at what level, and the banker's two commands on such a seat: `retire` ends it (it goes
bankrupt to the bank, or to the player it owes) and `hand_over` gives it to a person who arrived
late (the seat, its name and everything it holds stay; only who decides changes).

The engine only knows who is a computer; the table decides for it (companion/table/computer.py)
and screens never speak for it.
"""

from __future__ import annotations

from typing import Any, Final

from .bankruptcy import give_up
from .core import BaseGame
from .errors import Rejected
from .texts import Sentence, Text
from .turn import free_moment

LEVELS: Final = ("simple", "smart")  # what a computer seat plays like (companion/bots/seats.py)


def why_not_retire(game: BaseGame, seat: int) -> Sentence | None:
    if not game.computer[seat]:
        return Text("seats.retire_person", game.names[seat])
    return free_moment(game, seat, "doing.retire")


def retire(game: BaseGame, cmd: dict[str, Any]) -> None:
    """Banker: the computer's seat ends; its estate goes as a bankrupt's does."""
    seat = game.seat(cmd["player"])
    why = why_not_retire(game, seat)
    if why is not None:
        raise Rejected(why)
    game.tell("seats.retires", game.names[seat])
    give_up(game, seat)


def why_not_hand_over(game: BaseGame, seat: int) -> Sentence | None:
    if not game.computer[seat]:
        return Text("seats.hand_over_person", game.names[seat])
    return None


def hand_over(game: BaseGame, cmd: dict[str, Any]) -> None:
    """Banker: a person takes the computer's seat from now on."""
    seat = game.seat(cmd["player"])
    why = why_not_hand_over(game, seat)
    if why is not None:
        raise Rejected(why)
    levels = list(game.computer)
    levels[seat] = ""
    game.computer = tuple(levels)
    game.tell("seats.handed_over", game.names[seat])
