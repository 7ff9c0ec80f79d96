"""Issue 21, the pages of "a tap does one thing, and everyone can see which", as the family at the
table would see them at 1024×768 (a tablet) and 390×844 (a phone), in English and Russian:

- the Table page says in words what the next token tap does, and lists a command waiting for a
  token until it is confirmed (or, once, until its 30 s run out);
- a pairing by token takes two acts at the table (issue 36): the phone shows its code, a tap of the
  token makes the table offer it (the phone says "now", the table's own screen lists the codes),
  and the token tapped again (or the code touched on the table's own screen) pairs it; it is
  announced on the Table page and on the player's other phone (not on another player's phone, nor
  on the new screen itself), and "Not me — unpair" there sends the new screen back to pairing;
- the banker's Screens panel lists the screens per player and revokes one (after a confirmation:
  "Cancel" changes nothing), and the revoked phone goes back to pairing.

Every step is checked for what a person would notice (no sideways scroll, no cut or overlapping
text) and photographed in test-artifacts/browser/ (screens-<size>-<lang>-NN-<step>.png).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from companion.i18n import LANGUAGES
from tests.browser.layout import assert_layout
from tests.browser.support import PIN, TABLE_PAGES, Api, Shots, live
from tests.message_list import page_texts
from tests.waiting import PATIENCE_MS

SIZES = {"tablet": {"width": 1024, "height": 768}, "phone": {"width": 390, "height": 844}}
STRINGS = {code: page_texts(code) for code in LANGUAGES}
EXPIRY_MS = 45_000  # a command waits 30 s for its token (companion/web/context.py confirm_timeout)
RUNNING = re.compile(r"^[1-9][0-9]*$")  # a countdown's data-seconds, still above zero
ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/120.0.0.0 Mobile Safari/537.36")

ON_ANDROID = {"en": "Chrome on Android", "ru": "Chrome на Android"}
PAIRED_JS = """() => {
  window.__paired = [];
  window.addEventListener("notice", (e) => {
    if (e.detail.type === "paired") window.__paired.push(e.detail);
  });
}"""

SIZE_LANG = pytest.mark.parametrize(("size", "lang"), [
    (size, lang) for size in ("tablet", "phone") for lang in LANGUAGES])


def text(lang: str, key: str, **values: str) -> str:
    said = STRINGS[lang].get(key) or STRINGS["en"][key]
    for name, value in values.items():
        said = said.replace("{" + name + "}", value)
    return said


def context(screens: Any, size: str, lang: str, agent: str | None = None) -> BrowserContext:
    phone = size == "phone"
    ctx = screens.browser.new_context(base_url=screens.url, viewport=SIZES[size], is_mobile=phone,
                                      has_touch=phone, device_scale_factor=1, locale=lang,
                                      **({"user_agent": agent} if agent else {}))
    ctx.set_default_timeout(PATIENCE_MS)
    screens.contexts.append(ctx)
    return ctx


def open_page(screens: Any, ctx: BrowserContext, path: str, lang: str) -> Page:
    if path in TABLE_PAGES:  # the Table page: the table's own screen, set up once with the banker's PIN
        screens.table_screen(ctx)
    page = ctx.new_page()
    page.on("pageerror", lambda exc, p=path: screens.errors.append(f"{p}: {exc}"))
    screens.pages.append(page)
    page.goto(f"{path}?lang={lang}")
    return live(page)


def paired_phone(screens: Any, size: str, lang: str, player: str, agent: str | None = None) -> Page:
    """A player's phone, paired as the banker pairs one (the same session the page then has)."""
    ctx = context(screens, size, lang, agent)
    answer = ctx.request.post("/api/pair", data={"player": player}, headers={"X-Banker-Pin": PIN})
    assert answer.status == 200, answer.text()
    page = open_page(screens, ctx, "/player", lang)
    expect(page.get_by_test_id("my-name")).to_have_text(player)
    return page


def banker_page(screens: Any, size: str, lang: str) -> Page:
    page = open_page(screens, context(screens, size, lang), "/banker", lang)
    page.get_by_test_id("pin").fill(PIN)
    page.get_by_test_id("pin-submit").click()
    expect(page.get_by_test_id("game-status")).to_be_visible()  # logged in: the sections are set
    section = page.get_by_test_id("section-screens")  # folded on a phone: the banker opens it
    if section.get_attribute("open") is None:
        section.locator("summary").click()
    expect(page.get_by_test_id("screens")).to_be_visible()
    return page


