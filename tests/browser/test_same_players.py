"""After the last game, at a restart and after (issue 38, item 5): the table switched off with the
game just finished shows that game's result again when it comes back (the winner, the final
standings), not "No game is running"; and the Banker page's new-game form fills itself with the
last game's players in one touch, "Same players again": names in their order, genders and pieces,
at 390x844 and 1024x768, in English and in Russian."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_layout
from tests.browser.support import Api, Daemon, Shots
from tests.browser.test_auction_timer import PIN, page
from tests.browser.test_newgame_genders import own_daemon  # noqa: F401 - the fixture (a daemon to restart)

FAMILY = {"players": ["Даша", "Борис", "Ann"], "seed": 7, "rules": {"shuffle": False},
          "tokens": {"Даша": "ship", "Борис": "hat", "Ann": "car"},
          "genders": {"Даша": "she", "Борис": "he", "Ann": "she"}}
AGAIN = {"en": "Same players again", "ru": "Снова те же игроки"}


@pytest.mark.parametrize(("size", "lang"), [
    ("phone", "ru"), ("tablet", "en"), ("phone", "en"), ("tablet", "ru")])
def test_a_finished_game_survives_a_restart_and_its_players_play_again(
        screens: Any, own_daemon: Daemon, shots: Shots, size: str, lang: str) -> None:  # noqa: F811
    api = Api(own_daemon.url)
    status, created = api.request("POST", "/api/games", FAMILY)
    assert status == 201, created
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "buy"})
    result = api.must({"do": "end_game"})
    assert result["winner"] and len(result["ranking"]) == 3

    assert own_daemon.stop() == 0  # the table switched off, and on again
    own_daemon.start()
    own_daemon.wait_serving()
    table = page(screens, own_daemon, "/", size, lang)
    expect(table.get_by_test_id("winner-title")).to_contain_text(result["winner"])
    expect(table.get_by_test_id("final-ranking").locator("li")).to_have_count(3)
    shots.take(table, f"result after a restart {size} {lang}")

    banker = page(screens, own_daemon, "/banker", size, lang)
    banker.get_by_test_id("pin").fill(PIN)
    banker.get_by_test_id("pin-submit").click()
    again = banker.get_by_test_id("same-players")
    expect(again).to_have_text(AGAIN[lang])
    again.click()
    names = FAMILY["players"]
    for i, name in enumerate(names):
        expect(banker.get_by_test_id(f"new-game-player-{i}")).to_have_value(name)
        expect(banker.get_by_test_id(f"new-game-gender-{i}")).to_have_value(FAMILY["genders"][name])
        expect(banker.get_by_test_id(f"new-game-token-{i}")).to_have_value(FAMILY["tokens"][name])
    expect(banker.get_by_test_id("new-game-player-3")).to_have_count(0)
    assert_layout(banker, f"same players again {size} {lang}")
    banker.get_by_test_id("new-game-player-0").scroll_into_view_if_needed()
    shots.take(banker, f"same players again {size} {lang}")

    banker.get_by_test_id("new-game-submit").click()
    state = api.wait_state(lambda s: s.get("game") not in (None, created["game"]))
    assert [p["name"] for p in state["players"]] == names and state["winner"] is None
    assert api.get("/api/pieces")["pieces"] == FAMILY["tokens"]
    assert {name: state["forms"][name]["gender"] for name in names} == FAMILY["genders"]
    expect(table.get_by_test_id("winner-title")).to_be_hidden()  # the new game, on the Table page
