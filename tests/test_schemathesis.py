"""schemathesis against /api/openapi.json: for every operation, requests made from its schema (and
edge cases around it: wrong types, missing fields, values at and past the bounds) sent to the app
on a real Table and data folder, as the banker (the PIN header) and as a stranger. No answer may be
a 5xx, nor carry a status or a content type the document does not give for that operation.

The event stream is left out (it never ends: its two answers are checked in test_web_attacks.py).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, status_code_conformance

from tests.web_support import BANKER, NEW_GAME, FakeSimulator, Rig

_folder = Path(tempfile.mkdtemp(prefix="companion-schemathesis-"))
RIG = Rig.make(_folder, simulator=FakeSimulator(), pair_timeout=0.5)
RIG.new_game()


@atexit.register
def _close() -> None:
    RIG.close()
    shutil.rmtree(_folder, ignore_errors=True)


schema = schemathesis.openapi.from_wsgi("/api/openapi.json", RIG.app).exclude(path="/api/events")
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance]


def keep_a_game_going() -> None:
    """The cases may end the game or start odd ones: the next case finds one being played."""
    state = RIG.table.snapshot()
    if state is None or state.get("winner") is not None or state["players"][0]["name"] != "Ann":
        RIG.new_game(**{k: v for k, v in NEW_GAME.items() if k != "players"})


@schema.parametrize()
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_only_as_documented(case: schemathesis.Case) -> None:
    keep_a_game_going()
    for headers in (BANKER, {}):
        case.call_and_validate(headers={**headers, **(case.headers or {})}, checks=CHECKS)
