"""The debtor's sentence: how much they owe and the quickest ways the rules allow to raise it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.replay import replay
from companion.rules import Legal, view
from companion.rules.raising import quickest

SCRIPTS = Path(__file__).parent / "scripts" / "08-money"
SCRIPT = SCRIPTS / "bankrupt-to-a-player-buildings-sold-to-the-bank-first.jsonl"


def _in_debt() -> dict[str, Any]:
    """Ann, with three houses on each brown street and Piccadilly mortgaged, owes Bob £8 rent."""
    return replay(SCRIPT.read_text(encoding="utf-8").splitlines()[:-1]).state()


def test_a_small_debt_names_the_one_sale_that_covers_it() -> None:
    decision = _in_debt()["decision"]
    assert decision["kind"] == "debt"
    assert decision["advice"]["en"] == (
        "Ann owes £8 to Bob and needs £8 more: selling a building on Old Kent Road raises £25")
    assert "Олд-Кент-роуд" in decision["advice"]["ru"] and "£25" in decision["advice"]["ru"]


def test_the_advice_offers_only_what_the_rules_list_now() -> None:
    result = replay(SCRIPT.read_text(encoding="utf-8").splitlines()[:-1])
    shown = result.state()
    entries = view.legal(result.game)["players"]["Ann"]
    listed = {(e["command"]["do"], e["command"].get("square")) for e in entries}
    assert ("sell_building", "old-kent-road") in listed
    assert ("mortgage", "old-kent-road") not in listed  # built on: not offered, not advised
    assert "mortgag" not in shown["decision"]["advice"]["en"]


def _way(do: str, cash: int, **fields: str) -> Legal:
    return Legal({"do": do, "player": "Ann", **fields}, cash=cash)


def test_a_big_debt_takes_the_biggest_ways_first_and_a_group_once() -> None:
    game = replay(SCRIPT.read_text(encoding="utf-8").splitlines()[:-1]).game
    ways = [_way("sell_all_buildings", 450, group="green"), _way("sell_building", 150, square="bond-street"),
            _way("mortgage", 200, square="mayfair"), _way("mortgage", 60, square="kings-cross-station")]
    chosen = quickest(game, sorted(ways, key=lambda w: -w.cash), 550)
    assert [w.command.get("group") or w.command["square"] for w in chosen] == ["green", "mayfair"]


def test_no_game_without_a_debt_has_advice() -> None:
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()[:3]
    assert "advice" not in (replay(lines).state()["decision"] or {})
