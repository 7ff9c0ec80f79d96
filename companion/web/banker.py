"""The banker: the PIN (set once at the table, log in, log out), logging in at the table without
it, games (start, resume), undo and redo, signed exports, and the screens: every paired screen
listed, any of them revoked. (The clock the banker confirms: clock.py.)"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, Response, jsonify

from ..editions import table_editions
from ..i18n.grammar import GENDERS, NOT_SAID, forms_for, name_forms
from ..i18n.latin_names import latin_gender
from ..ledger.export import export_csv, export_jsonl, signature_of
from ..rules.edition import DEFAULT_EDITION
from ..rules.seats import LEVELS
from ..table import Result, game_tags
from ..table.auction_timing import checked
from ..table.problem_words import problem_words, reason_of
from ..table.result import NOT_FOUND
from ..table.words import words as table_words
from .common import answer, banker_only, body, client, error, screen
from .context import context
from .presence import said
from .sessions import label_text, public_id, renew

banker = Blueprint("banker", __name__, url_prefix="/api")

# A live game's decks are shuffled from its seed: drawn from `secrets`, and so long that nobody
# can work it out from the cards seen (32 bits could be searched on a laptop in minutes).
SEED_BITS = 128


@banker.post("/banker/setup")
def banker_setup() -> tuple[Response, int]:
    """The first start: the PIN is set, and this screen logged in, by the banker's step at the
    table (202 at once; see presence.py), never by whoever opens the page first."""
    ctx = context()
    if ctx.pin.is_set:
        words = said("pin.already_set")
        return error(words["en"], 409, words=words)
    pin = body().get("pin")
    if not ctx.pin.valid(pin):
        words = said("pin.rule")
        return error(words["en"], 422, words=words)
    status, record = ctx.presence.ask(renewed(), client(), pin=str(pin))
    return jsonify(record), status


@banker.post("/banker/presence")
def banker_presence() -> tuple[Response, int]:
    """Log in at the table, without the PIN: 202 at once, with the code this screen shows; the
    banker's step at the table (the banker's tag on the reader, the dice button held) and the
    banker's choice of this screen by its code log it in (presence.py)."""
    status, record = context().presence.ask(renewed(), client())
    return jsonify(record), status


@banker.post("/banker/login")
def banker_login() -> tuple[Response, int]:
    ctx = context()
    if not ctx.pin.is_set:
        words = said("pin.not_set")
        return error(words["en"], 409, words=words)
    own = public_id(screen()) if ctx.presence.known(screen()) else None  # the banker's own screen
    right, wait = ctx.pin.check(body().get("pin"), client(), own_screen=own)
    if right:
        sid = renewed()
        ctx.sessions.update(sid, banker=True)
        ctx.presence.remember(sid)
        return jsonify({"banker": True}), 200
    return _pin_refused(wait)


def renewed() -> str:
    """This screen under a new id, issued now, before it steps up (see sessions.renew); the
    streams this browser has open follow it."""
    from flask import current_app, session

    ctx = context()
    old = screen()
    fresh = renew(session, ctx.sessions, current_app.session_interface)  # type: ignore[arg-type]
    ctx.broker.rename(old, fresh, client())
    ctx.presence.renamed(old, fresh)
    return fresh


@banker.post("/banker/logout")
def banker_logout() -> tuple[Response, int]:
    context().sessions.update(screen(), banker=False)
    return jsonify({"banker": False}), 200


@banker.post("/table-screen")
def make_table_screen() -> tuple[Response, int]:
    """This screen becomes the table's own screen (the tablet in the middle of the table), set up
    once by the banker: asked with the banker's PIN (checked within the table's allowance, like
    any login) or by a screen logged in as the banker. It then confirms commands by a token tap,
    makes the people's choices and may undo pairings, and is served first; it is not the banker
    (no undo, no export, no games)."""
    ctx = context()
    me = ctx.sessions.get(screen())
    if not me.banker:
        if not ctx.pin.is_set:
            words = said("pin.not_set")
            return error(words["en"], 409, words=words)
        own = public_id(screen()) if ctx.presence.known(screen()) else None
        right, wait = ctx.pin.check(body(optional=True).get("pin"), client(), own_screen=own)
        if not right:
            return _pin_refused(wait)
    sid = renewed()
    ctx.sessions.update(sid, table=True)
    return jsonify({"table": True}), 200


