"""A screen's language (issue 22, item 10) in the browser: a ru-RU phone opens in Russian on its
first visit, an English one in English; the Table page's join code carries the language it speaks
now; the screen's own switch still wins, and is kept over a reload."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .conftest import PHONE, TABLET, Screens


def opened(screens: Screens, path: str, locale: str, size: dict[str, Any]) -> Any:
    context = screens.browser.new_context(base_url=screens.url, locale=locale, **size)
    screens.contexts.append(context)
    return screens.open(path, context)


def test_a_russian_phone_opens_in_russian_and_its_switch_still_wins(screens: Screens) -> None:
    phone = opened(screens, "/player", "ru-RU", PHONE)
    expect(phone.locator("html")).to_have_attribute("lang", "ru")
    expect(phone.get_by_test_id("lang-ru")).to_have_attribute("aria-pressed", "true")
    english = opened(screens, "/player", "en-GB", PHONE)  # the control: the same page in English
    expect(english.locator("html")).to_have_attribute("lang", "en")
    phone.get_by_test_id("lang-en").click()
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    phone.reload()
    expect(phone.locator("html")).to_have_attribute("lang", "en")  # the screen's choice, kept


def test_the_join_code_carries_the_tables_language(screens: Screens) -> None:
    table = opened(screens, "/", "ru-RU", TABLET)
    code = table.get_by_test_id("qr-join")
    expect(table.locator('[data-i18n="table.qr_join"]')).to_have_text("2. Откройте панель")
    expect(code).to_have_attribute("src", "/api/qr.svg?for=join&lang=ru")
    assert code.evaluate("(img) => img.decode().then(() => img.naturalWidth > 0)")
    table.get_by_test_id("lang-en").click()
    expect(code).to_have_attribute("src", "/api/qr.svg?for=join&lang=en")
    expect(table.locator('[data-i18n="table.qr_join"]')).to_have_text("2. Open the dashboard")
