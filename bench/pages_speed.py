"""A tap on the virtual table reaching every other open page, in real Chromium pages: the Table page,
three players' phones, the banker's page, History and Chart. Prints one JSON line.

Run: .venv/bin/python bench/pages_speed.py [--taps N]
It starts `companion run --simulate` on a free port (auctions left open: auction_seconds = 0), opens
the pages in Debian's Chromium (/usr/bin/chromium) through Playwright, puts a deed up for auction
and then clicks the players' token tags in turn on the virtual table: each tap is a bid, so each is
a stored change every page must show. The time runs from the click (the virtual page's clock) to
each other page having drawn the new state (its own handlers done; every page reads the same
clock), and, separately, to the bid's line in the Table page's story.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

PIN = "246810"
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.ports import free_port  # noqa: E402  (a port no second suite picks too)

# Noted in every page: when each state seq was drawn (a listener added after the page's own).
WATCH_JS = """() => import('/static/js/api.js').then((m) => {
  window.__drawn = {};
  window.__feed = {};
  m.onState((s) => { if (!(s.seq in window.__drawn)) window.__drawn[s.seq] = Date.now(); });
  window.addEventListener('feed', (e) => { window.__feed[e.detail.seq] = Date.now(); });
})"""


def call(url: str, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", "X-Banker-Pin": PIN})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status, json.loads(answer.read() or b"{}")


def percentile(values: list[float], share: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--taps", type=int, default=200)
    args = parser.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data:
        config = Path(data) / "config.toml"
        config.write_text("[table]\nauction_seconds = 0\n")
        daemon = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--simulate", "--port", str(port),
             "--host", "127.0.0.1", "--data", str(Path(data) / "games"), "--banker-pin", PIN,
             "--config", str(config)],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    call(url, "GET", "/api/state")
                    break
                except OSError:
                    time.sleep(0.05)
            call(url, "POST", "/api/games", {
                "players": ["Ann", "Bob", "Cat"], "tokens": {"Ann": "car", "Bob": "dog", "Cat": "hat"},
                "rules": {"shuffle": False, "starting_cash": 100000}, "seed": 1})
            call(url, "POST", "/api/commands", {"do": "roll", "dice": [1, 2]})
            call(url, "POST", "/api/commands", {"do": "decline"})
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM,
                                             args=["--no-sandbox", "--disable-dev-shm-usage"])
                tablet = {"viewport": {"width": 1024, "height": 768}}
                phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
                shared = browser.new_context(base_url=url, **tablet)
                virtual = shared.new_page()
                virtual.goto("/virtual")
                others = {name: shared.new_page() for name in ("table", "history", "chart")}
                for name, path in (("table", "/"), ("history", "/history"), ("chart", "/chart")):
                    others[name].goto(path)
                for name in ("Ann", "Bob", "Cat"):
                    ctx = browser.new_context(base_url=url, **phone)
                    ctx.request.post("/api/pair", data={"player": name}, headers={"X-Banker-Pin": PIN})
                    others[name] = ctx.new_page()
                    others[name].goto("/player")
                banker = browser.new_context(base_url=url, **tablet)
                banker.request.post("/api/banker/login", data={"pin": PIN})
                others["banker"] = banker.new_page()
                others["banker"].goto("/banker")
                for page in [virtual, *others.values()]:
                    page.wait_for_selector('[data-test="connection"][data-state="live"]', timeout=20_000)
                    page.evaluate(WATCH_JS)
                # the moment of each click, as the virtual page's own clock has it
                virtual.evaluate("() => document.addEventListener('click', "
                                 "() => { window.__clickedAt = Date.now(); }, true)")
                tokens = ["car", "dog", "hat"]
                latencies: list[float] = []
                feed: list[float] = []
                seq = call(url, "GET", "/api/state")[1]["seq"]
                for n in range(args.taps):
                    button = virtual.locator(f'[data-test="sim-tag-token:{tokens[n % 3]}"]')
                    button.click()
                    clicked = virtual.evaluate("() => window.__clickedAt")
                    seq += 1
                    deadline = time.monotonic() + 5
                    drawn: dict[str, int | None] = {}
                    while time.monotonic() < deadline:
                        drawn = {name: page.evaluate("(s) => window.__drawn[s] ?? null", seq)
                                 for name, page in others.items()}
                        if all(v is not None for v in drawn.values()):
                            break
                        time.sleep(0.005)
                    latencies += [v - clicked if v is not None else float("inf") for v in drawn.values()]
                    story = others["table"].evaluate("(s) => window.__feed[s] ?? null", seq)
                    feed.append(story - clicked if story is not None else float("inf"))
                    time.sleep(0.1)  # the same tag comes back every third tap, after the reader's window
                browser.close()
        finally:
            daemon.terminate()
            daemon.wait(10)
    print(json.dumps({
        "pages": len(others), "taps": args.taps,
        "tap_to_every_page_p50_ms": round(percentile(latencies, 0.5), 1),
        "tap_to_every_page_p99_ms": round(percentile(latencies, 0.99), 1),
        "tap_to_every_page_max_ms": round(max(latencies), 1),
        "tap_to_story_line_p99_ms": round(percentile(feed, 0.99), 1),
        "python": sys.version.split()[0], "cpus": os.cpu_count(),
    }))


if __name__ == "__main__":
    main()
