"""pytest on the compiled build: `python -P tests/compiled_suite.py BUILD_FOLDER [pytest args]`.

The build's finder goes in before pytest imports anything of the engine, so the tests exercise the
compiled modules whatever sys.path says; at the end it lists every engine module imported and where
from, and fails the run if any of them was the pure one.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from companion.compiled.loader import install  # noqa: E402
from companion.compiled.store import Build  # noqa: E402


def main() -> int:
    build = Build.read(Path(sys.argv[1]))
    if build is None:
        print(f"no build in {sys.argv[1]}")
        return 4
    install(build, ROOT)
    status = int(pytest.main(sys.argv[2:]))
    imported = {name: str(getattr(sys.modules[name], "__file__", "")) for name in build.modules
                if name in sys.modules}
    pure = sorted(name for name, file in imported.items() if not file.startswith(str(build.folder)))
    for name in sorted(imported):
        print(f"imported {name} from {'PURE ' if name in pure else ''}{imported[name]}")
    if pure:
        print(f"pure modules imported instead of the compiled ones: {', '.join(pure)}")
        return 3
    return status


if __name__ == "__main__":
    sys.exit(main())
