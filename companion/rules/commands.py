"""The table-script commands: their fields, checked for shape, the rule that handles each, and who
gives it.

Shape errors (not an object, unknown command, a missing or mistyped field) raise Malformed;
whether the rules allow the command now is the handler's business. A tap's handler is here, not in
taps.py: it dispatches the command the tag stands for, as `dispatch` below does any other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from . import bankruptcy, buildings, corrections, deals, market, seats, turn
from .core import BaseGame
from .errors import Malformed
from .taps import resolve, written_as

Handler = Callable[[BaseGame, dict[str, Any]], None]


def _str(value: Any) -> bool:
    return type(value) is str


def _int(value: Any) -> bool:
    return type(value) is int  # not bool: JSON's true is no amount


def _dice(value: Any) -> bool:
    return type(value) is list and len(value) == 2 and _int(value[0]) and _int(value[1])


def _ids(value: Any) -> bool:
    return type(value) is list and all(_str(v) for v in value)


def _side(value: Any) -> bool:
    if type(value) is not dict or set(value) - {"cash", "squares", "jail_cards"}:
        return False
    cash, cards = value.get("cash", 0), value.get("jail_cards", 0)
    return (
        _int(cash) and cash >= 0 and _int(cards) and cards >= 0
        and _ids(value.get("squares", []))
    )


def _kind(value: Any) -> bool:
    return value in ("house", "hotel")


def tap(game: BaseGame, cmd: dict[str, Any]) -> None:
    """A tag on the reader: the command it stands for now (taps.resolve), applied as if given."""
    command = resolve(game, cmd["tag"])
    if command is None:
        # Told by what the tag stands for, never its UID: the story is read by every screen, and a
        # blank tag written with that UID would tap as this one.
        game.tell("tap.nothing", written_as(game, cmd["tag"]))  # known: resolve() took it
        return
    handler, command = dispatch(command)
    handler(game, command)


# Who gives a command (see actor.py): the current player ("turn"), whoever the pending offer,
# choice or draw is for, the player a field names, or the banker.
TURN, OFFER, CHOICE, DRAW, BANKER = "turn", "offer", "choice", "draw", "banker"

# command -> (handler, required fields, optional fields, who gives it); fields map to their check.
FieldChecks = dict[str, Callable[[Any], bool]]
COMMANDS: dict[str, tuple[Handler, FieldChecks, FieldChecks, str]] = {
    "roll": (turn.roll, {"dice": _dice}, {"player": _str}, TURN),
    "buy": (market.buy, {}, {"player": _str}, OFFER),
    "decline": (market.decline, {}, {"player": _str}, OFFER),
    "bid": (market.bid, {"player": _str, "amount": _int}, {"square": _str}, "player"),
    "pass": (market.pass_, {"player": _str}, {}, "player"),
    "choose": (turn.choose, {"option": _str}, {"player": _str}, CHOICE),
    "draw": (turn.draw_card, {"deck": _str, "card": _int}, {"player": _str}, DRAW),
    "pay_jail_fine": (turn.pay_jail_fine, {}, {"player": _str}, TURN),
    "use_jail_card": (turn.use_jail_card, {}, {"player": _str}, TURN),
    "build": (buildings.build, {"player": _str, "square": _str}, {}, "player"),
    "sell_building": (buildings.sell_building, {"player": _str, "square": _str}, {}, "player"),
    "sell_all_buildings": (buildings.sell_all_buildings, {"player": _str, "group": _str}, {}, "player"),
    "mortgage": (deals.mortgage, {"player": _str, "square": _str}, {}, "player"),
    "unmortgage": (deals.unmortgage, {"player": _str, "square": _str}, {}, "player"),
    "trade": (
        deals.trade, {"from": _str, "to": _str}, {"give": _side, "take": _side, "lift": _ids}, "from"
    ),
    "accept": (deals.accept, {"player": _str}, {"lift": _ids}, "player"),
    "reject": (deals.reject, {"player": _str}, {}, "player"),
    "claim_rent": (market.claim_rent, {"player": _str}, {}, "player"),
    "auction_building": (market.auction_building, {"kind": _kind}, {}, BANKER),
    "bankrupt": (bankruptcy.bankrupt, {"player": _str}, {}, "player"),
    "end_turn": (turn.end_turn, {}, {"player": _str}, TURN),
    "end_game": (bankruptcy.end_game, {}, {}, BANKER),
    "tap": (tap, {"tag": _str}, {}, BANKER),
    # The banker's corrections (an extension of TABLE-SCRIPT.md's commands; corrections.py).
    "adjust": (corrections.adjust, {"from": _str, "to": _str, "amount": _int}, {"note": _str}, BANKER),
    "place": (corrections.place, {"player": _str, "square": _str}, {}, BANKER),
    "give_deed": (corrections.give_deed, {"square": _str, "to": _str}, {}, BANKER),
    "retire": (seats.retire, {"player": _str}, {}, BANKER),
    "hand_over": (seats.hand_over, {"player": _str}, {}, BANKER),
}


# Each command's handler, for commands whose shape their maker vouches for (Game.apply's well_formed).
HANDLERS: Final[dict[str, Handler]] = {name: spec[0] for name, spec in COMMANDS.items()}

# The field checks above as codes, tested by one function: compiled, a dict of callables is
# iterated and each check called generically, a tenth of a simulated game's time (issue 37).
STR: Final = 0
INT: Final = 1
DICE: Final = 2
IDS: Final = 3
SIDE: Final = 4
KIND: Final = 5
_CODES: dict[Callable[[Any], bool], int] = {_str: STR, _int: INT, _dice: DICE, _ids: IDS, _side: SIDE,
                                            _kind: KIND}
Fields = tuple[tuple[str, int], ...]


def _fits(code: int, value: Any) -> bool:
    """The check of this code (`_CODES`) passes."""
    if code == STR:
        return type(value) is str
    if code == INT:
        return type(value) is int
    if code == DICE:
        return _dice(value)
    if code == IDS:
        return _ids(value)
    if code == SIDE:
        return _side(value)
    return _kind(value)


def _coded(checks: FieldChecks) -> Fields:
    return tuple((key, _CODES[check]) for key, check in checks.items())


# command -> (handler, required fields, optional fields), each field with its check's code.
SHAPES: dict[str, tuple[Handler, Fields, Fields]] = {
    name: (handler, _coded(required), _coded(optional))
    for name, (handler, required, optional, _who) in COMMANDS.items()
}


def dispatch(command: Any) -> tuple[Handler, dict[str, Any]]:
    """The handler for a command, once its fields have the right shape."""
    if type(command) is not dict:
        raise Malformed("a command must be a JSON object")
    name = command.get("do")
    spec = SHAPES.get(name) if type(name) is str else None
    if spec is None:
        if name == "new_game":
            raise Malformed("new_game may only start a script")
        raise Malformed(f"unknown command {name!r}" if name is not None else 'missing "do"')
    handler, required, optional = spec
    for key, code in required:
        if key not in command:
            raise Malformed(f'{name}: missing field "{key}"')
        if not _fits(code, command[key]):
            raise Malformed(f'{name}: field "{key}" has the wrong form')
    for key, code in optional:
        value = command.get(key)
        if value is not None and not _fits(code, value):
            raise Malformed(f'{name}: field "{key}" has the wrong form')
    return handler, command
