"""The Banker page's new-game form offers a family's own board (issue 40): with edition files in
the data folder, the form offers the valid ones by their name in the page's language beside
London, lists each file found and why any is refused, and the game it starts is on the board
chosen, carrying the file's content."""

from __future__ import annotations

import json
import shutil
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from companion.rules.edition import edition_json
from tests.browser.support import Api, Daemon
from tests.browser.test_table_experience import banker_page


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
        earlier = api.state()
        before = earlier.get("game")
        banker: Page = banker_page(screens, size, lang)
        section = banker.get_by_test_id("section-new-game")
        if section.count() and section.get_attribute("open") is None:
            section.locator("> summary").click()
        form = banker.get_by_test_id("new-game")
        choice = form.get_by_test_id("new-game-edition")
        expect(choice).to_be_visible()
        expect(choice.locator("option")).to_have_count(len(api.get("/api/rules")["editions"]))
        expect(choice).to_have_value("london")
        expect(form.get_by_test_id("edition-file-broken.json")).to_contain_text("squares[3].house_cost")
        expect(form.get_by_test_id("edition-file-toytown.json")).to_contain_text(shown)
        choice.select_option(label=shown)
        for i, name in enumerate(["Ann", "Bob"]):
            form.get_by_test_id(f"new-game-player-{i}").fill(name)
        form.get_by_test_id("new-game-submit").click()
        if before is not None and not earlier.get("winner"):
            banker.get_by_test_id("confirm-yes").click()
        api.wait_state(lambda s: s.get("game") not in (None, before))
        first = json.loads(api.get("/api/log")["entries"][0]["line"])
        assert first["edition"] == "toytown" and first["board"]["name"]["en"] == "Toytown"
    finally:
        shutil.rmtree(folder)  # the other browser tests' form is London's alone
