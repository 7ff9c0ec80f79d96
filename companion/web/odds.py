"""The odds' JSON twin: `GET /api/odds` (web/API.md): every player's chance after the last turn and
after every turn before it, the trade advisor's answer for an open proposal, and the game review.

The numbers are worked out beside the table by companion/odds/live.py and pushed to screens as
notices (`odds`, `odds_trade`, `odds_review`); this only reads what is known, never waits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Blueprint, Flask, Response, jsonify

from ..odds.shared import SharedScreens
from ..table import Result
from .common import answer, banker_only, body, error
from .context import context

if TYPE_CHECKING:
    from ..odds.live import LiveOdds

odds_api = Blueprint("odds", __name__, url_prefix="/api")


def shared() -> SharedScreens:
    return context().odds_shared


@odds_api.get("/odds")
def get_odds() -> Response:
    live = context().odds
    if live is None:
        return jsonify({"enabled": False, "game": None, "latest": None, "history": [], "trade": None,
                        "review": None, "shared": shared().shown})
    return jsonify({**live.view(), "shared": shared().shown})


@odds_api.post("/odds/shared")
@banker_only
def set_shared() -> tuple[Response, int]:
    """The banker shows or hides the chances on shared screens: set on the table's writer, like
    any input, then told to every screen (a notice `odds_shared`)."""
    shown = body().get("shown")
    if not isinstance(shown, bool):
        return error('shown must be true or false', 400)
    ctx, setting = context(), shared()

    def work() -> Result:  # on the writer thread: no request, no app here
        setting.set(shown)
        ctx.broker.publish({"type": "odds_shared", "shown": shown})
        return Result(True, kind="odds_shared")

    result = ctx.table.call(work)
    if not result.ok:
        return answer(result)
    return jsonify({"shown": shown}), 200


def install(app: Flask, live: LiveOdds | None) -> None:
    """Serve the odds of `live` (a LiveOdds, or None when they are switched off): the blueprint is
    registered with the others (app.BLUEPRINTS); this only hands it the live odds."""
    app.extensions["companion"].odds = live
