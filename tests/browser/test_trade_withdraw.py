"""Issue 38, point 6: the Table page (a screen everyone shares) offered "Withdraw the proposal"
beside the partner's Reject, though on that screen the token tapped, not the button, says whose
command it is. It now offers one button for both parties of the trade, labelled so ("Reject or
withdraw"): the partner's token rejects, the proposer's withdraws. A phone still offers its own
player only theirs. At 390x844 and 1024x768, in English and Russian."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_layout, assert_only_legal_buttons
from tests.browser.support import Api, Shots
from tests.browser.test_seat_panel import LANGS, SIZES, confirm, table_and_reader
from tests.browser.test_table_experience import paired_phone, settle

ONE_BUTTON = {"en": "Reject or withdraw", "ru": "Отклонить или отозвать"}
WITHDRAWN = {"en": "Ann withdraws the proposal", "ru": "Ann отзывает предложение"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_table_page_offers_one_button_the_proposers_token_withdraws_with(
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
    expect(table.get_by_test_id("action-withdraw")).to_have_count(0)  # no button for a token it cannot ask
    reject = table.get_by_test_id("action-reject")
    expect(reject).to_have_count(1)
    expect(reject).to_have_text(ONE_BUTTON[lang])
    expect(bob.get_by_test_id("action-reject")).to_have_text({"en": "Reject", "ru": "Отклонить"}[lang])
    expect(bob.get_by_test_id("action-withdraw")).to_have_count(0)  # Bob's phone: his answers only
    settle(table)
    shots.take(table, "trade offered")
    assert_layout(table, f"the trade on the Table page, {size} {lang}")
    assert_only_legal_buttons(table, api.state(), None, f"the trade on the Table page, {size} {lang}")

    # Ann, who has no phone, takes her proposal back: the one button, then her token.
    confirm(table, reject, reader, ann,
            lambda ms: expect(decision).to_have_attribute("data-kind", "roll", timeout=ms))
    expect(table.get_by_test_id("feed-item").filter(has_text=WITHDRAWN[lang])).to_have_count(1)
    assert api.state()["properties"]["whitechapel-road"]["owner"] == ann  # nothing changed hands
    settle(table)
    shots.take(table, "withdrawn")
