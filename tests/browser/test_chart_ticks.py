"""Issue 38, point 6: the chart's turn axis (the Chart page and the end-of-game chart on the Table
page) is labelled at a regular, round step (every turn, or every 2nd, 5th, 10th...) after the
first turn's label, the labels as far apart as their turns (each turn as wide as the next, a turn
that moved no money too), none over another: at 390x844 and 1024x768, in English and Russian,
after a game of 36 turns in which some turns moved no money at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from companion.i18n import LANGUAGES
from tests.browser.support import Api, Shots, player, settle_turn
from tests.browser.test_table_experience import context, open_page, settle

TURNS = 36
DICE = [[1, 2], [2, 3], [3, 4], [1, 3], [2, 4], [1, 5], [4, 5], [3, 5], [2, 6], [1, 4], [3, 6]]
ROUND_STEPS = {m * 10 ** k for k in range(4) for m in (1, 2, 5)}


def play_turns(api: Api, turns: int) -> None:
    """Each player rolls (never doubles) and ends the turn, everything answered plainly."""
    for k in range(turns):
        state = api.state()
        name = state["turn"]
        if player(state, name)["in_jail"]:
            api.must({"do": "pay_jail_fine", "player": name})
        api.must({"do": "roll", "dice": DICE[k % len(DICE)]})
        settle_turn(api, name)
        api.must({"do": "end_turn"})


def regular(ticks: Locator, where: str) -> list[int]:
    """The labels: turn 1 first, then a round step between each and the next; none over another."""
    shown = [int(text) for text in ticks.all_text_contents()]
    assert shown and shown[0] == 1, f"{where}: {shown}"
    rest = shown[1:] if len(shown) > 2 and shown[2] - shown[1] != shown[1] - shown[0] else shown
    steps = {b - a for a, b in zip(rest, rest[1:], strict=False)}
    assert len(steps) == 1 and steps <= ROUND_STEPS, f"{where}: irregular turn labels {shown}"
    step = steps.pop()
    assert all(turn % step == 0 for turn in rest[1:]), f"{where}: {shown}"
    places = ticks.evaluate_all("(els) => els.map((e) => Number(e.getAttribute('x')))")
    gaps = [b - a for a, b in zip(places, places[1:], strict=False)][len(shown) - len(rest):]
    assert max(gaps) - min(gaps) < 1, f"{where}: labels {shown} unevenly spaced: {gaps}"  # as their turns
    boxes = ticks.evaluate_all("(els) => els.map((e) => e.getBoundingClientRect())"
                               ".map((r) => [r.left, r.right])")
    overlap = [(a, b) for a, b in zip(boxes, boxes[1:], strict=False) if a[1] > b[0]]
    assert not overlap, f"{where}: labels overlap {overlap}"
    return shown


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_the_turn_axis_is_labelled_at_a_round_step(screens: Any, api: Api, artifacts: Path,
                                                  size: str, lang: str) -> None:
    shots = Shots(artifacts, f"chart-ticks-{size}-{lang}-", iter(range(1, 9)))
    api.new_game(["Ann", "Bob", "Cat"])
    play_turns(api, TURNS)
    moved = {p["turn"] for p in api.get("/api/chart")["points"]}
    assert len(moved) < TURNS + 1, "every turn moved money: the gaps the axis must bridge are missing"

    shared = context(screens, size, lang)
    chart = open_page(screens, shared, "/chart", lang)
    ticks = chart.get_by_test_id("chart-turn")
    expect(ticks.first).to_have_text("1")
    shown = regular(ticks, f"the Chart page, {size} {lang}")
    assert len(shown) >= 4, shown
    settle(chart)
    shots.take(chart, "chart")

    api.must({"do": "end_game"})
    table = open_page(screens, shared, "/", lang)
    final = table.get_by_test_id("final-chart")
    expect(final.locator("svg.chart-svg")).to_have_count(1)
    final.scroll_into_view_if_needed()
    regular(final.get_by_test_id("chart-turn"), f"the end-of-game chart, {size} {lang}")
    shots.take(table, "end chart")
