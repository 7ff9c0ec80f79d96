"""Enrolment from the Banker page (banker only): a whole set of tags asked in turn, or one tag
redone alone, or an unknown tag given its meaning at once. While an enrolment runs, every tap
on the reader goes to it, not to the game (table/inputs.py); the run lives on the writer thread
and the page polls it (the tags' UIDs are told to the banker's page only)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify

from .. import i18n
from ..hardware.enroll import Enrolment, Step, enrolment_steps
from ..hardware.tags import TagError, TagRegistry, check_meaning, normalize_uid
from ..rules import Edition, load_edition
from ..table import Result
from .common import answer, banker_only, body, error
from .context import Context, context

enrolment = Blueprint("enrolment", __name__, url_prefix="/api/banker/enrolment")

def refused(key: str, status: int = 422, **values: Any) -> tuple[Response, int]:
    """A refusal in English and Russian (the "enrol-" messages of companion/i18n)."""
    words = i18n.say_all("enrol-" + key.replace(".", "-"), values)
    return error(words["en"], status, words=words)


def _registry(ctx: Context) -> TagRegistry | None:
    registry = ctx.table.registry
    return registry if isinstance(registry, TagRegistry) else None


def _edition(ctx: Context) -> Edition:
    store = ctx.table.store
    return store.game.edition if store is not None else load_edition()


def _every_step(ctx: Context) -> list[Step]:
    return enrolment_steps(_edition(ctx), cards=True, banker=True)


def _status(ctx: Context) -> dict[str, Any]:
    """Read on the writer thread (the run and the registry change there)."""
    registry = _registry(ctx)
    run = ctx.table.enrolment
    tags = registry.as_dict() if registry is not None else ctx.tags()
    enrolled = set(tags.values())
    return {
        "enrolment": run.status() if run is not None else None,
        "can_enrol": registry is not None,
        "tags": len(tags),
        "meanings": [{"meaning": s.meaning, "enrolled": s.meaning in enrolled} for s in _every_step(ctx)],
    }


def _on_writer(ctx: Context, work: Callable[[], Result]) -> Result:
    return ctx.table.call(work)


def _reply(result: Result, status: int) -> tuple[Response, int]:
    """The status read on the writer; a writer too busy to answer is said as such (503)."""
    if not result.ok:
        return answer(result)
    return jsonify(result.detail), status


@enrolment.get("")
@banker_only
def status() -> tuple[Response, int]:
    """The run (its step, progress, last outcome), and every meaning with whether a tag has it."""
    ctx = context()
    return _reply(_on_writer(ctx, lambda: Result(True, detail=_status(ctx))), 200)


@enrolment.post("")
@banker_only
def start() -> tuple[Response, int]:
    """{"what": "set", "cards": bool, "again": bool}: a whole set (again: every tag, each replacing
    its old one; otherwise the ones not enrolled yet); {"what": "one", "meaning": m}: that tag
    alone, redone; with "uid" too: that (unknown) tag enrolled as m at once, no tap needed."""
    data = body()
    ctx = context()
    registry = _registry(ctx)
    if registry is None:
        return refused("enrol.no_file", 409)
    what = data.get("what")
    if what == "set":
        cards, again = data.get("cards", False), data.get("again", False)
        if not isinstance(cards, bool) or not isinstance(again, bool):
            return refused("enrol.bad_request", 400)
        steps = enrolment_steps(_edition(ctx), cards=cards)
    elif what == "one":
        meaning = data.get("meaning")
        known = {s.meaning: s for s in _every_step(ctx)}
        if not isinstance(meaning, str) or meaning not in known:
            return refused("enrol.bad_meaning")
        steps, again = [known[meaning]], True
        uid = data.get("uid")
        if uid is not None:
            return _enrol_now(ctx, registry, known[meaning], uid)
    else:
        return refused("enrol.bad_request", 400)

    def begin() -> Result:
        ctx.table.enrolment = Enrolment(registry, steps, again=again)
        return Result(True, detail=_status(ctx))

    return _reply(_on_writer(ctx, begin), 201)


def _enrol_now(ctx: Context, registry: TagRegistry, step: Step, uid: Any) -> tuple[Response, int]:
    """An unknown tag (the refused notice's UID) enrolled as the banker chose, on the writer."""
    if not isinstance(uid, str):
        return refused("enrol.bad_uid", 422, uid="?")
    try:
        uid = normalize_uid(uid)
        check_meaning(step.meaning, _edition(ctx))
    except TagError:
        return refused("enrol.bad_uid", 422, uid=uid[:40])

    def work() -> Result:
        existing = registry.lookup(uid)
        if existing is not None:
            return Result(False, "in use", detail={"meaning": existing})
        run = Enrolment(registry, [step], again=False)
        run.steps = [step]  # even if another tag has this meaning already: a spare sticker
        run.tapped(uid)
        return Result(True, detail=_status(ctx))

    result = _on_writer(ctx, work)
    if not result.ok and "meaning" in result.detail:
        return refused("enrol.in_use", uid=uid, meaning=result.detail["meaning"])
    return _reply(result, 201)


@enrolment.post("/undo")
@banker_only
def undo() -> tuple[Response, int]:
    """The last tag of the run taken back (its old tags put back); that step is asked again."""
    ctx = context()

    def work() -> Result:
        run = ctx.table.enrolment
        if run is None or run.undo() is None:
            return Result(False, "nothing")
        return Result(True, detail=_status(ctx))

    result = _on_writer(ctx, work)
    if not result.ok and result.reason == "nothing":
        return refused("enrol.nothing_to_undo")
    return _reply(result, 200)


@enrolment.post("/stop")
@banker_only
def stop() -> tuple[Response, int]:
    """The run stops; every tag tapped so far stays saved, and taps go to the game again."""
    ctx = context()

    def work() -> Result:
        run = ctx.table.enrolment
        if run is not None:
            run.stop()
        return Result(True, detail=_status(ctx))

    return _reply(_on_writer(ctx, work), 200)
