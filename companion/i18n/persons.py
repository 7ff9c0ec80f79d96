"""A person or a square as the variables a Fluent message may use: the name, its cases and (for a
player) the gender its verbs agree with: { $player }, { $player_gen }, { $player_gender -> ... }.

The forms come from the game (the new_game line's `forms`, worked out once by grammar.py) and
from the edition (each square's `cases`); nothing here guesses, so the engine may use it. A name
with no cases is given the language's nominative-keeping form instead ("игрока Ann": the
message `grammar-unknown-gen`), and a player whose gender is not said has
"none", which a message's default variant words without gender.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from . import say

CASE_KEYS = ("gen", "dat", "acc", "ins", "pre")
NO_GENDER = "none"

People = Mapping[str, Mapping[str, Any]]


@cache
def kept_nominative(lang: str, case: str, name: str) -> str:
    """A name with no cases as a sentence keeps it ("игрока Ann": the language's message
    `grammar-unknown-<case>`), worked out once per name."""
    return say(lang, f"grammar-unknown-{case}", {"name": name})


def person(var: str, name: str, lang: str, people: People | None = None) -> dict[str, Any]:
    """The variables of a player's name: `var`, `var_gender` and `var_<case>` for every case."""
    forms = (people or {}).get(name) or {}
    gender = forms.get("gender")
    cases = forms.get(lang) if lang != "en" else None
    out: dict[str, Any] = {var: name, f"{var}_gender": gender if gender in ("she", "he") else NO_GENDER}
    for case in CASE_KEYS:
        if cases:
            out[f"{var}_{case}"] = cases[case]
        elif lang == "en":
            out[f"{var}_{case}"] = name
        else:
            out[f"{var}_{case}"] = kept_nominative(lang, case, name)
    return out


def square(var: str, shown: str, cases: Mapping[str, Mapping[str, str]] | None, lang: str) -> dict[str, Any]:
    """The variables of a square's name in this language: its cases from the edition data (a
    foreign name that is not declined keeps its one form)."""
    forms = (cases or {}).get(lang) or {}
    out: dict[str, Any] = {var: shown, f"{var}_gender": NO_GENDER}
    out.update({f"{var}_{case}": forms.get(case, shown) for case in CASE_KEYS})
    return out
