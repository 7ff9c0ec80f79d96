"""The Banker page's own lines in Russian (issue 23): a stored game's status, the devices' status,
the banker's odds switch and the first start's "PIN again" hold no English word once the page is
in Russian; the same page in English is the control.

Seen on a Russian Banker page: "playing", "over: Борис won", "ok: unit … vsim" and "PIN again".
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from companion.i18n import LANGUAGES
from tests.russian_words import latin_words

from .conftest import Screens
from .support import PIN, Api, live
from .test_banker_login import FreshDaemon


def banker_page(screens: Screens, lang: str) -> Any:
    context = screens.browser.new_context(
        base_url=screens.url, locale=f"{lang}-{lang.upper()}", viewport={"width": 1024, "height": 768}
    )
    screens.contexts.append(context)
    page = screens.open(f"/banker?lang={lang}", context)
    page.get_by_test_id("pin").fill(PIN)
    page.get_by_test_id("pin-submit").click()
    expect(page.get_by_test_id("game-status")).to_be_visible()
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    return page


def test_games_devices_and_the_odds_switch_in_russian(screens: Screens, api: Api) -> None:
    status, data = api.request(
        "POST",
        "/api/games",
        {"players": ["Аня", "Борис"], "seed": 5, "tokens": {"Аня": "car", "Борис": "dog"}},
    )
    assert status == 201, data
    api.must({"do": "end_game"})  # a game over: its line names the winner
    status, data = api.request(
        "POST",
        "/api/games",
        {"players": ["Вика", "Глеб"], "seed": 6, "tokens": {"Вика": "car", "Глеб": "dog"}},
    )
    assert status == 201, data
    ru = banker_page(screens, "ru")
    expect(ru.locator("#games")).to_contain_text("идёт")
    expect(ru.locator("#games")).to_contain_text("окончена, победитель — ")
    expect(ru.get_by_test_id("device-dice_unit")).to_contain_text("блок")
    expect(ru.get_by_test_id("odds-shared-status")).to_contain_text("Страница «Стол»")
    # players' names are names, not English: a game another test of this daemon started has Ann and Bob
    names = {name for game in api.get("/api/games")["games"] for name in game["players"]}
    for part in ("#games", "#devices", "#odds-setting"):
        text = ru.locator(part).inner_text()
        assert not latin_words(text) - names, (part, latin_words(text), text)
    en = banker_page(screens, "en")  # the control: the English page says these lines in English
    expect(en.locator("#games")).to_contain_text("playing")
    expect(en.locator("#games")).to_contain_text(" won")
    assert latin_words(en.locator("#games").inner_text()) >= {"playing", "won"}


def test_the_first_starts_pin_again_follows_the_language(screens: Screens, tmp_path: Path) -> None:
    fresh = FreshDaemon(tmp_path / "data", tmp_path / "daemon.log")
    try:
        fresh.wait_serving()
        context = screens.browser.new_context(
            base_url=fresh.url, locale="en-GB", viewport={"width": 390, "height": 844}
        )
        screens.contexts.append(context)
        page = context.new_page()
        screens.pages.append(page)
        page.goto("/banker?lang=en")
        live(page)
        label = page.locator('label[for="pin-repeat"]')
        expect(label).to_have_text("PIN again")  # the control: the English page's label
        page.get_by_test_id("lang-ru").click()
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        expect(label).to_have_text("PIN ещё раз")
        expect(page.locator("#pin-title")).to_have_text("Задайте PIN банкира")
    finally:
        started = time.monotonic()
        assert fresh.stop() == 0, time.monotonic() - started


STATUSES = {
    "ok": ("working", "работает"),
    "simulated": ("simulated", "имитация"),
    "off": ("not used", "не используется"),
    "starting": ("starting", "запускается"),
    "searching": ("looking for the unit", "ищет блок"),
    "ok: unit 1a2b v3": ("working: unit 1a2b, version 3", "работает: блок 1a2b, версия 3"),
    "ok: unit 1a2b vsim": ("simulated: unit 1a2b", "имитация: блок 1a2b"),
    "offline: stopped": ("offline: stopped", "нет связи: остановлено"),
    "offline: not started": ("offline: not started", "нет связи: не запущено"),
    "offline: /dev/ttyACM0: No such file": (
        "offline: /dev/ttyACM0: No such file",
        "нет связи: /dev/ttyACM0: No such file",
    ),
}


def test_every_device_status_the_hardware_reports_is_worded(screens: Screens) -> None:
    """The statuses companion/hardware writes, as the Banker page shows them in each language; a
    driver's own reason for being offline is passed on as it is."""
    for index, lang in enumerate(LANGUAGES):
        context = screens.browser.new_context(base_url=screens.url, locale=f"{lang}-{lang.upper()}")
        screens.contexts.append(context)
        page = screens.open(f"/banker?lang={lang}", context)
        shown = page.evaluate(
            """async (statuses) => {
                const { deviceStatusText } = await import("/static/js/devicestatus.js");
                return statuses.map((s) => deviceStatusText(s));
            }""",
            list(STATUSES),
        )
        assert shown == [words[index] for words in STATUSES.values()]


def test_refusals_a_banker_reads_in_russian(screens: Screens) -> None:
    """A wrong PIN, and a banker's request from a screen that is not the banker's, answered in the
    page's language with the server's own sentence (not the page's generic "pair this screen")."""
    context = screens.browser.new_context(base_url=screens.url, locale="ru-RU")
    screens.contexts.append(context)
    page = screens.open("/banker?lang=ru", context)
    page.get_by_test_id("pin").fill("000000")
    page.get_by_test_id("pin-submit").click()
    expect(page.get_by_test_id("toast").last).to_have_text(re.compile("Это не PIN банкира"))
    page.evaluate("""async () => {
        const { post } = await import("/static/js/api.js");
        try { await post("/api/games", { players: ["Аня", "Борис"] }); } catch { /* toasted */ }
    }""")
    toast = page.get_by_test_id("toast").last
    expect(toast).to_have_text(re.compile("Это может сделать только банкир"))
    assert "Сначала привяжите" not in toast.inner_text()
