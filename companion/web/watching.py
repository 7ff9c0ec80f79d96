"""Watching (anyone on the table's wifi): the state and its live stream, the board, the history,
the chart, the log, the games, the devices, who this screen is, the QR codes, the API's own
description, and the outcome of this screen's token wait."""

from __future__ import annotations

import io
import json
from functools import lru_cache

import segno
from flask import Blueprint, Response, jsonify, request, stream_with_context

from ..i18n.hyphenation import breakable
from ..ledger.committed import CommittedRead
from ..ledger.turns import turns_in
from ..rules import load_edition
from ..rules.texts import LANGUAGES
from ..table.problem_words import problem_words
from .answers import kept
from .common import JSON, client, committed_read, error, paired_player, screen, window
from .context import context
from .events import sse
from .game_status import status_words
from .openapi import spec
from .sessions import label_text, public_id

watching = Blueprint("watching", __name__, url_prefix="/api")

POLL_AFTER = 2  # seconds a screen refused a stream waits between polls of /api/state?after=


@watching.get("/state")
def get_state() -> Response | tuple[Response, int]:
    """The state; with ?after=<seq> (and &game=<id>), 204 while it is still that one (the
    polling that replaces a stream when the table has no room for another)."""
    state = context().table.snapshot()
    after = request.args.get("after")
    if after is not None:
        try:
            seen = int(after)
        except ValueError:
            return error("after must be a whole number (the seq last seen)", 400)
        game = request.args.get("game")
        current = state["seq"] if state is not None else 0
        same_game = game is None or game == (state["game"] if state is not None else "")
        if current == seen and same_game:
            return Response(status=204)
    return jsonify(state if state is not None else {"game": None, "seq": 0})


