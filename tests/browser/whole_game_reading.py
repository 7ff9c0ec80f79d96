"""Whole games read off the screens (issue 23's done-when): bots play a game through the API (every
card of both decks, auctions, trades, debts, bankruptcy, jail each way, house rules:
tests/whole_games.py), while the Table page, two phones, History and the Banker page follow it
live, at 390×844 and 1024×768. Each time the game says something of a kind it has not yet said
about that player, or draws a card for the first time (and every 50 commands), every page is read as
a player sees it (`innerText`: visible text only):

- in Russian, no English word, and every line about Аня, Вика, Даша (she) or Борис, Глеб (he)
  agrees in gender with them (pymorphy3's analysis of the words used), and every name after a
  preposition is in a case the preposition takes; nothing overlaps or is cut (element boxes);
- in English, no Russian word;
- in either, the game's own money sign and never another edition's: "$" in a US game, never "£"
  (and the reverse in a London one), and each card drawn, the first time, in its own deck's words
  on the Table page (the US decks in a US game);
- what the Table page's voice said (its switch on, the browser's speech recorded, not played): the
  game's money nouns, agreeing with the number in Russian («два доллара», «пять долларов»), and
  never another edition's ("pounds" in a US game, "dollars" in a London one).

Each game is a test module of its own (test_whole_game_*.py), with a daemon of its own, so that
`make test`'s workers play them side by side: one module held all three, and took 18 minutes alone.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.rules import load_edition, new_game
from companion.web.story import story_items
from tests.browser.conftest import Screens
from tests.browser.layout import layout_problems
from tests.browser.support import PIN, SEQ_JS, TABLE_PAGES, Api, Daemon, live, own_table, table_screen
from tests.russian_words import (
    LATIN_ALLOWED,
    agreeing_words,
    latin_words,
    parses,
    preposition_faults,
    square_forms,
)
from tests.whole_games import every_card, game_script

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1024, "height": 768}
PIECES = ("car", "dog", "hat", "iron", "ship")
EVERY = 50  # commands between two readings of the pages, besides each new kind of sentence
# Generous: four pages follow the game live; with a second suite beside this one (load 25 on two
# cores) all three games failed under the 10 to 20 s waits they had.
WAIT_S = 90
# Beside what any Russian page may show in Latin letters (russian_words.LATIN_ALLOWED): the
# simulated dice unit's name, and Wi-Fi, as Russian writes it.
ALLOWED = LATIN_ALLOWED | {"vsim", "Wi", "Fi"}
# The table's network name and address, shown for joining: names, not words (left out of the text).
NAMES_JS = "() => ['#wifi-ssid', '#join-url'].map((s) => document.querySelector(s)?.innerText || '')"
CYRILLIC = re.compile(r"[А-Яа-яЁё]+")
# The browser's speech recorded, not played (as tests/browser/test_voice.py does), and the Table
# page's voice switched on (what its header switch keeps).
SPEECH = """
window.__spoken = [];
window.SpeechSynthesisUtterance = class {
  constructor(text) { this.text = text; this.lang = ""; this.voice = null; }
};
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak: (u) => window.__spoken.push(u.text), cancel: () => {}, getVoices: () => [],
  speaking: false, pending: false,
} });
try { localStorage.setItem("companion.voice", "on"); } catch (e) {}
"""
# Each edition's money as the voice says it (companion/i18n/money.py's nouns): a word of the noun.
SPOKEN_NOUN = {"£": re.compile(r"\b(pounds?|фунт\w*)\b", re.I),
               "$": re.compile(r"\b(dollars?|доллар\w*)\b", re.I)}
# What a board calls its stations where the pages group the deeds (a US game never says Stations).
STATIONS = {"london": {"en": "Stations", "ru": "Станции"}, "us": {"en": "Railroads", "ru": "Железные дороги"}}
# The Russian noun's form after a number's last word (CLDR: one, few, many).
RU_NOUN_FORM = {"один": 0, "два": 1, "три": 1, "четыре": 1}
OPEN_DETAILS = "() => document.querySelectorAll('details').forEach((d) => { d.open = true; })"


def own_daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    """A daemon of this game's own (each module's `table` fixture): the Banker page lists only it.
    Its odds' workers run as an installed table's do, behind everything else: the pages wait for no
    chances here, and at the table's own priority two of them took both cores from the four pages
    (850 commands a game)."""
    with own_table(tmp_path_factory, "whole-games", odds_nice=19) as daemon:
        yield daemon


class Watched:
    """The pages that follow one game, each named by what it is and its size."""

    def __init__(self, browser: Browser, url: str, lang: str, players: tuple[str, ...],
                 pages: tuple[str, ...]) -> None:
        """pages: "table 1024", "phone 390" (the first player's; the second player's for a phone
        at 1024), "history 390", "banker 1024", ... (what, and its width)."""
        self.screens = Screens(browser, url)
        self.lang = lang
        self.pages: dict[str, Page] = {}
        for spec in pages:
            what, width = spec.split()
            size = PHONE if width == "390" else LAPTOP
            if what == "phone":
                player = players[0] if size is PHONE else players[1]
                self.add(f"phone of {player} {width}", "/player", size, player=player)
                continue
            page = self.add(spec, {"table": "/", "history": "/history", "banker": "/banker"}[what], size)
            if what == "banker":
                page.get_by_test_id("pin").fill(PIN)
                page.get_by_test_id("pin-submit").click()
                expect(page.get_by_test_id("game-status")).to_be_visible()

    def add(self, name: str, path: str, size: dict[str, int], player: str | None = None) -> Page:
        phone = size is PHONE
        context = self.screens.browser.new_context(
            base_url=self.screens.url, viewport=size, is_mobile=phone, has_touch=phone,
            locale={"ru": "ru-RU", "en": "en-GB"}[self.lang])
        context.set_default_timeout(WAIT_S * 1000)
        self.screens.contexts.append(context)
        if player is not None:
            paired = context.request.post("/api/pair", data={"player": player}, headers={"X-Banker-Pin": PIN})
            assert paired.status == 200, paired.text()
        if path in TABLE_PAGES:  # the tablet at the table: the table's own screen
            table_screen(context)
        if path == "/":  # the Table page speaks
            context.add_init_script(SPEECH)
        page = context.new_page()
        page.on("pageerror", lambda exc, p=name: self.screens.errors.append(f"{p}: {exc}"))
        page.goto(f"{path}?lang={self.lang}")
        self.pages[name] = live(page)
        return page

    def caught_up(self, seq: int, story: bool, money: bool) -> None:
        """Every page has drawn the state after command `seq` (and the story's and History's
        lines for it, when it has any)."""
        for name, page in self.pages.items():
            deadline = time.monotonic() + WAIT_S
            while page.evaluate(SEQ_JS) < seq:
                assert time.monotonic() < deadline, f"{name} never showed command {seq}"
                page.wait_for_timeout(50)
            if story and name.startswith("table"):
                item = page.locator(f'[data-test=feed-item][data-seq="{seq}"]').first
                expect(item).to_be_attached(timeout=WAIT_S * 1000)
            if money and name.startswith("history"):
                row = page.locator(f'[data-test=history-row][data-seq="{seq}"]').first
                expect(row).to_be_attached(timeout=WAIT_S * 1000)  # it reads the ledger's page again: busy CI
        for name, page in self.pages.items():
            if name.startswith("banker"):
                page.evaluate(OPEN_DETAILS)
        next(iter(self.pages.values())).wait_for_timeout(150)  # banners and spotlights drawn

    def texts(self) -> dict[str, str]:
        out = {}
        for name, page in self.pages.items():
            text = page.evaluate("() => document.body.innerText")
            for shown in page.evaluate(NAMES_JS):
                text = text.replace(shown, " ") if shown else text
            out[name] = text
        return out

    def spoken(self) -> list[str]:
        """What the Table pages' voice said, in their language."""
        return [text for name, page in self.pages.items() if name.startswith("table")
                for text in page.evaluate("() => window.__spoken")]

    def close(self) -> list[str]:
        self.screens.close()
        return self.screens.errors