def whoami(page: Page) -> dict[str, Any]:
    """The page's own session, as the server keeps it (its screen id and label)."""
    answer = page.context.request.get("/api/session")
    assert answer.ok, answer.text()
    return answer.json()


def tap(api: Api, meaning: str) -> None:
    """A tag on the simulated reader (the table's hardware, as the virtual table taps it)."""
    status, data = api.request("POST", "/api/sim/tap", {"meaning": meaning}, banker=False)
    assert status == 202, (status, data)


def look(page: Page, shots: Shots, step: str) -> None:
    """What a person would notice, from the top of the page; and a photograph of it."""
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    shots.take(page, step)
    assert_layout(page, step)


def next_tap_shown(page: Page, api: Api, lang: str, kind: str) -> dict[str, Any]:
    """The page's next-tap line says what the table says the next tap does (GET /api/taps)."""
    line = page.get_by_test_id("next-tap")
    expect(line).to_have_attribute("data-kind", kind)
    taps = api.get("/api/taps")
    assert taps["next"]["kind"] == kind, taps
    expect(line).to_have_text(taps["next"]["words"][lang])
    return taps


def back_to_pairing(page: Page, lang: str, player: str) -> None:
    """Unpaired from elsewhere: the phone asks again whose it is, and says why."""
    expect(page.get_by_test_id("pairing")).to_be_visible()
    expect(page.get_by_test_id("pair")).to_be_visible()
    expect(page.get_by_test_id("my-name")).to_be_hidden()
    said = text(lang, "player.unpaired_elsewhere", player=player)
    expect(page.get_by_test_id("toast").filter(has_text=said)).to_be_visible()


@SIZE_LANG
def test_table_page_says_what_the_next_tap_does(screens: Any, api: Api, size: str, lang: str,
                                                artifacts: Path) -> None:
    shots = Shots(artifacts, f"screens-{size}-{lang}-next-tap-", iter(range(1, 100)))
    api.new_game(["Ann", "Bob"])
    table = open_page(screens, context(screens, size, lang), "/", lang)
    next_tap_shown(table, api, lang, "none")
    expect(table.get_by_test_id("tap-wait")).to_have_count(0)

    # Ann lands on Whitechapel Road; the Table page's "Buy" waits for her token, and every word
    # on the page agrees (issue 38): the hint, the next-tap line and the waiting row name Ann.
    api.must({"do": "roll", "dice": [1, 2]})
    with table.expect_response(lambda r: r.url.endswith("/api/commands")) as sent:
        table.get_by_test_id("action-buy").click()
    assert sent.value.status == 202, sent.value.text()  # the request reached the table, and waits
    hint = text(lang, "toast.confirm_tap", player="Ann")
    expect(table.get_by_test_id("toast").filter(has_text=hint)).to_be_visible()
    taps = next_tap_shown(table, api, lang, "confirm")
    [wait] = taps["waiting"]
    assert wait["player"] == "Ann" and "Ann" in taps["next"]["words"][lang], taps
    expect(table.get_by_test_id("tap-wait")).to_contain_text(text(lang, "taps.for", player="Ann"))
    # Bob's token is not Ann's: the table says so, and Ann's purchase goes on waiting for her.
    tap(api, "token:Bob")
    wrong = {"en": "That was Bob's token; Ann must confirm this",
             "ru": "Это фишка игрока Bob; подтвердить нужно игроку Ann"}[lang]
    expect(table.get_by_test_id("toast").filter(has_text=wrong)).to_be_visible()
    look(table, shots, "another players token")
    assert api.get("/api/taps")["waiting"] == taps["waiting"] and api.state()["pending"]["kind"] == "buy"
    row = table.get_by_test_id("tap-wait")
    expect(row).to_have_count(1)
    expect(row).to_have_attribute("data-kind", "confirm")
    expect(row).to_have_attribute("data-request", wait["request"])
    expect(row.get_by_test_id("tap-wait-what")).to_have_text(wait["words"][lang])
    left = row.get_by_test_id("tap-left")
    expect(left).to_have_attribute("data-seconds", RUNNING)
    look(table, shots, "a purchase waits for a token")

    # Ann's token confirms it: the deed is hers and nothing waits any more
    tap(api, "token:Ann")
    expect(table.get_by_test_id("square-whitechapel-road")).to_have_attribute("data-owner", "Ann")
    expect(table.get_by_test_id("tap-wait")).to_have_count(0)
    next_tap_shown(table, api, lang, "none")
    look(table, shots, "confirmed by the token")


