"""The table's clock and the screens' clocks. The Pi has no clock battery: after a boot without
network its clock may be days behind. Every screen says what time it is when it loads
(`POST /api/clock`), but a screen's word is only a proposal: the first guest to send 2030 would
otherwise date every entry of the evening. The banker's page shows the proposal beside the Pi's
own time, and the banker decides (`POST /api/banker/clock`), naming the proposal read: only then
is the clock corrected, once, to that screen's time (never to one a guest proposed meanwhile), and
the correction written into the history."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from ..ledger.errors import ClockRefused
from ..table import Result
from .answers import answers
from .common import banker_only, body, error, screen
from .context import context
from .presence import said
from .sessions import public_id

clock = Blueprint("clock", __name__, url_prefix="/api")


@clock.post("/clock")
def screen_clock() -> tuple[Response, int]:
    """A screen's time: kept as a proposal for the banker when the Pi's clock is clearly stale."""
    ctx = context()
    ms = body().get("time")
    if not isinstance(ms, int | float) or isinstance(ms, bool):
        return error("time must be milliseconds since 1970", 400)
    try:
        seconds = ms / 1000.0
    except OverflowError:  # an integer with hundreds of digits
        return error("time must be milliseconds since 1970", 400)
    table_clock = ctx.table.folder.clock
    try:
        table_clock.check(seconds)  # before the release, years ahead, NaN: refused, clock as it was
    except ClockRefused as refused:
        return error(refused.reason, 400)
    if table_clock.corrected or not table_clock.stale(seconds):
        return jsonify({"corrected": False, "proposed": False}), 200
    ctx.clock_proposal.propose(seconds, public_id(screen()), request.remote_addr or "")
    # Every screen is told that a time was proposed (nothing more: the time is the banker's to
    # read), so the banker's page asks for it at once, whichever id its stream was opened with.
    ctx.broker.publish({"type": "clock_proposed"})
    return jsonify({"corrected": False, "proposed": True}), 200


@clock.get("/banker/clock")
@banker_only
def banker_clock() -> tuple[Response, int]:
    """The Pi's time and the screen's proposal, for the banker to compare."""
    ctx = context()
    table_clock = ctx.table.folder.clock
    return jsonify({"pi": round(table_clock.timestamp() * 1000), "corrected": table_clock.corrected,
                    "proposal": None if table_clock.corrected else ctx.clock_proposal.now()}), 200


@clock.post("/banker/clock")
@banker_only
def banker_decides() -> tuple[Response, int]:
    """body {"use": true, "proposal": id}: the Pi takes that proposal's time (once; recorded in
    the history); {"use": false, "proposal": id}: that proposal (and any older) is dropped and the
    clock left as it is. The id is the one GET /api/banker/clock showed: what the banker read."""
    ctx = context()
    data = body()
    use, named = data.get("use"), data.get("proposal")
    if not isinstance(use, bool):
        return error('use must be true (take the screen\'s time) or false (keep the Pi\'s)', 400)
    if not isinstance(named, str):
        words = said("clock.unnamed")
        return error(words["en"], 400, words=words)
    proposals = ctx.clock_proposal
    if not proposals.asked():
        words = said("clock.not_asked")
        return error(words["en"], 409, words=words)
    seconds = proposals.take(named) if use else None
    if (use and seconds is None) or (not use and not proposals.drop(named)):
        words = said("clock.gone")
        return error(words["en"], 409, words=words)
    if seconds is None:
        return jsonify({"corrected": False}), 200
    folder = ctx.table.folder
    done = ctx.table.call(lambda: Result(True, detail={
        "done": folder.tablet_time(seconds, by="banker") is not None}))
    corrected = bool(done.detail.get("done", False))
    if corrected:  # a clock entry is stored with no new state: the kept reads of the log are old
        answers().clear()
    return jsonify({"corrected": corrected}), 200
