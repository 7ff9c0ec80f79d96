"""The header's sound and voice switches (ui.js's headerSwitch): off until switched on, each kept
for this screen across a reload and apart from the other, its title in the page's language; and
(issue 38, point 6) each says in a visible word what it is and whether it is on, since a phone
shows no tooltip: at 390x844 and 1024x768, in English and Russian, on every page, with the
header still on one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.i18n import LANGUAGES
from tests.browser.layout import assert_layout
from tests.browser.support import Shots, live
from tests.browser.test_table_experience import HEADER_ON_ONE_LINE, context, open_page, settle

from .conftest import Screens

WORDS = {"en": {"sound": ("Sound off", "Sound on"), "voice": ("Voice off", "Voice on")},
         "ru": {"sound": ("Звук выкл.", "Звук вкл."), "voice": ("Голос выкл.", "Голос вкл.")}}
PAGES = ["/", "/player", "/history", "/chart", "/banker", "/virtual"]


def test_each_switch_turns_on_alone_is_kept_for_the_screen_and_speaks_the_pages_language(
        screens: Screens) -> None:
    table = screens.open("/")
    sound, voice = table.get_by_test_id("sound"), table.get_by_test_id("voice")
    expect(sound).to_have_attribute("aria-pressed", "false")
    expect(voice).to_have_attribute("aria-pressed", "false")
    expect(sound).to_have_attribute("title", "Sounds off (tap to switch on)")

    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(sound).to_have_attribute("title", "Sounds on (tap to switch off)")
    expect(voice).to_have_attribute("aria-pressed", "false")  # the other switch stays as it was

    table.get_by_test_id("lang-ru").click()
    expect(sound).to_have_attribute("title", "Звук включён (нажмите, чтобы выключить)")
    expect(voice).to_have_attribute("title",
                                    "Голос выключен (нажмите, чтобы экран говорил, что происходит)")

    table.reload()
    live(table)  # its words in Russian drawn (the switches' width follows them) before a finger comes
    expect(table.get_by_test_id("sound")).to_have_attribute("aria-pressed", "true")  # kept for this screen
    expect(table.get_by_test_id("voice")).to_have_attribute("aria-pressed", "false")
    table.get_by_test_id("sound").click()
    expect(table.get_by_test_id("sound")).to_have_attribute("aria-pressed", "false")
    assert table.evaluate("() => localStorage.getItem('companion.sound')") == "off"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_each_switch_says_in_a_word_what_it_is_and_whether_it_is_on(
        screens: Any, size: str, lang: str, artifacts: Path) -> None:
    shots = Shots(artifacts, f"header-switches-{size}-{lang}-", iter(range(1, 50)))
    ctx = context(screens, size, lang)
    for path in PAGES:
        page = open_page(screens, ctx, path, lang)
        for switch, (off, on) in WORDS[lang].items():
            button, word = page.get_by_test_id(switch), page.get_by_test_id(f"{switch}-word")
            pressed = button.get_attribute("aria-pressed") == "true"  # as the page before left it
            expect(word).to_be_visible()
            expect(word).to_have_text(on if pressed else off)
            expect(button).to_have_accessible_name(on if pressed else off)  # what a screen reader says
        settle(page)
        assert page.evaluate(HEADER_ON_ONE_LINE), f"{path}: the header takes more than one line"
        assert_layout(page, f"{path}, {size} {lang}")  # no word cut off or over its icon
        shots.take(page, path.strip("/") or "table")
    # Switched on, the words say so (and the header still holds them).
    page.get_by_test_id("voice").click()
    page.get_by_test_id("sound").click()
    expect(page.get_by_test_id("voice-word")).to_have_text(WORDS[lang]["voice"][1])
    expect(page.get_by_test_id("sound-word")).to_have_text(WORDS[lang]["sound"][1])
    settle(page)
    assert page.evaluate(HEADER_ON_ONE_LINE), "the header takes more than one line with both on"
    assert_layout(page, f"both switched on, {size} {lang}")
    shots.take(page, "both-on")
