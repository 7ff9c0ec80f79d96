"""`companion simulate`: bots play complete games under every house rule; the report, the landing
frequencies, the paired house-rule comparison and the recorded first game that replays exactly.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields
from pathlib import Path

import pytest

from companion.cli import main
from companion.compiled.choice import choose
from companion.replay import replay
from companion.rules import HouseRules
from companion.simulate.compare import paired
from companion.simulate.play import IN_JAIL, SEAT_NAMES, play_game
from companion.simulate.run import RUN_FIELDS, game_seeds, simulate, square_ids

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent

# Every house rule of RULES.md section 9 away from its default, alone and in combinations.
RULE_SETS: list[dict[str, object]] = [
    {},
    {"starting_cash": 600, "salary": 100, "jail_fine": 100},
    {"shuffle": False, "auction_on_decline": False},
    {"decliner_may_bid": False, "auto_collect_rent": False},
    {"jail_doubles_roll_again": False, "building_sellback": 1.0},
    {"max_houses_per_turn": 3, "houses": 8, "hotels": 2},
    {"max_houses_per_group_per_turn": 1, "building_sellback": 0.29},
    {"trade_window": "before_roll", "free_parking_pot": True},
    {"income_tax_percent": 10, "interpol": True, "physical_decks": True},
    {"starting_cash": 600, "houses": 8, "hotels": 2, "free_parking_pot": True, "interpol": True,
     "jail_fine": 10, "auto_collect_rent": False},
    {"starting_cash": 2500, "salary": 0, "jail_fine": 0, "shuffle": False, "auction_on_decline": False,
     "decliner_may_bid": False, "auto_collect_rent": False, "jail_doubles_roll_again": False,
     "building_sellback": 1.0, "max_houses_per_turn": 1, "houses": 0, "hotels": 0,
     "trade_window": "before_roll", "free_parking_pot": True, "income_tax_percent": 100,
     "interpol": True, "physical_decks": True},
]
REPORT_FIELDS = {
    "games", "seconds", "games_per_second", "player_turns", "player_turns_per_second", "rolls",
    "length", "endings", "wins_by_seat", "players", "seed", "rules", "jail_strategy",
}


@pytest.fixture(scope="module", autouse=True)
def compiled_engine() -> None:
    """The compiled engine built before these runs (as `make test` does), so none of them pauses to
    compile; on a machine without a C compiler they all play the pure engine."""
    choose("auto", say=lambda line: None)


def unexplained(err: str) -> str:
    """Standard error less the one line a run says when no compiled engine can be had."""
    return "".join(line for line in err.splitlines(keepends=True)
                   if not line.startswith("companion simulate: no compiled engine: "))


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`companion simulate ARGS` in this process: exit status, stdout and stderr."""
    try:
        status = main(["simulate", *args])
    except SystemExit as exc:  # argparse errors
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Fail instead of hanging when a game gets stuck (bots and engine going round in circles)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def stuck(_signum: int, _frame: object) -> None:
        raise TimeoutError(f"simulated games still running after {seconds} s: a stuck game?")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---- games run to the end under every house rule ---------------------------------------------


def test_the_rule_sets_cover_every_house_rule() -> None:
    covered = {key for rules in RULE_SETS for key in rules}
    assert covered == {f.name for f in fields(HouseRules)}
    for rules in RULE_SETS:
        HouseRules.from_dict(rules)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: ",".join(r) or "standard")
def test_short_games_end_without_an_engine_error_under_every_house_rule(rules: dict) -> None:
    cap = 300
    with deadline(60):
        for n in range(30):
            players = 2 + n % 7
            result = play_game(players, seed=1000 + n, rules=rules,
                               jail_strategy="stay" if n % 3 == 0 else "pay", turn_cap=cap)
            assert result.ended in ("bankruptcy", "turn_cap")
            assert result.player_turns <= cap
            assert len(result.net_worth) == players
            if result.ended == "bankruptcy":
                assert result.winner is not None
                assert result.bankruptcies == players - 1
            else:
                assert result.winner is None
                assert result.player_turns == cap
                assert result.bankruptcies < players - 1
            assert 0 <= result.richest < players


