"""One Russian term per idea (docs/glossary-ru.md), in every Russian string the table shows: the
engine's sentences, the table's, the story, the pages' words, the edition's names and cards.

Seen at the table: "Pass" as "Выйти" beside a story that says "пасует", «Шанс» on one screen and
«Случай» on another, "Отменить" beside "Отмена" in the undo dialog, the seed called "Зерно".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, FluentSerializer, ast

from companion import i18n

ROOT = Path(__file__).parents[1] / "companion"
EDITION = ROOT / "rules/editions/london.json"
GLOSSARY = Path(__file__).parents[1] / "docs/glossary-ru.md"

# The words the glossary's "Not" column rules out, as patterns over a Russian string.
NEVER = {
    "«Шанс» (the deck is «Случай»)": r"«Шанс",
    "«Общественная казна» (the deck is «Конъюнктура»)": r"[Оо]бществен\w* [Кк]азн|«Казна",
    "гостиница (отель)": r"[Гг]остиниц",
    "постройки (строения)": r"[Пп]остройк",
    "жалованье (зарплата)": r"[Жж]аловань",
    "вокзал (станция)": r"[Вв]окзал",
    "участок (собственность)": r"[Уу]част(ок|ка|ки|ков|кам|ком)\b",
    "обмен, меняться (сделка)": r"[Оо]бмен|[Мм]еня(ться|ются|емся)",
    "«Бесплатная стоянка» (the board's «Свободная парковка»)": r"[Бб]есплатн\w* стоянк",
    "зерно (номер партии)": r"[Зз]ерн[оа]",
    "подключить a screen (привязать)": r"[Пп]одключ\w* (этот |свой |новый )?экран|экран\w* \S+ подключ",
    "тянуть a card (брать)": r"[Тт]янет|[Тт]януть",
}


def russian_strings() -> dict[str, str]:
    """Every Russian string, by where it is."""
    found: dict[str, str] = {}
    serialize = FluentSerializer().serialize_entry
    for entry in FluentParser().parse(i18n.ftl_path("ru").read_text(encoding="utf-8")).body:
        if isinstance(entry, ast.Message):  # every variant of its selectors, as the file writes it
            found[entry.id.name] = serialize(entry).split("=", 1)[1]
    edition = json.loads(EDITION.read_text(encoding="utf-8"))
    for square in edition["squares"]:
        found[f"square:{square['id']}"] = square["name"]["ru"]
    for deck, body in edition["decks"].items():
        found[f"deck:{deck}"] = body["name"]["ru"]
        for number, card in enumerate(body["cards"], start=1):
            found[f"card:{deck}-{number}"] = card["text"]["ru"]
    return found


STRINGS = russian_strings()


@pytest.mark.parametrize("idea", NEVER)
def test_no_string_uses_a_word_the_glossary_rules_out(idea: str) -> None:
    wrong = {where: text for where, text in STRINGS.items() if re.search(NEVER[idea], text)}
    assert not wrong, (idea, wrong)


def test_the_patterns_catch_what_the_table_showed() -> None:
    """Positive control: each pattern matches the wording it is there to keep out."""
    seen = {
        "«Шанс» (the deck is «Случай»)": "штраф вместо карточки «Шанс»",
        "«Общественная казна» (the deck is «Конъюнктура»)": "печатные карты «Шанс» и «Общественная казна»",
        "гостиница (отель)": "за гостиницу – £100",
        "постройки (строения)": "продайте постройки",
        "жалованье (зарплата)": "получает £200 жалованья",
        "вокзал (станция)": "Вокзалы",
        "участок (собственность)": "Мои участки",
        "обмен, меняться (сделка)": "Предложить обмен",
        "«Бесплатная стоянка» (the board's «Свободная парковка»)": "банк «Бесплатной стоянки»",
        "зерно (номер партии)": "Зерно (необязательно)",
        "подключить a screen (привязать)": "Сначала подключите этот экран",
        "тянуть a card (брать)": "Аня тянет карточку «Случай»",
    }
    assert set(seen) == set(NEVER)
    for idea, text in seen.items():
        assert re.search(NEVER[idea], text), idea


def test_the_decks_are_named_as_the_rule_book_names_them() -> None:
    assert STRINGS["deck:chance"] == "Случай"
    assert STRINGS["deck:community_chest"] == "Конъюнктура"
    rules = (Path(__file__).parents[1] / "docs/RULES.md").read_text(encoding="utf-8")
    assert "Chance (Случай)" in rules and "Community Chest (Конъюнктура)" in rules


def test_the_buttons_a_family_reads() -> None:
    assert i18n.say("ru", "page-action-pass") == "Пас"
    assert "пасует" in i18n.say("ru", "rules-auction-passes", {"player": "Борис", "player_gender": "he"})
    undo, close = i18n.say("ru", "page-banker-undo_yes"), i18n.say("ru", "page-common-cancel")
    assert undo == "Отменить ходы" and close == "Закрыть"
    assert not undo.startswith(close[:4]) and not close.startswith(undo[:4])  # not "Отменить" / "Отмена"
    assert i18n.say("ru", "page-banker-seed").startswith("Номер партии")


def test_the_glossary_lists_every_idea_checked_here() -> None:
    glossary = GLOSSARY.read_text(encoding="utf-8")
    for word in (
        "«Случай»",
        "«Конъюнктура»",
        "пас",
        "ставка",
        "залог",
        "выкуп",
        "банкрот",
        "отель",
        "сделка",
        "номер партии",
        "привязать",
    ):
        assert word in glossary, word