@banker.post("/table-screen/leave")
def leave_table_screen() -> tuple[Response, int]:
    """This screen is no longer the table's own screen."""
    context().sessions.update(screen(), table=False)
    return jsonify({"table": False}), 200


def _pin_refused(wait: float) -> tuple[Response, int]:
    """A wrong PIN, or none checked now (the table's allowance is spent): said so, with the wait."""
    if wait > 0:
        seconds = int(wait) + 1
        words = said("pin.wait", seconds=seconds, hold=f"{context().banker_hold:g}")
        response, status = error(words["en"], 429, words=words, retry_after=seconds)
        response.headers["Retry-After"] = str(seconds)
        return response, status
    words = said("pin.wrong")
    return error(words["en"], 401, words=words)


@banker.get("/banker/screens")
@banker_only
def screens() -> tuple[Response, int]:
    """Every screen that is paired with a player, the banker's, or the table's own."""
    ctx = context()
    streams = ctx.broker.sessions()
    listed = [
        {"screen": public_id(sid), "label": label_text(ctx.sessions.label(sid)), "player": s.player,
         "banker": s.banker, "table": s.table, "paired_by": s.paired_by,
         "piece": s.piece, "since": s.since, "seen": s.seen or None, "address": s.address, "agent": s.agent,
         "streams": streams.get(sid, 0), "this": sid == screen()}
        for sid, s in ctx.sessions.items()
    ]
    listed.sort(key=lambda s: float(s["since"] or 0))
    return jsonify({"screens": listed}), 200


@banker.post("/banker/screens/<screen_id>/revoke")
@banker_only
def revoke(screen_id: str) -> tuple[Response, int]:
    """That screen (and every copy of its cookie) no longer plays nor banks, nor is the table's
    screen; it is told so."""
    ctx = context()
    sid = ctx.sessions.by_public_id(screen_id)
    if sid is None:
        return error("There is no such screen (it may have been revoked or unpaired already)", 404)
    ctx.table.cancel_wait(sid)
    ctx.sessions.clear(sid)
    ctx.presence.forget(sid)
    return jsonify({"screen": screen_id, "player": None, "banker": False, "table": False}), 200


@banker.post("/games")
@banker_only
def new_game() -> tuple[Response, int]:
    ctx = context()
    data = body()
    players = data.get("players")
    tokens = data.get("tokens") or {}
    if not isinstance(tokens, dict) or not all(isinstance(v, str) for v in tokens.values()):
        return error("tokens must map players to pieces", 400)
    edition = data.get("edition", DEFAULT_EDITION)
    known = table_editions(ctx.data_dir)
    chosen = known.get(edition)
    if chosen is None:
        return error(known.why_not(edition), 400)
    seed = data.get("seed")
    start = {
        "do": "new_game",
        "players": players,
        "seed": seed if isinstance(seed, int) and not isinstance(seed, bool) else secrets.randbits(SEED_BITS),
        "rules": data.get("rules") or {},
        "tags": game_tags(ctx.tags_of(chosen.id), tokens),  # the deeds and cards of its edition
        **chosen.start(),  # a file's edition: its board too, so the game outlives the file
    }
    genders = data.get("genders") or {}
    if not isinstance(genders, dict) or not all(g in (*GENDERS, NOT_SAID, None) for g in genders.values()):
        return error('genders must map players to "she", "he" or "not_said"', 400)
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        start["forms"] = forms_for(players, genders)  # worked out once, kept in the game
    computer = data.get("computer")
    if computer is not None:
        refused = computer_refused(computer, players)
        if refused is not None:
            return refused
        start["computer"] = computer
    if data.get("auction_clock") is not None:  # kept with the game (companion/table/auction_timing.py)
        timing = checked(data["auction_clock"])
        if isinstance(timing, str):
            return error(timing, 400)
        start["auction_clock"] = timing.to_json()
    result = ctx.table.new_game(start)
    if not result.ok:
        return answer(result)
    state = result.state or {}
    return jsonify({"game": state.get("game"), "seq": result.seq, "state": state}), 201


