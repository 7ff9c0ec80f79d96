"""Where a new family starts (issue 38, point 2): README's Quick start is still two commands, and it
and the console of `make run` both name the Banker page, at the address `make run` serves."""

from __future__ import annotations

import re
from pathlib import Path

from companion.cli.run_cmd import LOOPBACK
from companion.config import load_config
from companion.daemon import start_here

ROOT = Path(__file__).resolve().parent.parent


def quick_start() -> str:
    readme = (ROOT / "README.md").read_text()
    return readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]


def make_run_url() -> str:
    """Where `make run` (`companion run --simulate`) serves: this machine, the config's port."""
    return f"http://{LOOPBACK}:{load_config(None, simulate=True).port}/"


def test_the_quick_start_is_two_commands_and_names_the_banker_page() -> None:
    section = quick_start()
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, section
    commands = [line.split("#", 1)[0].strip() for line in block.group(1).splitlines() if line.strip()]
    assert commands == ["make run", "make test"]
    assert f"{make_run_url()}banker" in section
    assert "--simulate" in (ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n")[0]


def test_the_console_line_names_the_page_the_readme_does() -> None:
    url = make_run_url()
    first = start_here(url, pin_set=False, simulate=True)
    assert first == (f"start here: the Banker page, {url}banker (set the banker PIN, then start a "
                     f"game; the banker's tag is a button on the Virtual table, {url}virtual)")
    assert f"{url}banker" in quick_start() and f"{url}virtual" in quick_start()
    later = start_here("http://table.local:8080/", pin_set=True, simulate=False)
    assert later == "start here: the Banker page, http://table.local:8080/banker (log in, then start a game)"
