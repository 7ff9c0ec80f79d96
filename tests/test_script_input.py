"""Input that is not a table script, given to `companion import` and `companion replay` (issue
11): a binary file, JSON nested 10,000 deep, a lone surrogate, NaN, a number too long to read.
Both read a line through one function (companion/scriptfile.py) and answer as TABLE-SCRIPT.md
says: exit status 2, one line on standard error naming the line, never a traceback; and import
stores nothing.
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
NEW_GAME = b'{"do": "new_game", "players": ["Ann", "Bob"], "seed": 1}'
DEEP = b"[" * 10_000 + b"]" * 10_000

BAD = [
    pytest.param(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, 1, id="binary"),
    pytest.param(NEW_GAME + b"\n" + b'{"do": "roll", "dice": ' + DEEP + b"}", 2, id="nested-10000-deep"),
    pytest.param(b'{"do": "new_game", "players": ["\\ud800", "Bob"]}', 1, id="lone-surrogate-name"),
    pytest.param(NEW_GAME + b'\n{"do": "bid", "player": "\\udfff", "amount": 10}', 2,
                 id="lone-surrogate-later"),
    pytest.param(NEW_GAME + b'\n{"do": "roll", "dice": [NaN, 1]}', 2, id="nan"),
    pytest.param(NEW_GAME + b'\n{"do": "roll", "dice": [1' + b"0" * 5000 + b", 1]}", 2, id="huge-number"),
    pytest.param(NEW_GAME + b"\n" + "{\"do\": \"end_turn\"}".encode("utf-16"), 2, id="utf-16-line"),
    pytest.param(NEW_GAME + b'\n{"do": "end_turn", "note": "' + b"a" * (3 << 20) + b'"}\n', 2,
                 id="a-3-mb-line"),
]


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.mark.parametrize(("data", "line"), BAD)
def test_import_refuses_in_one_line_and_stores_nothing(tmp_path: Path, data: bytes, line: int) -> None:
    script = tmp_path / "script.jsonl"
    script.write_bytes(data)
    done = companion("import", "--data", str(tmp_path / "data"), str(script))
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    message = done.stderr.strip()
    assert len(message.splitlines()) == 1 and "Traceback" not in message
    assert message.startswith("companion import: ") and f"line {line}" in message
    assert list((tmp_path / "data" / "games").glob("*")) == []


@pytest.mark.parametrize(("data", "line"), BAD)
def test_replay_refuses_in_one_line(tmp_path: Path, data: bytes, line: int) -> None:
    script = tmp_path / "script.jsonl"
    script.write_bytes(data)
    done = companion("replay", str(script))
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    message = done.stderr.strip()
    assert len(message.splitlines()) == 1 and "Traceback" not in message
    assert message.startswith("companion replay: ")


def test_a_50_mb_script_replays_in_little_memory(tmp_path: Path) -> None:
    """Read and answered line by line: 50 MB of script (a game, then two million lines played
    after its end, each refused) within 150 MB of memory, with every refusal printed."""
    game = [NEW_GAME.decode(), '{"do": "roll", "dice": [1, 2]}', '{"do": "end_game"}']
    late = '{"do": "roll", "dice": [3, 4], "player": "Ann"}\n'
    script = tmp_path / "long.jsonl"
    with open(script, "w") as f:
        f.write("\n".join(game) + "\n")
        f.write(late * (50_000_000 // len(late)))
    assert script.stat().st_size >= 50_000_000
    measure = ("import resource, subprocess, sys; "
               "done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL); "
               "print(done.returncode, len(done.stdout), "
               "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", measure, sys.executable, "-m", "companion.cli", "replay",
                          str(script)], capture_output=True, text=True, cwd=ROOT, timeout=600)
    status, printed, peak_kb = map(int, out.stdout.split())
    assert status == 1  # lines were rejected
    assert printed > 50_000_000  # every refusal is in the printed state
    assert peak_kb < 150 * 1024, f"peak {peak_kb // 1024} MB"


def test_the_printed_refusals_are_the_json_they_claim(tmp_path: Path) -> None:
    script = tmp_path / "s.jsonl"
    script.write_text("\n".join([NEW_GAME.decode(), '{"do": "buy"}', "", '{"do": "bid", "player": "Ann", '
                                  '"amount": 5}']) + "\n")
    done = companion("replay", str(script))
    assert done.returncode == 1
    assert json.loads(done.stdout)["rejected"] == [
        {"line": 2, "reason": "No deed is on offer now"},
        {"line": 4, "reason": "No auction is running"}]