def test_a_waiting_command_leaves_the_list_when_its_time_is_up(screens: Any, api: Api,
                                                               artifacts: Path) -> None:
    shots = Shots(artifacts, "screens-tablet-en-expiry-", iter(range(1, 100)))
    api.new_game(["Ann", "Bob"])
    api.must({"do": "roll", "dice": [1, 2]})
    table = open_page(screens, context(screens, "tablet", "en"), "/", "en")
    table.get_by_test_id("action-buy").click()
    row = table.get_by_test_id("tap-wait")
    expect(row).to_have_count(1)  # control: it was listed
    shots.take(table, "waiting")
    expect(row).to_have_count(0, timeout=EXPIRY_MS)  # nobody tapped: it ran out
    next_tap_shown(table, api, "en", "none")
    assert api.state()["pending"]["kind"] == "buy"  # nothing was bought
    look(table, shots, "expired")


@SIZE_LANG
def test_a_pairing_is_announced_and_not_me_unpairs_it(screens: Any, api: Api, size: str, lang: str,
                                                      artifacts: Path) -> None:
    shots = Shots(artifacts, f"screens-{size}-{lang}-pairing-", iter(range(1, 100)))
    api.new_game(["Ann", "Bob"])
    table = open_page(screens, context(screens, size, lang), "/", lang)
    ann = paired_phone(screens, size, lang, "Ann")
    bob = paired_phone(screens, size, lang, "Bob")
    new = open_page(screens, context(screens, size, lang, agent=ANDROID), "/player", lang)
    label = whoami(new)["label"]
    expect(new.get_by_test_id("this-screen")).to_contain_text(label.split()[-1])

    # the new phone asks to pair: it shows its code, and the Table page says a tap starts choosing it
    with new.expect_response(lambda r: r.url.endswith("/api/pair")) as asked:
        new.get_by_test_id("pair").click()
    assert asked.value.status == 202, asked.value.text()
    code = asked.value.json()["code"]
    expect(new.get_by_test_id("wait-code")).to_have_text(code)
    next_tap_shown(table, api, lang, "pair")
    expect(table.get_by_test_id("tap-wait")).to_have_attribute("data-kind", "pair")
    look(table, shots, "the next tap pairs a screen")
    next_tap_shown(new, api, lang, "pair")  # the asking phone says so too, its own wait marked
    expect(new.locator("[data-test=tap-wait].is-mine")).to_have_count(1)
    look(new, shots, "the asking phone shows its code")

    for page in (table, ann):
        page.evaluate(PAIRED_JS)
    tap(api, "token:Ann")  # the first act: the table offers the waiting screen's code
    expect(new.get_by_test_id("wait-offer")).to_have_attribute("data-yours", "true")
    expect(new.get_by_test_id("wait-offer")).to_contain_text(code)
    choice = table.get_by_test_id("choice")
    expect(choice).to_have_attribute("data-player", "Ann")
    expect(choice.get_by_test_id("choice-code")).to_have_text([code])
    next_tap_shown(table, api, lang, "choice")
    look(new, shots, "the table offers this phone's code")
    look(table, shots, "the table's own screen lists the code")
    if (size, lang) in (("tablet", "en"), ("phone", "ru")):  # the second act: the token again ...
        table.wait_for_timeout(1800)  # (lifted a moment: the reader counts one within a second as one)
        tap(api, "token:Ann")
    else:  # ... or the code touched on the table's own screen
        choice.locator(f'[data-test=choice-code][data-code="{code}"]').click()
    expect(new.get_by_test_id("my-name")).to_have_text("Ann")  # control: the second act paired it
    expect(table.get_by_test_id("choice")).to_have_count(0)
    screen = text(lang, "screens.numbered", n=label.split()[-1])
    said = text(lang, "paired.token", player="Ann", screen=screen)
    new_id = whoami(new)["screen"]
    for page in (table, ann):  # (the Table page also shows the banker's pairings of Ann and Bob)
        banner = page.locator(f'[data-test=paired-banner][data-screen-id="{new_id}"]')
        expect(banner).to_have_count(1)
        expect(banner.get_by_test_id("paired-text")).to_contain_text(said)
        notice = page.evaluate("() => window.__paired.at(-1)")
        assert notice["player"] == "Ann" and notice["screen_id"] == new_id, notice
        if notice.get("agent"):  # the browser, when the table's notice names it
            expect(banner.get_by_test_id("paired-text")).to_contain_text(ON_ANDROID[lang])
        expect(banner.get_by_test_id("paired-not-me")).to_have_text(text(lang, "paired.not_me"))
    expect(ann.get_by_test_id("paired-banner")).to_have_count(1)  # Ann's phone: only Ann's pairings
    expect(new.get_by_test_id("paired-banner")).to_have_count(0)  # the new screen itself is not asked
    expect(bob.get_by_test_id("paired-banner")).to_have_count(0)  # nor another player's phone
    look(table, shots, "a pairing on the table page")
    look(ann, shots, "a pairing on the player's other phone")

    # Ann did not pair it: one tap on her phone, and the new screen is back to pairing
    ann.get_by_test_id("paired-banner").get_by_test_id("paired-not-me").click()
    back_to_pairing(new, lang, "Ann")
    expect(ann.get_by_test_id("paired-banner")).to_have_count(0)
    expect(table.locator(f'[data-test=paired-banner][data-screen-id="{new_id}"]')).to_have_count(0)
    expect(ann.get_by_test_id("my-name")).to_have_text("Ann")  # Ann's own phone is still hers
    mine = whoami(ann)["label"].split()[-1]
    expect(ann.get_by_test_id("my-screen")).to_have_text(text(lang, "screens.numbered", n=mine))
    assert whoami(new)["player"] is None
    look(new, shots, "not me: the new screen is back to pairing")


