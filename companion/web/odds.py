"""The odds' JSON twin: `GET /api/odds` (web/API.md): every player's chance after the last turn and
after every turn before it, the trade advisor's answer for an open proposal, and the game review.

The numbers are worked out beside the table by companion/odds/live.py and pushed to screens as
notices (`odds`, `odds_trade`, `odds_review`); this only reads what is known, never waits.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify

odds_api = Blueprint("odds", __name__, url_prefix="/api")


@odds_api.get("/odds")
def get_odds() -> Response:
    live = current_app.extensions.get("companion.odds")
    if live is None:
        return jsonify({"enabled": False, "game": None, "latest": None, "history": [], "trade": None,
                        "review": None})
    return jsonify(live.view())


def install(app: Flask, live: Any) -> None:
    """Serve the odds of `live` (a LiveOdds, or None when they are switched off)."""
    app.extensions["companion.odds"] = live
    app.register_blueprint(odds_api)
