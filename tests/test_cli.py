"""`companion replay` as a player runs it: a subprocess, its exit status, stdout and stderr.

The contract is TABLE-SCRIPT.md: 0 and the final state as JSON when every line applied; 1 and the
state with the rejected lines; 2, nothing on stdout and one line on stderr naming the line, when
the input cannot be read.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# slow: many games, processes or hypothesis examples (`make check` leaves it out)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
NEW_GAME = '{"do": "new_game", "players": ["Ann", "Bob"], "seed": 1, "rules": {"shuffle": false}}'
STATE_KEYS = {"players", "properties", "bank", "turn", "pending", "winner", "rejected"}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "replay", *args],
        input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60,
    )


def script(tmp_path: Path, *lines: str, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_applied_script_exits_0_with_the_state_as_json(tmp_path: Path) -> None:
    path = script(
        tmp_path, NEW_GAME,
        '{"do": "roll", "dice": [1, 2]}',  # Ann to Whitechapel Road
        '{"do": "buy"}',
        '{"do": "end_turn"}',
    )
    done = run(str(path))
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert STATE_KEYS <= shown.keys()
    assert len(shown["properties"]) == 28
    assert [p["name"] for p in shown["players"]] == ["Ann", "Bob"]
    assert shown["players"][0]["cash"] == 1500 - 60
    assert shown["properties"]["whitechapel-road"]["owner"] == "Ann"
    assert shown["bank"] == {"houses": 32, "hotels": 12, "pot": 0}
    assert shown["turn"] == "Bob"
    assert shown["pending"] is None
    assert shown["winner"] is None
    assert shown["rejected"] == []


def test_rejected_lines_exit_1_and_are_counted_from_1_with_blank_lines(tmp_path: Path) -> None:
    path = script(
        tmp_path, NEW_GAME,
        "",
        '{"do": "end_turn"}',  # line 3: Ann has not rolled
        '{"do": "roll", "dice": [4, 6]}',
        "",
        "",
        '{"do": "buy"}',  # line 7: Just Visiting is not for sale
        '{"do": "end_turn"}',
    )
    done = run(str(path))
    assert done.returncode == 1, done.stderr
    shown = json.loads(done.stdout)
    assert [r["line"] for r in shown["rejected"]] == [3, 7]
    assert all(isinstance(r["reason"], str) and r["reason"] for r in shown["rejected"])
    assert shown["turn"] == "Bob"
    assert shown["players"][0]["position"] == 10


@pytest.mark.parametrize(
    ("lines", "line"),
    [
        pytest.param([NEW_GAME, '{"do": "roll", "dice": [1, 2]}', "{do: buy}"], 3, id="not-json"),
        pytest.param([NEW_GAME, '{"do": "fly", "to": "mayfair"}'], 2, id="unknown-command"),
        pytest.param([NEW_GAME, '{"do": "roll"}'], 2, id="missing-field"),
        pytest.param(['{"do": "roll", "dice": [1, 2]}', NEW_GAME], 1, id="wrong-first-line"),
        pytest.param([NEW_GAME, "", "[1, 2]"], 3, id="not-an-object"),
    ],
)
def test_unreadable_line_exits_2_naming_the_line(tmp_path: Path, lines: list[str], line: int) -> None:
    done = run(str(script(tmp_path, *lines)))
    assert done.returncode == 2
    assert done.stdout == ""
    message = done.stderr.strip()
    assert len(message.splitlines()) == 1
    assert f"line {line}" in message


def test_empty_file_exits_2(tmp_path: Path) -> None:
    done = run(str(script(tmp_path)))
    assert done.returncode == 2
    assert done.stdout == ""
    message = done.stderr.strip()
    assert len(message.splitlines()) == 1
    assert "line 1" in message
    assert "empty" in message


def test_missing_file_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-game.jsonl"
    done = run(str(missing))
    assert done.returncode == 2
    assert done.stdout == ""
    message = done.stderr.strip()
    assert len(message.splitlines()) == 1
    assert "no-such-game.jsonl" in message


def test_dash_reads_standard_input() -> None:
    text = NEW_GAME + '\n{"do": "roll", "dice": [3, 4]}\n'  # Chance 1: Advance to GO
    done = run("-", stdin=text)
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["players"][0]["cash"] == 1700
    assert shown["players"][0]["position"] == 0


def test_dash_with_unreadable_input_exits_2() -> None:
    done = run("-", stdin=NEW_GAME + "\nnot json\n")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "line 2" in done.stderr


def test_summary_prints_a_table_with_names_and_cash(tmp_path: Path) -> None:
    path = script(
        tmp_path,
        '{"do": "new_game", "players": ["Ann", "Bob", "Cat"], "seed": 1, "rules": {"shuffle": false}}',
        '{"do": "roll", "dice": [1, 2]}',
        '{"do": "buy"}',
    )
    done = run("--summary", str(path))
    assert done.returncode == 0, done.stderr
    with pytest.raises(json.JSONDecodeError):
        json.loads(done.stdout)
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines() if line.strip()}
    assert "1440" in rows["Ann"]
    assert "1500" in rows["Bob"]
    assert "1500" in rows["Cat"]


def test_summary_lists_rejected_lines_and_exits_1(tmp_path: Path) -> None:
    path = script(tmp_path, NEW_GAME, '{"do": "end_turn"}')
    done = run("--summary", str(path))
    assert done.returncode == 1
    assert "Ann" in done.stdout and "Bob" in done.stdout
    assert "line 2" in done.stdout
