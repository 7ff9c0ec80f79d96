"""Which engine a run of `companion simulate` gets: the compiled one whenever it can be had.

"auto" (the default) uses the build of the source on disk now, compiling it first when there is none
(after an edit or a `git pull`: recipe.TAKES says how long, and standard error says it), and falls
back to the pure engine, saying why in one line, when no build can be made (no C compiler, or too
little memory and swap for even the build made to fit). "compiled" fails instead of falling back;
"pure" never compiles. A build that failed for this source is not retried by itself: `python -m
companion.compiled` (run by `make`) tries again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .build import BuildError, build, missing_tools, recipe_now
from .errors import CompiledError
from .modules import read_source
from .recipe import TAKES
from .store import Build, default_store, failure_log, fresh_build

ENGINES = ("auto", "compiled", "pure")
SLOWER = "playing with the pure-Python engine (about 4 times slower)"


class Unavailable(CompiledError):
    """--engine compiled, and no build can be had; the message says why."""


def choose(engine: str, say: Callable[[str], None], store: Path | None = None) -> Build | None:
    """The build to play with, or None for the pure engine; `say` gets each line for the user."""
    if engine == "pure":
        return None
    store = store or default_store()
    source = read_source()
    found = fresh_build(source, store)
    if found is not None:
        return found
    failed = failure_log(store, source.key)
    reason = missing_tools()
    if reason is None and failed.exists():
        reason = f"it failed to compile for this source (log: {failed}; `make compiled` retries)"
    recipe = None
    if reason is None:
        recipe, reason = recipe_now()
    if recipe is not None and reason is None:
        say(f"compiling the engine with mypyc for this source ({recipe.describe()}; once; {TAKES}; "
            "--engine pure skips it)")
        try:
            made = build(source, store, recipe)
        except BuildError as exc:
            reason = exc.reason
        else:
            say(f"compiled in {made.seconds:.0f} s")
            return made
    if engine == "compiled":
        raise Unavailable(f"no compiled engine: {reason}")
    say(f"no compiled engine: {reason}; {SLOWER}")
    return None