class Reading:
    """What the pages said, checked line by line as it is read."""

    def __init__(self, lang: str, players: tuple[str, ...], forms: dict[str, Any],
                 others: frozenset[str] = frozenset(), edition: str = "london") -> None:
        """others: the players of the table's other games (the Banker page lists them): names,
        in whatever alphabet they were given, not words of the page's language. edition: the
        game's board (its squares' cases, its money's sign)."""
        self.lang = lang
        self.others = others
        self.gender = {name: forms[name]["gender"] for name in players}
        self.names = {f for name in players for f in (name, *(forms[name]["ru"] or {}).values())}
        board = load_edition(edition)
        self.forms = self.names | square_forms(board.squares)
        self.sign = board.money.sign
        self.foreign = {load_edition(other).money.sign for other in ("london", "us")} - {self.sign}
        self.faults: list[str] = []
        self.agreed = 0  # words checked for gender: the positive control that the check ran
        self.signed = 0  # readings that showed the game's own sign: the money check's control
        self.heard = 0  # the voice's sentences with the game's money noun: the voice check's control
        self.stations = STATIONS[edition][lang]  # the deeds' heading for the board's stations
        self.not_stations = {words[lang] for words in STATIONS.values()} - {self.stations}
        self.railroads = 0  # readings that grouped deeds under the board's own word: the control
        self._lines: dict[str, tuple[set[str], list[str], int]] = {}  # each Russian line's checks

    def hear(self, spoken: list[str]) -> None:
        """The voice's sentences: the game's money nouns, agreeing with their number in Russian;
        no other edition's."""
        own = SPOKEN_NOUN[self.sign]
        self.heard = sum(1 for line in spoken if own.search(line))
        for line in spoken:
            for sign in self.foreign:
                if SPOKEN_NOUN[sign].search(line):
                    self.faults.append(f"the voice said {sign}'s money: «{line}»")
            if self.lang != "ru":
                continue
            for number, noun in re.findall(r"(\w+) (доллар\w*|фунт\w*)", line):
                stem = "доллар" if noun.startswith("доллар") else "фунт"
                want = stem + ("", "а", "ов")[RU_NOUN_FORM.get(number.lower(), 2)]
                counted = number in RU_NOUN_FORM or number.startswith(("тысяч", "миллион")) or any(
                    "NUMR" in p.tag for p in parses(number))  # a number's last word, not any word
                if counted and noun != want:
                    self.faults.append(f"the voice said «{number} {noun}», not «{number} {want}»: «{line}»")

    def read(self, where: str, text: str, layout: list[str]) -> None:
        self.faults += [f"{where}: layout: {p}" for p in layout]
        for sign in sorted(self.foreign):
            self.faults += [f"{where}: {sign} in «{line.strip()}»"
                            for line in text.splitlines() if sign in line]
        self.signed += self.sign in text
        self.faults += [f"{where}: «{word}» on this board" for word in sorted(self.not_stations)
                        if re.search(rf"^{word}\b", text, re.M)]
        self.railroads += bool(re.search(rf"^{self.stations}\b", text, re.M))
        for name in sorted(self.others, key=len, reverse=True):
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
        if self.lang == "en":
            self.faults += [f"{where}: Russian «{w}»" for w in sorted(set(CYRILLIC.findall(text)))]
            return
        text = re.sub(r"https?://\S+", " ", text)  # an address on a page is not a word
        english: set[str] = set()
        found: list[str] = []
        for line in (line.strip() for line in text.splitlines()):
            latin, faults, agreed = self._line(line)
            english |= latin
            found += faults
            self.agreed += agreed
        self.faults += [f"{where}: English «{w}»" for w in sorted(english)]
        self.faults += [f"{where}: {fault}" for fault in found]

    def _line(self, line: str) -> tuple[set[str], list[str], int]:
        """A Russian line's Latin words, its faults and the words checked for gender: worked out
        once a line (the pages show the same lines reading after reading: History's grow with the
        game), each reading still counting and reporting them as its own."""
        known = self._lines.get(line)
        if known is not None:
            return known
        faults = []
        agreed = 0
        subject = line.split(" ", 1)[0]
        want = {"she": "femn", "he": "masc"}.get(self.gender.get(subject) or "")
        if want:
            clause = re.split(r"[:;(—]", line, maxsplit=1)[0]
            for word, gender in agreeing_words(clause, self.names):
                agreed += 1
                if gender != want:
                    faults.append(f"«{word}» for {subject} in «{line}»")
        faults += [f"{fault} in «{line}»" for fault in preposition_faults(line, self.forms)]
        self._lines[line] = known = (latin_words(line, ALLOWED), faults, agreed)
        return known


