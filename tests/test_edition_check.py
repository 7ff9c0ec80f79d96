"""The edition checker (RULES.md section 3b): every shipped edition is a playable board, and each
way a family's file can fail is refused with the place in the file (a JSON path) and what is wrong.

Each mutation starts from London as `companion edition show london` prints it, renamed.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Malformed, new_game
from companion.rules.edition import edition_json, load_edition, shipped_editions
from companion.rules.edition_check import Problem, edition_problems

from .examples import examples


def city() -> dict[str, Any]:
    raw = edition_json("london")
    raw["id"] = "toytown"
    raw["name"] = {"en": "Toytown", "ru": "Игрушечный город"}
    return raw


def paths(raw: Any) -> list[str]:
    return [p.path for p in edition_problems(raw)]


def only(raw: Any) -> Problem:
    found = edition_problems(raw)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("edition", shipped_editions())
def test_every_shipped_edition_passes(edition: str) -> None:
    assert edition_problems(edition_json(edition)) == []


def test_a_renamed_london_passes() -> None:
    assert edition_problems(city()) == []


def test_a_group_whose_houses_cost_differently() -> None:
    raw = city()
    raw["squares"][3]["house_cost"] = 60  # Whitechapel Road; Old Kent Road's is 50
    problem = only(raw)
    assert problem.path == "squares[3].house_cost"
    assert "squares[1]" in problem.what and "'brown'" in problem.what and "same" in problem.what


def test_a_rent_list_of_the_wrong_length() -> None:
    raw = city()
    raw["squares"][6]["rents"] = [6, 30, 90, 270, 400]
    problem = only(raw)
    assert problem.path == "squares[6].rents"
    assert "6 positive whole numbers, not 5" in problem.what


def test_a_card_naming_a_square_the_board_lacks() -> None:
    raw = city()
    raw["decks"]["chance"]["cards"][5]["action"] = {"advance_to": "pall-mal"}
    problem = only(raw)
    assert problem.path == "decks.chance.cards[5].action.advance_to"
    assert "'pall-mal'" in problem.what and "lacks" in problem.what


def test_39_squares() -> None:
    raw = city()
    del raw["squares"][20]  # Free Parking
    problem = only(raw)
    assert problem.path == "squares"
    assert "40 squares, this one has 39" in problem.what


def test_two_gos() -> None:
    raw = city()
    raw["squares"][20]["kind"] = "go"
    problem = only(raw)
    assert problem.path == "squares[20].kind"
    assert "second GO" in problem.what


def test_go_not_first() -> None:
    raw = city()
    raw["squares"][0], raw["squares"][20] = raw["squares"][20], raw["squares"][0]
    problem = only(raw)
    assert problem.path == "squares[20].kind"
    assert "GO must be the first square" in problem.what


def test_a_missing_name_in_a_language_it_claims() -> None:
    raw = city()
    del raw["squares"][11]["name"]["ru"]
    problem = only(raw)
    assert problem.path == "squares[11].name.ru"
    assert "'ru'" in problem.what and "missing" in problem.what


def test_every_named_thing_needs_every_language() -> None:
    raw = city()
    raw["name"]["de"] = "Spielstadt"
    found = paths(raw)
    for place in ("squares[0].name.de", "groups.brown.name.de", "decks.chance.name.de",
                  "decks.community_chest.cards[15].text.de", "money.nouns.de"):
        assert place in found
    raw = city()
    raw["pieces"][0] = {"id": "tram", "name": {"en": "tram"}}
    assert paths(raw) == ["pieces[0].name.ru"]


@pytest.mark.parametrize(("change", "place"), [
    (lambda r: r["squares"].__setitem__(30, {**r["squares"][30], "kind": "free_parking"}), "squares"),
    (lambda r: r["squares"][20].__setitem__("kind", "jail"), "squares[20].kind"),
    (lambda r: r["squares"][5].__setitem__("id", "old-kent-road"), "squares[5].id"),
    (lambda r: r["squares"][1].__setitem__("price", 0), "squares[1].price"),
    (lambda r: r["squares"][1]["rents"].__setitem__(2, 30.5), "squares[1].rents[2]"),
    (lambda r: r["squares"][4].__setitem__("amount", -200), "squares[4].amount"),
    (lambda r: r.__setitem__("station_rents", [25, 50, 100]), "station_rents"),
    (lambda r: r.__setitem__("utility_multipliers", [4]), "utility_multipliers"),
    (lambda r: r.pop("money"), "money"),
    (lambda r: r["money"].pop("sign"), "money.sign"),
    (lambda r: r["money"]["nouns"]["ru"].pop("few"), "money.nouns.ru.few"),
    (lambda r: r.__setitem__("pieces", []), "pieces"),
    (lambda r: r["pieces"].append("dog"), "pieces[8]"),
    (lambda r: r["pieces"].append("spaceship"), "pieces[8]"),
    (lambda r: r["decks"]["chance"]["cards"][1].__setitem__("action", {"win": 100}),
     "decks.chance.cards[1].action"),
    (lambda r: r["decks"]["chance"]["cards"][1].__setitem__("action", {"collect": "100"}),
     "decks.chance.cards[1].action.collect"),
    (lambda r: r["decks"]["chance"]["cards"][2].__setitem__("action", {"repairs": {"house": 25}}),
     "decks.chance.cards[2].action.repairs"),
    (lambda r: r["decks"]["community_chest"]["cards"][14].__setitem__("action", {"back_to": "kent"}),
     "decks.community_chest.cards[14].action.back_to"),
    (lambda r: r["squares"][1].__setitem__("group", "beige"), "squares[1].group"),
])
def test_each_refusal_names_its_place(change: Any, place: str) -> None:
    raw = city()
    change(raw)
    assert place in paths(raw)


def test_the_new_card_kinds_in_their_exact_shapes() -> None:
    raw = city()
    cards = raw["decks"]["chance"]["cards"]
    cards[0]["action"] = {"advance_to_nearest": {"kind": "station", "rent_times": 2}}
    cards[1]["action"] = {"advance_to_nearest": {"kind": "utility", "dice_times": 10}}
    cards[2]["action"] = {"pay_each_player": 50}
    assert edition_problems(raw) == []
    cards[0]["action"] = {"advance_to_nearest": {"kind": "station", "dice_times": 2}}
    cards[1]["action"] = {"advance_to_nearest": {"kind": "ferry", "rent_times": 2}}
    cards[2]["action"] = {"pay_each_player": True}
    assert paths(raw) == [f"decks.chance.cards[{n}].action.{kind}" for n, kind in
                          ((0, "advance_to_nearest"), (1, "advance_to_nearest"), (2, "pay_each_player"))]


def test_not_an_object() -> None:
    assert paths([1, 2]) == ["$"]


# ---- one random mutation of a valid edition is refused with a path ------------------------------

def _places(raw: Any, prefix: str = "") -> list[tuple[str, Any, Any]]:
    """Every (path, container, key) of the file's values that the checker reads."""
    out: list[tuple[str, Any, Any]] = []
    items = raw.items() if isinstance(raw, dict) else enumerate(raw)
    for key, value in items:
        if isinstance(key, str) and key in ("colour", "pattern", "cases", "income_tax"):
            continue  # looks only, read by nobody the checker speaks for
        path = f"{prefix}[{key}]" if isinstance(key, int) else (f"{prefix}.{key}" if prefix else key)
        out.append((path, raw, key))
        if isinstance(value, dict | list):
            out.extend(_places(value, path))
    return out