# ---- the report --------------------------------------------------------------------------------


def test_json_report_has_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "--games", "20", "--players", "3", "--json",
                               "--rule", "free_parking_pot=true", "--turn-cap", "400")
    assert status == 0
    assert unexplained(err) == ""  # no progress bar when standard error is not a terminal
    report = json.loads(out)
    assert REPORT_FIELDS <= report.keys()
    assert "landing" not in report
    assert report["games"] == 20
    assert report["players"] == 3
    assert report["seed"] == 1
    assert report["rules"] == {"free_parking_pot": True}
    assert report["jail_strategy"] == "pay"
    assert set(report["length"]) == {"mean", "median"}
    assert set(report["endings"]) == {"bankruptcy", "turn_cap"}
    assert sum(report["endings"].values()) == 20
    assert len(report["wins_by_seat"]) == 3
    assert sum(report["wins_by_seat"]) == report["endings"]["bankruptcy"]
    assert report["rolls"] >= report["player_turns"] > 0
    assert report["player_turns_per_second"] > 0


def test_the_same_seed_gives_the_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    def untimed(*args: str) -> dict:
        status, out, _ = run_cli(capsys, "--games", "15", "--json", "--landing", *args)
        assert status == 0
        report = json.loads(out)
        for key in RUN_FIELDS:
            del report[key]
        return report

    first = untimed("--seed", "7")
    assert untimed("--seed", "7") == first
    assert untimed("--seed", "8") != first
    assert game_seeds(7, 15) == game_seeds(7, 15)
    assert game_seeds(7, 3) == game_seeds(7, 15)[:3]


def test_readable_report_names_the_seats(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "--games", "5", "--players", "2", "--landing")
    assert status == 0
    assert unexplained(err) == ""
    for label in ("Games", "Engine", "Seconds", "Games/s", "Player-turns/s", "Rolls", "Length", "Endings",
                  "Wins by seat", "In jail"):
        assert label in out
    assert "Ann" in out and "Bob" in out and "Cat" not in out


def test_progress_bar_on_a_terminal_is_cleared(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["simulate", "--games", "4", "--players", "2"]) == 0
    drawn = terminal.getvalue()
    assert "\r[" in drawn and "4/4 games" in drawn
    assert drawn.endswith("\r") and drawn.rsplit("\r", 2)[1].strip() == ""  # cleared
    assert "games" not in capsys.readouterr().err


# ---- processes -------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [[], ["--compare", "free_parking_pot=true", "--compare", "interpol=true"],
                                  ["--landing", "--jail-strategy", "stay", "--players", "6"]],
                         ids=["plain", "compare", "landing"])
def test_the_report_does_not_depend_on_the_number_of_processes(
        capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    reports = {}
    for jobs in (1, 2, 3):
        status, out, _ = run_cli(capsys, "--games", "45", "--seed", "4", "--turn-cap", "500", "--json",
                                 "--jobs", str(jobs), *args)
        assert status == 0
        report = json.loads(out)
        assert report["jobs"] == jobs
        reports[jobs] = {key: value for key, value in report.items() if key not in RUN_FIELDS}
    assert reports[1] == reports[2] == reports[3]
    if "--compare" in args:  # pairs: the same seeds played under both arms, in every process count
        plain = simulate(45, 4, seed=4, turn_cap=500, jobs=2)
        assert reports[1]["metrics"]["length"]["without"] == pytest.approx(plain.length["mean"])
    else:
        assert sum(reports[1]["endings"].values()) == 45


def test_every_core_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "--games", "40", "--json")
    assert status == 0
    assert json.loads(out)["jobs"] == min(len(os.sched_getaffinity(0)), 40)