@watching.get("/events")
def events() -> Response | tuple[Response, int]:
    ctx = context()
    if ctx.broker.full():
        response, status = error("The table has no room for another live stream; poll "
                                 "/api/state?after=<seq> instead", 503, poll_after=POLL_AFTER)
        response.headers["Retry-After"] = str(POLL_AFTER * 5)
        return response, status
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
    first.append(sse("devices", ctx.device_status()))
    me = ctx.sessions.get(screen())
    first.append(sse("session", {"player": paired_player(), "banker": me.banker, "table": me.table}))
    stream = ctx.broker.stream(first, session=screen(), address=client())
    response = Response(stream_with_context(stream), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def labels(names: dict[str, str]) -> dict[str, str]:
    """A square's name as the board shows it in each language: soft hyphens where it may break."""
    return {lang: breakable(name, lang) for lang, name in names.items()}


@watching.get("/board")
def board() -> Response:
    store = context().table.store
    edition = store.game.edition if store is not None else load_edition()
    return jsonify({
        "id": edition.id,
        "squares": [
            {"index": sq.index, "id": sq.id, "name": sq.names, "label": labels(sq.names), "kind": sq.kind,
             "group": sq.group,
             "price": sq.price, "rents": list(sq.rents), "house_cost": sq.house_cost, "tax": sq.tax,
             "cases": sq.cases or {}}
            for sq in edition.squares
        ],
        "groups": edition.group_info,
        "decks": {
            name: {"name": edition.deck_names[name],
                   "cards": [{"number": c.number, "text": c.texts} for c in cards]}
            for name, cards in edition.decks.items()
        },
        "station_rents": list(edition.station_rents),
        "utility_multipliers": list(edition.utility_multipliers),
    })


def _page(reading: CommittedRead, after: int, upto: int) -> JSON:
    """What every paged answer says of itself: the game, the seq it was read at, where the next
    page starts (`next`, to pass as ?after=) and whether there is more before that seq."""
    return {"game": reading.game_id, "seq": reading.seq, "after": after, "next": upto,
            "more": upto < reading.seq}


def _history(reading: CommittedRead, player: str | None) -> JSON:
    after, upto = reading.window(*window())
    rows = [row for row in reading.money_trail(after, upto)
            if player is None or player in (row["from"], row["to"])]
    return {**_page(reading, after, upto), "transfers": rows}


@watching.get("/history")
def history() -> Response:
    """Money movements of the entries after ?after= (at most ?limit= entries): see API.md."""
    player = request.args.get("player") or None
    return kept(lambda: committed_read(lambda r: _history(r, player)) or {"transfers": [], **NO_GAME})


NO_GAME: JSON = {"game": None, "seq": 0, "after": 0, "next": 0, "more": False}


@watching.get("/chart")
def chart() -> Response:
    """Each player's cash after each entry that moved money, paged like /api/history."""
    def points(reading: CommittedRead) -> JSON:
        names = reading.players
        after, upto = reading.window(*window())
        turns = turns_in(reading.conn, reading.game_id, after, upto)
        out: list[JSON] = []
        for row in reading.money_trail(after, upto):
            cash = [row["balances"][n] for n in names]
            if out and out[-1]["seq"] == row["seq"]:
                out[-1]["cash"] = cash
            else:  # turn: the turn it happened in, counted from 1 (the chart's x axis; an undone
                # end_turn does not count: ledger/turns.py)
                out.append({"seq": row["seq"], "turn": turns[row["seq"]], "cash": cash})
        return {**_page(reading, after, upto), "players": names, "points": out}

    return kept(lambda: committed_read(points) or {"players": [], "points": [], **NO_GAME})


@watching.get("/log")
def log() -> Response:
    """The log entries after ?after= (paged), each line as watchers may see it (public_line):
    without the seed and the tags' UIDs, which the banker's export carries, for replay."""
    def entries(reading: CommittedRead) -> JSON:
        after, upto = reading.window(*window())
        tags = game_tags(reading)
        rows = [{"seq": seq, "time": time, "source": source, "kind": kind, "line": public_line(line, tags)}
                for seq, time, source, kind, line in reading.entries(after, upto)]
        return {**_page(reading, after, upto), "entries": rows}

    return kept(lambda: committed_read(entries) or {"entries": [], **NO_GAME})


def game_tags(reading: CommittedRead) -> dict[str, str]:
    """The game's tag map (UID -> meaning), from its new_game line."""
    first = reading.entries(0, 1)
    try:
        tags = json.loads(first[0][4]).get("tags") if first else None
    except (ValueError, AttributeError):
        return {}
    return {str(uid).lower(): str(meaning) for uid, meaning in tags.items()} if isinstance(tags, dict) else {}


def public_line(line: str, tags: dict[str, str]) -> str:
    """A log line as watchers see it. The new game's loses its seed (the decks are shuffled from
    it: whoever read it would know every card to come) and its tag map; a tap names what the tag
    stands for ("deed:<square id>", as a table script may) instead of its UID. A UID is the banker's
    to know: a blank tag written with Ann's token's UID taps as Ann's token."""
    if '"seed"' not in line and '"tags"' not in line and '"tap"' not in line:
        return line
    try:
        command = json.loads(line)
    except ValueError:
        return line
    if not isinstance(command, dict):
        return line
    tag = command.get("tag")
    if command.get("do") == "tap" and isinstance(tag, str) and ":" not in tag:
        command["tag"] = tags.get(tag.lower(), "?")
    elif "seed" not in command and "tags" not in command:
        return line
    command.pop("seed", None)
    command.pop("tags", None)
    return json.dumps(command, ensure_ascii=False, separators=(", ", ": "))  # as the ledger writes


@watching.get("/games")
def games() -> Response:
    ctx = context()
    listed = [{**g.__dict__, "status_words": status_words(g.status),
               "problems": [{**found, "words": problem_words(found)} for found in g.problems]}
              for g in ctx.table.folder.games()]
    current = ctx.table.store.game_id if ctx.table.store is not None else None
    return jsonify({"games": listed, "current": current})


@watching.get("/devices")
def devices() -> Response:
    return jsonify(context().device_status())


@watching.get("/session")
def get_session() -> Response:
    ctx = context()
    return jsonify({
        "player": paired_player(),
        "banker": ctx.sessions.get(screen()).banker,
        "table": ctx.sessions.get(screen()).table,  # the table's own screen (docs/server.md)
        "screen": public_id(screen()),
        "label": label_text(ctx.sessions.label(screen())),
        "pin_set": ctx.pin.is_set,
        "pin_wait": round(ctx.pin.wait()),  # seconds until the table checks a PIN again
        "banker_hold": ctx.banker_hold,  # seconds the dice button is held for the banker's step
        "simulated": ctx.simulator is not None,
        "manual_dice": ctx.manual_dice,
        "join_url": request.host_url,
        "wifi": {"ssid": ctx.wifi.ssid},
    })


@watching.get("/requests/<request_id>")
def token_request(request_id: str) -> tuple[Response, int]:
    """A token wait this screen started (pairing, or a command confirmed by a token): waiting, or
    its outcome; the same record its event stream got as `event: request`."""
    ctx = context()
    record = ctx.outcomes.get(request_id, screen())
    if record is None:
        return error("This screen asked for no such request (or it was long ago)", 404)
    return jsonify(record), 200


@watching.get("/qr.svg")
def qr() -> Response:
    ctx = context()
    if request.args.get("for") == "wifi":
        text = wifi_text(ctx.wifi.ssid, ctx.wifi.password)
    else:  # the page, in the language of the screen showing the code (?lang=ru)
        lang = request.args.get("lang", "")
        text = request.host_url + (f"?lang={lang}" if lang in LANGUAGES else "")
    response = Response(qr_svg(text), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


@lru_cache(maxsize=16)
def qr_svg(text: str) -> bytes:
    """The code for this text, drawn once (3.5 ms of the server's CPU each time, and every screen
    showing how to join asks for it; the texts are few: the page in each language, the wifi)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, dark="#000", light="#fff")
    return out.getvalue()


def wifi_text(ssid: str, password: str) -> str:
    """What a phone's camera reads to join the wifi (the de-facto WIFI: QR format)."""
    return f"WIFI:T:WPA;S:{_wifi_escape(ssid)};P:{_wifi_escape(password)};;"


def _wifi_escape(text: str) -> str:
    for special in "\\;,\":":
        text = text.replace(special, "\\" + special)
    return text


@watching.get("/openapi.json")
def openapi() -> Response:
    return jsonify(spec())
