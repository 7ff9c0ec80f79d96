"""What the browser tests share: the daemon as a process, a small JSON client for setting up and
reading the game, the virtual table as a finger would use it, numbered screenshots, and a wait for
a page to be live.

Pages are driven through their `data-test` hooks (web/README.md); Playwright's test-id attribute is
set to `data-test`, so `page.get_by_test_id("player-cash-Ann")` finds `[data-test="player-cash-Ann"]`.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, expect

from companion.hardware.reader import RETAP_WINDOW
from tests.artifacts import BROWSER_ARTIFACTS
from tests.ports import free_port
from tests.waiting import PATIENCE, PATIENCE_MS

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = BROWSER_ARTIFACTS  # emptied once a run (tests/artifacts.py)
# Chromium's old headless shell (Debian's chromium-headless-shell: the same Blink and V8 as
# /usr/bin/chromium, without the new headless mode's window and compositor behind each page), as
# Playwright itself runs headless tests: test_seat_panel alone took 117 s of CPU in Debian's full
# Chromium (a page opened: 150 ms of its browser process) and 76 s in the shell, its pages' renderers
# half. COMPANION_CHROMIUM chooses another (the benches and docs/screenshots.py use the full one).
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium-headless-shell")
PIN = "246810"
PIECES = {"Ann": "car", "Bob": "dog", "Cat": "hat"}

# Timeouts (milliseconds) for expect(): a change pushed over the event stream shows in well under a
# second; a page load with its modules and the first state takes longer on a busy CI machine.
LIVE_MS = SHOWN_MS = PATIENCE_MS  # a page goes live, a change shows: waited for, never timed
# The state a page has drawn: its seq (the last command stored), read from the page's own api.js.
SEQ_JS = "() => import('/static/js/api.js').then((m) => (m.currentState() || {}).seq || 0)"


# The chances the browser tests' tables work out: ten continuations a position (the table's own
# 1,000 are tests/browser/test_odds.py's and the screenshot scripts'), on one worker. The workers
# work out every turn of every game a module plays, at the pages' priority: at 100 a position they
# still took 37 s of test_seat_panel's 136 s of CPU (the pages 50 s), at 10 they take 7 s (both on
# the pure engine, with no compiled build there). The pages show the chances whatever they rest on.
ODDS_SAMPLES = 10


class Daemon:
    """`companion run --simulate` on a free port with a data folder of its own."""

    def __init__(self, data: Path, log: Path, auction_seconds: float = 0, port: int | None = None,
                 banker_pin: str | None = PIN, odds_nice: int = 0, odds_samples: int = ODDS_SAMPLES,
                 odds_jobs: int = 1) -> None:
        """auction_seconds: 0 (the tests' default) leaves auctions open until everyone passes;
        banker_pin None: the table asks for its PIN on first start, as a new one does;
        odds_nice: the odds' workers' priority. By default the table's own: niced into the idle
        class they run only when a core has nothing else to do, which never happens while another
        suite or Chromium shares CI's two cores, and a page that shows the chances waits for them
        (their priority is test_odds_live's to check, not the pages'). 19 is an installed table's.
        odds_samples, odds_jobs: continuations a position and worker processes (ODDS_SAMPLES)."""
        self.port = port or free_port()
        self.banker_pin = banker_pin
        self.data = data
        self.log = log
        self.config = data.parent / f"config-{self.port}.toml"
        self.config.write_text(f"[table]\nauction_seconds = {int(auction_seconds)}\n\n"
                               f"[odds]\nnice = {odds_nice}\nsamples = {odds_samples}\njobs = {odds_jobs}\n")
        self.start()

    def start(self) -> None:
        """(Again, after stop(): the same port, data and settings, as a restart would.)"""
        self._log_file = open(self.log, "a")  # noqa: SIM115 - closed in stop()
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--simulate", "--port", str(self.port),
             "--host", "127.0.0.1", "--data", str(self.data), "--config", str(self.config),
             *(["--banker-pin", self.banker_pin] if self.banker_pin is not None else [])],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=self._log_file,
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_serving(self, timeout: float = 2 * PATIENCE) -> float:
        """Seconds until /api/state answered; raises if the daemon exits or never answers."""
        deadline = self.started + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"companion run exited with {self.proc.returncode}:\n{self.stderr()}")
            try:
                with urllib.request.urlopen(self.url + "/api/state", timeout=1) as answer:
                    if answer.status == 200:
                        return time.monotonic() - self.started
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"companion run did not serve within {timeout} s:\n{self.stderr()}")

    def stop(self, timeout: float = PATIENCE) -> int:
        """SIGTERM, as systemd stops it; the return code (it must stop cleanly, with 0)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._log_file.close()
        return self.proc.returncode

    def stderr(self) -> str:
        if not self._log_file.closed:  # after stop(), what it wrote is in the file already
            self._log_file.flush()
        return self.log.read_text(errors="replace")


@contextmanager
def own_table(tmp_path_factory: Any, name: str, *, config: str = "",
              prepare: Callable[[Daemon, dict[str, str]], None] | None = None,
              keep_log: Path | None = None, **options: Any) -> Iterator[Daemon]:
    """A daemon of one module's own, serving, for tests that change what the session's shared
    daemon must keep (the table's config, its game, how it works out the chances); `options` are
    Daemon's. With `config` or `prepare`, it starts once (making its simulated tags), stops,
    `prepare(daemon, tags)` runs on its data folder (tags: meaning -> UID), `config` is added to
    its config file, and it starts again. It must stop cleanly; its log is kept as `keep_log`."""
    base = tmp_path_factory.mktemp(name)
    daemon = Daemon(base / "data", base / "daemon.log", **options)
    try:
        daemon.wait_serving()
        if config or prepare is not None:
            tags = {t["meaning"]: t["uid"] for t in Api(daemon.url).get("/api/sim/tags")["tags"]}
            daemon.stop()
            if prepare is not None:
                prepare(daemon, tags)
            with daemon.config.open("a") as file:
                file.write(config)
            daemon.start()
            daemon.wait_serving()
        yield daemon
    finally:
        code = daemon.stop()
        if keep_log is not None:
            keep_log.write_text(daemon.log.read_text(errors="replace"))
    assert code == 0, f"companion run stopped with {code} after SIGTERM:\n{daemon.stderr()[-3000:]}"


class Api:
    """The daemon's JSON API, for setting a game up and reading what the pages should show.

    Requests carry the banker PIN (as an API client does) unless `banker=False`.
    """

    def __init__(self, url: str) -> None:
        self.url = url

    def request(self, method: str, path: str, body: Any = None, banker: bool = True) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if banker:
            headers["X-Banker-Pin"] = PIN
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=PATIENCE) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw)
            except ValueError:
                return error.code, raw.decode(errors="replace")

    def get(self, path: str) -> Any:
        status, data = self.request("GET", path, banker=False)
        assert status == 200, (path, status, data)
        return data

    def state(self) -> dict[str, Any]:
        return self.get("/api/state")

    def command(self, cmd: dict[str, Any]) -> tuple[int, Any]:
        return self.request("POST", "/api/commands", cmd)

    def must(self, cmd: dict[str, Any]) -> dict[str, Any]:
        status, data = self.command(cmd)
        assert status == 200, (cmd, status, data)
        return data["state"]

    def new_game(self, players: list[str], seed: int = 7, auction_clock: dict[str, int] | None = None,
                 **rules: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"players": players, "seed": seed, "rules": {"shuffle": False, **rules},
                                "tokens": {name: PIECES[name] for name in players}}
        if auction_clock is not None:  # the game's own auction timing (else the table's)
            body["auction_clock"] = auction_clock
        status, data = self.request("POST", "/api/games", body)
        assert status == 201, (status, data)
        return data["state"]

    def wait_state(self, ready: Callable[[dict[str, Any]], bool],
                   timeout: float = PATIENCE) -> dict[str, Any]:
        """Poll /api/state until ready(state) (the device endpoints answer 202 before the table acts)."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.state()
            if ready(state):
                return state
            if time.monotonic() > deadline:
                raise AssertionError(f"the state never became ready: {json.dumps(state)[:2000]}")
            time.sleep(0.02)

    def square_id(self, index: int) -> str:
        return self.board()["squares"][index]["id"]

    def board(self) -> dict[str, Any]:
        if not hasattr(self, "_board"):
            self._board = self.get("/api/board")
        return self._board


TABLE_PAGES = ("/", "/virtual")  # the pages of the table's own screen (the tablet at the table)


def table_screen(context: BrowserContext, url: str = "") -> None:
    """This context's screen becomes the table's own screen, as the banker sets the tablet up once
    (POST /api/table-screen with the PIN): it may then ask for a token to confirm any player's move."""
    answer = context.request.post(f"{url}/api/table-screen", data={"pin": PIN})
    assert answer.ok, answer.text()


