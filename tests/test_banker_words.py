"""The Banker page's server-side lines come in every language: a stored game's status, and the
refusal a screen gets when it is not the banker.

Seen on a Russian Banker page: "playing", "over: Борис won", and a refusal for a banker's action
that read "Сначала привяжите экран…" (the page's generic 401 sentence) where the English page said
the server's own "Only the banker can do that".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES
from companion.web.game_status import status_words
from tests.web_support import BANKER, SAME_ORIGIN, Rig, rig_fixture

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    yield from rig_fixture(tmp_path)


def test_a_stored_games_status_in_both_languages(rig: Rig) -> None:
    rig.client().post(
        "/api/games", json={"players": ["Аня", "Борис"], "seed": 1}, headers={**BANKER, **SAME_ORIGIN}
    )
    (playing,) = rig.client().get("/api/games").json["games"]
    assert playing["status"] == "playing"  # the stored word, as before
    assert playing["status_words"] == {"en": "playing", "ru": "идёт"}
    ended = rig.client().post("/api/commands", json={"do": "end_game"}, headers={**BANKER, **SAME_ORIGIN})
    assert ended.status_code == 200, ended.json
    (over,) = rig.client().get("/api/games").json["games"]
    assert over["status"].startswith("over")
    words = over["status_words"]
    assert not LATIN_WORD.search(words["ru"]), words
    assert not CYRILLIC.search(words["en"].replace("Аня", "").replace("Борис", "")), words
    assert over["status"] != playing["status"] and words["ru"] != "идёт"  # the positive control


@pytest.mark.parametrize(
    ("status", "ru"),
    [
        ("playing", "идёт"),
        ("over", "окончена"),
        ("archived", "в архиве"),
        ("over: Борис won", "окончена, победитель — Борис"),
        ("over: Ann won over Bob won", "окончена, победитель — Ann won over Bob"),
    ],
)
def test_status_lines_the_ledger_writes(status: str, ru: str) -> None:
    words = status_words(status)
    assert words["ru"] == ru
    assert words["en"] == status


def test_a_line_it_does_not_know_is_shown_as_it_is() -> None:
    """Why a game is damaged is the ledger's own sentence: passed on, not guessed at."""
    assert status_words("the game file cannot be read") == dict.fromkeys(
        LANGUAGES, "the game file cannot be read"
    )


def test_not_the_banker_is_said_in_both_languages(rig: Rig) -> None:
    answer = rig.client().post("/api/games", json={"players": ["Аня", "Борис"]}, headers=SAME_ORIGIN)
    assert answer.status_code == 401
    words = answer.json["words"]
    assert words["en"] == answer.json["error"] == "Only the banker can do that; log in with the banker PIN"
    assert words["ru"] == "Это может сделать только банкир; войдите с PIN банкира"
    wrong = rig.client().post("/api/banker/login", json={"pin": "000000"}, headers=SAME_ORIGIN)
    assert wrong.status_code == 401 and wrong.json["words"]["ru"] == "Это не PIN банкира"
