"""The board's labels break only where a real hyphenation dictionary allows (issue 42: a rule of
vowels cut «Конъюн-ктура», «Водоп-ровод», «Уайтче-пел», «Зак-лючение», «Свер-хналог»)."""

from __future__ import annotations

import re

import pyphen
import pytest

from companion.i18n import LANGUAGES
from companion.i18n.hyphenation import LONGER, SHY, breakable
from companion.rules import load_edition
from companion.rules.edition import shipped_editions
from companion.web.watching import labels

EDITIONS = sorted(shipped_editions())


def allowed(word: str, lang: str) -> set[int]:
    """Where pyphen's dictionary (at its own minimums) lets the word break."""
    return set(pyphen.Pyphen(lang=lang).positions(word))


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_label_breaks_only_where_the_dictionary_allows(edition: str, lang: str) -> None:
    checked = 0
    for square in load_edition(edition).squares:
        label = labels(square.names)[lang]
        assert label.replace(SHY, "") == square.names[lang]  # the name, letter for letter
        for word in re.split(r"\s+|-", label):
            plain = word.replace(SHY, "")
            cuts = cuts_in(word)
            assert cuts <= allowed(plain, lang), f"{square.id}: {word.replace(SHY, '|')}"
            assert not cuts or len(plain) > LONGER
            checked += bool(cuts)
    assert checked > 5  # the control: long names did get their break points


def cuts_in(label: str) -> set[int]:
    """Where a label may break: the letters before each of its soft hyphens."""
    cuts, at = set(), 0
    for part in label.split(SHY)[:-1]:
        at += len(part)
        cuts.add(at)
    return cuts


@pytest.mark.parametrize("wrong", ["Конъюн|ктура", "Водоп|ровод", "Уайтче|пел", "Зак|лючение", "Свер|хналог"])
def test_the_breaks_the_reader_found_are_gone(wrong: str) -> None:
    word = wrong.replace("|", "")
    assert wrong.index("|") not in cuts_in(breakable(word, "ru"))
    assert cuts_in(breakable(word, "ru"))  # the word may still break: where the dictionary says


def test_the_names_the_issue_quotes_break_as_a_dictionary_has_them() -> None:
    assert breakable("Конъюнктура", "ru") == f"Конъ{SHY}юнк{SHY}тура"
    assert breakable("Водопровод", "ru") == f"Во{SHY}до{SHY}провод"
    assert breakable("Уайтчепел", "ru") == f"Уай{SHY}т{SHY}чепел"
    assert breakable("Заключение", "ru") == f"За{SHY}клю{SHY}чение"
    assert breakable("Балтик-авеню", "ru") == "Балтик-авеню"  # short parts of a hyphened name stay whole
    assert breakable("Northumberland", "en") == f"Northum{SHY}ber{SHY}land"


def test_a_language_without_a_dictionary_keeps_its_names_whole() -> None:
    assert breakable("Northumberland", "xx") == "Northumberland"