@SIZE_LANG
def test_the_banker_lists_screens_and_revokes_one(screens: Any, api: Api, size: str, lang: str,
                                                  artifacts: Path) -> None:
    shots = Shots(artifacts, f"screens-{size}-{lang}-banker-", iter(range(1, 100)))
    api.new_game(["Ann", "Bob"])
    ann = paired_phone(screens, size, lang, "Ann", agent=ANDROID)
    bob = paired_phone(screens, size, lang, "Bob")
    banker = banker_page(screens, size, lang)
    ann_id, bob_id = whoami(ann)["screen"], whoami(bob)["screen"]
    ann_row = banker.get_by_test_id("screens-group-ann").get_by_test_id(f"screen-{ann_id}")
    bob_row = banker.get_by_test_id("screens-group-bob").get_by_test_id(f"screen-{bob_id}")
    expect(ann_row).to_have_attribute("data-by", "banker")
    expect(ann_row).to_contain_text(text(lang, "screens.by_banker"))
    expect(ann_row).to_contain_text(ON_ANDROID[lang])
    listed = {s["screen"]: s for s in api.request("GET", "/api/banker/screens")[1]["screens"]}
    label = listed[ann_id]["label"]  # as the table names it ("screen 3"), and so does the phone
    assert label == whoami(ann)["label"], (label, whoami(ann))
    expect(ann_row.locator(".screen-label")).to_have_text(text(lang, "screens.numbered", n=label.split()[-1]))
    expect(bob_row).to_be_visible()
    expect(banker.locator('[data-test^="screen-"][data-this="true"]')).to_have_count(1)  # the banker's own
    ann_row.scroll_into_view_if_needed()
    shots.take(banker, "the screens per player")
    assert_layout(banker, "the banker's screens")

    # Revoke, then Cancel: nothing changes (the control); Revoke, then Yes: Ann's phone is unpaired
    ann_row.get_by_test_id(f"screen-revoke-{ann_id}").click()
    expect(banker.get_by_test_id("confirm")).to_contain_text("Ann")
    banker.get_by_test_id("confirm-no").click()
    expect(ann_row).to_be_visible()
    expect(ann.get_by_test_id("my-name")).to_have_text("Ann")
    ann_row.get_by_test_id(f"screen-revoke-{ann_id}").click()
    banker.get_by_test_id("confirm-yes").click()
    back_to_pairing(ann, lang, "Ann")
    expect(ann_row).to_have_count(0)
    # the list is the table's: Ann's other screens (paired by her token in an earlier test, which
    # follow her piece into this game) stay listed; with none, the group says so
    status, listed = api.request("GET", "/api/banker/screens")
    assert status == 200, listed
    left = [s for s in listed["screens"] if s["player"] == "Ann"]
    rows = banker.get_by_test_id("screens-group-ann").locator("[data-test^=screen-][data-player=Ann]")
    expect(rows).to_have_count(len(left))
    if not left:
        expect(banker.get_by_test_id("screens-group-ann")).to_contain_text(text(lang, "screens.no_screen"))
    expect(bob.get_by_test_id("my-name")).to_have_text("Bob")  # Bob's phone is untouched
    expect(bob_row).to_be_visible()
    status, listed = api.request("GET", "/api/banker/screens")
    assert status == 200, listed
    ids = {s["screen"] for s in listed["screens"]}
    assert ann_id not in ids and bob_id in ids
    look(ann, shots, "revoked: the phone is back to pairing")
    look(banker, shots, "revoked")

    # Ann pairs it again with her token: the banker's list shows it at once, paired by token
    with ann.expect_response(lambda r: r.url.endswith("/api/pair")) as asked:
        ann.get_by_test_id("pair").click()
    assert asked.value.status == 202, asked.value.text()
    expect(banker.get_by_test_id("next-tap")).to_have_count(0)  # (the banker's page has no reader line)
    api.wait_state(lambda _: api.get("/api/taps")["next"]["kind"] == "pair")
    code = asked.value.json()["code"]
    tap(api, "token:Ann")  # the banker's page lists the code too: the banker touches Ann's
    choice = banker.get_by_test_id("choice")
    expect(choice.get_by_test_id("choice-code")).to_have_text([code])
    choice.scroll_into_view_if_needed()
    shots.take(banker, "the banker's page asks which screen")
    choice.locator(f'[data-test=choice-code][data-code="{code}"]').click()
    expect(ann.get_by_test_id("my-name")).to_have_text("Ann")
    expect(ann_row).to_have_attribute("data-by", "token")
    expect(ann_row).to_contain_text(text(lang, "screens.by_token"))



