"""Every house rule the engine knows can be set from the Banker page's new-game form, in English
and in Russian (issue 26): the form is built from GET /api/rules, each control is labelled in the
page's language, and the game it starts carries every rule as the banker set it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from companion import i18n
from companion.rules.house_rules import HouseRules
from tests.browser.support import Api
from tests.browser.test_table_experience import banker_page


def other_value(rule: dict[str, Any]) -> Any:
    """A value the banker picks that is not the rule's default, inside the engine's range."""
    kind, default = rule["kind"], rule["default"]
    if kind == "bool":
        return not default
    if kind == "choice":
        return next(c for c in rule["choices"] if c != default)
    if kind == "fraction":
        return 0.25
    if kind == "optint":
        return rule["min"] + 1
    return default + 7


def set_rule(form: Any, rule: dict[str, Any], value: Any) -> None:
    control = form.get_by_test_id(f"rule-{rule['key']}")
    if rule["kind"] == "bool":
        control.set_checked(value)
    elif rule["kind"] == "choice":
        control.select_option(value)
    else:
        control.fill(str(value))


def new_game_form(screens: Any, size: str, lang: str) -> tuple[Page, Locator]:
    """The Banker page in this size and language, its new-game section open: (page, form)."""
    banker: Page = banker_page(screens, size, lang)
    section = banker.get_by_test_id("section-new-game")
    if section.count() and section.get_attribute("open") is None:
        section.locator("> summary").click()
    return banker, banker.get_by_test_id("new-game")


def start_ann_and_bob(api: Api, banker: Page, form: Locator) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ann and Bob's game started from the form as it is set: (its state, its new_game line)."""
    earlier = api.state()
    before = earlier.get("game")
    for i, name in enumerate(["Ann", "Bob"]):
        form.get_by_test_id(f"new-game-player-{i}").fill(name)
    form.get_by_test_id("new-game-submit").click()
    if before is not None and not earlier.get("winner"):  # an earlier test's game still runs:
        banker.get_by_test_id("confirm-yes").click()  # the banker confirms replacing it (not one over)
    state = api.wait_state(lambda s: s.get("game") not in (None, before))
    return state, json.loads(api.get("/api/log")["entries"][0]["line"])


@pytest.mark.parametrize(("size", "lang"), [("tablet", "en"), ("phone", "ru")])
def test_every_house_rule_is_settable_from_the_new_game_form(
        screens: Any, api: Api, size: str, lang: str) -> None:
    rules = api.get("/api/rules")["rules"]
    engine = [f for f in HouseRules.__dataclass_fields__]
    assert [r["key"] for r in rules] == engine and len(engine) == 18  # positive control: all of them
    banker, form = new_game_form(screens, size, lang)
    folded = form.locator("details.rules")
    expect(folded).to_be_visible()
    if folded.get_attribute("open") is None:
        folded.locator("> summary").click()

    chosen = {}
    for rule in rules:
        key = rule["key"]
        expect(form.locator(f'label[for="rule-{key}"]')).to_have_text(i18n.say(lang, f"page-rule-{key}"))
        chosen[key] = other_value(rule)
        set_rule(form, rule, chosen[key])
    state, first = start_ann_and_bob(api, banker, form)
    assert first["do"] == "new_game" and first["players"] == ["Ann", "Bob"]
    assert first["rules"] == chosen
    assert HouseRules.from_dict(first["rules"]).changed() == chosen  # the engine took every one
    assert state["bank"]["houses"] == chosen["houses"]
