"""Win chances on the screens (issue 22, item 7): a bankrupt player's bar goes the moment the table
says they are out (not when the next figure is worked out), the bar says after whose turn its
figure is and how many turns ago, and the banker's switch hides the chances on the Table page
(and its trade advice)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.support import Api
from tests.browser.test_table_experience import banker_page


def test_a_bankrupt_is_gone_at_once_the_age_is_said_and_the_table_can_hide_them(
        screens: Any, api: Api) -> None:
    api.new_game(["Ann", "Bob", "Cat"])
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "buy"})  # Whitechapel Road, Ann's
    api.must({"do": "end_turn"})
    # The figure after Ann's turn, as the odds would give it: the real workers, niced to the idle
    # class, get no processor on a machine this busy, so GET /api/odds answers as the table does
    # with this figure added (the server's own dropping of the bankrupt is tests/test_odds_standing.py;
    # this is the screen's, from the state alone, before any new figure).
    game = api.state()["game"]
    point = {"turn": 1, "player": "Ann", "length": 4, "samples": 1000, "undecided": 0, "seconds": 1,
             "chances": {"Ann": 0.31, "Bob": 0.38, "Cat": 0.31}, "over": False,
             "interval": {"Ann": [0.28, 0.34], "Bob": [0.35, 0.41], "Cat": [0.28, 0.34]}}

    def with_figure(route: Any) -> None:
        answer = route.fetch()
        data = answer.json()
        if data.get("game") == game and not data.get("latest"):
            data.update(latest=point, history=[point])
        route.fulfill(response=answer, json=data)

    context = screens.context()
    context.route("**/api/odds", with_figure)
    table = screens.open("/", context)
    expect(table.get_by_test_id("odds-Bob")).to_be_visible()  # the control: Bob is in, at 38 %
    age = table.get_by_test_id("odds-age")
    expect(age).to_contain_text("After Ann's turn")
    expect(age).to_have_attribute("data-ago", "0")

    # Bob, down to £1, lands on Whitechapel Road and goes bankrupt to Ann: his bar goes at once.
    api.must({"do": "adjust", "from": "Bob", "to": "bank", "amount": 1499})
    api.must({"do": "place", "player": "Bob", "square": "old-kent-road"})
    api.must({"do": "roll", "dice": [1, 1]})
    api.must({"do": "bankrupt", "player": "Bob"})
    # No new figure comes before the next end of turn: the bar goes from the state alone.
    expect(table.get_by_test_id("odds-Bob")).to_have_count(0)
    expect(table.get_by_test_id("odds-gone")).to_contain_text("Bob out")
    shares = [float(table.get_by_test_id(f"odds-{n}").get_attribute("data-chance") or -1)
              for n in ("Ann", "Cat")]
    assert abs(sum(shares) - 1) < 0.01, shares

    # The banker hides the chances on the shared screen, kept by the table.
    banker = banker_page(screens, "tablet", "en")
    switch = banker.get_by_test_id("odds-shared")
    expect(switch).to_be_checked()
    switch.uncheck()
    expect(table.get_by_test_id("odds-hidden")).to_be_visible()
    expect(table.get_by_test_id("odds-bars")).to_have_count(0)
    table.reload()  # kept by the table, not by this screen
    expect(table.get_by_test_id("odds-hidden")).to_be_visible()
    table.get_by_test_id("lang-ru").click()
    expect(table.get_by_test_id("odds-hidden")).to_contain_text("скрыты")
    switch.check()
    expect(table.get_by_test_id("odds-bars")).to_be_visible()
    assert api.get("/api/odds")["shared"] is True
