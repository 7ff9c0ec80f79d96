"""Issue 38, point 6: the Table page (a screen everyone shares) offered "Withdraw the proposal"
beside the partner's Reject, though any token tapped for it made it that token's player's. Now a
move on the table's screen waits for the token of the player it names: the proposer's withdrawal
says whose it is, another player's token is told so and changes nothing, and the proposer's
token (Ann has no phone: this is her only way) takes the proposal back. A phone still offers its
own player only theirs. At 390x844 and 1024x768, in English and Russian."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_layout, assert_only_legal_buttons
from tests.browser.support import Api, Shots, tap_until
from tests.browser.test_seat_panel import LANGS, SIZES, confirm, table_and_reader, wrong_token
from tests.browser.test_table_experience import paired_phone, settle

WITHDRAW = {"en": "Withdraw the proposal", "ru": "Отозвать предложение"}
WITHDRAWN = {"en": "Ann withdraws the proposal", "ru": "Ann отзывает предложение"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_table_page_offers_the_proposers_withdrawal_to_her_token_alone(
        screens: Any, api: Api, artifacts: Path, size: str, lang: str) -> None:
    shots = Shots(artifacts, f"trade-withdraw-{size}-{lang}-", iter(range(1, 50)))
    api.new_game(["Ann", "Bob"])
    ann = "Ann"
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "buy"})
    table, reader = table_and_reader(screens, size, lang)
    bob = paired_phone(screens, size, lang, "Bob")
    api.must({"do": "trade", "from": ann, "to": "Bob", "give": {"squares": ["whitechapel-road"]},
              "take": {"cash": 100}})

    decision = table.get_by_test_id("decision")
    expect(decision).to_have_attribute("data-kind", "trade")
    withdraw = table.get_by_test_id("action-withdraw")
    expect(withdraw).to_have_text(WITHDRAW[lang])
    expect(table.get_by_test_id("action-reject")).to_have_text({"en": "Reject", "ru": "Отклонить"}[lang])
    expect(bob.get_by_test_id("action-reject")).to_have_text({"en": "Reject", "ru": "Отклонить"}[lang])
    expect(bob.get_by_test_id("action-withdraw")).to_have_count(0)  # Bob's phone: his answers only
    settle(table)
    shots.take(table, "trade offered")
    assert_layout(table, f"the trade on the Table page, {size} {lang}")
    assert_only_legal_buttons(table, api.state(), None, f"the trade on the Table page, {size} {lang}")

    # Bob's token on Ann's withdrawal is told it is not his; Ann's own then takes her proposal back.
    confirm(table, withdraw, reader, "Bob", wrong_token(table, lang, "Bob", ann))
    assert api.state()["pending"]["kind"] == "trade"  # nothing changed
    tap_until(reader, ann, lambda ms: expect(decision).to_have_attribute("data-kind", "roll", timeout=ms))
    expect(table.get_by_test_id("feed-item").filter(has_text=WITHDRAWN[lang])).to_have_count(1)
    assert api.state()["properties"]["whitechapel-road"]["owner"] == ann  # nothing changed hands
    settle(table)
    shots.take(table, "withdrawn")
