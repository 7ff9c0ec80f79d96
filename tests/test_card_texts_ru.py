"""The cards' Russian texts as a native reader would leave them (issue 42): the seed's slips fixed in
the edition (the seed, docs/RULES.md, stays as it is), ё where the word has it and the em dash,
as everywhere else the table speaks Russian."""

from __future__ import annotations

import re

import pytest

from companion.rules import load_edition
from companion.rules.edition import shipped_editions
from tests.russian_words import parses

# Words whose ё is not the reader's to guess: «все» (everyone) and «всё» (everything) are both words.
EITHER = {"все"}
SLIPS = ("Изменение в налогах дают", "Плата на страхование", "на конкурсах красоты", "Плата за школу",
         "Проценты по займу дают доход", "По платежам получаете")


def russian_cards(edition: str) -> list[tuple[str, int, str]]:
    board = load_edition(edition)
    return [(deck, card.number, card.texts["ru"]) for deck, cards in board.decks.items() for card in cards]


@pytest.mark.parametrize("edition", sorted(shipped_editions()))
def test_each_card_writes_yo_and_the_em_dash(edition: str) -> None:
    faults = []
    for deck, number, text in russian_cards(edition):
        if re.search(r"\s–\s|\s-\s", text):
            faults.append(f"{deck} {number}: a dash that is not the em dash in «{text}»")
        for word in re.findall(r"[а-яё]+", text.lower()):
            spelled = parses(word)[0].word
            if "ё" in spelled and "ё" not in word and word not in EITHER:
                faults.append(f"{deck} {number}: «{word}» for «{spelled}» in «{text}»")
    assert faults == []


def test_the_seeds_slips_are_not_in_the_edition() -> None:
    texts = " ".join(text for edition in sorted(shipped_editions()) for *_, text in russian_cards(edition))
    assert [slip for slip in SLIPS if slip in texts] == []


def test_the_check_finds_a_missing_yo() -> None:
    """The control: the seed's own spelling fails it."""
    assert parses("пройдете")[0].word == "пройдёте" and parses("дает")[0].word == "даёт"


@pytest.mark.parametrize("edition", sorted(shipped_editions()))
def test_an_english_street_name_takes_a_hyphen_and_a_lower_case_generic_word(edition: str) -> None:
    """«Бонд-стрит», «Пэлл-Мэлл», «Парк-лейн» (issue 42), as Russian writes London's and New York's
    streets: never «Бонд Стрит» (the word for the street capitalised and apart)."""
    generic = r"(?:[Сс]трит|[Рр]оуд|[Сс]квер|[Лл]ейн|[Аа]веню|[Пп]лейс|[Гг]арденс)"
    names = [square.names["ru"] for square in load_edition(edition).squares]
    texts = [text for *_, text in russian_cards(edition)]
    capital = r"-(?:Стрит|Роуд|Сквер|Лейн|Авеню|Плейс)\b"
    wrong = [n for n in names + texts if re.search(rf"\s{generic}\b|{capital}", n)]
    assert wrong == []
