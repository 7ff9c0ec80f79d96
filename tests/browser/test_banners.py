"""Issue 22, item 2, the banners not yet covered: a phone tells its player at once that they went
to jail and that they won an auction (with the price, as money out), at 390x844 and 1024x768 in
English and Russian; another player's phone says nothing of either. Issue 38, point 6: the jail
banner goes when its moment has passed, as the turn passes or after the while a money banner
stays. (The fee, card and rent banners: test_seat_panel.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_layout
from tests.browser.support import SHOWN_MS, Api, Shots
from tests.browser.test_seat_panel import BANNER_MS, LANGS, SIZES
from tests.browser.test_table_experience import paired_phone, settle

GO_TO_JAIL = 30
STAYS_MS = 15_000  # banners.js: a banner but a card's stays this long


def newest(api: Api, key: str) -> dict[str, Any]:
    """The story's newest line of this kind (what the banner must say, in each language)."""
    return next(i for i in reversed(api.get("/api/feed")["items"]) if i["key"] == key)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_phone_tells_its_player_of_jail_and_of_an_auction_won(
        screens: Any, api: Api, artifacts: Path, size: str, lang: str) -> None:
    shots = Shots(artifacts, f"banners-jail-auction-{size}-{lang}-", iter(range(1, 50)))
    api.new_game(["Ann", "Bob"])
    ann = paired_phone(screens, size, lang, "Ann")
    bob = paired_phone(screens, size, lang, "Bob")
    banner, bobs = ann.get_by_test_id("personal-banner"), bob.get_by_test_id("personal-banner")
    expect(banner).to_be_hidden()

    # Jail: the banker puts Ann five squares before Go to Jail (which says nothing to her phone),
    # and she rolls onto it.
    api.must({"do": "place", "player": "Ann", "square": api.square_id(GO_TO_JAIL - 5)})
    ann.wait_for_timeout(300)
    expect(banner).to_be_hidden()  # a correction that moved no money is no news for her banner
    api.must({"do": "roll", "dice": [2, 3]})
    assert api.state()["players"][0]["in_jail"]
    jailed = newest(api, "jail.goes")
    line = banner.locator('[data-test=banner-line][data-key="jail.goes"]')
    expect(line).to_have_text(jailed["text"][lang], timeout=BANNER_MS)
    expect(banner.get_by_test_id("banner-line")).to_have_count(1)  # the roll itself is no news
    expect(banner).to_have_attribute("data-kind", "jail")  # told apart from money by its colour too
    settle(ann)
    shots.take(ann, "jail")
    assert_layout(ann, f"jail banner, {size} {lang}")
    expect(bobs).to_be_hidden()  # Bob's phone says nothing of Ann's jail
    api.must({"do": "end_turn"})
    expect(banner).to_be_hidden(timeout=BANNER_MS)  # her turn is over: the news with it (issue 38)
    settle(ann)
    shots.take(ann, "jail-turn-passed")

    # An auction: Bob declines Whitechapel Road, Ann (bidding from jail) wins it for £30.
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "decline"})
    api.must({"do": "bid", "player": "Ann", "amount": 30})
    api.must({"do": "pass", "player": "Bob"})
    assert api.state()["properties"]["whitechapel-road"]["owner"] == "Ann"
    won = newest(api, "why.won_auction")
    assert (won["from"], won["amount"]) == ("Ann", 30), won
    line = banner.locator('[data-test=banner-line][data-key="why.won_auction"]')
    expect(line).to_be_visible(timeout=BANNER_MS)
    expect(line).to_have_attribute("data-amount", "-30")
    expect(line).to_contain_text("−£30")
    expect(line).to_contain_text(won["text"][lang])
    expect(banner.locator('[data-key="jail.goes"]')).to_have_count(0)  # the newer news replaced it
    expect(banner).to_have_attribute("data-kind", "out")
    settle(ann)
    shots.take(ann, "auction-won")
    assert_layout(ann, f"auction-won banner, {size} {lang}")
    expect(bobs).to_be_hidden()  # he passed and paid nothing: no banner on his phone
    banner.click()  # dismissed
    expect(banner).to_be_hidden()


def test_a_jail_banner_goes_after_a_while_though_the_turn_stays(screens: Any, api: Api) -> None:
    """Ann, jailed, has not ended her turn yet: the banner still goes, after the while a money
    banner stays (banners.js's STAYS, 15 s)."""
    api.new_game(["Ann", "Bob"])
    ann = paired_phone(screens, "phone", "en", "Ann")
    banner = ann.get_by_test_id("personal-banner")
    api.must({"do": "place", "player": "Ann", "square": api.square_id(GO_TO_JAIL - 5)})
    api.must({"do": "roll", "dice": [2, 3]})
    expect(banner.locator('[data-key="jail.goes"]')).to_be_visible(timeout=BANNER_MS)
    expect(banner).to_be_hidden(timeout=STAYS_MS + SHOWN_MS)
    assert api.state()["turn"] == "Ann"  # the turn stayed hers: the time alone took the banner