def player(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in state["players"] if p["name"] == name)


def cash(state: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in state["players"]}


def settle_turn(api: Api, name: str, rolls_due: int = 0) -> dict[str, Any]:
    """After a random roll: answer whatever it led to as plainly as possible (decline offers, let
    auctions close with no bid, pay rather than draw), rolling [1, 2] for a roll still due after
    doubles, until only the end of the turn is left. Done as the banker through the API: it is the
    test's bookkeeping, not part of what the pages are tested for."""
    for _ in range(20):
        state = api.state()
        pending = state["pending"]
        if pending is None:
            if rolls_due and state["turn"] == name and not player(state, name)["in_jail"]:
                api.must({"do": "roll", "dice": [1, 2]})
                rolls_due -= 1
                continue
            return state
        if pending["kind"] == "buy":
            api.must({"do": "decline"})
        elif pending["kind"] == "auction":
            for bidder in list(pending["bidders"]):
                if bidder != pending["high_bidder"]:
                    api.must({"do": "pass", "player": bidder})
        elif pending["kind"] == "choice":
            option = "pay" if "pay" in pending["options"] else pending["options"][0]
            api.must({"do": "choose", "option": option})
        elif pending["kind"] == "rent_claim":
            api.must({"do": "claim_rent", "player": pending["player"]})
        else:
            raise AssertionError(f"settle_turn does not know how to answer {pending}")
    raise AssertionError("the turn did not settle")