def play_and_read(browser: Browser, table: Daemon, lang: str, names: tuple[str, ...], seed: int,
                  rules: dict[str, Any], kinds: frozenset[str], pages: tuple[str, ...],
                  boxes: bool, edition: str = "london") -> Reading:
    """Play the game (on `edition`'s board, chosen as the Banker page's form sends it) through the
    API with `pages` following it; read them at each new kind of sentence about each player, each
    card's first drawing and every EVERY commands (and their element boxes at the first two, when
    `boxes`)."""
    lines = game_script(names, seed, rules, edition=edition)
    api = Api(table.url)
    status, started = api.request("POST", "/api/games", {
        "players": list(names), "seed": seed, "rules": lines[0]["rules"], "edition": edition,
        "tokens": dict(zip(names, PIECES, strict=False))})
    assert status == 201, started
    forms = lines[0]["forms"]  # as the table works them out at new game (forms_for)
    watched = Watched(browser, table.url, lang, names, pages)
    others = frozenset(n for g in api.get("/api/games")["games"] for n in g["players"]) - set(names)
    reading = Reading(lang, names, forms, others, edition)
    game = new_game(lines[0])  # the same game beside the table's, for what each command says
    said: set[str] = set()  # the kinds of sentence the game has said
    told: set[tuple[str, str | None]] = set()  # ... and about whom (a kind's he and she read apart)
    drawn: set[tuple[str, int]] = set()
    try:
        for count, command in enumerate(lines[1:], start=1):
            status, answer = api.command(command)
            assert status == 200, (count, command, answer)
            seq = answer["seq"]
            items = story_items(seq, game.apply(command, guarded=False), "", game.forms)
            new = {(item["key"], item.get("player")) for item in items} - told
            card = (command["deck"], command["card"]) if command["do"] == "draw" else None
            first_card = card is not None and card not in drawn
            if not new and not first_card and count % EVERY and count != len(lines) - 1:
                continue
            told |= new
            said |= {key for key, _ in new}
            if card is not None:
                drawn.add(card)
            watched.caught_up(seq, bool(items), any(item["kind"] == "money" for item in items))
            texts = watched.texts()
            if first_card:  # the deck's own words, as the table's story tells the drawing
                words = game.edition.decks[command["deck"]][command["card"] - 1].texts[lang]
                if not any(words in text for where, text in texts.items() if where.startswith("table")):
                    reading.faults.append(f"the Table page never showed card {card}: «{words}»")
            for where, text in texts.items():
                layout = layout_problems(watched.pages[where]) if boxes and (new or first_card) else []
                reading.read(f"{where} after {json.dumps(command, ensure_ascii=False)}", text, layout)
            assert len(reading.faults) < 40, "\n".join(reading.faults)  # stop early, with enough to see
        reading.hear(watched.spoken())
    finally:
        errors = watched.close()
    assert not errors, errors
    assert game.over
    missing = sorted(kinds - said)
    assert not missing, f"the game never said: {missing}"  # the game was as whole as the issue asks
    assert drawn == every_card(game), sorted(every_card(game) - drawn)
    return reading
