"""The Russian forms of names (companion/i18n/grammar.py): players' genders and cases guessed by
pymorphy3, squares' cases kept in the edition data, and both carried by the game from its new_game
line (docs/TABLE-SCRIPT.md `forms`), so a replay names everyone as the live game did."""

from __future__ import annotations

import json
from pathlib import Path

import pymorphy3
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.i18n.edition_cases import rewrite, square_cases
from companion.i18n.grammar import CASES, forms_for, name_forms, phrase_cases
from companion.i18n.latin_names import latin_gender
from companion.rules import Malformed, load_edition, new_game
from companion.rules.snapshot import restore, snapshot
from tests.web_support import BANKER, Rig, rig_fixture

LONDON = Path(__file__).parents[1] / "companion/rules/editions/london.json"
MORPH = pymorphy3.MorphAnalyzer()


def analysed(word: str, case: str) -> bool:
    """pymorphy3's own reading of a word: is it this (OpenCorpora) case of some noun?"""
    return any(case in p.tag for p in MORPH.parse(word))


@pytest.mark.parametrize(("name", "gender", "acc", "gen"), [
    ("Аня", "she", "Аню", "Ани"), ("Даша", "she", "Дашу", "Даши"), ("Вика", "she", "Вику", "Вики"),
    ("Борис", "he", "Бориса", "Бориса"), ("Глеб", "he", "Глеба", "Глеба"),
])
def test_a_known_name_has_its_gender_and_its_cases(name: str, gender: str, acc: str, gen: str) -> None:
    forms = name_forms(name)
    assert forms.gender == gender
    assert forms.cases is not None and forms.cases["acc"] == acc and forms.cases["gen"] == gen
    for key, grammeme in CASES.items():
        assert analysed(forms.cases[key], grammeme), (name, key, forms.cases[key])


@pytest.mark.parametrize("name", ["Ann", "Бобик", "Маша Петрова", "Ксюха123", "Zoë", "Шмыг"])
def test_a_name_the_dictionary_does_not_know_as_a_first_name_stays_nominative(name: str) -> None:
    assert name_forms(name).cases is None
    assert name_forms(name).gender is None


def test_a_name_of_either_gender_is_declined_but_says_no_gender() -> None:
    forms = name_forms("Саша")
    assert forms.gender is None
    assert forms.cases is not None and forms.cases["dat"] == "Саше"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_name_gives_an_answer_in_shape_and_never_fails(name: str) -> None:
    forms = name_forms(name)
    assert forms.gender in (None, "she", "he")
    assert forms.cases is None or set(forms.cases) == set(CASES) and all(forms.cases.values())


def test_the_new_game_form_choice_wins_over_the_guess() -> None:
    forms = forms_for(["Аня", "Борис", "Ann"], {"Аня": "not_said", "Ann": "she"})
    assert forms["Аня"]["gender"] is None and forms["Аня"]["ru"]["dat"] == "Ане"  # cases kept
    assert forms["Борис"]["gender"] == "he"  # not chosen: guessed
    assert forms["Ann"] == {"gender": "she", "ru": None}


# ---- squares ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "acc", "gen"), [
    ("Электрическая компания", "Электрическую компанию", "Электрической компании"),
    ("Подоходный налог", "Подоходный налог", "Подоходного налога"),
    ("Станция Кингс Кросс", "Станцию Кингс Кросс", "Станции Кингс Кросс"),
    ("Свободная парковка", "Свободную парковку", "Свободной парковки"),
    ("Трафальгарская площадь", "Трафальгарскую площадь", "Трафальгарской площади"),
    ("Олд-Кент-роуд", None, None),  # a foreign street name is not declined
    ("Парк-лейн", None, None),  # nor this one, which the dictionary would read as a Russian park
])
def test_a_square_name_is_declined_in_agreement(name: str, acc: str | None, gen: str | None) -> None:
    cases = phrase_cases(name)
    if acc is None:
        assert cases is None and square_cases(name) == dict.fromkeys(CASES, name)
    else:
        assert cases is not None and cases["acc"] == acc and cases["gen"] == gen


