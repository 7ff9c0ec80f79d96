"""The Banker page for a non-technical banker, at 390x844 and 1024x768 in English and Russian: its
order (the game's state and the new game first, the end of the game last and apart), its height on
a phone before any section is opened, and enrolment in the browser: a whole set tapped in turn
with a re-used sticker refused and the last tag undone, one damaged tag redone alone, and an
unknown tag enrolled from its notice. Each daemon here has a tags file of its own (only the
banker's tag), so enrolling never changes the tags the other browser tests play with."""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from companion import i18n
from companion.i18n import LANGUAGES
from tests.browser.layout import assert_layout
from tests.browser.support import PIN, Api, Daemon, Shots, live
from tests.message_list import page_texts
from tests.waiting import PATIENCE_MS

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}
SIZE_LANG = pytest.mark.parametrize(("size", "lang"), [
    (size, lang) for size in ("phone", "tablet") for lang in LANGUAGES])
STRINGS = {lang: page_texts(lang) for lang in LANGUAGES}
BANKER_TAG = "0b0b0b0b"
ORDER = ["new-game", "overview", "fix", "log", "screens", "tags", "games", "devices", "end"]
SHOTS = itertools.count(1)


def text(lang: str, key: str, **values: Any) -> str:
    said = STRINGS[lang].get(key) or STRINGS["en"][key]
    for name, value in values.items():
        said = said.replace("{" + name + "}", str(value))
    return said


def uid(n: int) -> str:
    return f"04{n:012x}"


