"""The banker's corrections send exactly what they show (issue 22, item 3), at 1024×768 and
390×844, in English and Russian: after one transfer the money form still shows the account it
sent from and sends what it shows (the confirmation and the stored movement match the form); the
give-deed list says whose each deed is now, right after it was given."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.support import Api
from tests.browser.test_table_experience import banker_page


def shown(page: Page, test: str) -> str:
    """The value a select shows (the option the banker sees), never the one a script kept."""
    return str(page.get_by_test_id(test).evaluate("(s) => s.options[s.selectedIndex]?.value ?? ''"))


def movements(api: Api) -> list[tuple[str, str, int]]:
    return [(r["from"], r["to"], r["amount"]) for r in api.get("/api/history")["transfers"]]


@pytest.mark.parametrize(("size", "lang"), [("tablet", "en"), ("phone", "ru")])
def test_the_money_form_sends_what_it_shows_and_the_deed_list_follows(
        screens: Any, api: Api, size: str, lang: str) -> None:
    api.new_game(["Ann", "Bob", "Cat"])
    banker = banker_page(screens, size, lang)
    expect(banker.get_by_test_id("game-status")).to_be_visible()  # logged in: the sections are set
    section = banker.get_by_test_id("section-fix")  # folded on a phone: the banker opens it
    if section.get_attribute("open") is None:
        section.locator("> summary").click()
    form = banker.get_by_test_id("fix-money")

    # Bob → the bank, £30: the first transfer, the one the form used to forget
    form.get_by_test_id("fix-money-from").select_option("Bob")
    form.get_by_test_id("fix-money-to").select_option("bank")
    form.get_by_test_id("fix-money-amount").fill("30")
    form.get_by_test_id("fix-money-send").click()
    expect(banker.get_by_test_id("confirm")).to_contain_text(  # a sentence, the names in their cases
        {"en": "Move £30 from Bob to the bank?", "ru": "Перевести £30 от игрока Bob в банк?"}[lang])
    banker.get_by_test_id("confirm-yes").click()
    api.wait_state(lambda s: next(p["cash"] for p in s["players"] if p["name"] == "Bob") == 1470)
    assert movements(api)[-1] == ("Bob", "bank", 30)

    # The form after it: what it shows is what it holds (Bob, still), and sends exactly that.
    expect(form.get_by_test_id("fix-money-amount")).to_have_value("")
    assert shown(banker, "fix-money-from") == "Bob"
    form.get_by_test_id("fix-money-to").select_option("Cat")
    form.get_by_test_id("fix-money-amount").fill("12")
    from_now, to_now = shown(banker, "fix-money-from"), shown(banker, "fix-money-to")
    assert (from_now, to_now) == ("Bob", "Cat")
    form.get_by_test_id("fix-money-send").click()
    confirm = banker.get_by_test_id("confirm")
    expect(confirm).to_contain_text("£12")
    text = confirm.inner_text()
    assert text.index("Bob") < text.index("Cat"), text  # from Bob, to Cat: as the form shows
    banker.get_by_test_id("confirm-yes").click()
    api.wait_state(lambda s: next(p["cash"] for p in s["players"] if p["name"] == "Cat") == 1512)
    assert movements(api)[-1] == (from_now, to_now, 12)

    # Give a deed: the list names its new owner at once, and the next gift is from the new owner.
    deed = banker.get_by_test_id("fix-deed-square")
    deed.select_option("strand")
    banker.get_by_test_id("fix-deed-to").select_option("Ann")
    banker.get_by_test_id("fix-deed-send").click()
    asked = {"en": "Give Strand to Ann?", "ru": "Передать карточку «Стрэнд» игроку Ann?"}[lang]
    expect(banker.get_by_test_id("confirm")).to_contain_text(asked)
    banker.get_by_test_id("confirm-yes").click()
    api.wait_state(lambda s: s["properties"]["strand"]["owner"] == "Ann")
    expect(deed.locator('option[value="strand"]')).to_contain_text("(Ann)")
    assert shown(banker, "fix-deed-square") == "strand"
    takers = banker.get_by_test_id("fix-deed-to").locator("option")
    expect(takers).not_to_contain_text(["Ann"])  # no gift of Ann's own deed to Ann
