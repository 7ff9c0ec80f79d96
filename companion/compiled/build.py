"""Making a build: mypyc compiles the listed modules of a copy of the source into the store.

The copy is compiled in a temporary folder inside the store and renamed into place whole, so a build
is complete or absent, and two builds of the same source at once are harmless (the first rename
wins). Nearly all of its time and memory is the C compiler's: the recipe (recipe.py) says how much,
and docs/pi.md quotes what `bench/compiled_build.py` measured.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec
from pathlib import Path

from .errors import CompiledError
from .modules import Source
from .recipe import Recipe, UnknownRecipe, available_mb, choose_recipe
from .store import MANIFEST, Build, failure_log, fresh_build, prune

# Run by the build's own Python in the copy: mypyc's documented setuptools route (`mypycify`).
SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify
group, temp, opt_level, multi_file, *files = sys.argv[1:]
setup(name="companion-compiled", script_args=["build_ext", "--inplace", "--build-temp", temp],
      ext_modules=mypycify(files, opt_level=opt_level, multi_file=multi_file == "1", group_name=group))
"""


class BuildError(CompiledError):
    """No build could be made; `reason` says why in a sentence, `log` holds the details if any."""

    def __init__(self, reason: str, log: Path | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.log = log


def missing_tools() -> str | None:
    """Why this machine cannot compile the engine (a C compiler, Python's headers, mypyc), or None."""
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(compiler)
    if not words or shutil.which(words[0]) is None:
        return "no C compiler found (install gcc; on Debian: apt install gcc python3-dev)"
    include = sysconfig.get_path("include")
    if not (Path(include) / "Python.h").is_file():
        return f"Python's C headers are missing ({include}/Python.h; on Debian: apt install python3-dev)"
    if find_spec("mypyc") is None or find_spec("setuptools") is None:
        return "mypyc or setuptools is not installed in this Python (pip install the companion again)"
    return None


def short_of_memory(recipe: Recipe, available: int | None) -> str | None:
    """Why the build would not fit in the memory and swap available now, or None."""
    if available is None or available >= recipe.needs_mb:
        return None
    return (f"only {available} MB of memory and swap available, and the {recipe.name} build needs about "
            f"{recipe.needs_mb} MB (add swap: docs/pi.md)")


def _copy_package(source: Source, into: Path) -> None:
    """The whole package's Python files (mypy reads what the compiled modules import) and data."""
    package = source.root / "companion"
    for path in package.rglob("*.py"):
        if "__pycache__" not in path.parts:
            target = into / path.relative_to(source.root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    for name in source.data:
        (into / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source.root / name, into / name)


def _check_copy(source: Source, copy: Path) -> None:
    """The copy must be the source the key names (a file edited during the copy would not be)."""
    for name, digest in source.hashes.items():
        if hashlib.sha256((copy / name).read_bytes()).hexdigest() != digest:
            raise BuildError(f"{name} changed while the engine was being compiled: run again")


def recipe_now() -> tuple[Recipe | None, str | None]:
    """The recipe this machine gets now (COMPANION_COMPILED_RECIPE, else by the memory and swap
    available), and why no build can start with it, if so: said before "compiling" is."""
    available = available_mb()
    try:
        recipe = choose_recipe(available=available)
    except UnknownRecipe as exc:
        return None, str(exc)
    return recipe, short_of_memory(recipe, available)


def build(source: Source, store: Path, recipe: Recipe | None = None) -> Build:
    """Compile `source` into `store` (or find it there already) with `recipe`, by default the one that
    suits the memory available now; raise BuildError when it cannot."""
    found = fresh_build(source, store)
    if found is not None:
        return found
    reason = missing_tools()
    if reason:
        raise BuildError(reason)
    available = available_mb()
    if recipe is None:
        try:
            recipe = choose_recipe(available=available)
        except UnknownRecipe as exc:
            raise BuildError(str(exc)) from None
    reason = short_of_memory(recipe, available)
    if reason:
        raise BuildError(reason)
    try:
        store.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f"{source.key}.build-", dir=store))
    except OSError as exc:
        raise BuildError(f"cannot write the compiled engine's folder {store}: {exc.strerror}") from None
    started = time.monotonic()
    try:
        src = work / "src"
        _copy_package(source, src)
        _check_copy(source, src)
        group = f"companion_{source.key[:12]}"
        done = subprocess.run(
            [sys.executable, "-c", SETUP, group, str(work / "temp"), recipe.opt_level,
             "1" if recipe.multi_file else "0", *source.modules.values()],
            cwd=src, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, check=False,
        )
        if done.returncode != 0:
            log = failure_log(store, source.key)
            log.write_text(done.stdout, encoding="utf-8")
            raise BuildError(f"mypyc could not compile the engine (its log: {log})", log)
        out = work / "out"
        suffix = EXTENSION_SUFFIXES[0]
        modules = {}
        for name, file in source.modules.items():
            built = Path(file).with_suffix(suffix)
            (out / built).parent.mkdir(parents=True, exist_ok=True)
            shutil.move(src / built, out / built)
            modules[name] = built.as_posix()
        shutil.move(src / f"{group}__mypyc{suffix}", out / f"{group}__mypyc{suffix}")
        for name in source.data:
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src / name, out / name)
        seconds = time.monotonic() - started
        manifest = {"key": source.key, "group": group, "modules": modules, "hashes": source.hashes,
                    "seconds": round(seconds, 1), "recipe": recipe.name, "python": sys.version.split()[0],
                    "mypy": _mypy_version(), "built": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
        (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        try:
            os.rename(out, store / source.key)
        except OSError:
            pass  # another build of the same source got there first: it is used below
        failure_log(store, source.key).unlink(missing_ok=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    found = fresh_build(source, store)
    if found is None:
        raise BuildError(f"the compiled engine did not appear in {store / source.key}")
    prune(store, keep=source.key)
    return found


def _mypy_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mypy")
    except PackageNotFoundError:
        return "?"
