"""What screens show beside the engine's state: each player's piece (`GET /api/pieces`), each
deed's card (`GET /api/deeds`), this machine's clock (`GET /api/time`, so a countdown ends when the
table acts, whatever the tablet's own clock says), what the next tap will do (`GET /api/taps`),
and "not me": unpairing a screen just paired by someone else's tap."""

from __future__ import annotations

import time
from typing import Any

from flask import Blueprint, Response, jsonify

from ..rules import load_edition
from ..table.meaning import pieces as pieces_of
from ..table.words import words
from .common import error, is_banker, screen
from .context import context
from .sessions import label_text

screens = Blueprint("screens", __name__, url_prefix="/api")

NOT_ME_MINUTES = 2  # anyone may undo a pairing this fresh; later only that player's screens


@screens.get("/time")
def now() -> Any:
    return jsonify({"now": round(time.time() * 1000)})


@screens.get("/taps")
def taps() -> Any:
    """What the next token tap will do, and every screen waiting for one (also pushed on the
    event stream as a `taps` notice whenever it changes)."""
    return jsonify(context().table.taps())


@screens.get("/pieces")
def pieces() -> Any:
    """Each player's piece (car, dog, ...): the piece whose tag taps as that player's token."""
    ctx = context()
    store = ctx.table.store
    if store is None:
        return jsonify({"pieces": {}})
    return jsonify({"pieces": pieces_of(store.game, ctx.tags())})


@screens.post("/screens/<screen_id>/not-me")
def not_me(screen_id: str) -> tuple[Response, int]:
    """Unpair a screen: allowed to a screen paired to the same player in the same game (the
    player's own other screens, or that screen itself), to the banker, and to anyone within
    NOT_ME_MINUTES of the pairing (the Table page's "not me" under a fresh announcement)."""
    ctx = context()
    sid = ctx.sessions.by_public_id(screen_id)
    target = ctx.sessions.get(sid) if sid is not None else None
    if sid is None or target is None:
        said = words("not_me.no_screen")
        return error(said["en"], 404, words=said)
    if target.player is None:
        said = words("not_me.not_paired")
        return error(said["en"], 409, words=said)
    me = ctx.sessions.get(screen())
    same_player = me.player == target.player and me.game == target.game
    fresh = time.time() - target.since <= NOT_ME_MINUTES * 60
    if not (same_player or fresh or is_banker()):
        said = words("not_me.too_late", player=target.player, minutes=NOT_ME_MINUTES)
        return error(said["en"], 403, words=said)
    ctx.table.cancel_wait(sid)
    ctx.sessions.update(sid, player=None, game=None, piece=None, paired_by=None)
    label = ctx.sessions.label(sid)
    said = words("unpaired.not_me", screen=label, player=target.player)
    ctx.broker.publish({"type": "unpaired", "player": target.player, "by": "not-me",
                        "screen": label_text(label), "screen_id": screen_id,
                        "reason": said["en"], "words": said})
    return jsonify({"screen": screen_id, "player": None}), 200


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
