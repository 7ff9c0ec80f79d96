"""Russian sentences agree with the players they name (issue 23): for Аня and Даша (she), Борис
and Глеб (he), Саша (declined, gender not said) and Ann (a name the dictionary does not know),
every verb or short adjective a sentence gives its player is in that player's gender, checked
against pymorphy3's own analysis of the word used, and a gender-free sentence for the players
whose gender is not said; every name after a preposition is in a case the preposition takes. And a
stored game, replayed, words everything the same."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fluent.syntax import ast, parse
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import i18n
from companion.i18n.grammar import forms_for
from companion.i18n.persons import CASE_KEYS, person, square
from companion.rules import Text, load_edition, new_game, state
from companion.simulate.play import SEAT_NAMES, play_game
from companion.web.story import event_words, story_items
from tests.russian_words import agreeing_words, lemma, preposition_faults, square_forms
from tests.web_support import BANKER, Rig, rig_fixture

BOARD = load_edition("london")
SQUARES = (BOARD.square("electric-company"), BOARD.square("kings-cross-station"), BOARD.square("mayfair"))

SHE, HE, SAID_NOT, UNKNOWN = ("Аня", "Даша"), ("Борис", "Глеб"), ("Саша", "Женя"), ("Ann", "Zed")
PLAYERS = [*SHE, *HE, SAID_NOT[0], UNKNOWN[0]]
PEOPLE = forms_for([*SHE, *HE, *SAID_NOT, *UNKNOWN, "Вика"])
GENDER_OF = {name: PEOPLE[name]["gender"] for name in PEOPLE}

# A message's variables that are players, and those that are squares (the rest get a number).
PERSON_VARS = {"player", "other", "tapped", "payer", "holder", "owner", "from", "to"}
SQUARE_VARS = {"square", "lot", "other_square"}


def name_forms(name: str) -> set[str]:
    cases = PEOPLE[name]["ru"] or {}
    return {name, *cases.values()}


def args_for(message: str, names: tuple[str, ...]) -> dict[str, Any]:
    """Values for every variable of a Russian message: the players (one name per player variable,
    in order), the squares, a number for the rest."""
    values: dict[str, Any] = {}
    people = iter(names * 4)
    for var in ru_variables(message):
        base = base_of(var)
        if base in values:
            continue
        if base in PERSON_VARS:
            values.update(person(base, next(people), "ru", PEOPLE))
        elif base in SQUARE_VARS:
            sq = SQUARES[len(values) % len(SQUARES)]
            values.update(square(base, sq.names["ru"], sq.cases, "ru"))
        else:
            values[base] = 2
    return values


@cache
def _ru_messages() -> dict[str, ast.Message]:
    resource = parse(i18n.ftl_path("ru").read_text(encoding="utf-8"))
    return {m.id.name: m for m in resource.body if isinstance(m, ast.Message) and m.value is not None}


def ru_variables(message: str) -> list[str]:
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, ast.VariableReference) and node.id.name not in out:
            out.append(node.id.name)
        if isinstance(node, ast.BaseNode):
            for value in vars(node).values():
                for child in value if isinstance(value, list) else [value]:
                    walk(child)

    walk(_ru_messages()[message].value)
    return out


def base_of(var: str) -> str:
    """The variable a form stands for: "player_gen", "square_gender" → "player", "square"."""
    return re.sub(r"_(gender|" + "|".join(CASE_KEYS) + ")$", "", var)


def about_players(message: str) -> bool:
    return any(base_of(v) in PERSON_VARS for v in ru_variables(message))


MESSAGES = sorted(m for m in _ru_messages() if about_players(m) and not m.startswith("grammar-"))


def about_squares(message: str) -> bool:
    return any(base_of(v) in SQUARE_VARS for v in ru_variables(message))


# The sentences that name a square but no player ("Касание фишки — ставка на аукционе за …").
SQUARE_MESSAGES = sorted(m for m in _ru_messages() if about_squares(m) and not about_players(m)
                         and not m.startswith("grammar-"))


def said(message: str, names: tuple[str, ...]) -> str:
    return i18n.say("ru", message, args_for(message, names))


def faults(message: str) -> list[str]:
    """What is wrong with one message about players, rendered for each kind of player."""
    out: list[str] = []
    rendered = {kind: said(message, names) for kind, names in
                (("she", SHE), ("he", HE), ("not said", SAID_NOT), ("unknown", UNKNOWN))}
    every_name = {f for n in PEOPLE for f in name_forms(n)}
    words = {kind: agreeing_words(text, every_name) for kind, text in rendered.items()}
    fixed = set(words["she"]) & set(words["he"]) & set(words["not said"])  # about someone else
    for kind, want in (("she", "femn"), ("he", "masc")):
        for word, gender in words[kind]:
            if (word, gender) not in fixed and gender != want:
                out.append(f"{message} ({kind}): «{word}» in «{rendered[kind]}»")
    # Without a gender, no word of those that agree with the player in the sentences with one
    # ("должен", "бросала"): a gender-free sentence, not one of the two with its gender guessed.
    agreeing = {lemma(word) for kind in ("she", "he") for word, _ in set(words[kind]) - fixed}
    for kind in ("not said", "unknown"):
        for word, _gender in words[kind]:
            if lemma(word) in agreeing:
                out.append(f"{message} ({kind}): «{word}» in «{rendered[kind]}»")
    for kind, names in (("she", SHE), ("he", HE), ("not said", SAID_NOT)):
        out += case_faults(rendered[kind], names, message, kind)
    if UNKNOWN[0] not in re.findall(r"\w+", rendered["unknown"]):  # not declined: kept as written
        out.append(f"{message}: a name that is not declined is not kept as written: «{rendered['unknown']}»")
    return out


def case_faults(text: str, names: tuple[str, ...], message: str, kind: str) -> list[str]:
    """A name (or the "игрок" a name that is not declined stands after) right after a preposition
    must be in a case the preposition takes."""
    forms = {f for n in names for f in name_forms(n)} | square_forms(SQUARES)
    return [f"{message} ({kind}): {fault} in «{text}»" for fault in preposition_faults(text, forms)]


def test_the_checker_finds_what_the_issue_found() -> None:
    """The positive control: the sentences the issue quotes fail the checks above."""
    names = {f for n in PEOPLE for f in name_forms(n)}
    assert agreeing_words("Аня ещё не бросал кубики", names) == [("бросал", "masc")]
    assert agreeing_words("Даша должен £550", names) == [("должен", "masc")]
    assert agreeing_words("Аня ещё не бросала кубики", names) == [("бросала", "femn")]
    assert case_faults("Борис принимает сделку от Вика", ("Вика",), "x", "she")
    assert not case_faults("Борис принимает сделку от Вики", ("Вика",), "x", "she")
    assert case_faults("Аукцион за Электрическая компания", (), "x", "she")
    assert case_faults("Аня платит за «Электрическая компания»", (), "x", "she")
    # A preposition governs the word right after it, not the name that opens the next sentence.
    assert not case_faults("Даша получает Парк-лейн за £420. Даша: с 10 % до 80 %", ("Даша",), "x", "she")


def test_the_messages_about_players_are_many() -> None:
    """Not vacuous: the engine's, the story's, the table's and the pages' sentences are all here."""
    prefixes = {m.split("-")[0] for m in MESSAGES}
    assert {"rules", "story", "table", "page"} <= prefixes
    assert len(MESSAGES) > 100


@pytest.mark.parametrize("message", MESSAGES)
def test_every_sentence_about_a_player_agrees_and_declines(message: str) -> None:
    assert faults(message) == []


@pytest.mark.parametrize(("key", "values", "expected"), [
    ("trade.accepts", ("Борис", "Вика"), "Борис принимает сделку от Вики"),
    ("roll.third_doubles", ("Аня",), "Аня трижды выбросила дубль"),
    ("roll.third_doubles", ("Глеб",), "Глеб трижды выбросил дубль"),
    ("roll.third_doubles", ("Ann",), "У игрока Ann трижды дубль"),
    ("turn.next", ("Даша",), "Ход Даши"),
    ("turn.next", ("Ann",), "Ход игрока Ann"),
    ("auction.bids", ("Аня", 50, BOARD.square("electric-company")),
     "Аня ставит £50 за Электрическую компанию"),
    ("correct.placed", ("Аня", BOARD.square("go")), "Банкир ставит Аню на клетку Старт"),  # seen on the Table
])
def test_the_issues_own_examples(key: str, values: tuple[Any, ...], expected: str) -> None:
    people = forms_for(["Аня", "Даша", "Борис", "Глеб", "Вика", "Ann"])
    assert Text(key, *values).words("ru", people) == expected


@pytest.mark.parametrize("message", SQUARE_MESSAGES)
def test_every_sentence_about_a_square_declines_it(message: str) -> None:
    text = said(message, SHE)
    assert case_faults(text, (), message, "square") == []


def test_the_square_check_catches_a_square_left_in_the_nominative() -> None:
    assert "table-taps-next_bid" in SQUARE_MESSAGES
    assert case_faults("Касание фишки — ставка на аукционе за Электрическая компания", (), "x", "square")


def test_the_pages_say_it_too() -> None:
    values = person("player", "Даша", "ru", PEOPLE)
    assert i18n.say("ru", "page-player-bankrupt_confirm", values).startswith("Объявить Дашу банкротом?")
    assert i18n.say("ru", "page-table-not_rolled", person("player", "Аня", "ru", PEOPLE)) == \
        "Аня ещё не бросала кубики"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(MESSAGES), st.sampled_from(PLAYERS))
def test_english_is_the_same_for_every_gender(message: str, name: str) -> None:
    """English has no agreement to make: the forms change nothing but the name."""
    english = message if i18n.has(message, "en") else None
    if english is None:
        return
    values = {k: v for k, v in args_for(message, (name,)).items()}
    for var in list(values):
        if var.endswith("_gender"):
            values[var] = "she"
    she = i18n.say("en", message, values)
    for var in list(values):
        if var.endswith("_gender"):
            values[var] = "he"
    assert i18n.say("en", message, values) == she


# ---- whole games -------------------------------------------------------------------------------


RENAMED = dict(zip(SEAT_NAMES, [*SHE, *HE, UNKNOWN[0]], strict=False))


def renamed(value: Any) -> Any:
    if isinstance(value, str):
        return RENAMED.get(value, value)
    if isinstance(value, list):
        return [renamed(v) for v in value]
    if isinstance(value, dict):
        return {renamed(k): renamed(v) for k, v in value.items()}
    return value


def script_of(seed: int, rules: dict[str, Any]) -> list[dict[str, Any]]:
    played = play_game(5, seed, rules=rules, record=True, turn_cap=300)
    assert played.script is not None
    lines = [renamed(line) for line in played.script]
    lines[0]["forms"] = forms_for(lines[0]["players"])
    return lines


def told(lines: list[dict[str, Any]]) -> Iterator[tuple[str, str]]:
    """Every Russian sentence of a game: each event and money line, each decision and advice."""
    game = new_game(json.loads(json.dumps(lines[0])))
    for line in lines[1:]:
        outcome = game.apply(line, guarded=False)
        for item in story_items(0, outcome, "", game.forms):
            yield item["key"], item["text"]["ru"]
        shown = state(game)
        if shown["decision"] is not None:
            yield "decision", shown["decision"]["text"]["ru"]
            if "advice" in shown["decision"]:
                yield "advice", shown["decision"]["advice"]["ru"]


@pytest.mark.parametrize(("seed", "rules"), [
    (3, {}), (11, {"interpol": True, "free_parking_pot": True}),
    (29, {"auto_collect_rent": False, "income_tax_percent": 10}),
])
def test_whole_games_in_russian_agree_with_every_player(seed: int, rules: dict[str, Any]) -> None:
    lines = script_of(seed, rules)
    names = {f for n in lines[0]["players"] for f in name_forms(n)}
    checked = 0
    for key, text in told(lines):
        subject = text.split(" ", 1)[0]
        if subject not in GENDER_OF:
            continue
        clause = re.split(r"[:;(]", text, maxsplit=1)[0]
        want = {"she": "femn", "he": "masc"}.get(GENDER_OF[subject] or "")
        for word, gender in agreeing_words(clause, names):
            assert gender == want, f"{key}: «{word}» in «{text}»"
            checked += 1
        assert not case_faults(text, tuple(lines[0]["players"]), key, subject), text
    assert checked > 5  # the games did say something with a gender


def test_a_stored_game_replayed_words_the_same() -> None:
    lines = script_of(3, {})
    first = list(told(lines))
    again = list(told(json.loads(json.dumps(lines))))
    assert first == again and len(first) > 100
    # and without the forms kept, the words would differ: the forms are what carry them
    bare = [dict(lines[0], forms={}), *lines[1:]]
    assert list(told(bare)) != first


def test_an_event_is_worded_with_its_games_forms() -> None:
    game = new_game({"do": "new_game", "players": ["Аня", "Борис"], "forms": forms_for(["Аня", "Борис"])})
    event = Text("auction.out", "Аня", BOARD.square("mayfair"))
    assert event_words(event, "ru", people=game.forms).startswith("Аня выбыла")
    assert event_words(event, "ru").startswith("Аня больше не участвует")  # no forms: gender-free
    assert Path(i18n.ftl_path("ru")).exists()


# ---- through the table and the API -------------------------------------------------------------


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    yield from rig_fixture(tmp_path)


def test_the_tables_refusals_decisions_and_feed_agree(rig: Rig) -> None:
    """Through the API, as the screens read it: a refusal, the decision and the story of a game
    of Аня and Борис started from the Banker page's form (genders guessed at new game)."""
    client = rig.client()
    started = client.post("/api/games", json={"players": ["Аня", "Борис"], "seed": 1}, headers=BANKER)
    assert started.status_code == 201

    def do(body: dict[str, Any]) -> Any:
        return client.post("/api/commands", json=body, headers=BANKER)

    assert do({"do": "roll", "dice": [1, 2]}).status_code == 200  # Аня to Whitechapel Road
    refused = do({"do": "roll", "player": "Борис", "dice": [1, 2]})
    assert refused.status_code == 422
    assert refused.json["words"]["ru"].startswith("Сейчас ход Ани, а не Бориса")
    shown = client.get("/api/state").json
    assert shown["decision"]["text"]["ru"].startswith("Аня может купить Уайтчепел-роуд")
    assert do({"do": "decline"}).status_code == 200
    assert do({"do": "pass", "player": "Аня"}).status_code == 200
    again = do({"do": "bid", "player": "Аня", "amount": 10})
    assert again.json["words"]["ru"] == "Аня выбыла из аукциона за Уайтчепел-роуд"
    assert do({"do": "bid", "player": "Борис", "amount": 10}).status_code == 200
    feed = [item["text"]["ru"] for item in client.get("/api/feed").json["items"]]
    assert "Аня отказывается от покупки Уайтчепел-роуд" in feed, feed
    assert "Борис ставит £10 за Уайтчепел-роуд" in feed, feed
