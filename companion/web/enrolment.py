"""Enrolment from the Banker page (banker only): a whole set of tags asked in turn, or one tag
redone alone, or an unknown tag given its meaning at once. While an enrolment runs, every tap
on the reader goes to it, not to the game (table/inputs.py); the run lives on the writer thread
and the page polls it (the tags' UIDs are told to the banker's page only).

Deeds and cards are enrolled for a board (hardware/tags.py): the game's edition while a game is at
the table, else the one the banker picks (`?edition=ID` / `"edition"`, any edition the table knows,
a family's file too: companion/editions.py), London by default. A deed tag of another board may
become this board's deed too (one set of stickers for two boards)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify, request

from .. import i18n
from ..editions import table_editions
from ..hardware.enroll import Enrolment, Step, enrolment_steps
from ..hardware.tags import DEFAULT_EDITION, TagError, TagRegistry, check_meaning, normalize_uid
from ..rules import Edition, load_edition
from ..table import Result
from .common import answer, banker_only, body, error
from .context import Context, context
from .errors import WebError

enrolment = Blueprint("enrolment", __name__, url_prefix="/api/banker/enrolment")

def refused(key: str, status: int = 422, **values: Any) -> tuple[Response, int]:
    """A refusal in English and Russian (the "enrol-" messages of companion/i18n)."""
    words = i18n.say_all("enrol-" + key.replace(".", "-"), values)
    return error(words["en"], status, words=words)


def _registry(ctx: Context) -> TagRegistry | None:
    registry = ctx.table.registry
    return registry if isinstance(registry, TagRegistry) else None


class NoEdition(WebError):
    """The edition asked for cannot be enrolled now: a refusal's key and values."""

    def __init__(self, key: str, status: int, **values: Any) -> None:
        super().__init__(key)
        self.key, self.status, self.values = key, status, values


def _edition(ctx: Context, asked: Any = None) -> Edition:
    """The board to enrol: the game's while one is at the table (another asked for is refused),
    else the one asked for (a shipped edition or a family's file), else the default one."""
    store = ctx.table.store
    if store is not None:
        edition = store.game.edition
        if asked is not None and asked != edition.id:
            raise NoEdition("enrol.edition_in_game", 409, edition=edition.id, asked=str(asked)[:40])
        return edition
    if asked is None or asked == DEFAULT_EDITION:
        return load_edition()
    known = table_editions(ctx.data_dir)
    chosen = known.get(asked)
    if chosen is None:
        raise NoEdition("enrol.bad_edition", 404, why=known.why_not(asked))
    return chosen.edition()


def _every_step(edition: Edition) -> list[Step]:
    return enrolment_steps(edition, cards=True, banker=True)


def _names(edition: Edition) -> dict[str, dict[str, str]]:
    """The deeds' and decks' names by language, for the page to say them whatever board it shows."""
    names = {f"deed:{sq.id}": dict(sq.names) for sq in edition.ownable}
    names.update({f"deck:{deck}": dict(named) for deck, named in edition.deck_names.items()})
    return names


def _status(ctx: Context, edition: Edition) -> dict[str, Any]:
    """Read on the writer thread (the run and the registry change there)."""
    registry = _registry(ctx)
    run = ctx.table.enrolment
    tags = registry.as_dict(edition.id) if registry is not None else ctx.tags()
    enrolled = set(tags.values())
    store = ctx.table.store
    return {
        "enrolment": run.status() if run is not None else None,
        "can_enrol": registry is not None,
        "tags": len(tags),
        "edition": edition.id,
        "game_edition": store.game.edition.id if store is not None else None,  # then no other
        "boards": list(registry.boards()) if registry is not None else [],  # editions with deed tags
        "names": _names(edition),
        "meanings": [{"meaning": s.meaning, "enrolled": s.meaning in enrolled} for s in _every_step(edition)],
    }


def _on_writer(ctx: Context, work: Callable[[], Result]) -> Result:
    return ctx.table.call(work)


def _reply(result: Result, status: int) -> tuple[Response, int]:
    """The status read on the writer, with the editions the banker may pick (the data folder's
    files are read and checked here, on the request's thread, never on the writer's); a writer too
    busy to answer is said as such (503)."""
    if not result.ok:
        return answer(result)
    offered = [known.public() for known in table_editions(context().data_dir).known.values()]
    return jsonify({**result.detail, "editions": offered}), status


