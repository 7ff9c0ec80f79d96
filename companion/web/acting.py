"""Acting: a screen's moves (as the player its session is paired to, as the banker, or on the
shared Table page confirmed by a token tap), pairing a screen with a player. (A screen's clock: clock.py.)

Who may make a move is never decided here: a screen's command goes to the table's writer with
the seat its session speaks for, and the writer checks it on the state it applies it to (see
companion/table/authority.py). These views read only the session and the committed state.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from ..rules import Malformed, dispatch
from ..rules.commands import BANKER, COMMANDS
from ..rules.corrections import BANKER_DICE
from ..table import CONFIRM, PAIR, Speaker
from ..table.words import words
from . import waiting
from .common import JSON, answer, body, client, error, is_banker, screen
from .context import context

acting = Blueprint("acting", __name__, url_prefix="/api")

# What a roll with dice chosen by a client says in the history (the line's "note").
CORRECTION = BANKER_DICE
PHYSICAL = "physical dice: the dice read at the table (manual_dice)"


def known_fields(command: JSON) -> JSON:
    """The command with only the fields its kind has (what the screen sent beyond them is not
    stored in the game's history)."""
    _handler, required, optional, _who = COMMANDS[command["do"]]
    return {key: value for key, value in command.items() if key == "do" or key in required or key in optional}


def refused(key: str, status: int, **values: object) -> tuple[Response, int]:
    said = words(key, **values)
    return error(said["en"], status, words=said)


@acting.post("/commands")
def commands() -> tuple[Response, int]:
    ctx = context()
    command = dict(body())
    confirm = command.pop("confirm", None)
    if confirm is not None and confirm != "token":
        return refused("acting.confirm_token", 400)
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
    who = COMMANDS[command["do"]][3]
    if who == BANKER:
        return refused("authority.banker_only", 403)
    if command["do"] == "roll" and not table_rolls:
        if not ctx.manual_dice:
            return refused("acting.table_rolls", 403)
        command["note"] = PHYSICAL
    me = ctx.sessions.get(screen())
    if confirm == "token":
        player, game = me.player, me.game
        if player is None:
            # Only the table's own screen asks for a token without a pairing: a guest's screen can
            # queue nothing that a tap confirms (a tap is the table's, seen on the table's screen).
            if not me.table:
                return refused("acting.confirm_table_only", 403)
            # The player its seat panel named must confirm it with their own token, as the page
            # says ("Tap Ann's token"); a command naming nobody becomes the tapped token's player's.
            player, game = command.get(who if who in ("player", "from") else "player"), None
            if player is not None:
                state = table.snapshot()
                if state is None or player not in [p["name"] for p in state["players"]]:
                    return refused("acting.no_such_player", 422, name=repr(player))
                if any(p["name"] == player and p.get("computer") for p in state["players"]):
                    return refused("authority.computer_seat", 403, player=player)  # the table plays it
                game = state["game"]
        result, record = waiting.start(ctx, screen(), client(), CONFIRM, player=player, command=command,
                                       game=game)
        if record is None:
            return answer(result)
        return jsonify({**record, "message": result.reason, "words": result.words}), 202
    if me.player is None:
        return refused("authority.unpaired", 401)
    return answer(table.submit(command, "tablet", gone=gone, speaker=Speaker(me.player, me.game)))


@acting.post("/pair")
def pair() -> tuple[Response, int]:
    """Pair this screen: by a token tap and the people's choice of this screen's code at the
    table (answered at once, 202, with the code: the outcome comes through the screen's event
    stream), or, for the banker, with the player named."""
    ctx = context()
    state = ctx.table.snapshot()
    if state is None:
        return refused("token.no_game", 409)
    data = body(optional=True)
    if "player" in data:
        if not is_banker():
            return refused("acting.pair_banker_only", 401)
        name = data["player"]
        if not isinstance(name, str) or name not in [p["name"] for p in state["players"]]:
            return refused("acting.no_such_player", 422, name=repr(name))
        if any(p["name"] == name and p.get("computer") for p in state["players"]):
            return refused("authority.computer_seat", 422, player=name)  # no phone plays for it
        waiting.pair(ctx, screen(), name, "banker", None, game=state["game"])
        return jsonify({"player": name}), 200
    result, record = waiting.start(ctx, screen(), client(), PAIR)
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
        return refused("acting.no_such_request", 404)
    ctx.table.cancel_wait(screen())
    return jsonify(ctx.outcomes.get(request_id, screen())), 200

