"""The JSON API of web/API.md: what every page shows, and how screens act through the table."""

from __future__ import annotations

import io
import ipaddress
import secrets
import socket
from collections.abc import Callable
from typing import Any

import segno
from flask import Blueprint, Response, jsonify, request, session, stream_with_context

from ..ledger.export import export_csv, export_jsonl, money_trail
from ..ledger.store import GameStore
from ..rules import Malformed, dispatch, load_edition
from ..table import Result, game_tags
from .app import context
from .events import sse
from .openapi import spec

api = Blueprint("api", __name__, url_prefix="/api")

JSON = dict[str, Any]
LATEST_MS = 253402300799000  # 9999-12-31T23:59:59Z, the last time a datetime can show


def error(message: str, status: int, **extra: Any) -> tuple[Response, int]:
    return jsonify({"error": message, **extra}), status


def body() -> JSON:
    """The request's JSON object (400 for anything else)."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadBody()
    return data


class BadBody(Exception):
    pass


@api.errorhandler(BadBody)
def bad_body(_exc: BadBody) -> tuple[Response, int]:
    return error("The request must be a JSON object", 400)


def table_host(host: str) -> bool:
    """A name the table is really reached by: an address, localhost, a .local name, this machine.

    Anything else is a page on another site whose name was pointed at the Pi (DNS rebinding):
    its requests carry a matching Origin, so only the Host tells them apart.
    """
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.strip("[]").rstrip(".").lower()
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    return name in ("localhost", socket.gethostname().lower()) or name.endswith((".local", ".localhost"))


@api.before_request
def check_origin() -> tuple[Response, int] | None:
    """A state-changing request from another site's page is refused (browsers send Origin)."""
    if request.method in ("POST", "PUT", "DELETE", "PATCH"):
        origin = request.headers.get("Origin")
        if origin is not None and origin.rstrip("/") != request.host_url.rstrip("/"):
            return error("Requests from other sites are not accepted", 403)
        if not table_host(request.host):
            return error("Requests are accepted only at the table's own address", 403)
    return None


# ---- who is asking -------------------------------------------------------------------------

def is_banker() -> bool:
    if session.get("banker"):
        return True
    pin = request.headers.get("X-Banker-Pin")
    if pin is None:
        return False
    right, _wait = context().pin.check(pin)
    return right


def paired_player() -> str | None:
    table = context().table
    if table.store is None or session.get("game") != table.store.game_id:
        return None
    player = session.get("player")
    return player if isinstance(player, str) else None


def banker_only(view: Callable[..., Any]) -> Callable[..., Any]:
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if not is_banker():
            return error("Only the banker can do that; log in with the banker PIN", 401)
        return view(*args, **kwargs)

    guarded.__name__ = view.__name__
    guarded.__doc__ = view.__doc__
    return guarded


def answer(result: Result, created: bool = False) -> tuple[Response, int]:
    if result.ok:
        # The state this command made (a fresh snapshot could already include a later command).
        state = result.state if result.state is not None else context().table.snapshot()
        return jsonify({"seq": result.seq, "state": state, "messages": result.messages}), (
            201 if created else 200
        )
    extra: dict[str, Any] = {}
    if result.words:
        extra["words"] = result.words
    if "report" in result.detail:
        extra["report"] = result.detail["report"]
    return error(result.reason, result.status if result.status != 200 else 422, **extra)


def store_read(read: Callable[[GameStore], Any]) -> Any:
    """Read the current game's file between two writes (the store's lock keeps them apart)."""
    store = context().table.store
    if store is None:
        return None
    with store.lock:
        return read(store)


# ---- watching ------------------------------------------------------------------------------

@api.get("/state")
def get_state() -> Response:
    state = context().table.snapshot()
    return jsonify(state if state is not None else {"game": None, "seq": 0})


