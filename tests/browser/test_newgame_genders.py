"""The new-game form's she / he / not said per player (issue 23), in Russian on a phone and in
English on a tablet: a typed name pre-fills the gender pymorphy3 guesses, the banker's own choice
wins, the game keeps them in its new_game line, and the Table page's Russian words agree with them
("Даша ещё не бросала кубики")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_layout
from tests.browser.support import Api, Daemon
from tests.browser.test_auction_timer import PIN, page


@pytest.fixture
def own_daemon(tmp_path: Path) -> Iterator[Daemon]:
    daemon = Daemon(tmp_path / "data", tmp_path / "daemon.log")
    try:
        daemon.wait_serving()
        yield daemon
    finally:
        daemon.stop()


@pytest.mark.parametrize(("size", "lang"), [("phone", "ru"), ("tablet", "en")])
def test_the_form_guesses_the_gender_and_the_game_keeps_the_choice(
        screens: Any, own_daemon: Daemon, size: str, lang: str) -> None:
    api = Api(own_daemon.url)
    banker = page(screens, own_daemon, "/banker", size, lang)
    banker.get_by_test_id("pin").fill(PIN)
    banker.get_by_test_id("pin-submit").click()
    expect(banker.get_by_test_id("game-status")).to_be_visible()
    names = ["Даша", "Борис", "Ann"]
    for i, name in enumerate(names):
        if i >= 2:
            banker.get_by_test_id("add-player").click()
        field = banker.get_by_test_id(f"new-game-player-{i}")
        field.fill(name)
        field.blur()  # the guess is asked when the name is left
    gender = [banker.get_by_test_id(f"new-game-gender-{i}") for i in range(3)]
    expect(gender[0]).to_have_value("she")
    expect(gender[1]).to_have_value("he")
    expect(gender[2]).to_have_value("not_said")  # a name the dictionary does not know
    assert_layout(banker, f"new-game form {size} {lang}")
    gender[1].select_option("not_said")  # the banker's own choice wins over the guess
    gender[2].select_option("she")
    banker.get_by_test_id("new-game-submit").click()
    state = api.wait_state(lambda s: s.get("game") is not None)
    first = json.loads(api.get("/api/log")["entries"][0]["line"])
    kept = {name: first["forms"][name]["gender"] for name in names}
    assert kept == {"Даша": "she", "Борис": None, "Ann": "she"}
    assert first["forms"]["Даша"]["ru"]["gen"] == "Даши" and first["forms"]["Ann"]["ru"] is None
    assert state["forms"] == first["forms"]  # every screen reads the same forms

    table = page(screens, own_daemon, "/", size, lang)
    if lang == "ru":
        expect(table.locator(".no-roll").first).to_have_text("Даша ещё не бросала кубики")
    else:
        expect(table.locator(".no-roll").first).to_contain_text("Даша")
