"""How a build is compiled: "full" where the memory is there, "fit" on a small Pi.

"full" is mypyc's default, `-O3` with the whole engine in one C file: the fastest code, but the C
compiler holds that whole file at once. "fit" is `-O2` with one C file per module (mypycify's
`multi_file`), compiled one after another, so the compiler's peak is set by the largest module and
the build fits a 512 MB Pi Zero 2 W. Both compile the same source and play the same games (only
the speed differs), so the recipe is recorded in the build's manifest, not in its key.
`COMPANION_COMPILED_RECIPE=full|fit` chooses; otherwise the memory available when the build starts
does. The figures: docs/pi.md; `bench/compiled_build.py` measures them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .errors import CompiledError

ENV = "COMPANION_COMPILED_RECIPE"
# What a build takes, as bench/compiled_build.py measured it (docs/pi.md).
TAKES = "about a minute on a PC, minutes on a Pi: estimated 2 to 10 on a Pi 4, 5 to 30 on a Zero 2 W"


@dataclass(frozen=True)
class Recipe:
    """mypycify's options for one kind of build, and the memory and swap it needs to start."""

    name: str
    opt_level: str  # mypycify(opt_level=...): the C compiler's -O
    multi_file: bool  # mypycify(multi_file=...): a C file per module instead of one for all
    needs_mb: int  # available memory and swap below which it is not started (its peak and a margin)

    def describe(self) -> str:
        files = "a C file per module" if self.multi_file else "one C file"
        return f"{self.name}: -O{self.opt_level}, {files}"


FULL = Recipe("full", opt_level="3", multi_file=False, needs_mb=800)
FIT = Recipe("fit", opt_level="2", multi_file=True, needs_mb=350)
RECIPES = {recipe.name: recipe for recipe in (FULL, FIT)}


class UnknownRecipe(CompiledError, ValueError):
    """COMPANION_COMPILED_RECIPE names no recipe; the message says which there are."""


def available_mb(meminfo: Path = Path("/proc/meminfo")) -> int | None:
    """MemAvailable plus SwapFree in MB (what a build can use without stopping the table), or None
    where the system does not say (not Linux)."""
    try:
        lines = meminfo.read_text(encoding="ascii").splitlines()
    except OSError:
        return None
    fields = {}
    for line in lines:
        name, _, rest = line.partition(":")
        words = rest.split()
        if words and words[0].isdigit():
            fields[name] = int(words[0])
    if "MemAvailable" not in fields:
        return None
    return (fields["MemAvailable"] + fields.get("SwapFree", 0)) // 1024


def choose_recipe(environ: Mapping[str, str] = os.environ, available: int | None = None) -> Recipe:
    """The recipe named by COMPANION_COMPILED_RECIPE, else "full" when its memory is available (or
    the system does not say), else "fit"."""
    named = environ.get(ENV, "").strip()
    if named:
        if named not in RECIPES:
            raise UnknownRecipe(f"{ENV}={named!r} is not a recipe (choose {' or '.join(RECIPES)})")
        return RECIPES[named]
    if available is None or available >= FULL.needs_mb:
        return FULL
    return FIT
