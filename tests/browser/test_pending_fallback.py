"""A pending kind the pages have no renderer for (a new one, "toll") still gets its buttons: one for
each command that answers it which the server lists now for a player the screen acts for, worded
from the texts, sending that very command. The page is fed such a state through a route mock (the
engine has no toll), so this guards decision.js's fallback without a dummy kind in rules/."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from companion.i18n import LANGUAGES
from tests.browser.layout import assert_only_legal_buttons, button_allowed, visible_actions
from tests.browser.support import PIN, Api, Daemon, Shots, live
from tests.message_list import page_texts
from tests.waiting import PATIENCE_MS

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1}
# The page's texts as a maintainer adding the kind would extend them (the shared files lack it).
TOLL_TEXT = {"en": "\npage-action-pay_dummy_toll = Pay the { $amount } toll\n",
             "ru": "\npage-action-pay_dummy_toll = Заплатить пошлину { $amount }\n"}


def toll_state(real: dict[str, Any]) -> dict[str, Any]:
    """The real state with a toll open for Ann: answered by pay_dummy_toll (worded by its page message)
    or pay_jail_fine (an existing command, worded by the page's own); her other listed moves and
    a command with fields left to her (no button can fill them) are not answers."""
    state = copy.deepcopy(real)
    # (its seq is the real one: the stream then has nothing newer to bring, so the page keeps it)
    state["pending"] = {"kind": "toll", "player": "Ann", "amount": 50}
    state["decision"] = {"kind": "toll", "players": ["Ann"], "blocks": True,
                         "options": ["pay_dummy_toll", "pay_jail_fine", "haggle"],
                         "text": {"en": "Ann pays a toll of £50.", "ru": "Аня платит пошлину £50."}}
    state["legal"]["players"]["Ann"] = [
        {"command": {"do": "pay_dummy_toll", "player": "Ann"}, "cash": -50},
        {"command": {"do": "pay_jail_fine", "player": "Ann"}, "cash": -50},
        {"command": {"do": "haggle", "player": "Ann"}, "free": {"amount": [1, 50]}},
        {"command": {"do": "mortgage", "player": "Ann", "square": "old-kent-road"}, "cash": 30},
    ]
    state["legal"]["players"]["Bob"] = []
    return state


def fed(page: Page, state: dict[str, Any], lang: str, sent: list[dict[str, Any]]) -> None:
    """Every state the page asks for is `state`; the commands it sends are kept, not applied."""
    def answer_state(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(state))

    def texts(route: Route) -> None:
        real = route.fetch()
        code = route.request.url.rsplit("/", 1)[-1].removesuffix(".ftl")
        route.fulfill(response=real, body=real.text() + TOLL_TEXT.get(code, ""))

    def commands(route: Route) -> None:
        sent.append(route.request.post_data_json)
        done = {**state, "pending": None, "decision": None, "seq": state["seq"] + 1}
        route.fulfill(status=200, content_type="application/json",
                      body=json.dumps({"seq": done["seq"], "state": done}))

    page.route("**/api/state*", answer_state)
    page.route("**/i18n/*.ftl", texts)
    page.route("**/api/commands", commands)


def phone_for(browser: Browser, daemon: Daemon, name: str, lang: str, state: dict[str, Any],
              sent: list[dict[str, Any]]) -> Page:
    ctx = browser.new_context(base_url=daemon.url, locale=lang, **PHONE)
    ctx.set_default_timeout(PATIENCE_MS)
    paired = ctx.request.post("/api/pair", data={"player": name}, headers={"X-Banker-Pin": PIN})
    assert paired.status == 200, paired.text()
    page = ctx.new_page()
    fed(page, state, lang, sent)
    page.goto(f"/player?lang={lang}")
    live(page)
    expect(page.get_by_test_id("my-name")).to_have_text(name)
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_unknown_kind_offers_a_button_per_listed_answer_and_sends_it(
        browser: Browser, daemon: Daemon, api: Api, shots: Shots, lang: str) -> None:
    api.new_game(["Ann", "Bob"])
    state = toll_state(api.state())
    sent: list[dict[str, Any]] = []
    ann = phone_for(browser, daemon, "Ann", lang, state, sent)
    expect(ann.get_by_test_id("decision-text")).to_have_text(state["decision"]["text"][lang])
    toll = ann.get_by_test_id("action-answer-pay-dummy-toll")
    fine = ann.get_by_test_id("action-answer-pay-jail-fine")
    expect(toll).to_have_text({"en": "Pay the £50 toll", "ru": "Заплатить пошлину £50"}[lang])
    expect(fine).to_have_text(page_texts(lang)["action.pay_jail_fine"])  # the page's own message
    # Only the answers: no button for the command with a field to fill, none for her other moves.
    expect(ann.locator('#decision [data-test^="action-"]')).to_have_count(2)
    assert_only_legal_buttons(ann, state, "Ann", f"Ann's phone, a toll ({lang})")
    # The positive control of that check: once the server no longer lists them, both are wrong.
    stale = copy.deepcopy(state)
    stale["legal"]["players"]["Ann"] = []
    shown = [test for test in visible_actions(ann) if test.startswith("action-answer-")]
    assert len(shown) == 2 and not any(button_allowed(test, stale, "Ann") for test in shown), shown
    shots.take(ann, f"toll-{lang}")
    toll.click()
    ann.wait_for_function("() => !document.querySelector('[data-test=\"action-answer-pay-dummy-toll\"]')")
    assert sent and sent[-1]["do"] == "pay_dummy_toll" and sent[-1].get("player", "Ann") == "Ann", sent
    ann.context.close()


def test_a_player_who_does_not_decide_it_gets_no_button(browser: Browser, daemon: Daemon, api: Api) -> None:
    api.new_game(["Ann", "Bob"])
    state = toll_state(api.state())
    bob = phone_for(browser, daemon, "Bob", "en", state, [])
    expect(bob.get_by_test_id("decision-text")).to_have_text("Ann pays a toll of £50.")
    expect(bob.locator('#decision [data-test^="action-"]')).to_have_count(0)
    bob.context.close()
    # The control: Bob's phone, once he is listed as deciding with an answer, shows it.
    state["decision"]["players"] = ["Ann", "Bob"]
    state["legal"]["players"]["Bob"] = [{"command": {"do": "pay_dummy_toll", "player": "Bob"}, "cash": -50}]
    bob = phone_for(browser, daemon, "Bob", "en", state, [])
    expect(bob.get_by_test_id("action-answer-pay-dummy-toll")).to_have_text("Pay the £50 toll")
    bob.context.close()


def test_the_shared_table_offers_each_deciders_answers_by_name(browser: Browser, daemon: Daemon,
                                                               api: Api) -> None:
    api.new_game(["Ann", "Bob"])
    state = toll_state(api.state())
    ctx = browser.new_context(base_url=daemon.url, locale="en", viewport={"width": 1280, "height": 860})
    ctx.set_default_timeout(PATIENCE_MS)
    table = ctx.new_page()
    fed(table, state, "en", [])
    table.goto("/?lang=en")
    live(table)
    expect(table.get_by_test_id("action-answer-pay-dummy-toll-Ann")).to_have_text("Pay the £50 toll")
    expect(table.locator('#decision [data-answers="Ann"] [data-test^="action-answer-"]')).to_have_count(2)
    assert_only_legal_buttons(table, state, None, "the Table page, a toll")
    ctx.close()
