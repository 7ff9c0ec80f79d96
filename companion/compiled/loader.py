"""Importing a build: a finder first on `sys.meta_path` serves the compiled modules from their files.

Being first, it wins over `sys.path` in any order (a repository first on `sys.path` no longer means
the pure modules are what gets imported), and no PYTHONPATH is needed. It is only ever installed for
a build of the source on disk now, and before any of the modules it serves is imported.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

from .errors import CompiledError
from .modules import ROOT, read_source
from .store import Build, fresh_build


class StaleBuild(CompiledError):
    """The build is not of the source on disk, or the pure modules are imported already."""


class CompiledFinder(MetaPathFinder):
    """Finds the build's modules (and its shared library) and nothing else."""

    def __init__(self, build: Build) -> None:
        self.build = build
        self.files = build.files()

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return spec_from_file_location(fullname, file, loader=ExtensionFileLoader(fullname, str(file)))


def install(build: Build, root: Path = ROOT) -> None:
    """Serve `build`'s modules from now on; refuse a build whose source differs from `root`'s now."""
    source = read_source(root)
    if fresh_build(source, build.folder.parent) != build:
        changed = ", ".join(source.changed_since(build.hashes)) or "the build itself"
        raise StaleBuild(f"the compiled engine is not of this source (changed: {changed})")
    early = sorted(name for name in build.modules if name in sys.modules)
    if early:
        raise StaleBuild(f"the pure modules are imported already: {', '.join(early)}")
    if not any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, CompiledFinder(build))


def engine_in_use(build_modules: Sequence[str] | None = None) -> str:
    """"compiled" when every compiled module imported so far came from a build, "pure" when none
    did, "mixed" when some did (a defect), "none" before any is imported."""
    names = build_modules if build_modules is not None else list(read_source().modules)
    kinds = {isinstance(getattr(sys.modules[n], "__loader__", None), ExtensionFileLoader)
             for n in names if n in sys.modules}
    if kinds == {True}:
        return "compiled"
    if kinds == {False}:
        return "pure"
    return "mixed" if kinds else "none"
