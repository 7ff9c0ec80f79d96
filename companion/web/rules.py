"""`GET /api/rules` (web/API.md): the house rules with their kinds, defaults and ranges, and the
pieces and the money (its amounts' sign), as the engine defines them (rules/house_rules.py, the
default edition's data), so the Banker page's new-game form is built from the engine's word
instead of a list of its own."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from ..rules import load_edition
from ..rules.house_rules import definitions

rules_api = Blueprint("rules", __name__, url_prefix="/api")


@rules_api.get("/rules")
def house_rules() -> Response:
    edition = load_edition()
    return jsonify({"edition": edition.id, "rules": definitions(), "pieces": list(edition.pieces),
                    "money": edition.money.to_data()})