BREAKAGES: list[Any] = [None, -1, 0, "", 2.5, [], {}, "no-such-square"]


@settings(max_examples=examples(150), deadline=None)
@given(st.data())
def test_a_valid_edition_with_one_random_mutation_is_refused_with_a_path(data: st.DataObject) -> None:
    raw = city()
    path, container, key = data.draw(st.sampled_from(_places(raw)))
    before = container[key]
    broken = data.draw(st.sampled_from([b for b in BREAKAGES if b != before and type(b) is not type(before)]
                                       or BREAKAGES[:1]))
    container[key] = broken
    if _harmless(path, before, broken):
        return
    found = edition_problems(raw)
    assert found, f"{path}: {before!r} -> {broken!r} was not refused"
    assert all(p.path and p.what for p in found)
    assert any(p.path == path or p.path.startswith(path) or path.startswith(p.path) for p in found), \
        (path, found)


def _harmless(path: str, before: Any, broken: Any) -> bool:
    """Values the checker rightly takes: a piece name in a language nobody claims, say."""
    return before is broken


# ---- the engine takes a board inline, checked -------------------------------------------------

def test_new_game_plays_an_inline_board_and_refuses_a_bad_one() -> None:
    raw = city()
    raw["squares"][1]["name"] = {"en": "Toy Lane", "ru": "Игрушечный переулок"}
    game = new_game({"do": "new_game", "players": ["Ann", "Bob"], "edition": "toytown", "board": raw})
    assert game.edition.id == "toytown"
    assert game.edition.squares[1].name == "Toy Lane"
    assert game.edition.squares[1].rents == load_edition().squares[1].rents
    bad = copy.deepcopy(raw)
    bad["squares"][3]["house_cost"] = 60
    with pytest.raises(Malformed, match=r"squares\[3\]\.house_cost"):
        new_game({"do": "new_game", "players": ["Ann", "Bob"], "edition": "toytown", "board": bad})
    with pytest.raises(Malformed, match="not 'elsewhere'"):
        new_game({"do": "new_game", "players": ["Ann", "Bob"], "edition": "elsewhere", "board": raw})
    with pytest.raises(Malformed, match="no edition called 'toytown'"):
        new_game({"do": "new_game", "players": ["Ann", "Bob"], "edition": "toytown"})
