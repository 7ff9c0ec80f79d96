"""schemathesis against /api/openapi.json: for every operation, requests made from its schema (and
edge cases around it: wrong types, missing fields, values at and past the bounds) sent to the app
on a real Table and data folder, as the banker (the PIN header) and as a stranger. No answer may be
a 5xx, nor carry a status or a content type the document does not give for that operation.

The event stream is left out (it never ends: its two answers are checked in test_web_attacks.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, status_code_conformance

from companion.web.openapi import spec
from tests.web_support import BANKER, NEW_GAME, FakeSimulator, Rig

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance]


@pytest.fixture(scope="module")
def api_rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    """One table for every case, made when the first case runs (not when the suite is collected)."""
    rig = Rig.make(tmp_path_factory.mktemp("schemathesis"), simulator=FakeSimulator(), pair_timeout=0.5,
                   confirm_timeout=0.5)
    rig.new_game()
    yield rig
    rig.close()


# The document as the code writes it, read at import: no table, no folder, no app until a case runs
# (the served document is the same one: test_the_served_document_is_the_one_tested).
schema = schemathesis.openapi.from_dict(spec()).exclude(path="/api/events")


def test_the_served_document_is_the_one_tested(api_rig: Rig) -> None:
    served = api_rig.client().get("/api/openapi.json")
    assert served.status_code == 200 and served.json == json.loads(json.dumps(spec()))


def keep_a_game_going(rig: Rig) -> None:
    """The cases may end the game or start odd ones: the next case finds one being played."""
    state = rig.table.snapshot()
    if state is None or state.get("winner") is not None or state["players"][0]["name"] != "Ann":
        rig.new_game(**{k: v for k, v in NEW_GAME.items() if k != "players"})


@schema.parametrize()
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_only_as_documented(case: schemathesis.Case, api_rig: Rig) -> None:
    keep_a_game_going(api_rig)
    for headers in (BANKER, {}):
        case.call_and_validate(headers={**headers, **(case.headers or {})}, checks=CHECKS, app=api_rig.app)
