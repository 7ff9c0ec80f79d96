"""Win chances on the screens (issue 22, item 7): a bankrupt player's bar goes the moment the table
says they are out (not when the next figure is worked out), the bar says after whose turn its
figure is and how many turns ago, and the banker's switch hides the chances on the Table page
(and its trade advice); and the game review of five players with long names fits the screen."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.layout import assert_layout
from tests.browser.support import Api, Shots
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


def test_the_reviews_key_wraps_for_five_players_with_long_names(screens: Any, api: Api, shots: Shots) -> None:
    """The review's key names every player beside their colour: five long names wrap onto more
    lines in the Table page's side column rather than push the page sideways (a Russian whole game
    of five once scrolled the Table page at 1024 to 1,181 pixels at its end). The review is given
    to the page as GET /api/odds would (its shape: companion/odds/live.py), so that no odds
    worker has to play it out on a busy machine."""
    names = ["Александра", "Константин", "Маргарита", "Вениамин", "Елизавета"]
    status, started = api.request("POST", "/api/games", {
        "players": names, "seed": 7, "rules": {"shuffle": False},
        "tokens": dict(zip(names, ("car", "dog", "hat", "iron", "ship"), strict=True))})
    assert status == 201, started
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "buy"})
    api.must({"do": "end_turn"})
    api.must({"do": "end_game"})
    game = api.state()["game"]
    even = {name: 0.2 for name in names}
    points = [{"turn": turn, "player": names[turn - 1] if turn else None, "length": 2 * turn + 1,
               "samples": 1000, "undecided": 0, "seconds": 1, "over": turn == 2,
               "chances": even if turn < 2 else {name: float(name == "Константин") for name in names},
               "interval": {name: [0.18, 0.22] for name in names}} for turn in range(3)]
    moments = [{"turn": 2, "player": "Константин", "who": "Александра", "swing": 0.2,
                "events": [{"en": "The game is over", "ru": "Игра окончена"}],
                "change": {name: [0.2, points[2]["chances"][name]] for name in names}}]

    def with_review(route: Any) -> None:
        answer = route.fetch()
        data = answer.json()
        if data.get("game") == game:
            data.update(latest=points[-1], history=points, review={"points": points, "moments": moments})
        route.fulfill(response=answer, json=data)

    context = screens.context()
    context.route("**/api/odds", with_review)
    table = screens.open("/?lang=ru", context)
    for width, height in ((1024, 768), (390, 844)):
        table.set_viewport_size({"width": width, "height": height})
        chart = table.get_by_test_id("odds-chart")
        expect(chart).to_be_visible()
        for name in names:
            expect(chart.locator(".odds-key", has_text=name)).to_be_visible()
        expect(table.get_by_test_id("odds-moments")).to_contain_text("Александра: с 20")
        assert_layout(table, f"the review of five at {width}")  # nothing sideways, nothing off the screen
        chart.scroll_into_view_if_needed()
        shots.take(table, f"the review of five at {width}")
