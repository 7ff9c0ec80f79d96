"""What screens show beside the engine's state: each player's piece (`GET /api/pieces`), each
deed's card (`GET /api/deeds`), this machine's clock (`GET /api/time`, so a countdown ends when the
table acts, whatever the tablet's own clock says), what the next tap will do (`GET /api/taps`);
the choices at the table, made on the table's own screen (`GET /api/choices`, `POST
/api/choices/<id>`); and "not me": unpairing a screen paired by someone else's tap."""

from __future__ import annotations

import time
from typing import Any

from flask import Blueprint, Response, jsonify

from ..rules import load_edition
from ..table.meaning import pieces as pieces_of
from ..table.words import words
from .common import answer, body, error, is_banker, screen
from .context import context
from .events import sse
from .sessions import label_text
from .waiting import may_undo

screens = Blueprint("screens", __name__, url_prefix="/api")


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


@screens.get("/choices")
def choices() -> tuple[Response, int]:
    """The choices open at the table (which waiting screen a token tap pairs, which gets the
    banker's step), with the codes to choose among: for the table's own screen and the banker's
    alone (also pushed to them as a `choice` notice)."""
    ctx = context()
    if not (ctx.sessions.get(screen()).at_table or is_banker()):
        said = words("choice.table_only")
        return error(said["en"], 403, words=said)
    return jsonify(ctx.table.open_choices()), 200


@screens.post("/choices/<choice_id>")
def choose(choice_id: str) -> tuple[Response, int]:
    """The people's choice, made on the table's own screen (or the banker's): body {"code":
    "472"} gives the act to the screen showing that code; {"code": null} to nobody (the screens
    go on waiting)."""
    ctx = context()
    me = ctx.sessions.get(screen())
    if not (me.at_table or is_banker()):
        said = words("choice.table_only")
        return error(said["en"], 403, words=said)
    code = body().get("code")
    if code is not None and not isinstance(code, str):
        return error("code must be the code a waiting screen shows, or null", 400)
    return answer(ctx.table.choose(choice_id, code, by="table" if me.table else "banker"))


@screens.post("/screens/<screen_id>/not-me")
def not_me(screen_id: str) -> tuple[Response, int]:
    """Unpair a screen: allowed to that screen itself, to a screen paired to the same player in
    the same game (the player's own other screens), to the table's own screen and to the banker
    (waiting.may_undo): never to a stranger, however fresh the pairing."""
    ctx = context()
    sid = ctx.sessions.by_public_id(screen_id)
    target = ctx.sessions.get(sid) if sid is not None else None
    if sid is None or target is None:
        said = words("not_me.no_screen")
        return error(said["en"], 404, words=said)
    if target.player is None:
        said = words("not_me.not_paired")
        return error(said["en"], 409, words=said)
    forms = (ctx.table.snapshot() or {}).get("forms")  # the player named in the cases the game keeps
    if not (sid == screen() or may_undo(ctx, target)(screen()) or is_banker()):
        said = words("not_me.not_yours", forms, player=target.player)
        return error(said["en"], 403, words=said)
    ctx.table.cancel_wait(sid)
    ctx.sessions.update(sid, player=None, game=None, piece=None, paired_by=None)
    label = ctx.sessions.label(sid)
    said = words("unpaired.not_me", forms, screen=label, player=target.player)
    notice = {"type": "unpaired", "player": target.player, "by": "not-me", "screen": label_text(label),
              "reason": said["en"], "words": said}
    allowed = may_undo(ctx, target)
    ctx.broker.send_where(sse("notice", {**notice, "screen_id": screen_id}),
                          lambda s: s == sid or allowed(s))
    ctx.broker.send_where(sse("notice", notice), lambda s: not (s == sid or allowed(s)))
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