# ---- landing frequencies -------------------------------------------------------------------------


@pytest.mark.parametrize("strategy", ["pay", "stay"])
def test_landing_frequencies_sum_to_1_over_every_square(strategy: str) -> None:
    summary = simulate(200, 4, seed=3, jail_strategy=strategy, landing=True, turn_cap=300)
    landing = summary.landing
    assert landing is not None
    assert list(landing) == [*square_ids(), IN_JAIL]
    assert len(landing) == 41
    assert abs(sum(landing.values()) - 1) < 1e-9
    assert landing["go-to-jail"] == 0  # a roll never leaves a token there
    assert all(share > 0 for key, share in landing.items() if key != "go-to-jail")
    most = max(landing, key=landing.__getitem__)
    if strategy == "stay":
        assert most == IN_JAIL
    else:
        assert landing[IN_JAIL] < 0.1


# ---- house-rule comparison -----------------------------------------------------------------------


def test_paired_difference_and_interval() -> None:
    m = paired([1.0, 2.0, 3.0], [2.0, 4.0, 3.0])
    assert m["without"] == 2.0 and m["with"] == 3.0 and m["difference"] == 1.0
    half = 1.96 * 1.0 / 3 ** 0.5  # differences 1, 2, 0: sd 1
    assert m["lower"] == pytest.approx(1 - half) and m["upper"] == pytest.approx(1 + half)
    alone = paired([5.0], [7.0])
    assert alone["difference"] == 2.0 and alone["lower"] is None and alone["upper"] is None


def test_compare_free_parking_pot(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "--games", "30", "--compare", "free_parking_pot=true",
                               "--turn-cap", "400", "--json")
    assert status == 0, err
    report = json.loads(out)
    assert report["compare"] == {"free_parking_pot": True}
    assert report["rules"] == {}
    metrics = report["metrics"]
    rows = [metrics["length"], metrics["bankruptcies"], metrics["turn_cap_share"], *metrics["richest"]]
    assert len(metrics["richest"]) == 4
    for m in rows:
        assert {"without", "with", "difference", "lower", "upper"} <= m.keys()
        assert m["difference"] == pytest.approx(m["with"] - m["without"])
        assert m["lower"] <= m["difference"] <= m["upper"]
    assert sum(m["without"] for m in metrics["richest"]) == pytest.approx(1)
    assert sum(m["with"] for m in metrics["richest"]) == pytest.approx(1)
    # The "without" games are the plain games of the same seeds.
    plain = simulate(30, 4, seed=1, turn_cap=400)
    assert metrics["length"]["without"] == pytest.approx(plain.length["mean"])

    status, out, _ = run_cli(capsys, "--games", "3", "--compare", "free_parking_pot=true",
                             "--compare", "interpol=true")
    assert status == 0
    assert "free_parking_pot=true, interpol=true" in out
    assert "95% CI" in out and "Richest: Ann" in out


# ---- recorded games replay exactly ----------------------------------------------------------------


@pytest.mark.parametrize("rules", [{}, {"auto_collect_rent": False, "free_parking_pot": True,
                                        "building_sellback": 1.0, "interpol": True}])
def test_recorded_game_replays_to_the_identical_final_state(rules: dict) -> None:
    for game_seed, players, cap in ((11, 4, 1000), (12, 6, 120)):
        result = play_game(players, game_seed, rules=rules, turn_cap=cap, record=True)
        assert result.script is not None
        lines = [json.dumps(command) for command in result.script]
        replayed = replay(lines)
        assert replayed.rejected == []
        shown = replayed.state()
        assert [p["net_worth"] for p in shown["players"]] == result.net_worth
        assert sum(p["bankrupt"] for p in shown["players"]) == result.bankruptcies
        winner = SEAT_NAMES[result.winner] if result.winner is not None else None
        assert shown["winner"] == winner
        assert (shown["turn"] is None) == (result.ended == "bankruptcy")
        assert result.ended == ("bankruptcy" if shown["winner"] else "turn_cap")


