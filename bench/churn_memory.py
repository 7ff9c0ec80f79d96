"""What stored no-op churn costs the daemon, and how far one phone can push it. Prints one JSON line.

Run: .venv/bin/python bench/churn_memory.py [--commands N]
It starts `companion run --simulate` with a fresh data folder and a game, then:
- the banker (not limited) stores N trade proposals and withdrawals: the daemon's resident memory
  before and after, per stored command (SQLite's page cache, bounded, warms up within it);
- Bob's paired phone sends the same as fast as it can for 5 s: how many are stored and how many
  refused by the churn limit (companion/table/churn.py), and what that would cost in 20 minutes.
"""

from __future__ import annotations

import argparse
import http.client
import http.cookies
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.ports import free_port  # noqa: E402  (a port no second suite picks too)

PIN = "246810"
TRADE = [{"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": 1}}, {"do": "reject", "player": "Bob"}]


def call(port: int, method: str, path: str, body: dict | None = None, headers: dict | None = None,
         ) -> tuple[int, dict, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers={"Content-Type": "application/json", **(headers or {})})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, (json.loads(data) if data else {}), dict(response.getheaders())


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1])
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=2000)
    args = parser.parse_args()
    banker = {"X-Banker-Pin": PIN}
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        daemon = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--simulate", "--host", "127.0.0.1",
             "--port", str(port), "--data", str(Path(tmp) / "data"), "--banker-pin", PIN],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    call(port, "GET", "/api/state")
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
            call(port, "POST", "/api/games", {"players": ["Ann", "Bob"], "seed": 3,
                                              "tokens": {"Ann": "car", "Bob": "dog"}}, banker)
            for n in range(200):  # warm up
                call(port, "POST", "/api/commands", TRADE[n % 2], banker)
            time.sleep(1)
            before = rss_kb(daemon.pid)
            for n in range(args.commands):
                call(port, "POST", "/api/commands", TRADE[n % 2], banker)
            time.sleep(1)
            after = rss_kb(daemon.pid)

            # Bob's phone: paired by a tap of his token, then churning for 5 s.
            _status, _session, headers = call(port, "GET", "/api/session")
            cookie = http.cookies.SimpleCookie(headers.get("Set-Cookie", ""))
            phone = {"Cookie": f"session={cookie['session'].value}"}
            call(port, "POST", "/api/pair", {}, phone)
            call(port, "POST", "/api/sim/tap", {"meaning": "token:Bob"})  # the table offers its code
            time.sleep(1.5)  # lifted a moment (the reader counts one within a second as one tap)
            call(port, "POST", "/api/sim/tap", {"meaning": "token:Bob"})  # ... and again takes it
            time.sleep(0.5)
            assert call(port, "GET", "/api/session", None, phone)[1]["player"] == "Bob"
            stored = refused = 0
            end = time.monotonic() + 5
            n = 0
            while time.monotonic() < end:
                status, _body, _h = call(port, "POST", "/api/commands", TRADE[n % 2], phone)
                n += 1
                stored += status == 200
                refused += status == 429
        finally:
            daemon.terminate()
            daemon.wait(10)
    per_command = (after - before) / args.commands
    print(json.dumps({
        "bench": "churn_memory",
        "kb_per_stored_command": round(per_command, 2),
        "phone_stored_in_5s": stored,
        "phone_refused_in_5s": refused,
        "phone_kb_in_20_minutes": round(min(stored, 12) / 60 * 1200 * per_command, 1),
    }))


if __name__ == "__main__":
    main()
