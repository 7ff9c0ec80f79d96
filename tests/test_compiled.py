"""The compiled engine is what `companion simulate` plays with, and it is the engine we test: the
rule book's table scripts and the invariants pass on it, it plays the very games of the pure engine,
an edited source is never played by an old build, and without a C compiler the pure engine plays,
said once."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.compiled.choice import Unavailable, choose
from companion.compiled.loader import StaleBuild, install
from companion.compiled.modules import read_source
from companion.compiled.store import Build, fresh_build
from companion.rules import new_game

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = [pytest.mark.slow, pytest.mark.minutes]

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "tests" / "scripts").rglob("*.jsonl"))


def require_build() -> Build:
    """The build of this source, compiled now if needed; CI (COMPANION_REQUIRE_COMPILED=1) fails
    where a developer's machine without a C compiler skips."""
    try:
        return choose("compiled", say=lambda line: None)
    except Unavailable as exc:
        if os.environ.get("COMPANION_REQUIRE_COMPILED"):
            pytest.fail(f"{exc} (COMPANION_REQUIRE_COMPILED is set: CI must test the compiled build)")
        pytest.skip(str(exc))


def simulate_in(cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`companion simulate ARGS` as a new process, importing the package found in `cwd` (it may build
    the compiled engine first, minutes on a busy machine: the timeout only ends a hung one)."""
    return subprocess.run([sys.executable, "-m", "companion.cli", "simulate", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=1800, env=env)


# Every rule-book script, and a fifth of the property tests' examples (tests/examples.py): what the
# pure suite proves of the rules, a representative share proves again of the build, which plays the
# very games of the pure engine besides (test_both_builds_play_identical_games).
SHARE = "0.2"


@pytest.mark.parametrize(("tests", "at_least"), [
    (["tests/test_scripts.py"], len(SCRIPTS) + 1),
    (["tests/test_invariants.py"], 2),
    (["tests/test_legal.py"], 2),
], ids=["rule-book scripts", "invariants of random games", "legal commands"])
def test_the_suite_passes_on_the_compiled_build(tests: list[str], at_least: int) -> None:
    build = require_build()
    done = subprocess.run(
        [sys.executable, "-P", str(ROOT / "tests" / "compiled_suite.py"), str(build.folder),
         "-p", "no:cacheprovider", *tests],
        cwd=ROOT, capture_output=True, text=True, timeout=1800,
        env={**os.environ, "COMPANION_EXAMPLES_SHARE": SHARE},
    )
    # The engine's entry point came from the build, and no module of the build was imported pure
    # (compiled_suite.py lists each one and exits 3 if any was).
    entry = new_game.__module__
    assert entry in build.modules
    assert f"imported {entry} from {build.folder}" in done.stdout, done.stdout[-3000:]
    assert "pure modules imported" not in done.stdout
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    summary = re.search(r"^=*\s*(\d+) passed(.*)$", done.stdout, re.MULTILINE)
    assert summary is not None, done.stdout[-2000:]
    assert int(summary.group(1)) >= at_least
    assert "skipped" not in summary.group(2) and "failed" not in summary.group(2)


@pytest.mark.parametrize("edition", ["london", "us"])
def test_both_builds_play_identical_games(edition: str) -> None:
    require_build()
    figures = {}
    for engine in ("pure", "compiled"):
        done = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "engine_speed.py"), "--engine", engine,
             "--games", "150", "--repeat", "1", "--players", "5", "--edition", edition],
            capture_output=True, text=True, timeout=300,
        )
        assert done.returncode == 0, done.stderr
        figures[engine] = json.loads(done.stdout)
        assert figures[engine]["engine"] == engine
    assert figures["pure"]["fingerprint"] == figures["compiled"]["fingerprint"]
    assert figures["pure"]["player_turns"] == figures["compiled"]["player_turns"]


# The compiled engine's lead over the pure one, in CPU time on the same games: about 4.5 times
# (docs/speed.md). It fell to 2.3 once and nobody noticed (issue 37: what is open read through an
# attrgetter mypyc cannot compile); below LEAD this fails. CPU time, the best of a few rounds that
# take turns, keeps it steady on a machine busy with a second suite (docs/speed.md: the guard).
LEAD = 3.0
LEAD_ROUNDS = 3
LEAD_GAMES = "300"


def test_the_compiled_engine_keeps_its_lead_over_the_pure_one() -> None:
    require_build()
    cpu: dict[str, list[float]] = {"pure": [], "compiled": []}
    prints = set()
    for _ in range(LEAD_ROUNDS):
        for engine in cpu:
            done = subprocess.run(
                [sys.executable, str(ROOT / "bench" / "engine_speed.py"), "--engine", engine,
                 "--games", LEAD_GAMES, "--repeat", "1"],
                capture_output=True, text=True, timeout=600,
            )
            assert done.returncode == 0, done.stderr
            figures = json.loads(done.stdout)
            assert figures["engine"] == engine
            cpu[engine].append(figures["cpu_seconds"])
            prints.add(figures["fingerprint"])
    assert len(prints) == 1  # the same games, or the times say nothing
    lead = min(cpu["pure"]) / min(cpu["compiled"])
    found = (f"the compiled engine plays {LEAD_GAMES} games in {lead:.2f} times less CPU time than the "
             f"pure one (CPU seconds {cpu}, load average {os.getloadavg()[0]:.1f})")
    print(found)  # `pytest -s` shows the lead when it holds too
    assert lead >= LEAD, (f"{found}, not {LEAD}: something on the hot path stopped compiling "
                          "natively (STYLE.md, mypyc)")


def test_companion_simulate_plays_the_compiled_engine_by_default(
        capsys: pytest.CaptureFixture[str]) -> None:
    require_build()
    assert main(["simulate", "--games", "20", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["engine"] == "compiled"
    assert err == ""


def test_without_a_c_compiler_the_pure_engine_plays_and_says_so_once(tmp_path: Path) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    env = {**os.environ, "PATH": str(empty), "COMPANION_COMPILED_DIR": str(tmp_path / "store")}
    env.pop("CC", None)
    done = simulate_in(ROOT, "--games", "12", "--jobs", "2", "--json", env=env)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["engine"] == "pure" and report["jobs"] == 2
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("companion simulate: no compiled engine: no C compiler found")
    assert "pure-Python engine" in done.stderr

    refused = simulate_in(ROOT, "--games", "12", "--engine", "compiled", env=env)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.count("\n") == 1 and "no C compiler found" in refused.stderr


def test_the_set_up_goes_on_without_a_c_compiler(tmp_path: Path) -> None:
    """`make run` and `make test` build the engine first: without a compiler that is said, not fatal."""
    empty = tmp_path / "bin"
    empty.mkdir()
    env = {**os.environ, "PATH": str(empty), "COMPANION_COMPILED_DIR": str(tmp_path / "store")}
    env.pop("CC", None)
    done = subprocess.run([sys.executable, "-m", "companion.compiled"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "no C compiler found" in done.stdout and "pure engine" in done.stdout
    assert not (tmp_path / "store").exists()


def test_an_edited_source_is_never_played_by_the_old_build(tmp_path: Path) -> None:
    """...and the build made for the edit is the one made to fit a small Pi (asked for by name,
    COMPANION_COMPILED_RECIPE=fit: -O2, a C file per module), which plays the very games of the pure
    engine: one real build serves both points (each build is a minute of the suite's two cores)."""
    build = require_build()
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "companion", copy / "companion",
                    ignore=shutil.ignore_patterns("__pycache__"))
    store = tmp_path / "store"
    shutil.copytree(build.folder, store / build.folder.name)
    env = {**os.environ, "COMPANION_COMPILED_DIR": str(store), "COMPANION_COMPILED_RECIPE": "fit"}

    # The same source elsewhere: the build is found by its content and used as it is.
    same = simulate_in(copy, "--games", "10", "--json", env=env)
    assert same.returncode == 0, same.stderr
    assert json.loads(same.stdout)["engine"] == "compiled"
    assert same.stderr == ""

    # One compiled module edited: the old build no longer matches, and says which file changed.
    source = read_source(copy)
    name, file = next(iter(source.modules.items()))
    with open(copy / file, "a", encoding="utf-8") as f:
        f.write(f'\nprint("edited {name} ran", file=__import__("sys").stderr)\n')
    assert fresh_build(read_source(copy), store) is None
    with pytest.raises(StaleBuild, match=re.escape(file)):
        install(Build.read(store / build.folder.name), copy)

    # Running again runs the edit: compiled anew for the edited source, the old build left unused.
    edited = simulate_in(copy, "--games", "10", "--jobs", "2", "--json", env=env)
    assert edited.returncode == 0, edited.stderr
    assert json.loads(edited.stdout)["engine"] == "compiled"
    assert "compiling the engine with mypyc for this source (fit: -O2, a C file per module;" in edited.stderr
    after_build = edited.stderr.split("companion simulate: compiled in")[1]
    assert after_build.count(f"edited {name} ran") == 2  # in each worker, as it imports the build
    rebuilt = fresh_build(read_source(copy), store)
    assert rebuilt is not None and rebuilt.key != build.key
    assert rebuilt.recipe == "fit"
    assert json.loads((rebuilt.folder / "manifest.json").read_text())["recipe"] == "fit"

    # The build made to fit plays the very games of the pure engine (the bench importing the copy's
    # source, whose build it is: the edit only speaks on standard error).
    figures = {}
    for engine in ("pure", "compiled"):
        run = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "engine_speed.py"), "--engine", engine,
             "--games", "100", "--repeat", "1", "--players", "5"],
            env={**env, "PYTHONPATH": str(copy)}, capture_output=True, text=True, timeout=600,
        )
        assert run.returncode == 0, run.stderr
        assert "compiling" not in run.stderr  # the fit build above, not another
        figures[engine] = json.loads(run.stdout)
        assert figures[engine]["engine"] == engine
    assert figures["pure"]["fingerprint"] == figures["compiled"]["fingerprint"]
    assert figures["pure"]["player_turns"] == figures["compiled"]["player_turns"] > 0
