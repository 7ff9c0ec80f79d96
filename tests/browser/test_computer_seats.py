"""Computer players at real seats on the pages (issue 41), at 390×844 and 1024×768 in English and
Russian: the Banker's new-game form marks a seat the computer's at a level, says in a line how
that level plays, and refuses a table of computers alone; the Players panel marks the computer's
seat with its robot and level (and offers no seat panel for it: the table plays it); the Banker's
overview offers the computer's two endings, each asked first, through the engine's commands; the
banker's "act as this player" offers no computer's seat; the Now box answers nothing for it and
the story ends its moves "(computer)"; axe finds nothing serious on the pages that show it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from companion.i18n import LANGUAGES
from tests.browser.layout import assert_layout
from tests.browser.support import PIN, Api, Daemon, Shots
from tests.browser.test_accessibility import harmful, opened
from tests.browser.test_auction_timer import page

SIZES = ["phone", "tablet"]  # 390×844 and 1024×768 (test_table_experience.SIZES)
GAME = {"players": ["Ann", "Robo", "Bea"], "seed": 5, "rules": {"shuffle": False},
        "tokens": {"Ann": "car", "Robo": "dog", "Bea": "hat"}, "computer": {"Robo": "smart"}}
REFUSED = {"en": "At least one player must be a person", "ru": "Хотя бы за одно место должен играть человек"}
HINT = {"en": "Smart: buys nearly everything early", "ru": "Умный: рано покупает почти всё"}
PLAYED_BY = {"en": "Robo is played by the computer: smart", "ru": "За игрока Robo играет компьютер: умный"}


def start(api: Api) -> None:
    """Ann, Robo (the computer, smart) and Bea at the table."""
    status, data = api.request("POST", "/api/games", GAME)
    assert status == 201, data


def banker_page(screens: Any, daemon: Daemon, size: str, lang: str) -> Any:
    banker = page(screens, daemon, "/banker", size, lang)
    banker.get_by_test_id("pin").fill(PIN)
    banker.get_by_test_id("pin-submit").click()
    expect(banker.get_by_test_id("game-status")).to_be_visible()
    return banker


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_form_makes_a_seat_the_computers_and_refuses_only_computers(
        screens: Any, daemon: Daemon, api: Api, artifacts: Any, size: str, lang: str) -> None:
    shots = Shots(artifacts, f"computer-form-{size}-{lang}-", iter(range(1, 50)))
    api.new_game(["Ann", "Bob"])  # a game running: the form asks before replacing it
    before = api.state()["game"]
    banker = banker_page(screens, daemon, size, lang)
    section = banker.get_by_test_id("section-new-game")
    if section.get_attribute("open") is None:  # folded while a game runs
        section.locator("> summary").click()
    for i, name in enumerate(["Ann", "Robo"]):
        banker.get_by_test_id(f"new-game-player-{i}").fill(name)
    hint = banker.get_by_test_id("new-game-level-hint-1")
    expect(hint).to_be_hidden()
    banker.get_by_test_id("new-game-plays-1").select_option("smart")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text(HINT[lang])
    expect(banker.get_by_test_id("new-game-seat-1")).to_have_class("seat is-computer")
    banker.get_by_test_id("new-game-seat-1").scroll_into_view_if_needed()
    shots.take(banker, "a computer seat")
    assert_layout(banker, f"new-game form with a computer seat {size} {lang}")

    banker.get_by_test_id("new-game-plays-0").select_option("simple")
    banker.get_by_test_id("new-game-submit").click()
    expect(banker.get_by_test_id("toast").last).to_contain_text(REFUSED[lang])
    shots.take(banker, "only computers refused")
    assert api.state()["game"] == before  # nothing asked of the server

    banker.get_by_test_id("new-game-plays-0").select_option("")
    banker.get_by_test_id("new-game-submit").click()
    banker.get_by_test_id("confirm-yes").click()
    state = api.wait_state(lambda s: s.get("game") != before)
    assert {p["name"]: p.get("computer") for p in state["players"]} == {"Ann": None, "Robo": "smart"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_players_panel_marks_the_computer_and_offers_no_seat_panel(
        screens: Any, daemon: Daemon, api: Api, artifacts: Any, size: str, lang: str) -> None:
    start(api)
    table = page(screens, daemon, "/", size, lang)
    mark = table.get_by_test_id("computer-Robo")
    expect(mark).to_be_visible()
    expect(mark).to_have_attribute("aria-label", PLAYED_BY[lang])
    expect(table.get_by_test_id("open-seat-Robo")).to_have_count(0)  # no panel: no phone plays it
    expect(table.get_by_test_id("open-seat-Ann")).to_be_visible()
    expect(table.get_by_test_id("computer-Ann")).to_have_count(0)
    table.get_by_test_id("players").scroll_into_view_if_needed()
    Shots(artifacts, f"computer-players-{size}-{lang}-", iter(range(1, 50))).take(table, "players panel")
    assert_layout(table, f"Players panel with a computer {size} {lang}")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_banker_hands_the_computer_over_or_ends_its_seat(
        screens: Any, daemon: Daemon, api: Api, artifacts: Any, size: str, lang: str) -> None:
    shots = Shots(artifacts, f"computer-banker-{size}-{lang}-", iter(range(1, 50)))
    start(api)
    banker = banker_page(screens, daemon, size, lang)
    expect(banker.get_by_test_id("overview-computer-Robo")).to_be_visible()
    expect(banker.get_by_test_id("retire-Ann")).to_have_count(0)
    banker.get_by_test_id("seat-actions-Robo").scroll_into_view_if_needed()
    shots.take(banker, "the computer's actions")
    assert_layout(banker, f"banker overview with a computer {size} {lang}")
    banker.get_by_test_id("hand-over-Robo").click()
    expect(banker.get_by_test_id("confirm")).to_be_visible()
    shots.take(banker, "hand over asked")
    banker.get_by_test_id("confirm-no").click()
    assert api.state()["players"][1].get("computer") == "smart"  # asked first: nothing done
    banker.get_by_test_id("hand-over-Robo").click()
    banker.get_by_test_id("confirm-yes").click()
    api.wait_state(lambda s: "computer" not in s["players"][1])
    expect(banker.get_by_test_id("overview-computer-Robo")).to_have_count(0)
    expect(banker.get_by_test_id("seat-actions-Robo")).to_have_count(0)

    start(api)
    banker.get_by_test_id("retire-Robo").click()
    banker.get_by_test_id("confirm-yes").click()
    api.wait_state(lambda s: s["players"][1]["bankrupt"])
    expect(banker.get_by_test_id("seat-actions-Robo")).to_have_count(0)
    shots.take(banker, "retired")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_banker_pairs_no_screen_to_the_computer(
        screens: Any, daemon: Daemon, api: Api, size: str, lang: str) -> None:
    start(api)
    banker = banker_page(screens, daemon, size, lang)
    banker.goto(f"/player?lang={lang}")  # the banker's own screen: "act as this player"
    expect(banker.locator("[data-test=pair-player] option")).to_have_text(["Ann", "Bea"])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_table_page_answers_nothing_for_the_computer_and_its_story_says_so(
        screens: Any, daemon: Daemon, api: Api, artifacts: Any, size: str, lang: str) -> None:
    start(api)
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "decline"})  # Whitechapel Road at auction: Ann, Robo and Bea may bid
    table = page(screens, daemon, "/", size, lang)
    expect(table.locator('.bid-row[data-bidder="Ann"]')).to_be_visible()
    expect(table.locator('.bid-row[data-bidder="Bea"]')).to_be_visible()
    expect(table.locator('.bid-row[data-bidder="Robo"]')).to_have_count(0)  # the table bids for it
    # The computer plays its own part (companion/table/computer.py): its bid or pass is in the
    # story, marked as the computer's (its items: tests/test_web_computer_seats.py).
    line = table.locator('[data-test=feed-item][data-computer="true"]').first
    expect(line).to_contain_text({"en": "(computer)", "ru": "(компьютер)"}[lang])
    expect(line).to_contain_text("Robo")
    table.get_by_test_id("messages").scroll_into_view_if_needed()
    Shots(artifacts, f"computer-table-{size}-{lang}-", iter(range(1, 50))).take(table, "auction and story")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_computers_marks_and_actions_pass_axe(browser: Any, daemon: Daemon, api: Api, size: str,
                                                  lang: str) -> None:
    start(api)
    found = {}
    for path in ("/", "/banker"):
        shown = opened(browser, daemon, size, lang, path)
        if path == "/banker":  # a computer's seat in the form too, with its level's line
            shown.get_by_test_id("new-game-plays-1").select_option("simple")
        problems = harmful(shown)
        if problems:
            found[path] = problems
        shown.context.close()
    assert not found, "\n".join(f"{path}:\n  " + "\n  ".join(p) for path, p in found.items())
