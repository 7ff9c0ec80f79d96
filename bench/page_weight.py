"""The weight of each page's first load, as Chromium fetches it: HTML, CSS, JS modules and the English
strings (uncompressed, before the API's JSON), and how many requests it made (of them, to the API:
each one the table's CPU serves). Prints web/README's table.

Run: .venv/bin/python bench/page_weight.py
It starts `companion run --simulate` on a free port with a fresh data folder and a game, opens each
page in Debian's Chromium (Playwright) and adds up the bodies of what it loaded, by kind.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Response

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser.scripted import call, chromium, simulated_table  # noqa: E402

PAGES = [("table", "/"), ("player", "/player"), ("history", "/history"), ("chart", "/chart"),
         ("banker", "/banker"), ("virtual", "/virtual")]


def size(n: int) -> str:
    return f"{n / 1000:.1f} KB" if n < 10_000 else f"{n / 1000:.0f} KB"


def main() -> None:
    with simulated_table() as daemon:
        call(daemon.url, "/api/games", {"players": ["Ann", "Bob"]})
        print("| page | HTML | CSS | JS | strings | total | requests (API) |\n|---|---|---|---|---|---|---|")
        with chromium() as browser:
            for name, path in PAGES:
                page = browser.new_page()
                sizes = {"html": 0, "css": 0, "js": 0, "strings": 0}
                modules = [0]
                asked: list[str] = []
                page.on("request", lambda request, asked=asked: asked.append(request.url))

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
                    elif url.endswith("/i18n/en.ftl"):  # the page's strings (Fluent, served whole)
                        sizes["strings"] += n
                    elif response.request.resource_type == "document":
                        sizes["html"] += n

                page.on("response", loaded)
                page.goto(daemon.url + path)
                page.wait_for_load_state("networkidle")
                api = sum("/api/" in url for url in asked)
                print(f"| {name} | {size(sizes['html'])} | {size(sizes['css'])} | "
                      f"{size(sizes['js'])} ({modules[0]}) | {size(sizes['strings'])} | "
                      f"{size(sum(sizes.values()))} | {len(asked)} ({api}) |")
                page.close()


if __name__ == "__main__":
    main()