@api.get("/events")
def events() -> Response:
    ctx = context()
    last = request.headers.get("Last-Event-ID") or request.args.get("last") or "-1"
    try:
        seen = int(last)
    except ValueError:
        seen = -1
    first = []
    state = ctx.table.snapshot()
    # A different seq, not only a higher one: after a new game (or one resumed) while this screen
    # was away, the current game's seq can be lower than the last one the screen saw.
    if state is not None and state["seq"] != seen:
        first.append(sse("state", {"seq": state["seq"], "state": state, "messages": []}, state["seq"]))
    first.append(sse("devices", ctx.devices()))
    response = Response(stream_with_context(ctx.broker.stream(first)), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


@api.get("/board")
def board() -> Response:
    store = context().table.store
    edition = store.game.edition if store is not None else load_edition()
    raw_groups = edition.group_info
    return jsonify({
        "squares": [
            {"index": sq.index, "id": sq.id, "name": sq.names, "kind": sq.kind, "group": sq.group,
             "price": sq.price, "rents": list(sq.rents), "house_cost": sq.house_cost, "tax": sq.tax}
            for sq in edition.squares
        ],
        "groups": raw_groups,
        "decks": {
            name: {"name": edition.deck_names[name],
                   "cards": [{"number": c.number, "text": c.texts} for c in cards]}
            for name, cards in edition.decks.items()
        },
        "station_rents": list(edition.station_rents),
        "utility_multipliers": list(edition.utility_multipliers),
    })


def _history(store: GameStore, player: str | None) -> list[JSON]:
    return [row for row in money_trail(store) if player is None or player in (row["from"], row["to"])]


@api.get("/history")
def history() -> Response:
    player = request.args.get("player") or None
    rows = store_read(lambda s: _history(s, player))
    return jsonify({"transfers": rows or []})


@api.get("/chart")
def chart() -> Response:
    def points(store: GameStore) -> JSON:
        names = list(store.game.names)
        out: list[JSON] = []
        for row in _history(store, None):
            cash = [row["balances"][n] for n in names]
            if out and out[-1]["seq"] == row["seq"]:
                out[-1]["cash"] = cash
            else:
                out.append({"seq": row["seq"], "cash": cash})
        return {"players": names, "points": out}

    return jsonify(store_read(points) or {"players": [], "points": []})


@api.get("/log")
def log() -> Response:
    entries = store_read(lambda s: [e.__dict__ for e in s.history()])
    return jsonify({"entries": entries or []})


@api.get("/games")
def games() -> Response:
    ctx = context()
    listed = [g.__dict__ for g in ctx.table.folder.games()]
    current = ctx.table.store.game_id if ctx.table.store is not None else None
    return jsonify({"games": listed, "current": current})


@api.get("/devices")
def devices() -> Response:
    return jsonify(context().devices())


@api.get("/session")
def get_session() -> Response:
    ctx = context()
    return jsonify({
        "player": paired_player(),
        "banker": bool(session.get("banker")),
        "pin_set": ctx.pin.is_set,
        "simulated": ctx.simulator is not None,
        "join_url": request.host_url,
        "wifi": {"ssid": ctx.wifi.ssid},
    })


@api.get("/qr.svg")
def qr() -> Response:
    ctx = context()
    if request.args.get("for") == "wifi":
        text = wifi_text(ctx.wifi.ssid, ctx.wifi.password)
    else:
        text = request.host_url
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, dark="#000", light="#fff")
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


def wifi_text(ssid: str, password: str) -> str:
    """What a phone's camera reads to join the wifi (the de-facto WIFI: QR format)."""
    return f"WIFI:T:WPA;S:{_wifi_escape(ssid)};P:{_wifi_escape(password)};;"


def _wifi_escape(text: str) -> str:
    for special in "\\;,\":":
        text = text.replace(special, "\\" + special)
    return text


@api.get("/openapi.json")
def openapi() -> Response:
    return jsonify(spec())


# ---- acting --------------------------------------------------------------------------------

