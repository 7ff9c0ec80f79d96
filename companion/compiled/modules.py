"""The one list of compiled modules, and the key of their source.

A build is made from, and only ever used for, one exact source: its key hashes every listed file, the
data files compiled code reads from its own folder (the editions), the Python it is built for and the
build's layout (RECIPE). How hard the C compiler optimises (recipe.py) is not in it: either way the
same games are played. Package `__init__` files stay pure Python, so a package imports as usual and only its
modules are swapped.
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

# Paths under the folder that holds the `companion` package; add a glob here to compile more.
COMPILED = ("companion/rules/**/*.py", "companion/bots/**/*.py", "companion/simulate/play.py",
            "companion/odds/rollout.py")
# Change it when the build's layout changes. The recipe (recipe.py: -O3 or -O2, one C file or one
# a module) is not in the key: both play the same games, and the manifest says which made a build.
RECIPE = "mypyc, one shared library, v2"
ROOT = Path(__file__).resolve().parents[2]
NOT_DATA = {".py", ".pyc", ".pyi", ".so", ".pyd"}


@dataclass(frozen=True)
class Source:
    """The compiled modules' source as it is on disk now."""

    root: Path
    modules: dict[str, str]  # module name -> its file, relative to root
    data: list[str]  # the other files of the compiled modules' folders, relative to root
    hashes: dict[str, str]  # every file above -> sha256 of its content
    key: str

    def changed_since(self, hashes: dict[str, str]) -> list[str]:
        """The files that differ from (or are missing in) a build's record of its source."""
        names = set(self.hashes) | set(hashes)
        return sorted(n for n in names if self.hashes.get(n) != hashes.get(n))


def _data_files(root: Path, folders: set[Path]) -> list[str]:
    found = set()
    for folder in folders:
        for path in folder.rglob("*"):
            if path.is_file() and path.suffix not in NOT_DATA and "__pycache__" not in path.parts:
                found.add(path.relative_to(root).as_posix())
    return sorted(found)


def read_source(root: Path = ROOT) -> Source:
    """The listed modules under `root` and the key of their current content."""
    modules: dict[str, str] = {}
    for pattern in COMPILED:
        for path in sorted(root.glob(pattern)):
            if path.name != "__init__.py":
                relative = path.relative_to(root)
                modules[".".join(relative.with_suffix("").parts)] = relative.as_posix()
    if not modules:
        raise FileNotFoundError(f"none of the compiled modules {COMPILED} is under {root}")
    data = _data_files(root, {(root / file).parent for file in modules.values()})
    hashes = {name: hashlib.sha256((root / name).read_bytes()).hexdigest()
              for name in sorted([*modules.values(), *data])}
    digest = hashlib.sha256()
    for line in (RECIPE, sys.implementation.cache_tag, EXTENSION_SUFFIXES[0],
                 *(f"{name} {value}" for name, value in hashes.items())):
        digest.update(line.encode() + b"\n")
    return Source(root=root, modules=modules, data=data, hashes=hashes, key=digest.hexdigest()[:20])