def computer_refused(computer: Any, players: Any) -> tuple[Response, int] | None:
    """The computer's seats the form asks for, checked before anything is created: a level of
    rules/seats.py's for each of the named players, and at least one person at the table."""
    names = players if isinstance(players, list) else []
    if not isinstance(computer, dict) or not all(
            name in names and level in LEVELS for name, level in computer.items()):
        text = table_words("new_game.computer_levels", levels=", ".join(LEVELS))
        return error(text["en"], 400, words=text)
    if names and len(computer) == len(names):
        text = table_words("new_game.one_person")
        return error(text["en"], 400, words=text)
    return None


@banker.get("/names/<name>")
@banker_only
def name_guess(name: str) -> tuple[Response, int]:
    """What the new-game form pre-fills for a player's name: the gender pymorphy3 guesses, or for
    a Latin-script name the list of common given names does ("she", "he" or null), and the Russian
    cases (null when the name is not declined)."""
    forms = name_forms(name)
    return jsonify({"name": name, **forms.to_json(), "gender": forms.gender or latin_gender(name)}), 200


@banker.post("/games/<game_id>/open")
@banker_only
def open_game(game_id: str) -> tuple[Response, int]:
    return answer(context().table.open_game(game_id))


@banker.post("/games/<game_id>/recover")
@banker_only
def recover_game(game_id: str) -> tuple[Response, int]:
    """A game damaged in every record goes on as a new game from its last good entry."""
    result = context().table.recover_game(game_id)
    if not result.ok:
        return answer(result)
    return jsonify(result.detail), 201


@banker.post("/undo")
@banker_only
def undo() -> tuple[Response, int]:
    count = body(optional=True).get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool):
        return error("count must be a whole number", 400)
    return answer(context().table.undo(count, by="banker"))


@banker.post("/redo")
@banker_only
def redo() -> tuple[Response, int]:
    return answer(context().table.redo(by="banker"))


FORMATS = {"jsonl": "application/jsonl", "csv": "text/csv"}


def _export(game_id: str, fmt: str, signed: bool) -> Result:
    """The export (and its signature) written on the writer thread, from the game as stored."""
    table = context().table

    def work() -> Result:
        store = table.store if table.store and table.store.game_id == game_id else None
        opened_here = store is None and game_id not in table.folder.open_games
        try:
            if store is None:
                store = table.folder.open(game_id)
        except Exception as exc:  # LedgerError: not found, damaged, read-only, another table's
            found = getattr(exc, "problem", None)
            return Result(False, reason_of(exc) if hasattr(exc, "reason") else "There is no such game",
                          refusal=NOT_FOUND,
                          words=problem_words(found.as_json()) if found is not None else None)
        try:
            text = export_jsonl(store) if fmt == "jsonl" else export_csv(store)
            signature = signature_of(store, table.folder.key, text, fmt) if signed else None
        finally:
            if opened_here:  # not left open (nor given clock corrections) once written out
                table.folder.close_game(game_id)
        if signed and signature is None:
            return Result(False, "This game carries no key of this table, so its export cannot be "
                          "signed here", refusal=NOT_FOUND)
        return Result(True, detail={"text": signature if signed else text})

    return table.call(work)


@banker.get("/export/<game_id>.<fmt>")
@banker_only
def export(game_id: str, fmt: str) -> Any:
    """The table script (.jsonl) or the money ledger (.csv); add .sig for its signature."""
    if fmt == "sig" and "." in game_id:  # the rule reads "<id>.jsonl.sig" as "<id>.jsonl" . "sig"
        game_id, kind = game_id.rsplit(".", 1)
        fmt = f"{kind}.sig"
    signed = fmt.endswith(".sig")
    kind = fmt.removesuffix(".sig")
    if kind not in FORMATS:
        return error("Export as .jsonl or .csv (and .jsonl.sig or .csv.sig for the signature)", 404)
    result = _export(game_id, kind, signed)
    if not result.ok:
        return answer(result)  # the reason, and in every language when the ledger said what
    mimetype = "application/json" if signed else FORMATS[kind]
    response = Response(result.detail["text"], mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{game_id}.{fmt}"'
    return response
