"""How the Russian tests read a sentence (issues 23): which of its words agree in gender with their
subject, by pymorphy3's own analysis of the word used, and whether a name after a preposition is
in a case that preposition takes. Shared by the message-by-message checks (test_agreement.py) and
the whole games read off the screens (browser/test_whole_game_*.py)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pymorphy3

from companion.rules import load_edition

MORPH = pymorphy3.MorphAnalyzer()
BOARD = load_edition("london")
WORD = re.compile(r"[А-Яа-яЁё]+")
HYPHENATED = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")  # a word with its hyphenated parts
# What may stand between a preposition and the word it governs: spaces, and an opening quote («на «Старт»»).
NEXT_WORD = re.compile(r"[\s«„“\"]*")
BOARD_WORDS = {w for sq in BOARD.squares for w in WORD.findall(sq.names["ru"])}
# What each preposition governs (the cases a name after it may be in).
GOVERNS = {
    "от": {"gent"}, "у": {"gent"}, "для": {"gent"}, "из": {"gent"}, "до": {"gent"}, "без": {"gent"},
    "к": {"datv"}, "по": {"datv", "loct"}, "за": {"accs", "ablt"}, "через": {"accs"}, "про": {"accs"},
    "с": {"gent", "ablt", "accs"}, "между": {"ablt"}, "о": {"loct"}, "об": {"loct"}, "при": {"loct"},
    "на": {"loct", "accs"}, "в": {"loct", "accs"},
}


# What a Russian page may show in Latin letters: the language switch, formats and acronyms, the
# browser's and system's own names (ids are left out by their digits: a dice unit's, a game's).
LATIN_ALLOWED = frozenset({"EN", "RU", "PIN", "JSON", "RFID", "csv", "jsonl",
                           "Chrome", "Linux", "HeadlessChrome"})


def latin_words(text: str, allowed: frozenset[str] = LATIN_ALLOWED) -> set[str]:
    """The words of a Russian page's text written in Latin letters, but for `allowed`."""
    text = re.sub(r"[\w-]*\d[\w-]*", " ", text)  # ids hold digits: "20261202-fe9d54", "e66038b7"
    return set(re.findall(r"[A-Za-z][A-Za-z'’]+", text)) - allowed


@cache
def parses(word: str) -> tuple[Any, ...]:
    return tuple(MORPH.parse(word))


def lemma(word: str) -> str:
    return str(parses(word)[0].normal_form)


def agreeing_words(sentence: str, names: set[str]) -> list[tuple[str, str]]:
    """The words of a sentence that carry a gender of their own subject: a past-tense verb or a
    short adjective or participle in the singular ("бросала", "должен", "заложена"), with it."""
    found = []
    for word in WORD.findall(sentence):
        if word in names or word in BOARD_WORDS:
            continue
        first = parses(word)[0]
        if not first.is_known:  # a foreign name pymorphy3 only guesses at ("Уайтчепел")
            continue
        tag = first.tag
        if tag.number != "sing" or tag.gender not in ("masc", "femn"):
            continue
        if ("VERB" in tag and "past" in tag) or tag.POS in ("ADJS", "PRTS"):
            found.append((word, tag.gender))
    return found


def preposition_faults(text: str, forms: set[str]) -> list[str]:
    """Each name form of `forms` (or the "игрок" a name that is not declined stands after) right
    after a preposition that does not take its case: «от Вика»."""
    out = []
    tokens = list(HYPHENATED.finditer(text))  # "Би-энд-О" is a name, not «о» before the next word
    for first, second in zip(tokens, tokens[1:], strict=False):
        before, word = first.group(), second.group()
        cases = GOVERNS.get(before.lower())
        if cases is None or not (word in forms or word.startswith("игрок")):
            continue
        if not NEXT_WORD.fullmatch(text, first.end(), second.start()):
            continue  # «за £420. Даша: ...»: the preposition governed the amount, not the next sentence
        if not any(p.tag.case in cases for p in parses(word) if p.tag.case):
            out.append(f"«{before} {word}»")
    return out


def square_forms(squares: Any) -> set[str]:
    """The first words of the squares' Russian names and their cases, where they are declined (a
    foreign name keeps its form): what a preposition before a square must agree with."""
    forms: set[str] = set()
    for sq in squares:
        cases = (sq.cases or {}).get("ru", {})
        if set(cases.values()) != {sq.names["ru"]}:
            forms |= {sq.names["ru"].split()[0]} | {v.split()[0] for v in cases.values()}
    return forms
