"""The pages word messages as the server does (issue 23): the browser's @fluent/bundle, given the
same .ftl file, picks the same plural forms by CLDR's rules and writes money the same way as
fluent.runtime on the Python side, in both languages."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from companion import i18n
from companion.i18n.money import Currency
from companion.rules import load_edition

from .conftest import TABLET, Screens

# The page's own i18n module: the instance it loaded, so t() has its language's words.
WORD = """async ([key, vars]) => { const m = await import("/static/js/i18n.js"); return m.t(key, vars); }"""
SAY = """async ([id, vars]) => { const m = await import("/static/js/i18n.js"); return m.say(id, vars); }"""


def opened(screens: Screens, lang: str) -> Any:
    context = screens.browser.new_context(base_url=screens.url, locale=lang, **TABLET)
    screens.contexts.append(context)
    page = screens.open(f"/history?lang={lang}", context)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_test_id("nav-table")).to_have_text(i18n.say(lang, "page-nav-table"))
    return page


def test_plurals_and_money_read_the_same_in_the_browser_and_on_the_server(screens: Screens) -> None:
    for lang in i18n.LANGUAGES:
        page = opened(screens, lang)
        for n in (0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1500):
            said = page.evaluate(WORD, ["banker.moves_stored", {"n": n}])
            assert said == i18n.say(lang, "page-banker-moves_stored", {"n": n}), (lang, n)
        # money through MONEY(): the story's new-game line, a message of the same file
        for amount in (0, 60, 1500, 25000):
            values = {"players": "Ann, Bob", "amount": amount}
            assert page.evaluate(SAY, ["story-story-new_game", values]) == i18n.say(
                lang, "story-story-new_game", values), (lang, amount)
    assert i18n.say("ru", "page-banker-moves_stored", {"n": 3}) != i18n.say("ru", "page-banker-moves_stored",
                                                                            {"n": 5})  # the control


# The page's money, set as a state of a game on another edition would set it (api.js's applyState).
IN_MONEY = """async ([money, id, vars]) => {
  const m = await import("/static/js/i18n.js");
  const before = document.documentElement.dataset.money;
  m.setMoney(money);
  try { return [m.say(id, vars), m.amountText(1500)]; } finally { m.setMoney({ sign: before }); }
}"""


def test_the_pages_write_money_in_the_games_edition(screens: Screens) -> None:
    """The sign comes from the edition (base.html's data-money, then the state's money), never
    from the page's code: a dollar game's amounts read as the server words them (issue 40)."""
    dollars = Currency.from_data({"sign": "$", "nouns": {}})
    for lang in i18n.LANGUAGES:
        page = opened(screens, lang)
        expect(page.locator("html")).to_have_attribute("data-money", load_edition().money.sign)
        values = {"players": "Ann, Bob", "amount": 1500}
        said, amount = page.evaluate(IN_MONEY, [dollars.to_data(), "story-story-new_game", values])
        assert said == i18n.say(lang, "story-story-new_game", values, money=dollars), lang
        assert amount == dollars.write(1500, lang) == {"en": "$1,500", "ru": "$1\u00a0500"}[lang]
        again = page.evaluate(SAY, ["story-story-new_game", values])  # the page's own money again
        assert again == i18n.say(lang, "story-story-new_game", values), lang
