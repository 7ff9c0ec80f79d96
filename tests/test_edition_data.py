"""The edition data files agree with RULES.md: London with sections 2 and 3, the US with 3a.

Read as plain JSON, not through the engine, so a typo in the data is caught even while the loader
changes.
"""

import json
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES

LONDON = Path(__file__).parents[1] / "companion/rules/editions/london.json"
US = LONDON.with_name("us.json")

GROUPS = ["brown", "light blue", "pink", "orange", "red", "yellow", "green", "dark blue"]
SQUARE_KINDS = {
    "go", "lot", "station", "utility", "tax", "chance", "community_chest",
    "jail", "free_parking", "go_to_jail",
}
CARD_ACTIONS = {
    "advance_to", "collect", "pay", "repairs", "go_to_jail", "jail_card",
    "back", "back_to", "birthday", "pay_or_draw", "advance_to_nearest", "pay_each_player",
}


@pytest.fixture(scope="module")
def london() -> dict:
    with open(LONDON, encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="module")
def squares(london: dict) -> dict[str, dict]:
    return {sq["id"]: sq for sq in london["squares"]}


def all_cards(london: dict) -> list[tuple[str, int, dict]]:
    return [
        (deck, number, card)
        for deck, body in london["decks"].items()
        for number, card in enumerate(body["cards"], start=1)
    ]


def test_header(london: dict) -> None:
    assert london["id"] == "london"
    assert all(london["name"][lang] for lang in LANGUAGES)
    assert london["station_rents"] == [25, 50, 100, 200]
    assert london["utility_multipliers"] == [4, 10]


def test_groups_in_board_order_with_distinct_patterns(london: dict) -> None:
    assert list(london["groups"]) == GROUPS
    patterns = [g["pattern"] for g in london["groups"].values()]
    assert len(set(patterns)) == len(patterns)
    for group in london["groups"].values():
        assert all(group["name"][lang] for lang in LANGUAGES)
        assert group["colour"].startswith("#") and len(group["colour"]) == 7


def test_forty_squares_with_unique_ids_and_names(london: dict) -> None:
    ids = [sq["id"] for sq in london["squares"]]
    assert len(ids) == 40
    assert len(set(ids)) == 40
    for sq in london["squares"]:
        assert sq["kind"] in SQUARE_KINDS, sq["id"]
        assert all(sq["name"][lang] for lang in LANGUAGES), sq["id"]
    assert london["squares"][0]["id"] == "go"
    assert london["squares"][10]["kind"] == "jail"
    assert london["squares"][30]["kind"] == "go_to_jail"


def test_ownable_squares(london: dict) -> None:
    kinds = [sq["kind"] for sq in london["squares"]]
    assert kinds.count("lot") == 22
    assert kinds.count("station") == 4
    assert kinds.count("utility") == 2
    ownable = [sq for sq in london["squares"] if sq["kind"] in ("lot", "station", "utility")]
    assert len(ownable) == 28
    for sq in london["squares"]:
        if sq["kind"] == "station":
            assert sq["price"] == 200
        if sq["kind"] == "utility":
            assert sq["price"] == 150


def test_lots_have_six_rents_and_a_group_wide_house_cost(london: dict) -> None:
    house_costs: dict[str, set[int]] = {}
    for sq in london["squares"]:
        if sq["kind"] != "lot":
            continue
        assert sq["group"] in GROUPS, sq["id"]
        assert len(sq["rents"]) == 6 and all(isinstance(r, int) for r in sq["rents"]), sq["id"]
        assert sq["rents"] == sorted(sq["rents"]), sq["id"]
        house_costs.setdefault(sq["group"], set()).add(sq["house_cost"])
    assert list(house_costs) == GROUPS
    for group, costs in house_costs.items():
        assert len(costs) == 1, group


def test_taxes(squares: dict[str, dict]) -> None:
    assert squares["income-tax"]["amount"] == 200
    assert squares["income-tax"]["income_tax"] is True
    assert squares["super-tax"]["amount"] == 100
    assert "income_tax" not in squares["super-tax"]


def test_sixteen_cards_per_deck(london: dict) -> None:
    assert list(london["decks"]) == ["chance", "community_chest"]
    for body in london["decks"].values():
        assert all(body["name"][lang] for lang in LANGUAGES)
        assert len(body["cards"]) == 16


def test_every_card_has_both_texts_and_one_known_action(london: dict) -> None:
    for deck, number, card in all_cards(london):
        assert all(card["text"][lang] for lang in LANGUAGES), (deck, number)
        assert len(card["action"]) == 1, (deck, number)
        assert set(card["action"]) <= CARD_ACTIONS, (deck, number)


def test_card_targets_are_real_squares(london: dict, squares: dict[str, dict]) -> None:
    for deck, number, card in all_cards(london):
        action = card["action"]
        for key in ("advance_to", "back_to"):
            if key in action:
                assert action[key] in squares, (deck, number)
        if "pay_or_draw" in action:
            assert action["pay_or_draw"]["deck"] in london["decks"], (deck, number)


