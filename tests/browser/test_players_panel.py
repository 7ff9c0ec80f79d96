"""The Players panel in Russian at a phone's and a laptop's size (issue 23): the board's longest
square names and a jail card held fit, with nothing over anything else and nothing cut.

Seen at 1024×768: "Нортумберленд-авеню" and the "1× освобождение" badge ran into the cash
("ПикадиллиКапитал"). Checked from element boxes (tests/browser/layout.py), on the Table page and
on a phone's Player page, with the old layout put back as the control that the check catches it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import Screens
from .layout import assert_layout, layout_problems
from .support import PIN, Api

NAMES = ["Аня", "Борис", "Вика", "Глеб", "Даша", "Александра"]
PIECES = dict(zip(NAMES, ["car", "dog", "hat", "iron", "ship", "boot"], strict=True))
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1024, "height": 768}}
# The Players panel as it was: a grid whose columns let a long square name run under the worth.
OLD_LAYOUT = """
.player { display: grid !important; grid-template-columns: auto minmax(0, 1fr) auto !important;
  grid-template-areas: "tok name cash" "tok where worth" !important; padding: .3rem !important; }
.player::before, .player::after { display: none !important; }
.player .token { position: static !important; transform: none !important; grid-area: tok; }
.player > .player-name { display: flex !important; grid-area: name; }
.player > .player-cash { grid-area: cash; }
.player-worth { grid-area: worth; }
.player-where { grid-area: where; overflow-wrap: normal !important; }
"""


def longest_squares(api: Api, count: int) -> list[str]:
    """The squares a token can stand on with the longest Russian names (jail shows a badge)."""
    squares = [sq for sq in api.board()["squares"] if sq["kind"] not in ("jail", "go_to_jail")]
    squares.sort(key=lambda sq: -len(sq["name"]["ru"]))
    return [sq["id"] for sq in squares[:count]]


@pytest.fixture
def game(api: Api) -> dict[str, Any]:
    """Six players; Аня draws Chance 7 (Get out of Jail free) and holds it; each token then stands
    on one of the longest-named squares."""
    body = {
        "players": NAMES,
        "seed": 3,
        "tokens": PIECES,
        "rules": {"shuffle": False, "physical_decks": True},
    }
    status, data = api.request("POST", "/api/games", body)
    assert status == 201, data
    api.must({"do": "roll", "dice": [3, 4]})  # GO + 7: Chance
    api.must({"do": "draw", "deck": "chance", "card": 7})
    api.must({"do": "end_turn"})
    for name, square in zip(NAMES, longest_squares(api, len(NAMES)), strict=True):
        api.must({"do": "place", "player": name, "square": square})
    state = api.state()
    assert next(p for p in state["players"] if p["name"] == "Аня")["jail_cards"] == 1
    return state


def player_problems(page: Any) -> list[str]:
    """The layout's problems that touch a player's line, looked at from the top of the page (where
    the sticky header lies over nothing)."""
    page.evaluate("window.scrollTo(0, 0)")
    return [p for p in layout_problems(page) if re.search(r"\[(player|open-seat)-", p)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("path", ["/", "/player"])
def test_long_names_and_a_jail_card_fit(
    screens: Screens, api: Api, game: dict[str, Any], size: str, path: str
) -> None:
    context = screens.browser.new_context(
        base_url=screens.url,
        locale="ru-RU",
        viewport=SIZES[size],
        is_mobile=size == "phone",
        has_touch=size == "phone",
    )
    screens.contexts.append(context)
    if path == "/player":  # Аня's phone: the banker pairs it, as with a player without a token
        answer = context.request.post("/api/pair", data={"player": "Аня"}, headers={"X-Banker-Pin": PIN})
        assert answer.status == 200, answer.text()
    page = screens.open(path, context)
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    rows = page.locator("#players li.player")
    expect(rows).to_have_count(len(NAMES))
    expect(page.get_by_test_id("player-Аня").locator(".badge")).to_have_text("1× освобождение")
    board = api.board()
    where = {sq["id"]: sq["name"]["ru"] for sq in board["squares"]}
    for name, square in zip(NAMES, longest_squares(api, len(NAMES)), strict=True):
        expect(page.get_by_test_id(f"player-{name}").locator(".player-where")).to_have_text(where[square])
    assert_layout(page, f"{path} {size} ru")
    assert not player_problems(page), player_problems(page)
    # Every part of a line lies inside its line's box, and the lines inside the panel.
    for test in [f"player-{name}" for name in NAMES]:
        line = page.get_by_test_id(test).bounding_box()
        panel = page.locator("#players").bounding_box()
        assert line and panel
        assert line["x"] >= panel["x"] - 1 and line["x"] + line["width"] <= panel["x"] + panel["width"] + 1
        for part in (
            page.get_by_test_id(test)
            .locator(".name-text, .badge, .player-cash, .player-where, .player-worth")
            .all()
        ):
            box = part.bounding_box()
            assert box, (test, part.inner_text())
            assert box["x"] >= line["x"] - 1 and box["x"] + box["width"] <= line["x"] + line["width"] + 1, (
                test,
                part.inner_text(),
                box,
                line,
            )


def test_the_check_catches_the_old_layout(screens: Screens, api: Api, game: dict[str, Any]) -> None:
    """The control: with the old grid put back, the laptop's panel has text over text."""
    context = screens.browser.new_context(base_url=screens.url, locale="ru-RU", viewport=SIZES["laptop"])
    screens.contexts.append(context)
    page = screens.open("/", context)
    expect(page.locator("#players li.player")).to_have_count(len(NAMES))
    assert not player_problems(page)
    page.add_style_tag(content=OLD_LAYOUT)
    page.wait_for_timeout(100)
    problems = player_problems(page)
    assert any("text over text" in p and "player-where" in p for p in problems), problems
