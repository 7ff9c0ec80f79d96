"""The Banker page's way in, as the banker sees it at 390x844 and 1024x768, in English and Russian:
the first start's PIN confirmed at the table (the first visitor sets nothing alone), "Log in at the
table" with the banker's tag (no PIN needed: what a locked-out banker does), and a screen's
proposed clock that the banker compares with the Pi's and declines. The step at the table never
goes to a screen by itself (issue 36): the waiting screen shows its code, the step makes the table
offer it ("Now: lay the tag again"), and the banker's second step takes it.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.hardware.reader import RETAP_WINDOW
from companion.i18n import LANGUAGES
from tests.waiting import PATIENCE_MS

from .layout import assert_layout
from .support import LIVE_MS, ROOT, Api, Daemon, Shots

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}
WAITING = {"en": "banker's tag", "ru": "жетон банкира"}
YEAR_2030 = 1_893_456_000_000


class FreshDaemon(Daemon):
    """A table started for the first time: no --banker-pin, so the Banker page asks for one."""

    def start(self) -> None:
        self._log_file = open(self.log, "a")  # noqa: SIM115 - closed in stop()
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--simulate", "--port", str(self.port),
             "--host", "127.0.0.1", "--data", str(self.data), "--config", str(self.config)],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=self._log_file,
        )


def banker_tag(api: Api) -> None:
    """The banker's tag laid on the (simulated) reader, after the last tap has left it."""
    time.sleep(RETAP_WINDOW + 0.2)
    status, _ = api.request("POST", "/api/sim/tap", {"meaning": "banker"}, banker=False)
    assert status == 202


def offered(page: Any) -> None:
    """The waiting Banker page says the table offers its own code now."""
    expect(page.get_by_test_id("wait-offer")).to_have_attribute("data-yours", "true", timeout=LIVE_MS)


def context(screens: Any, size: str) -> Any:
    made = screens.browser.new_context(base_url=screens.url, viewport=SIZES[size],
                                       is_mobile=size == "phone", has_touch=size == "phone")
    made.set_default_timeout(PATIENCE_MS)
    screens.contexts.append(made)
    return made


def test_the_first_start_pin_is_confirmed_at_the_table(screens: Any, shots: Shots, tmp_path: Path) -> None:
    fresh = FreshDaemon(tmp_path / "data", tmp_path / "daemon.log")
    try:
        fresh.wait_serving()
        api = Api(fresh.url)
        screens.url = fresh.url
        for size, lang, pin in (("phone", "en", "135790"), ("tablet", "ru", None)):
            page = screens.open(f"/banker?lang={lang}", context=context(screens, size))
            if pin is None:  # the PIN is set by now: this screen logs in at the table instead
                expect(page.get_by_test_id("presence")).to_be_visible()
                shots.take(page, f"login-{size}-{lang}")
                page.get_by_test_id("presence").click()
            else:
                expect(page.get_by_test_id("pin-repeat")).to_be_visible()
                shots.take(page, f"first-start-{size}-{lang}")
                page.get_by_test_id("pin").fill("2468")  # too short for a new PIN: the form says so
                page.get_by_test_id("pin-repeat").fill("2468")
                page.get_by_test_id("pin-submit").click()
                assert page.get_by_test_id("pin").evaluate("input => input.validity.valid") is False
                page.get_by_test_id("pin").fill(pin)
                page.get_by_test_id("pin-repeat").fill(pin)
                page.get_by_test_id("pin-submit").click()
            status = page.get_by_test_id("presence-status")
            expect(status).to_contain_text(WAITING[lang])
            code = page.get_by_test_id("wait-code").inner_text()
            assert len(code) == 3 and code.isdigit()
            shots.take(page, f"at-the-table-{size}-{lang}")
            assert api.request("GET", "/api/session", banker=False)[1]["pin_set"] is (pin is None)
            banker_tag(api)  # the step: the table offers the one waiting screen's code ...
            offered(page)
            expect(page.get_by_test_id("wait-offer")).to_contain_text(code)
            shots.take(page, f"offered-{size}-{lang}")
            assert api.request("GET", "/api/session", banker=False)[1]["pin_set"] is (pin is None)
            banker_tag(api)  # ... and the tag again takes it
            expect(page.get_by_test_id("game-status")).to_be_visible(timeout=LIVE_MS)
            expect(page.get_by_test_id("pin-form")).to_be_hidden()
            shots.take(page, f"logged-in-{size}-{lang}")
        assert api.request("POST", "/api/banker/login", {"pin": "135790"}, banker=False)[0] == 200
    finally:
        assert fresh.stop() == 0


DEADLINE = {"en": re.compile(r"^The table waits (\d+) s more\.$"),
            "ru": re.compile(r"^Стол ждёт ещё (\d+) с\.$")}
