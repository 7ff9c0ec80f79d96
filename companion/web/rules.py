"""`GET /api/rules` (web/API.md): the house rules with their kinds, defaults and ranges, the
editions this table knows (shipped, and the family's files in the data folder's editions/, with
the refused ones and why: companion/editions.py), and the pieces and the money (its amounts'
sign) of the edition asked for (`?edition=ID`, london by default), as the engine defines them
(rules/house_rules.py, the edition data), so the Banker page's new-game form is built from the
engine's word instead of a list of its own."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from ..editions import table_editions
from ..rules.edition import DEFAULT_EDITION
from ..rules.house_rules import definitions
from .common import error
from .context import context

rules_api = Blueprint("rules", __name__, url_prefix="/api")



@rules_api.get("/rules")
def house_rules() -> tuple[Response, int]:
    editions = table_editions(context().data_dir)
    asked = request.args.get("edition", DEFAULT_EDITION)
    edition = editions.get(asked)
    if edition is None:
        return error(editions.why_not(asked), 404)
    return jsonify({
        "edition": edition.id,
        "rules": definitions(),
        "pieces": list(edition.pieces),
        "piece_names": edition.piece_names,
        "editions": [known.public() for known in editions.known.values()],
        "files": editions.files(),
        "money": edition.money.to_data(),
    }), 200
