"""docs/russian-review.md: every Russian message rendered, beside its English, for a native reader
to check in one sitting (issue 42): each message filled in for sample players of both genders whose
names decline differently (Анна, Илья, Любовь, Никита, Саша, Ян), with amounts 1, 2, 5, 21 and
1,000 in pounds and in dollars, and squares in every case the message asks for.

`.venv/bin/python -m tools.russian_review` writes it; tests/test_russian_review.py checks it is
current and that every message renders in both languages without a Fluent error (no message is
ever left unrendered).

What each variable is comes from how the messages use it, not from a list: a variable given to
MONEY(), SPOKEN_MONEY() or WORDS(), or chosen on by a plural (one/few/many), is a number; one with
a case or a gender (`$player_dat`, `$player_gender`) is a person, or a square when its name says so
(`square`, `lot`); `card` and `deck` are a card's text and its deck's name; anything else is shown
as its own name in angle quotes, for the reader to see where it goes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from fluent.syntax import ast
from fluent.syntax.visitor import Visitor

from companion import i18n
from companion.i18n import persons
from companion.i18n.grammar import forms_for
from companion.i18n.money import Currency
from companion.rules import load_edition

REVIEW = Path(__file__).resolve().parent.parent / "docs" / "russian-review.md"
COMMAND = ".venv/bin/python -m tools.russian_review"
PEOPLE = ("Анна", "Илья", "Любовь", "Никита", "Саша", "Ян")  # Саша: no gender said (either)
GENDERS = {"Анна": "she", "Илья": "he", "Любовь": "she", "Никита": "he", "Саша": None, "Ян": "he"}
AMOUNTS = (1, 2, 5, 21, 1000)
SUFFIXES = (*persons.CASE_KEYS, "gender")
PLURAL_KEYS = {"zero", "one", "two", "few", "many"}
# The samples, a row each: a person, the other party, an amount, a square (by index on the board).
SAMPLES = tuple((PEOPLE[i], PEOPLE[(i + 1) % len(PEOPLE)], AMOUNTS[i % len(AMOUNTS)], square)
                for i, square in enumerate((5, 12, 28, 39, 1, 24)))


class Uses(Visitor):
    """How one message uses its variables: which are numbers, which have forms."""

    def __init__(self) -> None:
        super().__init__()
        self.numbers: set[str] = set()
        self.names: list[str] = []

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802 - the visitor's
        if node.id.name not in self.names:
            self.names.append(node.id.name)

    def visit_FunctionReference(self, node: ast.FunctionReference) -> None:  # noqa: N802
        for arg in node.arguments.positional:
            if isinstance(arg, ast.VariableReference):
                self.numbers.add(arg.id.name)
        self.generic_visit(node)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:  # noqa: N802
        keys = {v.key.name for v in node.variants if isinstance(v.key, ast.Identifier)}
        numeric = any(isinstance(v.key, ast.NumberLiteral) for v in node.variants)
        if isinstance(node.selector, ast.VariableReference) and (keys & PLURAL_KEYS or numeric):
            self.numbers.add(node.selector.id.name)
        self.generic_visit(node)


@cache
def uses() -> dict[str, Uses]:
    """Each message id's uses, both languages' together (a number in either is a number)."""
    found: dict[str, Uses] = {}
    for lang in i18n.LANGUAGES:
        for entry in i18n.resource(lang).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                seen = found.setdefault(entry.id.name, Uses())
                seen.visit(entry)
    return found


@cache
def with_forms() -> frozenset[str]:
    """The variables some message declines or genders (`$from_gen`, `$to_dat`): people, wherever
    they are used."""
    return frozenset(base(name) for seen in uses().values() for name in seen.names if name != base(name))


@cache
def sample_forms() -> dict[str, dict[str, Any]]:
    """The sample players' genders and cases, worked out once (pymorphy3), not for every row."""
    return forms_for(list(PEOPLE), GENDERS)


def base(name: str) -> str:
    head, _, tail = name.rpartition("_")
    return head if head and tail in SUFFIXES else name


def values(message: str, sample: tuple[str, str, int, int], lang: str, edition: str) -> dict[str, Any]:
    """The variables of one message for one sample, in one language."""
    player, other, amount, index = sample
    board = load_edition(edition)
    used = uses()[message]
    people = sample_forms()
    bases = list(dict.fromkeys(base(name) for name in used.names))
    formed = with_forms()
    out: dict[str, Any] = {}
    persons_seen = 0
    for name in bases:
        if name in used.numbers:
            out[name] = amount
        elif name in ("square", "lot", "other_square") or "square" in name:
            square = board.squares[(index if name != "other_square" else index + 2) % len(board.squares)]
            out.update(persons.square(name, square.names[lang], square.cases, lang))
        elif name in ("amount", "price", "cash", "cost", "owed", "short", "fine", "tax"):
            out[name] = Currency.from_data(board.money.to_data()).write(amount, lang)  # a page's written sum
        elif name in ("n", "try", "count", "turn", "limit"):
            out[name] = amount
        elif name == "group":
            out[name] = board.group_info[board.squares[1].group or ""]["name"][lang]
        elif name == "deeds":
            out[name] = ", ".join(board.squares[i].names[lang] for i in (1, 3))
        elif name == "houses":
            out[name] = i18n.say(lang, "rules-house", {"count": amount})
        elif name == "card":
            out[name] = board.decks["chance"][0].texts[lang]
        elif name == "deck":
            out[name] = board.deck_names["chance"][lang]
        elif name in formed or name in ("name", "player", "payer", "owner", "creditor", "winner", "holder"):
            out.update(persons.person(name, player if persons_seen == 0 else other, lang, people))
            persons_seen += 1
        else:
            out[name] = f"‹{name}›"
    return out


def rendered(message: str, lang: str, edition: str) -> Iterator[str]:
    """The message in one language for every sample (raises on a Fluent error: a bug)."""
    money = Currency.from_data(load_edition(edition).money.to_data())
    for sample in SAMPLES:
        yield i18n.say(lang, message, values(message, sample, lang, edition), strict=True, money=money)


def cell(text: str) -> str:
    return re.sub(r"\s+", " ", text).replace("|", "\\|").strip()


def review() -> str:
    lines = [
        "# Every Russian message, rendered for a native reader",
        "",
        f"Made by `{COMMAND}` from companion/i18n/ru.ftl and en.ftl; do not edit by hand.",
        "Each message is filled in for players " + ", ".join(PEOPLE) + " (Саша with no gender said),",
        "amounts " + ", ".join(str(a) for a in AMOUNTS) + ", and squares in the cases it asks for; the",
        "US board's rows say the money in dollars. ‹name› marks a value shown only by its name.",
        "",
    ]
    for message in i18n.ids("ru"):
        if message.startswith("language-"):
            continue
        rows: dict[str, None] = {}  # each different rendering once, in the samples' order
        for edition in ("london", "us"):
            both = zip(rendered(message, "en", edition), rendered(message, "ru", edition), strict=True)
            for en, ru in both:
                rows[f"| {cell(en)} | {cell(ru)} |"] = None
        lines += [f"## {message}", "", "| English | Russian |", "| --- | --- |", *rows, ""]
    return "\n".join(lines)


if __name__ == "__main__":
    REVIEW.write_text(review(), encoding="utf-8")
    print(f"wrote {REVIEW}")
