"""`python -m companion.compiled`: make sure the build of this source exists (the set-up runs it).

Exit status 0 when it is there or cannot be made on this machine (no C compiler, or too little memory
and swap: `companion simulate` then uses the pure engine, and says so); 1 when the build failed or
COMPANION_COMPILED_RECIPE names no recipe.
"""

from __future__ import annotations

import sys

from .build import BuildError, build, missing_tools, recipe_now
from .modules import read_source
from .recipe import TAKES
from .store import default_store, fresh_build


def main() -> int:
    source = read_source()
    store = default_store()
    found = fresh_build(source, store)
    if found is not None:
        print(f"compiled engine: up to date ({found.folder})")
        return 0
    reason = missing_tools()
    if reason:
        print(f"compiled engine: not built, {reason}; companion simulate will use the pure engine")
        return 0
    recipe, reason = recipe_now()
    if recipe is None:  # COMPANION_COMPILED_RECIPE names none
        print(f"compiled engine: {reason}", file=sys.stderr)
        return 1
    if reason:
        print(f"compiled engine: not built, {reason}; companion simulate will use the pure engine")
        return 0
    print(f"compiled engine: compiling {len(source.modules)} modules with mypyc ({recipe.describe()}; "
          f"{TAKES}: docs/pi.md)...", flush=True)
    try:
        made = build(source, store, recipe)
    except BuildError as exc:
        print(f"compiled engine: {exc.reason}", file=sys.stderr)
        if exc.log is not None:
            print(exc.log.read_text(encoding="utf-8")[-3000:], file=sys.stderr)
        return 1
    print(f"compiled engine: built in {made.seconds:.0f} s, the {made.recipe} recipe ({made.folder})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
