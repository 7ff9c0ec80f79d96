"""The build made to fit a small Pi: chosen by the memory and swap available (or by
COMPANION_COMPILED_RECIPE), refused with a sentence below what even it needs (the pure engine then
plays), and named by `make` before it compiles. Built for real, it plays the very games of the pure
engine: tests/test_compiled.py compiles an edited source with it."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.compiled import __main__ as setup
from companion.compiled import build as build_module
from companion.compiled.build import BuildError, build
from companion.compiled.choice import choose
from companion.compiled.modules import Source, read_source
from companion.compiled.recipe import FIT, FULL, Recipe, UnknownRecipe, available_mb, choose_recipe


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


def test_the_set_up_names_the_recipe_it_builds_with(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`make`'s line says which build the minute of compiling is for, and builds that one (the fit
    build made for real, and its games: tests/test_compiled.py's edited source)."""
    monkeypatch.setenv("COMPANION_COMPILED_DIR", str(tmp_path / "store"))
    monkeypatch.setenv("COMPANION_COMPILED_RECIPE", "fit")
    monkeypatch.setattr(setup, "missing_tools", lambda: None)
    monkeypatch.setattr(build_module, "available_mb", lambda: 4000)
    built: list[Recipe] = []

    def fake_build(source: Source, store: Path, recipe: Recipe) -> SimpleNamespace:
        built.append(recipe)
        return SimpleNamespace(seconds=61.0, recipe=recipe.name, folder=store / source.key)

    monkeypatch.setattr(setup, "build", fake_build)
    assert setup.main() == 0
    said = capsys.readouterr().out
    assert built == [FIT]
    assert "compiling" in said and "(fit: -O2, a C file per module;" in said, said
    assert "built in 61 s, the fit recipe" in said, said
