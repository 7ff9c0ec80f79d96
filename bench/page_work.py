"""What each page costs its screen while a game is played: the main-thread time Chromium spends on
the Table page, two phones, History and the Banker page while a whole game's commands are stored,
as the browser itself counts it (CDP Performance.getMetrics: TaskDuration, ScriptDuration,
LayoutDuration, RecalcStyleDuration). Prints a line a page, then one JSON line.

Run: .venv/bin/python bench/page_work.py [--commands 300] [--lang ru] [--profile 15]
It starts `companion run --simulate` on a free port (tests/browser/support.py's Daemon), starts the
Russian whole game of tests/whole_games.py (its five players, seed 57, its house rules), opens the
pages at 390×844 and 1024×768 as the whole-game tests do (tests/browser/whole_game_reading.py's
Watched: the table's own screen, paired phones, the banker logged in), then stores the game's first
--commands commands through the API, one after another as fast as the table answers, and waits
until every page has drawn the last. The pages' work is what the browser spent between the first
command and that moment. On a tablet the same work is what a long evening costs its battery; in the
suite it is most of what the browser tests cost CI's two cores. --profile N also samples each
page's script (CDP Profiler) over the same commands and prints its N costliest functions by their
own time: where a page's work goes, for whoever makes it cheaper.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.support import Api, Daemon  # noqa: E402
from tests.browser.whole_game_reading import PIECES, Watched  # noqa: E402
from tests.whole_games import ENGLISH, RULES, RUSSIAN, game_script  # noqa: E402

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
PAGES = ("table 390", "table 1024", "phone 390", "phone 1024", "history 390", "history 1024", "banker 1024")
METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--lang", choices=("en", "ru"), default="ru")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="print each page's N costliest script functions (own time)")
    args = parser.parse_args()
    names = RUSSIAN if args.lang == "ru" else ENGLISH
    base = Path(tempfile.mkdtemp(prefix="page-work-"))
    daemon = Daemon(base / "data", base / "daemon.log", odds_nice=19)
    try:
        daemon.wait_serving()
        lines = game_script(names, 57, RULES)
        api = Api(daemon.url)
        status, answer = api.request("POST", "/api/games", {
            "players": list(names), "seed": 57, "rules": lines[0]["rules"],
            "tokens": dict(zip(names, PIECES, strict=False))})
        assert status == 201, answer
        with sync_playwright() as pw:
            pw.selectors.set_test_id_attribute("data-test")
            browser = pw.chromium.launch(executable_path=CHROMIUM,
                                         args=["--no-sandbox", "--disable-dev-shm-usage"])
            watched = Watched(browser, daemon.url, args.lang, names, PAGES)
            sessions = {}
            for name, page in watched.pages.items():
                sessions[name] = page.context.new_cdp_session(page)
                sessions[name].send("Performance.enable")
                if args.profile:
                    sessions[name].send("Profiler.enable")
                    sessions[name].send("Profiler.setSamplingInterval", {"interval": 200})
                    sessions[name].send("Profiler.start")

            def metrics() -> dict[str, dict[str, float]]:
                return {name: {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
                        for name, cdp in sessions.items()}

            before = metrics()
            seq = 0
            for command in lines[1:args.commands + 1]:
                status, answer = api.command(command)
                assert status == 200, (command, answer)
                seq = answer["seq"]
            watched.caught_up(seq, False, False)
            after = metrics()
            profiles = {name: cdp.send("Profiler.stop")["profile"] for name, cdp in sessions.items()
                        if args.profile}
            watched.close()
            browser.close()
    finally:
        daemon.stop()
    figures = {name: {key: round(after[name][key] - before[name][key], 2) for key in METRICS}
               for name in after}
    for name, figure in figures.items():
        print(f"{name:24s} " + "  ".join(f"{key.removesuffix('Duration').lower()} {value:6.2f} s"
                                          for key, value in figure.items()))
    for name, profile in profiles.items():
        print(f"\n{name}: costliest functions, own time")
        for where, seconds in costliest(profile, args.profile):
            print(f"  {seconds:6.2f} s  {where}")
    print(json.dumps({"commands": args.commands, "lang": args.lang, "pages": figures}, ensure_ascii=False))


def costliest(profile: dict, count: int) -> list[tuple[str, float]]:
    """A CPU profile's functions by own time (samples x their intervals), the costliest first; a
    function is its name, file and line, wherever it was called from."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    own: dict[str, float] = {}
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        frame = nodes[sample]["callFrame"]
        url = frame["url"].rsplit("/", 1)[-1]
        where = f"{frame['functionName'] or '(anonymous)'} {url}:{frame['lineNumber'] + 1}" if url \
            else frame["functionName"]
        own[where] = own.get(where, 0.0) + delta / 1e6
    return sorted(own.items(), key=lambda item: -item[1])[:count]


if __name__ == "__main__":
    main()
