"""Where builds live: one folder per source key, each complete or absent.

By default inside the virtualenv (`<venv>/companion-compiled/`), so `make clean` and a new venv start
afresh, and outside one in `~/.cache/companion/compiled/`; `COMPANION_COMPILED_DIR` chooses another
folder. A build folder holds the extension files laid out like the package, the data files they read
and `manifest.json`, written last: a folder without it is not a build.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from .modules import Source

MANIFEST = "manifest.json"
KEEP = 3  # builds kept: switching between a few versions of the source does not rebuild each time


def default_store() -> Path:
    chosen = os.environ.get("COMPANION_COMPILED_DIR")
    if chosen:
        return Path(chosen)
    if sys.prefix != sys.base_prefix:
        return Path(sys.prefix) / "companion-compiled"
    cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache) / "companion" / "compiled"


@dataclass(frozen=True)
class Build:
    """A finished build: its folder and what its manifest says."""

    folder: Path
    key: str
    group: str  # the shared library's module name: every compiled module imports it
    modules: dict[str, str]  # module name -> its extension file, relative to the folder
    hashes: dict[str, str]  # the source files it was built from -> sha256
    seconds: float  # how long the build took
    recipe: str = "full"  # how it was compiled (recipe.py); builds before the recipes were all "full"

    @classmethod
    def read(cls, folder: Path) -> Build | None:
        """The build in `folder`, or None when there is none (or only part of one)."""
        folder = folder.resolve()
        try:
            manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
            build = cls(folder=folder, key=manifest["key"], group=manifest["group"],
                        modules=dict(manifest["modules"]), hashes=dict(manifest["hashes"]),
                        seconds=float(manifest["seconds"]), recipe=str(manifest.get("recipe", "full")))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if not all(path.is_file() for path in build.files().values()):
            return None
        return build

    def files(self) -> dict[str, Path]:
        """Every module the build serves (the compiled ones and the shared library) -> its file."""
        found = {name: self.folder / file for name, file in self.modules.items()}
        for path in self.folder.glob(f"{self.group}__mypyc.*"):
            found[f"{self.group}__mypyc"] = path
        return found


def fresh_build(source: Source, store: Path | None = None) -> Build | None:
    """The build made from exactly this source, if the store has it."""
    build = Build.read((store or default_store()) / source.key)
    if build is None or build.key != source.key or build.hashes != source.hashes:
        return None
    if set(build.modules) != set(source.modules):
        return None
    return build


def _folders(store: Path) -> list[Path]:
    try:
        return [p for p in store.iterdir() if p.is_dir() and "." not in p.name]
    except OSError:
        return []


def failure_log(store: Path, key: str) -> Path:
    """Where a failed build of this source leaves its log (and so is not tried again by itself)."""
    return store / f"{key}.failed.log"


def prune(store: Path, keep: str) -> None:
    """Remove all but the newest few builds (always keeping `keep`), and leftovers over an hour old."""
    builds = sorted(_folders(store), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in [b for b in builds if b.name != keep][KEEP - 1:]:
        shutil.rmtree(old, ignore_errors=True)
    for leftover in store.glob("*.*"):
        try:
            if leftover.is_dir() and time.time() - leftover.stat().st_mtime > 3600:
                shutil.rmtree(leftover, ignore_errors=True)
        except OSError:
            pass