# ---- pages -------------------------------------------------------------------------------------

def live(page: Page) -> Page:
    """Wait until the page's event stream is open (the connection indicator says live)."""
    expect(page.locator('[data-test="connection"][data-state="live"]')).to_be_visible(timeout=LIVE_MS)
    return page


def amount(locator: Locator, value: int, timeout: int = SHOWN_MS) -> None:
    """A money figure's data-amount (player-cash-<name>, my-cash, auction-high-bid)."""
    expect(locator).to_have_attribute("data-amount", str(value), timeout=timeout)


# Latency, measured in the browsers (every page reads the same clock): when a click happened, and
# when an element's attribute first took a value (a MutationObserver, so nothing polls).
WATCH_JS = """([key, selector, attr, value]) => {
  window.__seen = window.__seen || {};
  const check = () => {
    const el = document.querySelector(selector);
    if (el && el.getAttribute(attr) === value && !(key in window.__seen)) window.__seen[key] = Date.now();
  };
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
  check();
}"""
CLICK_JS = """(selector) => document.querySelector(selector).addEventListener(
  "click", () => { window.__clickedAt = Date.now(); }, { capture: true, once: true })"""


def watch(page: Page, key: str, test: str, attr: str, value: Any) -> None:
    """Note the time [data-test=test] first has attr == value (read it back with seen())."""
    page.evaluate(WATCH_JS, [key, f'[data-test="{test}"]', attr, str(value)])


def seen(page: Page, key: str) -> int | None:
    return page.evaluate("(key) => (window.__seen || {})[key] ?? null", key)


def time_click(page: Page, test: str) -> None:
    """Note the time of the next click on [data-test=test] (read it back with clicked_at())."""
    page.evaluate(CLICK_JS, f'[data-test="{test}"]')


def clicked_at(page: Page) -> int:
    return page.evaluate("() => window.__clickedAt")


class Shots:
    """Numbered screenshots, one per step, kept in test-artifacts/browser/ as
    <prefix><NN>-<name>.png; numbers runs on through the tests of one module."""

    def __init__(self, folder: Path, prefix: str, numbers: Iterator[int]) -> None:
        self.folder = folder
        self.prefix = prefix
        self.numbers = numbers
        self.taken: list[Path] = []

    def take(self, page: Page, name: str, full_page: bool = False) -> Path:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        path = self.folder / f"{self.prefix}{next(self.numbers):02d}-{slug}.png"
        page.screenshot(path=str(path), full_page=full_page, animations="disabled")
        self.taken.append(path)
        return path


class Steps:
    """Named steps of a scenario: each one timed, and ended with its screenshot."""

    def __init__(self, shots: Shots, timings: dict[str, float]) -> None:
        self.shots = shots
        self.timings = timings

    @contextmanager
    def step(self, name: str, page: Page, full_page: bool = False) -> Iterator[None]:
        """Time the block, then screenshot the page."""
        started = time.monotonic()
        yield
        self.timings[name] = round(time.monotonic() - started, 3)
        self.shots.take(page, name, full_page=full_page)


