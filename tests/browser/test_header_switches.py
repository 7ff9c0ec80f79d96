"""The header's sound and voice switches (ui.js's headerSwitch): off until switched on, each kept
for this screen across a reload and apart from the other, its title in the page's language."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import Screens


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
    expect(voice).to_have_attribute("aria-label",
                                    "Голос выключен (нажмите, чтобы экран говорил, что происходит)")

    table.reload()
    expect(table.get_by_test_id("sound")).to_have_attribute("aria-pressed", "true")  # kept for this screen
    expect(table.get_by_test_id("voice")).to_have_attribute("aria-pressed", "false")
    table.get_by_test_id("sound").click()
    expect(table.get_by_test_id("sound")).to_have_attribute("aria-pressed", "false")
    assert table.evaluate("() => localStorage.getItem('companion.sound')") == "off"
