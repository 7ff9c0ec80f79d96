"""Whose move a command is: the one answer every screen's permission check uses.

A command belongs to the player it names, to whoever the pending offer, choice or draw is for, or
to the current player (rolls, jail, ending the turn); a few are the banker's alone. Whether the
command is allowed now is a separate question (`legal_commands`, `apply`).
"""

from __future__ import annotations

from typing import Any

from .commands import BANKER, CHOICE, COMMANDS, DRAW, OFFER, TURN, dispatch
from .core import BaseGame


def actor(game: BaseGame, command: dict[str, Any]) -> int | None:
    """The seat whose move this is, or None for the banker's commands (and unknown players).

    Raises Malformed for a command of the wrong shape, as `apply` would.
    """
    dispatch(command)
    who = COMMANDS[command["do"]][3]
    if who == BANKER:
        return None
    if who in ("player", "from"):
        return game.seats.get(command[who])
    named = command.get("player")
    if named is not None:
        return game.seats.get(named)
    if who == OFFER and game.offer is not None:
        return game.offer.seat
    if who == CHOICE and game.choice is not None:
        return game.choice.seat
    if who == DRAW and game.draw_due is not None:
        return game.draw_due.seat
    if game.over:
        return None
    assert who in (TURN, OFFER, CHOICE, DRAW)
    return game.current
