"""The build made to fit a small Pi: chosen by the memory and swap available (or by
COMPANION_COMPILED_RECIPE), refused with a sentence below what even it needs (the pure engine then
plays), and, built for real, it plays the very games of the pure engine."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.compiled import build as build_module
from companion.compiled.build import BuildError, build
from companion.compiled.choice import choose
from companion.compiled.modules import read_source
from companion.compiled.recipe import FIT, FULL, UnknownRecipe, available_mb, choose_recipe
from companion.compiled.store import fresh_build

ROOT = Path(__file__).resolve().parent.parent


def test_the_recipe_follows_the_memory_and_swap_available() -> None:
    assert choose_recipe({}, available=4000) is FULL
    assert choose_recipe({}, available=FULL.needs_mb) is FULL
    assert choose_recipe({}, available=FULL.needs_mb - 1) is FIT
    assert choose_recipe({}, available=None) is FULL  # a system that does not say
    # Named, it wins either way; a wrong name is a sentence naming the right ones.
    assert choose_recipe({"COMPANION_COMPILED_RECIPE": "fit"}, available=4000) is FIT
    assert choose_recipe({"COMPANION_COMPILED_RECIPE": "full"}, available=500) is FULL
    with pytest.raises(UnknownRecipe, match="'small' is not a recipe .*full or fit"):
        choose_recipe({"COMPANION_COMPILED_RECIPE": "small"})
    assert FIT.needs_mb < FULL.needs_mb and FIT.multi_file and FIT.opt_level == "2"


def test_available_memory_counts_swap_too(tmp_path: Path) -> None:
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:  436000 kB\nMemFree:  20000 kB\nMemAvailable:  204800 kB\n"
                       "SwapTotal:  524288 kB\nSwapFree:  409600 kB\n")
    assert available_mb(meminfo) == 600
    meminfo.write_text("MemTotal:  436000 kB\n")  # a kernel without MemAvailable says nothing usable
    assert available_mb(meminfo) is None
    assert available_mb(tmp_path / "absent") is None
    assert available_mb() is not None  # this machine's own (a positive control: Linux says)


def test_too_little_memory_is_said_and_the_pure_engine_plays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build_module, "available_mb", lambda: FIT.needs_mb - 50)
    monkeypatch.delenv("COMPANION_COMPILED_RECIPE", raising=False)
    store = tmp_path / "store"
    with pytest.raises(BuildError, match=f"only {FIT.needs_mb - 50} MB of memory and swap available, "
                                         f"and the fit build needs about {FIT.needs_mb} MB"):
        build(read_source(), store)
    said: list[str] = []
    assert choose("auto", said.append, store=store) is None
    assert len(said) == 1 and said[0].startswith("no compiled engine: only ") and "pure-Python" in said[0]
    assert not store.exists()


@pytest.mark.minutes
@pytest.mark.slow  # a real build of the compiled engine: half of `make check`'s time on a quiet machine
def test_the_build_made_to_fit_plays_the_games_of_the_pure_engine(tmp_path: Path) -> None:
    """Built for real with -O2 and a C file per module, it serves every module and plays the same."""
    if build_module.missing_tools():
        if os.environ.get("COMPANION_REQUIRE_COMPILED"):
            pytest.fail(f"{build_module.missing_tools()} (COMPANION_REQUIRE_COMPILED is set)")
        pytest.skip(build_module.missing_tools() or "")
    store = tmp_path / "store"
    env = {**os.environ, "COMPANION_COMPILED_DIR": str(store), "COMPANION_COMPILED_RECIPE": "fit"}
    done = subprocess.run([sys.executable, "-m", "companion.compiled"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "(fit: -O2, a C file per module;" in done.stdout
    made = fresh_build(read_source(), store)
    assert made is not None and made.recipe == "fit"
    assert json.loads((made.folder / "manifest.json").read_text())["recipe"] == "fit"
    figures = {}
    for engine in ("pure", "compiled"):
        run = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "engine_speed.py"), "--engine", engine,
             "--games", "100", "--repeat", "1", "--players", "5"],
            env=env, capture_output=True, text=True, timeout=600,
        )
        assert run.returncode == 0, run.stderr
        figures[engine] = json.loads(run.stdout)
        assert figures[engine]["engine"] == engine
    assert figures["pure"]["fingerprint"] == figures["compiled"]["fingerprint"]
    assert figures["pure"]["player_turns"] == figures["compiled"]["player_turns"] > 0
