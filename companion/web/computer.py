"""A computer player's things, moved by the people (issue 41): what the table asks them to move
now (`GET /api/computer/prompts`, also pushed as a `prompts` notice whenever it changes) and their
word that it is done (`POST /api/computer/confirm`), which lets the computer go on. Only the
table's own screens (priority.py: a paired phone, the banker's, the table's own screen) may say
so: a stranger on the wifi must not hurry the computer past a move nobody made."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from ..table.words import words
from .common import answer, error, is_banker, screen
from .context import context
from .priority import table_own

computer = Blueprint("computer", __name__, url_prefix="/api/computer")


@computer.get("/prompts")
def prompts() -> Any:
    """The acts asked of the people for the computers (in every language), and how they are
    confirmed ([computer] confirm: "seconds" or "act")."""
    return jsonify(context().table.computer_prompts())


@computer.post("/confirm")
def confirm() -> tuple[Response, int]:
    """The people moved the computer's things: every open prompt closes."""
    ctx = context()
    me = ctx.sessions.get(screen())
    if not table_own(ctx.sessions, screen()):
        said = words("computer.table_only")
        return error(said["en"], 403, words=said)
    by = "banker" if is_banker() else "table" if me.table else "player"
    return answer(ctx.table.confirm_prompts(by))