def test_spot_checks(london: dict, squares: dict[str, dict]) -> None:
    assert london["squares"][39]["id"] == "mayfair"
    assert squares["mayfair"]["price"] == 400
    assert squares["mayfair"]["rents"] == [50, 200, 600, 1400, 1700, 2000]
    assert squares["vine-street"]["price"] == 200
    assert squares["park-lane"]["house_cost"] == 200
    assert squares["old-kent-road"]["rents"] == [2, 10, 30, 90, 160, 250]

    chance = london["decks"]["chance"]["cards"]
    chest = london["decks"]["community_chest"]["cards"]
    assert chance[8 - 1]["action"] == {"back": 3}
    assert chance[3 - 1]["action"] == {"repairs": {"house": 25, "hotel": 100}}
    assert chance[13 - 1]["action"] == {"advance_to": "marylebone-station"}
    assert chest[1 - 1]["action"] == {"pay_or_draw": {"amount": 10, "deck": "chance"}}
    assert chest[7 - 1]["action"] == {"birthday": 10}
    assert chest[15 - 1]["action"] == {"back_to": "old-kent-road"}
    assert chest[15 - 1]["text"]["ru"] == "Вернитесь на Олд-Кент-роуд."


# ---- the US board (RULES.md 3a) -----------------------------------------------------------------

US_IDS = (
    "go mediterranean-avenue community-chest-1 baltic-avenue income-tax reading-railroad oriental-avenue "
    "chance-1 vermont-avenue connecticut-avenue jail st-charles-place electric-company states-avenue "
    "virginia-avenue pennsylvania-railroad st-james-place community-chest-2 tennessee-avenue "
    "new-york-avenue free-parking kentucky-avenue chance-2 indiana-avenue illinois-avenue "
    "b-and-o-railroad atlantic-avenue ventnor-avenue water-works marvin-gardens go-to-jail pacific-avenue "
    "north-carolina-avenue community-chest-3 pennsylvania-avenue short-line chance-3 park-place "
    "luxury-tax boardwalk"
).split()
NEAREST_RAILROAD = {"advance_to_nearest": {"kind": "station", "rent_times": 2}}
NEAREST_UTILITY = {"advance_to_nearest": {"kind": "utility", "dice_times": 10}}
US_CHANCE = [
    {"advance_to": "boardwalk"}, {"advance_to": "go"}, {"advance_to": "illinois-avenue"},
    {"advance_to": "st-charles-place"}, NEAREST_RAILROAD, NEAREST_RAILROAD, NEAREST_UTILITY,
    {"collect": 50}, {"jail_card": True}, {"back": 3}, {"go_to_jail": True},
    {"repairs": {"house": 25, "hotel": 100}}, {"pay": 15}, {"advance_to": "reading-railroad"},
    {"pay_each_player": 50}, {"collect": 150},
]
US_CHEST = [
    {"advance_to": "go"}, {"collect": 200}, {"pay": 50}, {"collect": 50}, {"jail_card": True},
    {"go_to_jail": True}, {"collect": 100}, {"collect": 20}, {"birthday": 10}, {"collect": 100},
    {"pay": 100}, {"pay": 50}, {"collect": 25}, {"repairs": {"house": 40, "hotel": 115}}, {"collect": 10},
    {"collect": 100},
]


@pytest.fixture(scope="module")
def us() -> dict:
    with open(US, encoding="utf-8") as f:
        return json.load(f)


def test_us_squares_are_londons_index_by_index_with_their_own_names(us: dict, london: dict) -> None:
    assert us["id"] == "us"
    assert us["name"] == {"en": "USA (classic)", "ru": "США (классика)"}
    assert [sq["id"] for sq in us["squares"]] == US_IDS
    assert us["groups"].keys() == london["groups"].keys()
    for ours, theirs in zip(us["squares"], london["squares"], strict=True):
        numbers = {k: v for k, v in theirs.items() if k not in ("id", "name", "cases")}
        assert {k: v for k, v in ours.items() if k not in ("id", "name", "cases")} == numbers, ours["id"]
        assert all(ours["name"][lang] for lang in LANGUAGES), ours["id"]
        assert set(ours["cases"]["ru"]) == {"gen", "dat", "acc", "ins", "pre"}, ours["id"]
    for key in ("station_rents", "utility_multipliers", "pieces"):
        assert us[key] == london[key]
    by_id = {sq["id"]: sq for sq in us["squares"]}
    assert by_id["boardwalk"]["name"]["en"] == "Boardwalk" and by_id["boardwalk"]["price"] == 400
    assert by_id["luxury-tax"]["amount"] == 100 and by_id["income-tax"]["amount"] == 200


def test_us_money_is_dollars(us: dict) -> None:
    assert us["money"] == {"sign": "$", "nouns": {
        "en": {"one": "dollar", "other": "dollars"},
        "ru": {"one": "доллар", "few": "доллара", "many": "долларов", "other": "доллара"}}}


def test_us_decks_in_printed_order(us: dict) -> None:
    assert list(us["decks"]) == ["chance", "community_chest"]
    assert [card["action"] for card in us["decks"]["chance"]["cards"]] == US_CHANCE
    assert [card["action"] for card in us["decks"]["community_chest"]["cards"]] == US_CHEST
    for deck, number, card in all_cards(us):
        assert set(card["action"]) <= CARD_ACTIONS, (deck, number)
        assert all(card["text"][lang] for lang in LANGUAGES), (deck, number)
        assert "£" not in card["text"]["en"] + card["text"]["ru"], (deck, number)
        (value,) = card["action"].values()
        if type(value) is int and "back" not in card["action"]:
            for lang in LANGUAGES:
                assert f"${value}" in card["text"][lang], (deck, number, lang)