@SIZE_LANG
def test_the_banker_makes_a_tablet_the_tables_own_screen(screens: Any, api: Api, size: str, lang: str,
                                                         artifacts: Path) -> None:
    """Issue 36: a new tablet's Table page is not trusted until the banker sets it up (the PIN, once);
    until then it asks for no token, and says so; once set up it confirms moves by a token."""
    shots = Shots(artifacts, f"screens-{size}-{lang}-table-setup-", iter(range(1, 100)))
    api.new_game(["Ann", "Bob"])
    api.must({"do": "roll", "dice": [1, 2]})  # Ann may buy Whitechapel Road
    ctx = context(screens, size, lang)
    page = ctx.new_page()
    page.on("pageerror", lambda exc: screens.errors.append(f"/: {exc}"))
    screens.pages.append(page)
    page.goto(f"/?lang={lang}")
    live(page)
    panel = page.get_by_test_id("table-setup-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(text(lang, "table_setup.title"))
    with page.expect_response(lambda r: r.url.endswith("/api/commands")) as refused:
        page.get_by_test_id("action-buy").click()  # not the table's screen: asks for no token
    assert refused.value.status == 403, refused.value.text()
    assert api.get("/api/taps")["waiting"] == []
    page.get_by_test_id("table-pin").fill(PIN)  # (no wrong PIN here: the allowance is the table's)
    look(page, shots, "a new tablet asks the banker's PIN")
    with page.expect_response(lambda r: r.url.endswith("/api/table-screen")) as made:
        page.get_by_test_id("table-setup").click()
    assert made.value.ok, made.value.text()  # its cookie in hand (the stream may say so first)
    expect(panel).to_be_hidden()
    assert whoami(page)["table"] is True and whoami(page)["banker"] is False
    with page.expect_response(lambda r: r.url.endswith("/api/commands")) as asked:
        page.get_by_test_id("action-buy").click()
    assert asked.value.status == 202, asked.value.text()  # now it asks for Ann's token
    tap(api, "token:Ann")
    expect(page.get_by_test_id("square-whitechapel-road")).to_have_attribute("data-owner", "Ann")
    look(page, shots, "the table's own screen confirms by a token")
