"""A colour group's name has one form wherever it is said (issue 38, point 6): the edition's own,
in lower case ("dark blue", "тёмно-синяя"), never capitalised at the start of a sentence and never
the group's English key in a Russian sentence. (Where the pages show it, and that no CSS
upper-cases it: tests/browser/test_group_names.py.)"""

from __future__ import annotations

import re

import pytest

from companion import i18n
from companion.rules import Rejected, load_edition, new_game
from companion.rules.texts import LANGUAGES
from companion.table.describe import describe
from companion.web.story import story_items

EDITION = load_edition()
FORMS = {lang: {key: info["name"][lang] for key, info in EDITION.group_info.items()} for lang in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_edition_names_each_group_in_lower_case(lang: str) -> None:
    for key, name in FORMS[lang].items():
        assert name and name == name.lower(), (key, lang, name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_starts_with_a_group_name(lang: str) -> None:
    """A sentence that began with the name would be capitalised there ("Dark blue ...")."""
    with_group = [m for m in i18n.ids(lang) if "group" in i18n.variables(m, lang)]
    assert len(with_group) >= 10, with_group  # the positive control: the engine's and the pages'
    for message in with_group:
        worded = i18n.say(lang, message, {"group": "\u2063"})  # a mark no message has of its own
        assert not worded.lstrip("\u2068").startswith("\u2063"), (message, worded)


def test_every_sentence_of_a_group_says_its_name_as_written() -> None:
    """Ann builds on the dark blue group and sells it all at once: the story's money line and
    events, the engine's refusal of a build where she lacks the rest of a group and the table's
    words for the command waiting for a tap all say "dark blue" / "тёмно-синяя" exactly."""
    game = new_game({"do": "new_game", "players": ["Ann", "Bob"], "rules": {"shuffle": False}})
    for square in ("park-lane", "mayfair", "old-kent-road"):
        game.apply({"do": "give_deed", "square": square, "to": "Ann"})
    game.apply({"do": "build", "player": "Ann", "square": "mayfair"})
    with pytest.raises(Rejected) as refused:  # Whitechapel Road, the other brown lot, is the bank's
        game.apply({"do": "build", "player": "Ann", "square": "old-kent-road"})
    outcome = game.apply({"do": "sell_all_buildings", "player": "Ann", "group": "dark blue"})
    items = story_items(5, outcome)
    said = [i for i in items if i["key"] in ("why.sold_group", "sell.sells_group")]
    assert said, items
    waiting = describe(game, {"do": "sell_all_buildings", "player": "Ann", "group": "dark blue"})
    for lang in LANGUAGES:
        form = FORMS[lang]["dark blue"]
        for text in [i["text"][lang] for i in said] + [waiting[lang]]:
            assert re.findall(re.escape(form), text, flags=re.IGNORECASE) == [form], (lang, text)
        brown = FORMS[lang]["brown"]
        refusal = refused.value.words(lang)
        assert re.findall(re.escape(brown), refusal, flags=re.IGNORECASE) == [brown], (lang, refusal)