def test_the_edition_keeps_every_squares_cases_as_worked_out() -> None:
    text = LONDON.read_text(encoding="utf-8")
    assert rewrite(text) == text, "run python -m companion.i18n.edition_cases"
    board = load_edition("london")
    for square in board.squares:
        assert square.cases is not None and set(square.cases["ru"]) == set(CASES), square.id
    assert board.square("electric-company").cases["ru"]["acc"] == "Электрическую компанию"


def test_a_renamed_square_is_caught() -> None:
    """The positive control of the test above: the stored cases go stale with the name."""
    text = LONDON.read_text(encoding="utf-8").replace('"ru": "Водопровод"', '"ru": "Водокачка"', 1)
    assert rewrite(text) != text


# ---- kept in the game ------------------------------------------------------------------------


def test_the_forms_ride_in_the_new_game_line_and_the_snapshot() -> None:
    forms = forms_for(["Аня", "Борис"])
    game = new_game({"do": "new_game", "players": ["Аня", "Борис"], "forms": forms})
    assert game.forms == forms
    assert restore(json.loads(json.dumps(snapshot(game)))).forms == forms
    assert new_game({"do": "new_game", "players": ["Аня", "Борис"]}).forms == {"Аня": {}, "Борис": {}}


@pytest.mark.parametrize("forms", [
    {"Вика": {"gender": "she", "ru": None}},  # not playing
    {"Аня": {"gender": "female"}},
    {"Аня": {"gender": "she", "ru": {"gen": "Ани"}}},
    {"Аня": {"gender": "she", "ru": None, "extra": 1}},
    ["Аня"],
])
def test_forms_of_another_shape_cannot_start_a_game(forms: object) -> None:
    with pytest.raises(Malformed):
        new_game({"do": "new_game", "players": ["Аня", "Борис"], "forms": forms})


@pytest.fixture
def rig(tmp_path: Path):
    yield from rig_fixture(tmp_path)


def test_the_banker_page_asks_the_guess_of_a_name(rig: Rig) -> None:
    answer = rig.client().get("/api/names/Даша", headers=BANKER)
    assert answer.status_code == 200
    assert answer.json["gender"] == "she" and answer.json["ru"]["acc"] == "Дашу"
    unknown = rig.client().get("/api/names/Zed", headers=BANKER).json
    assert unknown["gender"] is None and unknown["ru"] is None


@pytest.mark.parametrize(("name", "gender"), [
    ("Anna", "she"), ("boris", "he"), (" Vera ", "she"), ("Emma", "she"), ("James", "he"),
    ("Alex", None), ("Sasha", None), ("Zed", None),  # worn by either, or no common name: no guess
])
def test_a_latin_script_name_gets_the_guess_of_the_common_names_list(rig: Rig, name: str,
                                                                     gender: str | None) -> None:
    said = rig.client().get(f"/api/names/{name}", headers=BANKER).json
    assert (said["gender"], said["ru"]) == (gender, None)  # a guess for the form; never declined


def test_the_common_names_list_guesses_only_for_the_form() -> None:
    """A game started without the form (a table script, the API without genders) keeps a Latin
    name's gender unsaid, as it always has: the list's guess is for the banker to see first."""
    assert latin_gender("Anna") == "she"
    assert forms_for(["Anna"])["Anna"]["gender"] is None


def test_a_new_game_keeps_the_chosen_and_the_guessed_genders(rig: Rig) -> None:
    body = {"players": ["Аня", "Глеб", "Ann"], "genders": {"Ann": "he"}}
    assert rig.client().post("/api/games", json=body, headers=BANKER).status_code == 201
    store = rig.table.store
    assert store is not None
    forms = store.game.forms
    assert [forms[name]["gender"] for name in ("Аня", "Глеб", "Ann")] == ["she", "he", "he"]
    first = json.loads(store.effective[0][0])  # the stored new_game line: a replay reads these
    assert first["forms"] == forms
    script = rig.client().get(f"/api/export/{store.game_id}.jsonl", headers=BANKER).get_data(as_text=True)
    assert new_game(json.loads(script.splitlines()[0])).forms == forms


def test_a_gender_of_another_kind_starts_nothing(rig: Rig) -> None:
    body = {"players": ["Аня", "Глеб"], "genders": {"Аня": "female"}}
    answer = rig.client().post("/api/games", json=body, headers=BANKER)
    assert answer.status_code == 400 and answer.json["error"]
    assert rig.table.store is None
