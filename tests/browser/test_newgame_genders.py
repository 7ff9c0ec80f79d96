"""The new-game form's she / he / not said per player (issue 23), in Russian on a phone and in
English on a tablet: a typed name pre-fills the gender pymorphy3 guesses, the banker's own choice
wins, the game keeps them in its new_game line, and the Table page's Russian words agree with them
("Даша ещё не бросала кубики"). Issue 38, point 3, at 390x844 and 1024x768 in both languages: the
box has a word beside it a banker can read ("Pronoun", "Род"), Latin-script names get a guess too
("Anna": she, "Boris": he), and each player's name, pronoun and piece stay on one row on a tablet."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.i18n import LANGUAGES
from tests.browser.layout import assert_layout
from tests.browser.support import Api, Daemon, Shots
from tests.browser.test_auction_timer import PIN, page


@pytest.fixture
def own_daemon(tmp_path: Path) -> Iterator[Daemon]:
    daemon = Daemon(tmp_path / "data", tmp_path / "daemon.log")
    try:
        daemon.wait_serving()
        yield daemon
    finally:
        daemon.stop()


def names_typed(screens: Any, daemon: Daemon, size: str, lang: str, names: list[str]) -> Any:
    """The Banker page, logged in, with these players' names typed in the new-game form."""
    banker = page(screens, daemon, "/banker", size, lang)
    banker.get_by_test_id("pin").fill(PIN)
    banker.get_by_test_id("pin-submit").click()
    expect(banker.get_by_test_id("game-status")).to_be_visible()
    for i, name in enumerate(names):
        if i >= 2:
            banker.get_by_test_id("add-player").click()
        field = banker.get_by_test_id(f"new-game-player-{i}")
        field.fill(name)
        field.blur()  # the guess is asked when the name is left
    return banker


@pytest.mark.parametrize(("size", "lang"), [("phone", "ru"), ("tablet", "en")])
def test_the_form_guesses_the_gender_and_the_game_keeps_the_choice(
        screens: Any, own_daemon: Daemon, size: str, lang: str) -> None:
    api = Api(own_daemon.url)
    names = ["Даша", "Борис", "Zed"]
    banker = names_typed(screens, own_daemon, size, lang, names)
    gender = [banker.get_by_test_id(f"new-game-gender-{i}") for i in range(3)]
    expect(gender[0]).to_have_value("she")
    expect(gender[1]).to_have_value("he")
    expect(gender[2]).to_have_value("not_said")  # a name neither the dictionary nor the list knows
    assert_layout(banker, f"new-game form {size} {lang}")
    gender[1].select_option("not_said")  # the banker's own choice wins over the guess
    gender[2].select_option("she")
    banker.get_by_test_id("new-game-submit").click()
    state = api.wait_state(lambda s: s.get("game") is not None)
    first = json.loads(api.get("/api/log")["entries"][0]["line"])
    kept = {name: first["forms"][name]["gender"] for name in names}
    assert kept == {"Даша": "she", "Борис": None, "Zed": "she"}
    assert first["forms"]["Даша"]["ru"]["gen"] == "Даши" and first["forms"]["Zed"]["ru"] is None
    assert state["forms"] == first["forms"]  # every screen reads the same forms

    table = page(screens, own_daemon, "/", size, lang)
    if lang == "ru":
        expect(table.locator(".no-roll").first).to_have_text("Даша ещё не бросала кубики")
    else:
        expect(table.locator(".no-roll").first).to_contain_text("Даша")


LABEL = {"en": "Pronoun", "ru": "Род"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_the_new_game_form_says_what_the_pronoun_box_is_and_guesses_latin_names(
        screens: Any, own_daemon: Daemon, artifacts: Path, size: str, lang: str) -> None:
    shots = Shots(artifacts, f"newgame-form-{size}-{lang}-", iter(range(1, 50)))
    api = Api(own_daemon.url)
    names = {"Anna": "she", "Boris": "he", "Vera": "she", "Zed": "not_said"}
    banker = names_typed(screens, own_daemon, size, lang, list(names))
    for i, guess in enumerate(names.values()):
        expect(banker.get_by_test_id(f"new-game-gender-{i}")).to_have_value(guess)
        # a word a banker can see beside the box, which is the box's own label
        label = banker.locator(f"label[for=seat-gender-{i}]")
        expect(label).to_be_visible()
        expect(label).to_have_text(LABEL[lang])
        expect(banker.get_by_label(LABEL[lang], exact=True).nth(i)).to_have_value(guess)
    expect(banker.get_by_test_id("new-game-gender-hint")).to_be_visible()
    for i in range(len(names)):
        name, gender, piece = (banker.get_by_test_id(f"new-game-{what}-{i}").bounding_box()
                               for what in ("player", "gender", "token"))
        assert name and gender and piece
        middle = [box["y"] + box["height"] / 2 for box in (name, gender, piece)]
        if size == "tablet":  # one row: name, pronoun, piece
            assert max(middle) - min(middle) < 8, (i, name, gender, piece)
        else:  # the name on its row, the pronoun and the piece together under it
            assert abs(middle[1] - middle[2]) < 8 and middle[0] < min(middle[1:]), (i, name, gender, piece)
    banker.get_by_test_id("new-game-seat-0").scroll_into_view_if_needed()
    shots.take(banker, "players")
    assert_layout(banker, f"new-game form {size} {lang}")
    banker.get_by_test_id("new-game-gender-2").select_option("not_said")  # the banker's choice wins
    banker.get_by_test_id("new-game-submit").click()
    api.wait_state(lambda s: s.get("game") is not None)
    first = json.loads(api.get("/api/log")["entries"][0]["line"])
    kept = {name: first["forms"][name]["gender"] for name in names}
    assert kept == {"Anna": "she", "Boris": "he", "Vera": None, "Zed": None}  # as the form showed