@enrolment.get("")
@banker_only
def status() -> tuple[Response, int]:
    """The run (its step, progress, last outcome), and every meaning of the edition's
    (`?edition=ID` when no game is at the table) with whether a tag has it."""
    ctx = context()
    run = ctx.table.enrolment
    try:
        asked = request.args.get("edition") or (run.edition if run is not None and run.running else None)
        edition = _edition(ctx, asked)
    except NoEdition as no:
        return refused(no.key, no.status, **no.values)
    return _reply(_on_writer(ctx, lambda: Result(True, detail=_status(ctx, edition))), 200)


@enrolment.post("")
@banker_only
def start() -> tuple[Response, int]:
    """{"what": "set", "cards": bool, "again": bool}: a whole set (again: every tag, each replacing
    its old one; otherwise the ones not enrolled yet); {"what": "one", "meaning": m}: that tag
    alone, redone; with "uid" too: that (unknown) tag enrolled as m at once, no tap needed.
    "edition": the board whose deeds and cards (when no game is at the table; the game's else)."""
    data = body()
    ctx = context()
    registry = _registry(ctx)
    if registry is None:
        return refused("enrol.no_file", 409)
    try:
        edition = _edition(ctx, data.get("edition"))
    except NoEdition as no:
        return refused(no.key, no.status, **no.values)
    what = data.get("what")
    if what == "set":
        cards, again = data.get("cards", False), data.get("again", False)
        if not isinstance(cards, bool) or not isinstance(again, bool):
            return refused("enrol.bad_request", 400)
        steps = enrolment_steps(edition, cards=cards)
    elif what == "one":
        meaning = data.get("meaning")
        known = {s.meaning: s for s in _every_step(edition)}
        if not isinstance(meaning, str) or meaning not in known:
            return refused("enrol.bad_meaning")
        steps, again = [known[meaning]], True
        uid = data.get("uid")
        if uid is not None:
            return _enrol_now(ctx, registry, known[meaning], uid, edition)
    else:
        return refused("enrol.bad_request", 400)

    def begin() -> Result:
        ctx.table.enrolment = Enrolment(registry, steps, again=again, edition=edition.id)
        return Result(True, detail=_status(ctx, edition))

    return _reply(_on_writer(ctx, begin), 201)


def _enrol_now(ctx: Context, registry: TagRegistry, step: Step, uid: Any,
               edition: Edition) -> tuple[Response, int]:
    """An unknown tag (the refused notice's UID, or another board's tag) enrolled as the banker
    chose, on the writer."""
    if not isinstance(uid, str):
        return refused("enrol.bad_uid", 422, uid="?")
    try:
        uid = normalize_uid(uid)
        check_meaning(step.meaning, edition)
    except TagError:
        return refused("enrol.bad_uid", 422, uid=uid[:40])

    def work() -> Result:
        existing = registry.lookup(uid, edition.id)
        if existing is not None:
            return Result(False, "in use", detail={"meaning": existing})
        run = Enrolment(registry, [step], again=False, edition=edition.id)
        run.steps = [step]  # even if another tag has this meaning already: a spare sticker
        run.tapped(uid)
        if run.last.get("outcome") != "enrolled":  # a token's tag is no deed on any board
            return Result(False, "in use", detail={"meaning": run.last.get("meaning", "?")})
        return Result(True, detail=_status(ctx, edition))

    result = _on_writer(ctx, work)
    if not result.ok and "meaning" in result.detail:
        return refused("enrol.in_use", uid=uid, meaning=result.detail["meaning"])
    return _reply(result, 201)


def _run_edition(ctx: Context) -> Edition:
    """The board of the run (or the game's), as the status after an undo or a stop shows it."""
    run = ctx.table.enrolment
    try:
        return _edition(ctx, run.edition if run is not None and ctx.table.store is None else None)
    except NoEdition:  # its file gone since: the default board
        return load_edition()


@enrolment.post("/undo")
@banker_only
def undo() -> tuple[Response, int]:
    """The last tag of the run taken back (its old tags put back); that step is asked again."""
    ctx = context()
    edition = _run_edition(ctx)  # a family's file is read here, not on the writer

    def work() -> Result:
        run = ctx.table.enrolment
        if run is None or run.undo() is None:
            return Result(False, "nothing")
        return Result(True, detail=_status(ctx, edition))

    result = _on_writer(ctx, work)
    if not result.ok and result.reason == "nothing":
        return refused("enrol.nothing_to_undo")
    return _reply(result, 200)


@enrolment.post("/stop")
@banker_only
def stop() -> tuple[Response, int]:
    """The run stops; every tag tapped so far stays saved, and taps go to the game again."""
    ctx = context()
    edition = _run_edition(ctx)  # a family's file is read here, not on the writer

    def work() -> Result:
        run = ctx.table.enrolment
        if run is not None:
            run.stop()
        return Result(True, detail=_status(ctx, edition))

    return _reply(_on_writer(ctx, work), 200)