@pytest.fixture
def own(tmp_path: Path) -> Iterator[Daemon]:
    """A daemon whose reader knows only the banker's tag."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "tags.toml").write_text(f'[tags]\n"{BANKER_TAG}" = "banker"\n')
    daemon = Daemon(data, tmp_path / "daemon.log")
    daemon.wait_serving()
    yield daemon
    assert daemon.stop() == 0, daemon.stderr()


def banker(browser: Browser, daemon: Daemon, size: str, lang: str, errors: list[str]) -> Page:
    phone = size == "phone"
    ctx = browser.new_context(base_url=daemon.url, viewport=SIZES[size], is_mobile=phone, has_touch=phone,
                              device_scale_factor=1, locale=lang)
    ctx.set_default_timeout(PATIENCE_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/banker?lang={lang}")
    live(page)
    page.get_by_test_id("pin").fill(PIN)
    page.get_by_test_id("pin-submit").click()
    expect(page.get_by_test_id("game-status")).to_be_visible()
    return page


def saved(daemon: Daemon) -> dict[str, str]:
    return tomllib.loads((daemon.data / "tags.toml").read_text())["tags"]  # type: ignore[no-any-return]


def tap(api: Api, tag: str) -> None:
    status, answer = api.request("POST", "/api/sim/tap", {"uid": tag}, banker=False)
    assert status == 202, answer


def open_section(page: Page, name: str) -> None:
    section = page.get_by_test_id(f"section-{name}")
    if section.get_attribute("open") is None:
        section.locator("summary").first.click()
    expect(section).to_have_attribute("open", "")


@SIZE_LANG
def test_the_banker_page_puts_the_game_first_and_fits_a_phone(browser: Browser, own: Daemon, size: str,
                                                              lang: str, artifacts: Path) -> None:
    errors: list[str] = []
    shots = Shots(artifacts, f"banker-page-{size}-{lang}-", SHOTS)
    page = banker(browser, own, size, lang, errors)
    expect(page.get_by_test_id("new-game")).to_be_visible()  # no game yet: the new game is open
    found = page.eval_on_selector_all("details[data-section]", "els => els.map(e => e.dataset.section)")
    assert found == ORDER
    first = '[data-test="game-status"], [data-test="section-new-game"]'
    above = page.eval_on_selector_all(first, "els => els.map(e => e.getBoundingClientRect().top)")
    assert above == sorted(above)
    shots.take(page, "no game", full_page=True)
    Api(own.url).new_game(["Ann", "Bob"])
    expect(page.get_by_test_id("game-status")).to_contain_text(
        i18n.say(lang, "page-banker-moves_stored", {"n": 1}))  # "1 move stored", "1 ход сохранён"
    page.reload()
    live(page)
    expect(page.get_by_test_id("overview")).to_be_visible()
    height = page.evaluate("document.documentElement.scrollHeight")
    if size == "phone":  # about two screens before any section is opened
        assert height <= 2.2 * SIZES[size]["height"], height
        assert page.get_by_test_id("section-end").get_attribute("open") is None
    shots.take(page, "game running", full_page=True)
    assert_layout(page, f"banker page {size} {lang}")
    # Every folded section opens from the keyboard (a summary is a control).
    tags = page.get_by_test_id("section-tags")
    was_open = tags.get_attribute("open") is not None
    tags.locator("summary").focus()
    page.keyboard.press("Enter")
    if was_open:
        expect(tags).not_to_have_attribute("open", "")
    else:
        expect(tags).to_have_attribute("open", "")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("enrol-count") if was_open else tags).to_be_visible()
    assert not errors, errors


@SIZE_LANG
def test_a_whole_set_and_one_tag_are_enrolled_in_the_browser(browser: Browser, own: Daemon, size: str,
                                                             lang: str, artifacts: Path) -> None:
    errors: list[str] = []
    shots = Shots(artifacts, f"banker-enrol-{size}-{lang}-", SHOTS)
    api = Api(own.url)
    board = {sq["id"]: sq["name"][lang] for sq in api.get("/api/board")["squares"]}
    page = banker(browser, own, size, lang, errors)
    open_section(page, "tags")
    page.get_by_test_id("enrol-missing").click()
    ask = page.get_by_test_id("enrol-ask")
    expect(ask).to_have_text(text(lang, "enrol.tap", what=board["old-kent-road"]))
    expect(page.get_by_test_id("enrol-progress")).to_have_attribute("max", "36")
    shots.take(page, "enrolment asks")

    tap(api, uid(1))
    expect(ask).to_have_text(text(lang, "enrol.tap", what=board["whitechapel-road"]))
    last = page.get_by_test_id("enrol-last")
    expect(last).to_have_text(text(lang, "enrol.saved", what=board["old-kent-road"]))
    tap(api, BANKER_TAG)  # a sticker already enrolled is refused, and the step stays
    expect(page.get_by_test_id("enrol-last")).to_have_text(
        text(lang, "enrol.in_use", what=text(lang, "enrol.banker_tag")))
    expect(ask).to_have_text(text(lang, "enrol.tap", what=board["whitechapel-road"]))
    shots.take(page, "a sticker in use")
    tap(api, uid(2))
    expect(page.get_by_test_id("enrol-progress")).to_have_attribute("value", "2")
    page.get_by_test_id("enrol-undo").click()  # the wrong sticker was laid on Whitechapel Road
    expect(ask).to_have_text(text(lang, "enrol.tap", what=board["whitechapel-road"]))
    assert uid(2) not in saved(own)
    for n in range(2, 37):
        tap(api, uid(100 + n))
        expect(page.get_by_test_id("enrol-progress" if n < 36 else "enrol-finished")).to_be_visible()
        if n < 36:
            expect(page.get_by_test_id("enrol-progress")).to_have_attribute("value", str(n))
    expect(page.get_by_test_id("enrol-finished")).to_have_text(text(lang, "enrol.finished", done=36))
    shots.take(page, "a whole set enrolled")
    tags = saved(own)
    assert len(tags) == 37 and tags[uid(136)] == "token:wheelbarrow"

    # One damaged sticker (Mayfair) redone alone: the new one replaces it.
    page.get_by_test_id("enrol-one").select_option("deed:mayfair")
    page.get_by_test_id("enrol-redo").click()
    expect(ask).to_have_text(text(lang, "enrol.tap", what=board["mayfair"]))
    tap(api, uid(999))
    expect(page.get_by_test_id("enrol-finished")).to_have_text(text(lang, "enrol.finished", done=1))
    tags = saved(own)
    assert tags[uid(999)] == "deed:mayfair" and list(tags.values()).count("deed:mayfair") == 1

    # An unknown tag tapped outside an enrolment is offered to be enrolled.
    tap(api, "04aaaaaaaaaaaa")
    box = page.get_by_test_id("enrol-unknown")
    expect(box).to_contain_text("04aaaaaaaaaaaa")
    page.get_by_test_id("enrol-unknown-what").select_option("card:chance:1")
    shots.take(page, "an unknown tag")
    page.get_by_test_id("enrol-unknown-save").click()
    expect(box).to_be_hidden()
    assert saved(own)["04aaaaaaaaaaaa"] == "card:chance:1"
    assert_layout(page, f"enrolment {size} {lang}")
    assert not errors, errors


def test_the_board_to_enrol_is_picked_when_no_game_runs(browser: Browser, own: Daemon) -> None:
    """A London sticker enrolled again as a US deed: the Board list, the US names, its own section."""
    errors: list[str] = []
    api = Api(own.url)
    page = banker(browser, own, "tablet", "en", errors)
    open_section(page, "tags")
    page.get_by_test_id("enrol-board").select_option("us")
    page.get_by_test_id("enrol-missing").click()
    ask = page.get_by_test_id("enrol-ask")
    expect(ask).to_have_text(text("en", "enrol.tap", what="Mediterranean Avenue"))
    tap(api, uid(1))
    expect(ask).to_have_text(text("en", "enrol.tap", what="Baltic Avenue"))
    page.get_by_test_id("enrol-stop").click()
    expect(page.get_by_test_id("enrol-finished")).to_be_visible()
    raw = tomllib.loads((own.data / "tags.toml").read_text())["tags"]
    assert raw["us"] == {uid(1): "deed:mediterranean-avenue"} and uid(1) not in raw  # not London's
    expect(page.get_by_test_id("enrol-board")).to_have_value("us")
    assert not errors, errors