SIMULATED = {"en": "the banker's tag and the dice button are buttons on the Virtual table page",
             "ru": "жетон банкира и кнопка кубиков — кнопки на странице «Виртуальный стол»"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_the_first_start_counts_down_and_says_where_the_simulated_banker_tag_is(
        screens: Any, tmp_path: Path, artifacts: Path, size: str, lang: str) -> None:
    """Issue 38, point 2: after "Set PIN" the Banker page shows the seconds the table still waits
    for the banker's step, and on a simulated table (`make run`) that the banker's tag is a button
    on the Virtual table, with its link; the family follows the link and lays the tag there."""
    shots = Shots(artifacts, f"first-start-{size}-{lang}-", iter(range(1, 50)))
    fresh = FreshDaemon(tmp_path / "data", tmp_path / "daemon.log")
    try:
        fresh.wait_serving()
        api = Api(fresh.url)
        assert api.request("GET", "/api/session", banker=False)[1]["simulated"] is True
        screens.url = fresh.url
        page = screens.open(f"/banker?lang={lang}", context=context(screens, size))
        page.get_by_test_id("pin").fill("135790")
        page.get_by_test_id("pin-repeat").fill("135790")
        page.get_by_test_id("pin-submit").click()
        left = page.get_by_test_id("wait-deadline")
        expect(left).to_have_text(DEADLINE[lang])
        first = int(DEADLINE[lang].match(left.inner_text()).group(1))  # type: ignore[union-attr]
        assert 60 < first <= 120, first  # the banker's step waits 120 s (companion/web/presence.py)
        expect(left).not_to_have_attribute("data-seconds", str(first), timeout=LIVE_MS)  # it counts
        assert int(left.get_attribute("data-seconds") or 0) < first
        hint = page.get_by_test_id("wait-simulated")
        expect(hint).to_contain_text(SIMULATED[lang])
        link = page.get_by_test_id("wait-virtual-link")
        expect(link).to_have_attribute("href", "/virtual")
        shots.take(page, "waits-for-the-banker")
        assert_layout(page, f"first start's wait, {size} {lang}")

        with page.expect_popup() as opened:  # the Virtual table, beside the waiting Banker page
            link.click()
        virtual = opened.value
        tag = virtual.get_by_test_id("sim-tag-banker")
        tag.click()  # the step: the table offers this screen's code ...
        offered(page)
        shots.take(page, "offered")
        time.sleep(RETAP_WINDOW + 0.2)  # (the tag lifted off the reader first)
        tag.click()  # ... and the tag again takes it
        expect(page.get_by_test_id("game-status")).to_be_visible(timeout=LIVE_MS)
        expect(left).to_have_count(0)
        shots.take(page, "logged-in")
        assert api.request("GET", "/api/session", banker=False)[1]["pin_set"] is True
    finally:
        assert fresh.stop() == 0


@pytest.mark.parametrize(("size", "lang"), [("phone", "ru"), ("tablet", "en")])
def test_the_banker_logs_in_at_the_table_and_declines_a_screens_clock(screens: Any, api: Api, shots: Shots,
                                                                      size: str, lang: str) -> None:
    page = screens.open(f"/banker?lang={lang}", context=context(screens, size))
    expect(page.get_by_test_id("pin-form")).to_be_visible()
    page.get_by_test_id("presence").click()
    expect(page.get_by_test_id("presence-status")).to_contain_text(WAITING[lang])
    banker_tag(api)
    offered(page)
    banker_tag(api)
    expect(page.get_by_test_id("game-status")).to_be_visible(timeout=LIVE_MS)

    # A guest's phone says it is 2030: the banker sees both times and keeps the Pi's.
    status, said = api.request("POST", "/api/clock", {"time": YEAR_2030}, banker=False)
    assert status == 200 and said["proposed"] is True
    panel = page.get_by_test_id("clock-panel")
    expect(panel).to_be_visible(timeout=LIVE_MS)
    expect(page.get_by_test_id("clock-question")).to_contain_text("2030")
    panel.scroll_into_view_if_needed()
    shots.take(page, f"clock-{size}-{lang}")
    page.get_by_test_id("clock-keep").click()
    expect(panel).to_be_hidden()
    assert api.request("GET", "/api/banker/clock")[1]["proposal"] is None


def test_the_virtual_tables_held_dice_button_logs_the_waiting_banker_page_in(screens: Any, api: Api,
                                                                             shots: Shots) -> None:
    page = screens.open("/banker?lang=en", context=context(screens, "phone"))
    page.get_by_test_id("presence").click()
    expect(page.get_by_test_id("presence-status")).to_contain_text("hold the dice button")
    seq = api.state()["seq"]
    virtual = screens.open("/virtual", context=context(screens, "tablet"))
    virtual.get_by_test_id("sim-press-hold").click()
    offered(page)  # after the 6 s hold, the table offers this screen's code
    shots.take(page, "held-button-offered-phone-en")
    virtual.get_by_test_id("sim-press-hold").click()  # held again while it is offered: taken
    expect(page.get_by_test_id("game-status")).to_be_visible(timeout=3 * LIVE_MS)
    shots.take(page, "held-button-phone-en")
    assert api.state()["seq"] == seq  # the holds ended no turn, rolled nothing
