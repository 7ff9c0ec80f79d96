"""Games on a family's own board (issue 40): the table finds the data folder's edition files and
refuses the bad ones without a fuss, and a game started on a file carries its board, so it
reopens and replays the same after the file is edited or deleted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.editions import table_editions
from companion.rules import state
from companion.rules.edition import edition_json
from tests.ledger_support import new_folder, recorded_game, replayed, shown, submit_all

ROOT = Path(__file__).resolve().parent.parent


def toytown() -> dict[str, Any]:
    """London renamed: the same ids and numbers, other names and money (so London's recorded
    games play on it move for move)."""
    raw = edition_json("london")
    raw["id"] = "toytown"
    raw["name"] = {"en": "Toytown", "ru": "Игрушечный город"}
    raw["money"]["sign"] = "T"
    raw["squares"][39]["name"] = {"en": "Toy Palace", "ru": "Игрушечный дворец"}
    raw["squares"][3]["name"] = {"en": "Toy Road", "ru": "Игрушечная дорога"}
    return raw


def put(data: Path, name: str, content: Any) -> Path:
    folder = data / "editions"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content, ensure_ascii=False),
                        encoding="utf-8")
    return path


def test_shipped_and_found_editions_with_the_refused_ones_and_why(tmp_path: Path) -> None:
    put(tmp_path, "toytown.json", toytown())
    put(tmp_path, "garbage.json", b"\x00\xff not an edition")
    put(tmp_path, "half.json", '{"id": "half", ')
    short = toytown()
    short["id"] = "short"
    del short["squares"][10:12]
    put(tmp_path, "short.json", short)
    put(tmp_path, "london-again.json", edition_json("london"))
    twin = toytown()
    put(tmp_path, "twin.json", twin)  # the same id as toytown.json's, found after it
    put(tmp_path, "notes.txt", "not looked at")
    editions = table_editions(tmp_path)
    assert list(editions.known)[0] == "london"
    assert "toytown" in editions.known and editions.known["toytown"].source == "toytown.json"
    assert editions.known["toytown"].start()["board"]["squares"][39]["name"]["en"] == "Toy Palace"
    assert editions.known["london"].start() == {"edition": "london"}
    refused = {r.file: r.problems for r in editions.refused}
    assert set(refused) == {"garbage.json", "half.json", "short.json", "london-again.json", "twin.json"}
    assert "not text" in refused["garbage.json"][0]
    assert "not JSON" in refused["half.json"][0]
    assert refused["short.json"][0].startswith("squares: a classic board has 40 squares, this one has 38")
    assert "shipped edition's" in refused["london-again.json"][0]
    assert "toytown.json's" in refused["twin.json"][0]
    assert "its file is refused" in editions.why_not("short")
    assert [f["file"] for f in editions.files()] == sorted(
        ["toytown.json", "garbage.json", "half.json", "short.json", "london-again.json", "twin.json"])


def test_no_editions_folder_is_just_the_shipped_ones(tmp_path: Path) -> None:
    editions = table_editions(tmp_path)
    assert "london" in editions.known and editions.refused == ()
    assert all(e.source == "shipped" for e in editions.known.values())


def test_a_file_edition_game_survives_the_files_deletion(tmp_path: Path) -> None:
    """Stored with its board; reopened (from snapshots and from the first line) after the file
    is gone, it is the same game, on the same board."""
    data = tmp_path / "data"
    path = put(data, "toytown.json", toytown())
    script = recorded_game(6)
    start = {**script[0], **table_editions(data).known["toytown"].start()}
    folder, time = new_folder(data)
    store = folder.create(start)
    store.snapshot_every = 5
    submit_all(store, script[1:120], time)
    before = shown(store)
    assert store.game.edition.id == "toytown"
    game_id = store.game_id
    folder.close()

    path.unlink()
    assert "toytown" not in table_editions(data).known
    again, _ = new_folder(data, time.now)
    reopened = again.open(game_id)
    assert shown(reopened) == before
    assert reopened.game.edition.squares[39].name == "Toy Palace"
    lines = reopened.script()
    assert json.loads(lines[0])["board"]["id"] == "toytown"
    assert replayed(lines) == before
    assert state(reopened.game_after(len(reopened.effective))) == before  # from a snapshot
    again.close()


@pytest.mark.slow
def test_replay_takes_a_shipped_edition_or_an_inline_board_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    def replay(first: dict[str, Any], *options: str) -> subprocess.CompletedProcess[str]:
        path = tmp_path / "game.jsonl"
        path.write_text(json.dumps(first, ensure_ascii=False) + '\n{"do": "roll", "dice": [1, 2]}\n',
                        encoding="utf-8")
        return subprocess.run([sys.executable, "-m", "companion.cli", "replay", *options, str(path)],
                              capture_output=True, text=True, cwd=ROOT, timeout=60)
    start = {"do": "new_game", "players": ["Ann", "Bob"], "rules": {"shuffle": False}}
    london = replay({**start, "edition": "london"})
    assert london.returncode == 0 and json.loads(london.stdout)["turn"] == "Ann"
    inline = replay({**start, "edition": "toytown", "board": toytown()}, "--summary")
    assert inline.returncode == 0, inline.stderr
    assert "Toy Road" in inline.stdout  # Ann's square, named by the board the script carries
    unknown = replay({**start, "edition": "toytown"})
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert "no edition called 'toytown'" in unknown.stderr
    bad = toytown()
    bad["squares"][3]["house_cost"] = 60
    refused = replay({**start, "edition": "toytown", "board": bad})
    assert refused.returncode == 2 and "squares[3].house_cost" in refused.stderr
