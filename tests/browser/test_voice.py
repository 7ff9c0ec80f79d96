"""The table's voice on a screen (issue 27): the Table page says each moment through the browser's
speechSynthesis with the planner's own sentence and the page's language, when its header switch is
on, and never when it is off; the Pi's voice speaks the language the table's own screen shows
(issue 42); the Virtual table lists each utterance with the WAV the Pi's voice
wrote (simulated mode). speechSynthesis is stubbed in the page (add_init_script): what the page
asks it to say is recorded, so the test needs no audio."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import Screens
from .support import Api

STUB = """
window.__spoken = [];
class StubUtterance { constructor(text) { this.text = text; this.lang = ""; this.voice = null; } }
window.SpeechSynthesisUtterance = StubUtterance;
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak: (u) => window.__spoken.push({ text: u.text, lang: u.lang }),
  cancel: () => {}, getVoices: () => [], speaking: false, pending: false,
} });
"""


def spoken(page: Page) -> list[dict[str, str]]:
    return page.evaluate("() => window.__spoken")


def newest(api: Api, after: int, timeout: float = 20.0) -> dict[str, Any]:
    """The newest utterance the table made after the n-th one."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        said = api.get("/api/voice")["utterances"]
        if said and said[-1]["n"] > after:
            return said[-1]
        time.sleep(0.05)
    raise AssertionError("the table said nothing")


def count(api: Api) -> int:
    said = api.get("/api/voice")["utterances"]
    return said[-1]["n"] if said else 0


def speaks(api: Api, lang: str, timeout: float = 20.0) -> None:
    """The table's voice (the Pi's) speaks this language now."""
    deadline = time.monotonic() + timeout
    while api.get("/api/voice")["lang"] != lang:
        assert time.monotonic() < deadline, f"the table's voice never spoke {lang}"
        time.sleep(0.05)


def heard(page: Page, n: int) -> None:
    """The page has had the n-th utterance's event (said or not)."""
    expect(page.locator("body")).to_have_attribute("data-voice-heard", str(n), timeout=20_000)


def wait_spoken(page: Page, n: int) -> list[dict[str, str]]:
    page.wait_for_function(f"() => window.__spoken.length >= {n}", timeout=20_000)
    return spoken(page)


def test_the_table_page_speaks_each_moment_when_switched_on_and_never_when_off(screens: Screens,
                                                                               api: Api) -> None:
    context = screens.context()
    context.add_init_script(STUB)
    table = screens.open("/", context)
    switch = table.get_by_test_id("voice")
    expect(switch).to_have_attribute("aria-pressed", "false")  # off until switched on

    api.new_game(["Ann", "Bob"], seed=5)
    before = count(api)
    api.must({"do": "roll", "dice": [1, 2]})
    said = newest(api, before)
    assert said["text"]["en"].startswith("The banker sets Ann's dice: one and two")  # the banker's dice
    heard(table, said["n"])  # the page was told (its switch is off): nothing is said
    assert spoken(table) == []

    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    before = said["n"]
    api.must({"do": "buy"})
    said = newest(api, before)
    assert wait_spoken(table, 1)[-1] == {"text": said["text"]["en"], "lang": "en-GB"}

    assert said["lang"] == "en"  # the Pi's voice speaks what the table's screen shows: English
    table.get_by_test_id("lang-ru").click()
    expect(table.locator("html")).to_have_attribute("lang", "ru")
    speaks(api, "ru")  # the table's screen switched to Russian: so does the Pi's voice
    before = said["n"]
    api.must({"do": "end_turn"})
    said = newest(api, before)
    assert said["text"]["ru"] == "Ходит Bob." and said["lang"] == "ru"
    assert wait_spoken(table, 2)[-1] == {"text": "Ходит Bob.", "lang": "ru-RU"}

    switch.click()  # off again: the next moment is not said
    expect(switch).to_have_attribute("aria-pressed", "false")
    before = said["n"]
    api.must({"do": "roll", "dice": [2, 3]})
    heard(table, newest(api, before)["n"])
    assert len(spoken(table)) == 2
    table.get_by_test_id("lang-en").click()  # the next tests' table speaks English again
    speaks(api, "en")


def test_the_virtual_table_lists_each_utterance_with_its_wav(screens: Screens, api: Api) -> None:
    api.new_game(["Ann", "Bob"], seed=5)
    virtual = screens.open("/virtual")
    before = count(api)
    api.must({"do": "roll", "dice": [1, 2]})
    said = newest(api, before)
    item = virtual.locator(f'[data-test="sim-voice-item"][data-seq="{said["seq"]}"]').first
    expect(item).to_contain_text(said["text"]["en"], timeout=20_000)
    wav = item.get_by_test_id("sim-voice-wav")
    expect(wav).to_have_attribute("src", f"/api/voice/wav/{said['wav']}", timeout=20_000)
    playable = virtual.evaluate("(src) => fetch(src).then((r) => r.ok && r.headers.get('content-type'))",
                                f"/api/voice/wav/{said['wav']}")
    assert playable == "audio/wav"
