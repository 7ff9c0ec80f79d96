"""The Banker page's new-game form offers a family's own board (issue 40): with edition files in
the data folder, the form offers the valid ones by their name in the page's language beside
London, lists each file found and why any is refused, and the game it starts is on the board
chosen, carrying the file's content."""

from __future__ import annotations

import json
import shutil
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.rules.edition import edition_json
from tests.browser.support import Api, Daemon
from tests.browser.test_new_game_rules import new_game_form, start_ann_and_bob


@pytest.mark.parametrize(("size", "lang", "shown"),
                         [("tablet", "en", "Toytown"), ("phone", "ru", "Игрушечный город")])
def test_the_form_offers_the_familys_board_and_says_why_a_file_is_refused(
        screens: Any, api: Api, daemon: Daemon, size: str, lang: str, shown: str) -> None:
    folder = daemon.data / "editions"
    folder.mkdir(exist_ok=True)
    board = edition_json("london")
    board["id"], board["name"] = "toytown", {"en": "Toytown", "ru": "Игрушечный город"}
    (folder / "toytown.json").write_text(json.dumps(board), encoding="utf-8")
    board["squares"][3]["house_cost"] = 60
    board["id"] = "broken"
    (folder / "broken.json").write_text(json.dumps(board), encoding="utf-8")
    try:
        banker, form = new_game_form(screens, size, lang)
        choice = form.get_by_test_id("new-game-edition")
        expect(choice).to_be_visible()
        expect(choice.locator("option")).to_have_count(len(api.get("/api/rules")["editions"]))
        # the board of the game the table holds (the form follows it until the banker picks one)
        held = api.state().get("edition") or "london"
        expect(choice).to_have_value(held)
        expect(form.get_by_test_id("edition-file-broken.json")).to_contain_text("squares[3].house_cost")
        expect(form.get_by_test_id("edition-file-toytown.json")).to_contain_text(shown)
        # the form is drawn again with the board's pieces once GET /api/rules answers: the names
        # are typed into that form, not into the one it replaces
        with banker.expect_response(lambda r: "/api/rules?edition=toytown" in r.url):
            choice.select_option(label=shown)
        expect(choice).to_have_value("toytown")
        _state, first = start_ann_and_bob(api, banker, form)
        assert first["edition"] == "toytown" and first["board"]["name"]["en"] == "Toytown"
    finally:
        shutil.rmtree(folder)  # the other browser tests' form is London's alone
