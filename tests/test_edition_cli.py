"""`companion edition show` and `companion edition check` as a family uses them (docs/editions.md):
print London, rename it into a city edition, check it; each refusal names the place in the file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parent.parent


def shown(capsys: pytest.CaptureFixture[str], edition: str = "london") -> dict[str, Any]:
    assert main(["edition", "show", edition]) == 0
    raw: dict[str, Any] = json.loads(capsys.readouterr().out)
    return raw


def toytown(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    raw = shown(capsys)
    raw["id"] = "toytown"
    raw["name"] = {"en": "Toytown", "ru": "Игрушечный город"}
    raw["money"]["sign"] = "T"
    return raw


def check(tmp_path: Path, capsys: pytest.CaptureFixture[str], raw: Any) -> tuple[int, str]:
    path = tmp_path / "toytown.json"
    path.write_text(raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    code = main(["edition", "check", str(path)])
    return code, capsys.readouterr().out


def test_show_prints_london_as_an_edition_file(capsys: pytest.CaptureFixture[str]) -> None:
    raw = shown(capsys)
    assert raw["id"] == "london" and len(raw["squares"]) == 40
    assert raw["money"]["sign"] == "£"


def test_show_refuses_an_edition_not_shipped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edition", "show", "atlantis"]) == 2
    assert "no shipped edition called 'atlantis'" in capsys.readouterr().err


def test_a_renamed_london_checks_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = check(tmp_path, capsys, toytown(capsys))
    assert code == 0
    assert out.startswith("ok: Toytown (id toytown): 40 squares, 28 deeds")


def test_london_itself_is_refused_for_its_shipped_id(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out = check(tmp_path, capsys, shown(capsys))
    assert code == 1 and "shipped edition's" in out


@pytest.mark.parametrize(("change", "place", "words"), [
    (lambda r: r["squares"][3].__setitem__("house_cost", 60), "squares[3].house_cost", "must cost the same"),
    (lambda r: r["squares"][39].__setitem__("rents", [50, 200, 600]), "squares[39].rents", "not 3"),
    (lambda r: r["decks"]["chance"]["cards"][10].__setitem__("action", {"advance_to": "buckingham-palace"}),
     "decks.chance.cards[10].action.advance_to", "'buckingham-palace', which the board lacks"),
    (lambda r: r["squares"].pop(), "squares", "this one has 39"),
    (lambda r: r["squares"][20].__setitem__("kind", "go"), "squares[20].kind", "second GO"),
    (lambda r: r["decks"]["community_chest"]["cards"][6]["text"].pop("ru"),
     "decks.community_chest.cards[6].text.ru", "'ru' is missing"),
])
def test_each_refusal_names_the_place(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      change: Any, place: str, words: str) -> None:
    raw = toytown(capsys)
    change(raw)
    code, out = check(tmp_path, capsys, raw)
    assert code == 1
    assert f"  {place}: " in out, out
    line = next(line for line in out.splitlines() if line.strip().startswith(place + ":"))
    assert words in line


def test_not_json_or_unreadable_is_said_plainly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = check(tmp_path, capsys, '{"id": "toytown",')
    assert code == 1 and "the file is not JSON" in out
    assert main(["edition", "check", str(tmp_path / "missing.json")]) == 1
    assert "cannot be read" in capsys.readouterr().out
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    assert main(["edition", "check", str(tmp_path / "binary.json")]) == 1
    assert "not text" in capsys.readouterr().out


@pytest.mark.slow
def test_the_command_as_a_family_runs_it(tmp_path: Path) -> None:
    """show, edit, check through the installed entry point's module, as docs/editions.md does."""
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "companion.cli", "edition", *args],
                              capture_output=True, text=True, cwd=ROOT, timeout=60)
    london = run("show", "london")
    assert london.returncode == 0
    raw = json.loads(london.stdout)
    raw["id"], raw["name"] = "toytown", {"en": "Toytown", "ru": "Игрушечный город"}
    path = tmp_path / "toytown.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert run("check", str(path)).stdout.startswith("ok: Toytown")
    del raw["squares"][5]
    path.write_text(json.dumps(raw), encoding="utf-8")
    done = run("check", str(path))
    assert done.returncode == 1 and "squares: a classic board has 40 squares, this one has 39" in done.stdout
