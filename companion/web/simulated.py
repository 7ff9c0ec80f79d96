"""The simulated table (`companion run --simulate` only; 404 otherwise): the enrolled tags, and
tapping, pressing and rolling on the simulated devices."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, jsonify

from ..rules import Edition, load_edition
from ..rules.taps import split_card, split_meaning
from ..table.meaning import tag_for, what_tap_means
from .common import body, error
from .context import context

simulated = Blueprint("simulated", __name__, url_prefix="/api/sim")


def _simulator() -> Any:
    simulator = context().simulator
    if simulator is None:
        abort(404)
    return simulator


def of_edition(kind: str, value: str, edition: Edition) -> bool:
    """Whether a tag's meaning is of this edition (the simulated tags are every edition's)."""
    if kind == "deed":
        return value in edition.by_id
    if kind == "token":
        return value in edition.pieces
    if kind == "card":
        return split_card(value)[0] in edition.decks
    return True


@simulated.get("/tags")
def sim_tags() -> Response:
    _simulator()
    ctx = context()
    store = ctx.table.store
    game = store.game if store is not None else None
    edition = store.game.edition if store is not None else load_edition()
    tags = []
    for uid, meaning in sorted(ctx.tags_of(edition.id).items(), key=lambda kv: kv[1]):
        kind, value = split_meaning(meaning)
        if not of_edition(kind, value, edition):
            continue  # another edition's deed, piece or card: not on this table's board
        label = value
        if kind == "deed" and value in edition.by_id:
            label = edition.by_id[value].name
        player = None
        if kind == "token":
            player = what_tap_means(uid, game, None).player if game is not None else None
            label = f"{value} ({player})" if player else value
        elif meaning == "banker":
            label = "banker"
        elif kind == "card":
            deck, number = split_card(value)
            label = f"{edition.deck_names.get(deck, {'en': deck})['en']} {number}"
        tags.append({"uid": uid, "meaning": meaning, "label": label, "player": player})
    return jsonify({"tags": tags})


@simulated.post("/tap")
def sim_tap() -> tuple[Response, int]:
    simulator = _simulator()
    ctx = context()
    data = body()
    uid = data.get("uid")
    meaning = data.get("meaning")
    if uid is None and isinstance(meaning, str):
        store = ctx.table.store
        game = store.game if store is not None else None
        uid = tag_for(meaning, game, ctx.tags_of(game.edition.id if game is not None else None))
        if uid is None:
            return error(f"No tag stands for {meaning!r}", 404)
    if not isinstance(uid, str):
        return error("Give the tag as uid or meaning", 400)
    simulator.tap(uid)
    return jsonify({"tapped": uid}), 202


@simulated.post("/press")
def sim_press() -> tuple[Response, int]:
    """A short press, a long one ({"long": true}: "end my turn"), or held on ({"hold": true}, for
    the button's banker_hold seconds: the banker's step at the table)."""
    simulator = _simulator()
    data = body(optional=True)
    if data.get("hold") is True:
        if simulator.hold is None:
            return error("This simulated table cannot hold the dice button", 404)
        simulator.hold()
        return jsonify({"pressed": "held"}), 202
    long = bool(data.get("long", False))
    simulator.press(long)
    return jsonify({"pressed": "long" if long else "short"}), 202


@simulated.post("/unit")
def sim_unit() -> tuple[Response, int]:
    simulator = _simulator()
    if simulator.unit_press is None:
        return error("No simulated dice unit is running (start with a dice unit)", 404)
    return jsonify({"rolled": bool(simulator.unit_press())}), 202
