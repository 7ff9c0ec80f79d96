"""What screens show beside the engine's state: each player's piece (`GET /api/pieces`), each
deed's card (`GET /api/deeds`) and this machine's clock (`GET /api/time`, so a countdown ends
when the table acts, whatever the tablet's own clock says)."""

from __future__ import annotations

import time
from typing import Any

from flask import Blueprint, jsonify

from ..rules import load_edition
from .app import context

screens = Blueprint("screens", __name__, url_prefix="/api")


@screens.get("/time")
def now() -> Any:
    return jsonify({"now": round(time.time() * 1000)})


@screens.get("/pieces")
def pieces() -> Any:
    """Each player's piece (car, dog, ...), from the game's tag map and the enrolled tags: the
    piece whose tag taps as that player's token."""
    ctx = context()
    store = ctx.table.store
    if store is None:
        return jsonify({"pieces": {}})
    enrolled = ctx.tags()
    found: dict[str, str] = {}
    for uid, meaning in store.game.tags.items():
        kind, _, player = meaning.partition(":")
        piece_kind, _, piece = (enrolled.get(uid) or enrolled.get(uid.upper()) or "").partition(":")
        if kind == "token" and piece_kind == "token" and player in store.game.seats:
            found.setdefault(player, piece)
    return jsonify({"pieces": found})


@screens.get("/deeds")
def deeds() -> Any:
    """Every deed's card as printed: price, rents by buildings (stations: by stations held;
    utilities: times the dice by utilities held), house cost and mortgage value."""
    store = context().table.store
    edition = store.game.edition if store is not None else load_edition()
    cards: dict[str, dict[str, Any]] = {}
    for sq in edition.squares:
        if not sq.ownable:
            continue
        card: dict[str, Any] = {"kind": sq.kind, "group": sq.group, "price": sq.price,
                                "mortgage": sq.mortgage_value}
        if sq.kind == "lot":
            card["rents"] = list(sq.rents)
            card["house_cost"] = sq.house_cost
        elif sq.kind == "station":
            card["rents"] = list(edition.station_rents)
        else:
            card["multipliers"] = list(edition.utility_multipliers)
        cards[sq.id] = card
    return jsonify({"deeds": cards})
