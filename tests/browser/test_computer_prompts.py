"""Issue 41: the Table page tells the people what to move for a computer player, as an electronic
chess board shows where to move the engine's piece: its piece ("Move Robo's dog to Chance"), the
card it draws, the deeds it gets and the houses it builds, large at the top of the Table page at
390×844 and 1024×768, in English and Russian, with Done when [computer] confirm = "act" (and Done
closes them), with no serious axe-core violation. Screenshots:
test-artifacts/browser/computer-prompts-*.png."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import APIResponse, Browser, BrowserContext, Route, expect

from companion.i18n.grammar import forms_for
from companion.ledger import DataFolder
from tests.browser.layout import assert_layout
from tests.browser.support import Api, Daemon, Shots, live, own_table, table_screen
from tests.browser.test_accessibility import harmful
from tests.waiting import PATIENCE, PATIENCE_MS

SIZES = {"tablet": {"width": 1024, "height": 768}, "phone": {"width": 390, "height": 844}}
PLAYERS = ["Аня", "Robo"]


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[Daemon]:
    """A table of its own, [computer] confirm = "act", resuming a game of Аня and Robo (the
    computer, the dog) made in its data folder (the new-game form's computer seats are another
    branch's): the daemon starts once to make its simulated tags, then again on the game."""
    def game(daemon: Daemon, uid: dict[str, str]) -> None:
        folder = DataFolder(daemon.data)
        folder.create({"do": "new_game", "players": PLAYERS, "computer": {"Robo": "smart"}, "seed": 7,
                       "rules": {"shuffle": False}, "forms": forms_for(PLAYERS),
                       "tags": {uid["token:car"]: "token:Аня", uid["token:dog"]: "token:Robo"}})
        folder.close()

    # pace 60: the computer plays on a minute after Done
    with own_table(tmp_path_factory, "computer-prompts", prepare=game,
                   config='\n[computer]\nconfirm = "act"\npace = 60\n',
                   keep_log=artifacts / "daemon-computer-prompts.log") as daemon:
        yield daemon


def robo_moves(api: Api) -> None:
    """Аня's quiet turn, then Robo's: 3 + 4 to Chance ("Advance to GO"), and the banker hands it
    the brown deeds, on which it builds a house: prompts of every kind on the Table page."""
    for command in ({"do": "roll", "dice": [2, 3]}, {"do": "buy"}, {"do": "end_turn"},
                    {"do": "roll", "dice": [3, 4]},
                    {"do": "give_deed", "square": "old-kent-road", "to": "Robo"},
                    {"do": "give_deed", "square": "whitechapel-road", "to": "Robo"},
                    {"do": "build", "player": "Robo", "square": "old-kent-road"}):
        api.must(command)


@contextmanager
def table_and_watching(table: Daemon, browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """Two screens at 1024×768: the table's own (which may say Done) and one watching."""
    screens: list[BrowserContext] = []
    try:
        for _ in range(2):
            ctx = browser.new_context(base_url=table.url, viewport=SIZES["tablet"])
            ctx.set_default_timeout(PATIENCE_MS)
            screens.append(ctx)
        table_screen(screens[0])
        yield screens[0], screens[1]
    finally:
        for ctx in screens:
            ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_page_shows_what_to_move_for_the_computer(table: Daemon, browser: Browser, artifacts: Path,
                                                           size: str, lang: str) -> None:
    api = Api(table.url)
    if not api.get("/api/computer/prompts")["prompts"]:
        robo_moves(api)
    phone = size == "phone"
    ctx = browser.new_context(base_url=table.url, viewport=SIZES[size], is_mobile=phone, has_touch=phone,
                              device_scale_factor=1, locale=lang)
    ctx.set_default_timeout(PATIENCE_MS)
    errors: list[str] = []
    try:
        table_screen(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"/?lang={lang}")
        live(page)
        panel = page.get_by_test_id("prompts")
        expect(panel).to_be_visible()
        prompts = panel.get_by_test_id("prompt")
        expected: dict[str, list[str]] = {
            "en": ["Move Robo's dog to Chance", "Robo draws Chance: Advance to GO.", "Move Robo's dog to GO",
                   "Give Robo the Old Kent Road deed", "Give Robo the Whitechapel Road deed",
                   "Put a house on Robo's Old Kent Road"],
            "ru": ["Передвиньте собаку игрока Robo на клетку «Случай»",
                   "Robo берёт карточку «Случай»: Фишка ставится на «Старт».",
                   "Передвиньте собаку игрока Robo на клетку «Старт»",
                   "Дайте игроку Robo карточку собственности «Олд-Кент-роуд» из банка",
                   "Дайте игроку Robo карточку собственности «Уайтчепел-роуд» из банка",
                   "Поставьте дом на Олд-Кент-роуд игрока Robo"],
        }
        expect(prompts).to_have_text(expected[lang])
        expect(panel.get_by_test_id("prompts-done")).to_be_visible()
        assert_layout(page, f"Table page, {size}, {lang}")
        assert not harmful(page), harmful(page)  # axe-core, with the panel shown
        Shots(artifacts, "computer-prompts-", itertools.count(1)).take(page, f"{size}-{lang}")
        assert panel.bounding_box() is not None and panel.bounding_box()["y"] < SIZES[size]["height"]  # type: ignore[index]
        assert not errors, errors
    finally:
        ctx.close()


def test_done_closes_the_prompts_on_every_screen(table: Daemon, browser: Browser) -> None:
    api = Api(table.url)
    if not api.get("/api/computer/prompts")["prompts"]:
        robo_moves(api)
    with table_and_watching(table, browser) as screens:
        touched, watching = (ctx.new_page() for ctx in screens)
        for page in (touched, watching):
            page.goto("/?lang=en")
            live(page)
            expect(page.get_by_test_id("prompt").first).to_be_visible()
        touched.get_by_test_id("prompts-done").click()
        for page in (touched, watching):
            expect(page.get_by_test_id("prompts")).to_be_hidden()
        assert api.get("/api/computer/prompts")["prompts"] == []


def test_an_answer_older_than_done_does_not_bring_the_prompts_back(table: Daemon, browser: Browser) -> None:
    """A screen asks for the prompts (as it does whenever its stream reconnects) and the table
    answers with them open; then Done is said on the table's screen, and its notice closes them
    here; the older answer, read only now (answers and notices come on different connections),
    must not open them again: nobody would touch Done twice for moves already made."""
    api = Api(table.url)
    if not api.get("/api/computer/prompts")["prompts"]:  # (Done said already: one more deed for Robo)
        deed = next(d for d in ("the-angel-islington", "euston-road", "pentonville-road")
                    if api.command({"do": "give_deed", "square": d, "to": "Robo"})[0] == 200)
        assert api.get("/api/computer/prompts")["prompts"], deed
    with table_and_watching(table, browser) as screens:
        page = screens[1].new_page()
        page.goto("/?lang=en")
        live(page)
        panel = page.get_by_test_id("prompts")
        expect(panel.get_by_test_id("prompt").first).to_be_visible()
        held: list[tuple[Route, APIResponse]] = []
        page.route("**/api/computer/prompts", lambda route: held.append((route, route.fetch())))
        page.evaluate("window.dispatchEvent(new CustomEvent('gamechange'))")  # the panel asks again
        deadline = time.monotonic() + PATIENCE
        while not held and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        assert held, "the page did not ask for the prompts"
        route, answer = held[0]
        assert answer.json()["prompts"], "the table's answer, asked before Done, has them open"
        done = screens[0].request.post("/api/computer/confirm")
        assert done.ok, done.text()
        expect(panel).to_be_hidden()  # the notice
        page.evaluate("""() => {
          window.__reopened = false;
          const panel = document.querySelector('[data-test=prompts]');
          new MutationObserver(() => { if (!panel.hidden) window.__reopened = true; })
            .observe(panel, { attributes: true, childList: true, subtree: true });
        }""")
        with page.expect_request_finished(lambda r: r.url.endswith("/api/computer/prompts")):
            route.fulfill(response=answer)
        page.unroute("**/api/computer/prompts")
        # the answer read (its body is in; one more round trip and two frames for the script)
        page.evaluate("async () => { await fetch('/api/state'); await new Promise(requestAnimationFrame); "
                      "await new Promise(requestAnimationFrame); }")
        assert page.evaluate("window.__reopened") is False
        expect(panel).to_be_hidden()