@api.post("/commands")
def commands() -> tuple[Response, int]:
    ctx = context()
    command = body()
    confirm = command.pop("confirm", None)
    table = ctx.table
    try:
        dispatch(command)  # its shape only (unknown command, missing field): 400 for anyone
    except Malformed as bad:
        return error(bad.reason, 400)
    if is_banker():
        return answer(table.submit(command, "banker"))
    game = table.store.game if table.store is not None else None
    seat = game.actor(command) if game is not None else None
    who = game.names[seat] if game is not None and seat is not None else None
    if confirm == "token":
        if who is None:
            return error("Only the banker can do that", 403)
        tapped = table.identify(ctx.pair_timeout)
        if tapped is None:
            return error(f"No token was tapped: {who}, tap your token on the reader to confirm", 408)
        if tapped != who:
            return error(f"That was {tapped}'s token; {who} must confirm this", 403)
        return answer(table.submit(command, "tablet"))
    paired = paired_player()
    if paired is None:
        return error("Pair this screen first: tap your token on the reader", 401)
    if who is None:
        return error("Only the banker can do that", 403)
    if who != paired:
        return error(f"That is {who}'s move, not {paired}'s", 403)
    return answer(table.submit(command, "tablet"))


@api.post("/pair")
def pair() -> tuple[Response, int]:
    ctx = context()
    table = ctx.table
    if table.store is None:
        return error("No game is running yet", 409)
    data = body()
    if "player" in data:
        if not is_banker():
            return error("Only the banker can pair a screen without a token tap", 401)
        name = data["player"]
        if not isinstance(name, str) or name not in table.store.game.seats:
            return error(f"There is no player called {name!r} in this game", 422)
    else:
        name = table.identify(ctx.pair_timeout)
        if name is None:
            return error("No token was tapped; tap your token on the reader and try again", 408)
    session["player"] = name
    session["game"] = table.store.game_id
    return jsonify({"player": name}), 200


@api.post("/unpair")
def unpair() -> tuple[Response, int]:
    session.pop("player", None)
    session.pop("game", None)
    return jsonify({"player": None}), 200


@api.post("/banker/setup")
def banker_setup() -> tuple[Response, int]:
    ctx = context()
    if ctx.pin.is_set:
        return error("The banker PIN is already set; log in with it", 409)
    pin = body().get("pin")
    if not ctx.pin.valid(pin):
        return error("The banker PIN is 4 to 12 digits", 422)
    ctx.pin.set(str(pin))
    session["banker"] = True
    return jsonify({"banker": True}), 200


@api.post("/banker/login")
def banker_login() -> tuple[Response, int]:
    ctx = context()
    if not ctx.pin.is_set:
        return error("No banker PIN is set yet; set one first", 409)
    right, wait = ctx.pin.check(body().get("pin"))
    if right:
        session["banker"] = True
        return jsonify({"banker": True}), 200
    if wait > 0:
        return error(f"Too many wrong PINs; try again in {int(wait) + 1} seconds", 429,
                     retry_after=int(wait) + 1)
    return error("That is not the banker PIN", 401)


@api.post("/banker/logout")
def banker_logout() -> tuple[Response, int]:
    session.pop("banker", None)
    return jsonify({"banker": False}), 200


@api.post("/games")
@banker_only
def new_game() -> tuple[Response, int]:
    ctx = context()
    data = body()
    players = data.get("players")
    tokens = data.get("tokens") or {}
    if not isinstance(tokens, dict) or not all(isinstance(v, str) for v in tokens.values()):
        return error("tokens must map players to pieces", 400)
    seed = data.get("seed")
    start = {
        "do": "new_game",
        "players": players,
        "seed": seed if isinstance(seed, int) and not isinstance(seed, bool) else secrets.randbits(32),
        "rules": data.get("rules") or {},
        "tags": game_tags(ctx.tags(), tokens),
    }
    result = ctx.table.new_game(start)
    if not result.ok:
        return error(result.reason, result.status)
    state = result.state or {}
    return jsonify({"game": state.get("game"), "seq": result.seq, "state": state}), 201


@api.post("/games/<game_id>/open")
@banker_only
def open_game(game_id: str) -> tuple[Response, int]:
    return answer(context().table.open_game(game_id))


@api.post("/undo")
@banker_only
def undo() -> tuple[Response, int]:
    count = body().get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool):
        return error("count must be a whole number", 400)
    return answer(context().table.undo(count, by="banker"))


@api.post("/redo")
@banker_only
def redo() -> tuple[Response, int]:
    return answer(context().table.redo(by="banker"))


