"""Acting: a screen's moves (as its paired player, as the banker, or a shared tablet's confirmed by
the player's token), and pairing a screen with a player. (A screen's clock: clock.py.)"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from ..rules import Malformed, dispatch
from ..rules.commands import COMMANDS
from ..table import CONFIRM, PAIR
from . import waiting
from .app import context
from .common import JSON, answer, body, error, is_banker, paired_player, screen

acting = Blueprint("acting", __name__, url_prefix="/api")

# What a roll with dice chosen by a client says in the history (the line's "note").
CORRECTION = "correction: dice chosen by the banker"
PHYSICAL = "physical dice: the dice read at the table (manual_dice)"
ROLLED_BY_THE_TABLE = ("The table rolls the dice: send {\"do\": \"roll\"} without dice. Only the "
                       "banker may set dice (a correction), unless the table is configured for "
                       "ordinary dice (manual_dice)")


def known_fields(command: JSON) -> JSON:
    """The command with only the fields its kind has (what the screen sent beyond them is not
    stored in the game's history)."""
    _handler, required, optional, _who = COMMANDS[command["do"]]
    return {key: value for key, value in command.items() if key == "do" or key in required or key in optional}


@acting.post("/commands")
def commands() -> tuple[Response, int]:
    ctx = context()
    command = dict(body())
    confirm = command.pop("confirm", None)
    if confirm is not None and confirm != "token":
        return error('confirm must be "token" (a shared tablet: the player taps their token)', 400)
    table_rolls = command.get("do") == "roll" and "dice" not in command
    try:
        # Its shape only (unknown command, missing field): 400 for anyone. A roll without dice is
        # whole: the table adds them when it applies it.
        dispatch({**command, "dice": [1, 1]} if table_rolls else command)
    except Malformed as bad:
        return error(bad.reason, 400)
    command = known_fields(command)
    table = ctx.table
    gone = request.environ.get("waitress.client_disconnected")  # the connection closed meanwhile
    if is_banker():
        if command["do"] == "roll" and not table_rolls:
            command["note"] = CORRECTION
        return answer(table.submit(command, "banker", gone=gone))
    game = table.store.game if table.store is not None else None
    seat = game.actor({**command, "dice": [1, 1]} if table_rolls else command) if game is not None else None
    who = game.names[seat] if game is not None and seat is not None else None
    if confirm != "token":
        paired = paired_player()
        if paired is None:
            return error("Pair this screen first: tap your token on the reader", 401)
    if game is not None and who is None:
        return error("Only the banker can do that", 403)
    if command["do"] == "roll" and not table_rolls:
        if not ctx.manual_dice:
            return error(ROLLED_BY_THE_TABLE, 403)
        command["note"] = PHYSICAL
    if confirm == "token":
        result, record = waiting.start(ctx, screen(), CONFIRM, player=who, command=command)
        if record is None:
            return answer(result)
        return jsonify({**record, "message": result.reason, "words": result.words}), 202
    if who != paired:
        return error(f"That is {who}'s move, not {paired}'s", 403)
    return answer(table.submit(command, "tablet", gone=gone))


@acting.post("/pair")
def pair() -> tuple[Response, int]:
    """Pair this screen: by the next token tap (answered at once, 202: the outcome comes through
    the screen's event stream), or, for the banker, with the player named."""
    ctx = context()
    table = ctx.table
    if table.store is None:
        return error("No game is running yet", 409)
    data = body(optional=True)
    if "player" in data:
        if not is_banker():
            return error("Only the banker can pair a screen without a token tap", 401)
        name = data["player"]
        if not isinstance(name, str) or name not in table.store.game.seats:
            return error(f"There is no player called {name!r} in this game", 422)
        waiting.pair(ctx, screen(), name, "banker", None)
        return jsonify({"player": name}), 200
    result, record = waiting.start(ctx, screen(), PAIR)
    if record is None:
        return answer(result)
    return jsonify({**record, "message": result.reason, "words": result.words}), 202


@acting.post("/unpair")
def unpair() -> tuple[Response, int]:
    ctx = context()
    ctx.table.cancel_wait(screen())
    ctx.sessions.update(screen(), player=None, game=None, piece=None, paired_by=None)
    return jsonify({"player": None}), 200


@acting.post("/requests/<request_id>/cancel")
def cancel_request(request_id: str) -> tuple[Response, int]:
    """This screen no longer waits for a token (its outcome says so: 409, withdrawn)."""
    ctx = context()
    if ctx.outcomes.get(request_id, screen()) is None:
        return error("This screen asked for no such request (or it was long ago)", 404)
    ctx.table.cancel_wait(screen())
    return jsonify(ctx.outcomes.get(request_id, screen())), 200