class VirtualTable:
    """The /virtual page used as the table's hardware: token and deed tags, the dice button.

    The reader counts the same card back within a second of being lifted as the same tap (as a
    real reader on the table does: RETAP_WINDOW in companion/hardware/reader/taps.py), so a second tap
    of the same tag waits out that window first; taps of different tags never wait.
    """

    # seconds: the simulated card is held ~0.25 s and counted gone ~0.25 s later, then the window
    SAME_TAG_GAP = RETAP_WINDOW + 0.8

    def __init__(self, page: Page) -> None:
        self.page = page
        self._tapped: dict[str, float] = {}

    def token(self, name: str) -> Locator:
        """The token button of the piece this player holds in the game (data-player)."""
        return self.page.locator(f'[data-test^="sim-tag-token:"][data-player="{name}"]')

    def _tap(self, button: Locator, key: str) -> None:
        last = self._tapped.get(key)
        if last is not None:
            wait = self.SAME_TAG_GAP - (time.monotonic() - last)
            if wait > 0:
                time.sleep(wait)  # the reader's re-tap window (see the class docstring)
        with self.page.expect_response(lambda r: r.url.endswith("/api/sim/tap")) as answer:
            button.click()
        assert answer.value.status == 202, answer.value.text()
        self._tapped[key] = time.monotonic()

    def tap_token(self, name: str) -> None:
        button = self.token(name)
        expect(button).to_be_visible(timeout=SHOWN_MS)
        self._tap(button, f"token:{name}")

    def tap_deed(self, square: str) -> None:
        self._tap(self.page.get_by_test_id(f"sim-tag-deed:{square}"), f"deed:{square}")

    def press(self, long: bool = False) -> None:
        test = "sim-press-long" if long else "sim-press"
        with self.page.expect_response(lambda r: r.url.endswith("/api/sim/press")) as answer:
            self.page.get_by_test_id(test).click()
        assert answer.value.status == 202, answer.value.text()


def tap_until(table: VirtualTable, name: str, done: Callable[[int], None], tries: int = 3) -> None:
    """Tap the player's token until done(timeout_ms) passes. A screen waiting for a token (to pair,
    or to confirm a decision) asks the daemon to wait for the next tap; a tap that arrives before the
    daemon has started waiting is ignored by the table, so the tap is repeated (done asserts with
    expect(); the last try gets the usual timeout)."""
    for attempt in range(tries):
        table.tap_token(name)
        try:
            done(SHOWN_MS if attempt == tries - 1 else 2_500)
            return
        except AssertionError:
            if attempt == tries - 1:
                raise


def pair_by_token(phone: Page, table: VirtualTable, name: str, tries: int = 3) -> None:
    """A phone waiting to pair, paired as a player does it (issue 36): tap the token; when the phone
    says "now" (the table offers its code), tap it again; the phone is the player's. A tap the
    reader counted as the one before (a busy machine lifts the simulated tag late) or a choice that
    ran out while nobody tapped is tried again, as a person would."""
    offer = phone.get_by_test_id("wait-offer")
    mine = phone.get_by_test_id("my-name")
    for attempt in range(tries):
        last = attempt == tries - 1
        if offer.get_attribute("data-yours") != "true":
            table.tap_token(name)  # the first act: the table offers the waiting screens' codes
            try:
                expect(offer).to_have_attribute("data-yours", "true", timeout=SHOWN_MS if last else 5_000)
            except AssertionError:
                if last:
                    raise
                continue
        table.tap_token(name)  # the second act, while this phone's code is offered
        try:
            expect(mine).to_have_text(name, timeout=SHOWN_MS if last else 5_000)
            return
        except AssertionError:
            if last:
                raise


def confirm_by_token(screen: Page, button: Locator, table: VirtualTable, name: str,
                     done: Callable[[int], None]) -> None:
    """A shared screen's decision: click its button, see the screen ask for the token, tap it."""
    with screen.expect_request(lambda r: r.url.endswith("/api/commands") and r.method == "POST"):
        button.click()
    hint = screen.get_by_test_id("toast").filter(has_text=f"Tap {name}'s token")
    expect(hint).to_be_visible(timeout=SHOWN_MS)
    tap_until(table, name, done)
    expect(hint).to_have_count(0, timeout=SHOWN_MS)  # the screen's request came back