@api.get("/export/<game_id>.<fmt>")
@banker_only
def export(game_id: str, fmt: str) -> Any:
    if fmt not in ("jsonl", "csv"):
        return error("Export as .jsonl or .csv", 404)
    table = context().table

    def work() -> Result:
        store = table.store if table.store and table.store.game_id == game_id else None
        opened_here = store is None and game_id not in table.folder.open_games
        try:
            if store is None:
                store = table.folder.open(game_id)
        except Exception as exc:  # LedgerError: not found, damaged, read-only
            return Result(False, getattr(exc, "reason", str(exc)), status=404)
        try:
            text = export_jsonl(store) if fmt == "jsonl" else export_csv(store)
        finally:
            if opened_here:  # not left open (nor given clock corrections) once written out
                table.folder.close_game(game_id)
        return Result(True, detail={"text": text})

    result = table.call(work)
    if not result.ok:
        return error(result.reason, result.status)
    mimetype = "application/jsonl" if fmt == "jsonl" else "text/csv"
    response = Response(result.detail["text"], mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{game_id}.{fmt}"'
    return response


@api.post("/clock")
def clock() -> tuple[Response, int]:
    ctx = context()
    ms = body().get("time")
    # Finite and within what a date can hold: a time out of range (or NaN, or Infinity, which
    # Python's JSON reads) would become the clock's offset, and every later entry would fail.
    if not isinstance(ms, int | float) or isinstance(ms, bool) or not 0 <= ms < LATEST_MS:
        return error("time must be milliseconds since 1970", 400)
    corrected = ctx.table.call(
        lambda: Result(True, detail={"done": ctx.table.folder.tablet_time(ms / 1000.0) is not None})
    )
    return jsonify({"corrected": corrected.detail.get("done", False)}), 200


# ---- the simulated table -------------------------------------------------------------------

def _simulator() -> Any:
    simulator = context().simulator
    if simulator is None:
        from flask import abort

        abort(404)
    return simulator


@api.get("/sim/tags")
def sim_tags() -> Response:
    _simulator()
    ctx = context()
    store = ctx.table.store
    game_map = store.game.tags if store is not None else {}
    edition = store.game.edition if store is not None else load_edition()
    tags = []
    for uid, meaning in sorted(ctx.tags().items(), key=lambda kv: kv[1]):
        kind, _, value = meaning.partition(":")
        label = value
        if kind == "deed" and value in edition.by_id:
            label = edition.by_id[value].name
        player = None
        if kind == "token":
            player = game_map.get(uid, "").partition(":")[2] or None
            label = f"{value} ({player})" if player else value
        elif kind == "card":
            deck, _, number = value.partition(":")
            label = f"{edition.deck_names.get(deck, {'en': deck})['en']} {number}"
        tags.append({"uid": uid, "meaning": meaning, "label": label, "player": player})
    return jsonify({"tags": tags})


@api.post("/sim/tap")
def sim_tap() -> tuple[Response, int]:
    simulator = _simulator()
    ctx = context()
    data = body()
    uid = data.get("uid")
    meaning = data.get("meaning")
    if uid is None and isinstance(meaning, str):
        store = ctx.table.store
        candidates = list(store.game.tags.items()) if store is not None else []
        candidates += list(ctx.tags().items())
        uid = next((u for u, m in candidates if m == meaning), None)
        if uid is None:
            return error(f"No tag stands for {meaning!r}", 404)
    if not isinstance(uid, str):
        return error("Give the tag as uid or meaning", 400)
    simulator.tap(uid)
    return jsonify({"tapped": uid}), 202


@api.post("/sim/press")
def sim_press() -> tuple[Response, int]:
    simulator = _simulator()
    long = bool(body().get("long", False))
    simulator.press(long)
    return jsonify({"pressed": "long" if long else "short"}), 202


@api.post("/sim/unit")
def sim_unit() -> tuple[Response, int]:
    simulator = _simulator()
    if simulator.unit_press is None:
        return error("No simulated dice unit is running (start with a dice unit)", 404)
    return jsonify({"rolled": bool(simulator.unit_press())}), 202