@pytest.mark.parametrize("bots", ["simple", "smart"])
def test_us_games_are_played_to_the_end_and_replay_exactly(bots: str) -> None:
    """RULES.md 3a: the bots answer the US cards (the utility card's extra roll included) and a
    recorded US game names its edition, so `companion replay` plays the same game again."""
    for game_seed, players in ((21, 4), (22, 3)):
        result = play_game(players, game_seed, record=True, edition="us", bots=(bots,) * players)
        assert result.ended == "bankruptcy"
        assert result.script is not None and result.script[0]["edition"] == "us"
        replayed = replay([json.dumps(command) for command in result.script])
        assert replayed.rejected == []
        shown = replayed.state()
        assert shown["edition"] == "us"
        assert [p["net_worth"] for p in shown["players"]] == result.net_worth
        assert "boardwalk" in shown["properties"]


def test_the_report_names_a_us_run(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "--games", "8", "--edition", "us", "--json", "--landing")
    assert status == 0
    report = json.loads(out)
    assert report["edition"] == "us"
    assert "boardwalk" in report["landing"] and "mayfair" not in report["landing"]
    status, out, _ = run_cli(capsys, "--games", "3", "--edition", "us")
    assert status == 0 and "Edition" in out and "us" in out


def test_record_writes_the_first_game_that_companion_replay_reproduces(tmp_path: Path) -> None:
    path = tmp_path / "first.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "simulate", "--games", "3", "--players", "3",
         "--seed", "5", "--rule", "free_parking_pot=true", "--record", str(path), "--json"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert unexplained(done.stderr) == ""
    json.loads(done.stdout)
    lines = path.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    assert first == {"do": "new_game", "players": ["Ann", "Bob", "Cat"], "seed": game_seeds(5, 1)[0],
                     "rules": {"free_parking_pot": True}}
    assert all(line == json.dumps(json.loads(line)) for line in lines)

    result = play_game(3, game_seeds(5, 1)[0], rules={"free_parking_pot": True})
    shown = replay(lines).state()
    assert [p["net_worth"] for p in shown["players"]] == result.net_worth

    again = subprocess.run(
        [sys.executable, "-m", "companion.cli", "replay", str(path)],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == {**shown, "rejected": []}


# ---- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rule", "free_parking=true"], "unknown house rule 'free_parking'"),
        (["--rule", "interpol=yes"], "interpol must be true or false"),
        (["--rule", "houses=-1"], "houses must be a whole number"),
        (["--rule", "interpol"], "is not key=value"),
        (["--compare", "trade_window=never"], "trade_window must be"),
        (["--edition", "narnia"], "there is no edition called 'narnia'"),
        (["--edition", "../london"], "there is no edition called"),
        (["--edition", "us", "--compare", "interpol=true"], "--compare plays the london edition only"),
    ],
)
def test_bad_rule_is_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                          message: str) -> None:
    status, out, err = run_cli(capsys, "--games", "1", *args)
    assert status == 2
    assert out == ""
    assert message in err
    assert err.startswith("companion simulate: ") and err.count("\n") == 1


@pytest.mark.parametrize("args", [["--players", "1"], ["--players", "9"], ["--games", "0"],
                                  ["--jail-strategy", "never"],
                                  ["--compare", "interpol=true", "--landing"]])
def test_bad_arguments_are_argparse_errors(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    status, out, err = run_cli(capsys, *args)
    assert status == 2
    assert out == ""
    assert "error:" in err


def test_rule_values_are_json_when_they_parse(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "--games", "2", "--json", "--rule", "trade_window=before_roll",
                             "--rule", "building_sellback=1", "--rule", "max_houses_per_turn=null",
                             "--rule", "starting_cash=2000", "--rule", 'trade_window="any"')
    assert status == 0
    assert json.loads(out)["rules"] == {"building_sellback": 1.0, "starting_cash": 2000}
