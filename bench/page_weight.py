"""The weight of each page's first load, as Chromium fetches it: HTML, CSS, JS modules and the English
strings (uncompressed, before the API's JSON). Prints web/README's table.

Run: .venv/bin/python bench/page_weight.py
It starts `companion run --simulate` on a free port with a fresh data folder and a game, opens each
page in Debian's Chromium (Playwright) and adds up the bodies of what it loaded, by kind.
"""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import Response, sync_playwright

PIN = "246810"
PAGES = [("table", "/"), ("player", "/player"), ("history", "/history"), ("chart", "/chart"),
         ("banker", "/banker"), ("virtual", "/virtual")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def request(port: int, method: str, path: str, body: dict | None = None) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers={"Content-Type": "application/json", "X-Banker-Pin": PIN})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status


def size(n: int) -> str:
    return f"{n / 1000:.1f} KB" if n < 10_000 else f"{n / 1000:.0f} KB"


def main() -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        daemon = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--simulate", "--port", str(port),
             "--host", "127.0.0.1", "--data", data, "--banker-pin", PIN],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 15
            while True:
                try:
                    request(port, "GET", "/api/state")
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
            assert request(port, "POST", "/api/games", {"players": ["Ann", "Bob"]}) == 201
            print("| page | HTML | CSS | JS | strings | total |\n|---|---|---|---|---|---|")
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium")
                for name, path in PAGES:
                    page = browser.new_page()
                    sizes = {"html": 0, "css": 0, "js": 0, "strings": 0}
                    modules = [0]

                    def loaded(response: Response, sizes: dict[str, int] = sizes,
                               modules: list[int] = modules) -> None:
                        url = response.url
                        if "/api/" in url:
                            return
                        try:
                            n = len(response.body())
                        except Exception:  # noqa: BLE001 - a stream or a redirect has no body
                            return
                        if url.endswith(".css"):
                            sizes["css"] += n
                        elif url.endswith(".js"):
                            sizes["js"] += n
                            modules[0] += 1
                        elif url.endswith("/en.json"):
                            sizes["strings"] += n
                        elif response.request.resource_type == "document":
                            sizes["html"] += n

                    page.on("response", loaded)
                    page.goto(f"http://127.0.0.1:{port}{path}")
                    page.wait_for_load_state("networkidle")
                    print(f"| {name} | {size(sizes['html'])} | {size(sizes['css'])} | "
                          f"{size(sizes['js'])} ({modules[0]}) | {size(sizes['strings'])} | "
                          f"{size(sum(sizes.values()))} |")
                    page.close()
                browser.close()
        finally:
            daemon.terminate()
            daemon.wait(10)


if __name__ == "__main__":
    main()
