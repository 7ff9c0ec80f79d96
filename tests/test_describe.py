"""A command waiting for a token tap is said in words from the texts alone: a new command needs
only its table-cmd-<do> message (no list in companion/table/ to extend), and a command the texts do
not word is shown by its bare name, whatever it is called."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from fluent.runtime import FluentResource
from hypothesis import given
from hypothesis import strategies as st

from companion import i18n
from companion.i18n import LANGUAGES
from companion.rules.commands import COMMANDS
from companion.table.describe import describe, said

# A command no part of the companion knows, worded only by messages added to the texts.
TOLL = {"en": "table-cmd-pay_dummy_toll = pay the { $amount } toll at { $square }\n",
        "ru": "table-cmd-pay_dummy_toll = заплатить пошлину { $amount } на поле «{ $square }»\n"}


@pytest.fixture
def toll_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The texts with one more message, as a maintainer adding a command would write it."""
    made = i18n._bundle.__wrapped__  # the uncached maker: the shared bundles stay as they are

    @cache
    def with_toll(lang: str, money: Any = None) -> Any:
        found = made(lang if lang in i18n.LANGUAGES else "en", money or i18n.default_money())
        found.add_resource(FluentResource(TOLL[lang if lang in TOLL else "en"]))
        return found

    monkeypatch.setattr(i18n, "bundle", with_toll)


def test_every_command_with_a_message_is_worded_not_named() -> None:
    worded = [do for do in COMMANDS if i18n.has(f"table-cmd-{do}")]
    assert "end_turn" in worded and "bid" in worded  # the positive control: the texts word some
    for do in worded:
        words = describe(None, {"do": do, "player": "Ann", "amount": 60})
        assert words["en"] != do and words["ru"] != do, do
    assert describe(None, {"do": "end_turn", "player": "Ann"}) == {"en": "end the turn",
                                                                   "ru": i18n.say("ru", "table-cmd-end_turn")}


def test_a_command_unknown_to_the_code_is_worded_by_its_message_alone(toll_texts: None) -> None:
    assert said("pay_dummy_toll")
    words = describe(None, {"do": "pay_dummy_toll", "player": "Ann", "amount": 50, "square": "free_parking"})
    assert words == {"en": "pay the £50 toll at free_parking",
                     "ru": "заплатить пошлину £50 на поле «free_parking»"}


def test_without_its_message_a_command_shows_its_bare_name() -> None:
    assert not said("pay_dummy_toll")  # the control of the test above: the shared texts lack it
    bare = dict.fromkeys(LANGUAGES, "pay_dummy_toll")
    assert describe(None, {"do": "pay_dummy_toll", "amount": 50}) == bare


@pytest.mark.parametrize("do", [None, 7, "", "End_turn", "end-turn", "cmd-roll", "../roll", "roll\n",
                                ["roll"]])
def test_any_name_at_all_is_shown_as_it_is_and_never_worded_from_another_message(do: Any) -> None:
    assert not said(do)
    assert describe(None, {"do": do}) == dict.fromkeys(LANGUAGES, str(do))


@given(st.one_of(st.text(max_size=30), st.sampled_from(sorted(COMMANDS)), st.integers(), st.none()))
def test_any_command_name_is_said_in_every_language_or_shown_bare(do: Any) -> None:
    words = describe(None, {"do": do, "player": "Ann"})
    assert set(words) == set(i18n.LANGUAGES)
    if not said(do):
        assert words == {lang: str(do) for lang in i18n.LANGUAGES}
    else:
        assert all(words[lang] and words[lang] != do for lang in words)  # its sentence, not its name
