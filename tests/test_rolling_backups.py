"""Backups that matter (issue 24, point 3): a rolling backup of the game in play every 50 entries,
the newest 3 kept, on the card and on a second place (a USB stick) when one is configured; a main
file SQLite cannot open, without its journal, comes back from the newest of them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.ledger import DataFolder
from companion.ledger.backups import KEEP_ROLLING, ROLLING_EVERY
from companion.table.problem_words import worded
from tests.ledger_support import fake_clock, recorded_game, replayed, shown, submit_all


def entries_in(path: Path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT COUNT(*) FROM log").fetchone()[0]
    finally:
        conn.close()


def rolling(folder: Path, game_id: str) -> list[Path]:
    return sorted((folder / "backups" / game_id).glob("*_rolling.sqlite"))


def test_rolling_backups_every_50_entries_the_newest_3_kept_on_the_card_and_the_stick(tmp_path):
    stick = tmp_path / "stick"
    stick.mkdir()
    clock, time = fake_clock()
    folder = DataFolder(tmp_path / "data", clock, backup_copy=stick)
    script = recorded_game(4)
    store = folder.create(script[0])
    commands = 4 * ROLLING_EVERY + 7
    submit_all(store, script[1:commands], time)
    game_id = store.game_id
    folder.close()
    for place in (tmp_path / "data", stick):
        kept = rolling(place, game_id)
        assert len(kept) == KEEP_ROLLING, kept
        assert [entries_in(copy) for copy in kept] == [2 * ROLLING_EVERY, 3 * ROLLING_EVERY,
                                                      4 * ROLLING_EVERY]
    # The daily backup of the first command is kept beside them (rolling ones never push it out).
    assert any(p.stem.endswith("_daily") for p in (tmp_path / "data" / "backups" / game_id).iterdir())


def test_a_missing_stick_costs_the_game_nothing(tmp_path):
    clock, time = fake_clock()
    folder = DataFolder(tmp_path / "data", clock, backup_copy=tmp_path / "not-mounted")
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:ROLLING_EVERY + 3], time)
    assert store.seq > ROLLING_EVERY  # every command stored
    assert len(rolling(tmp_path / "data", store.game_id)) == 1
    assert not (tmp_path / "not-mounted").exists()
    folder.close()


def test_an_unopenable_file_without_its_journal_comes_back_from_the_newest_backup(tmp_path):
    clock, time = fake_clock()
    folder = DataFolder(tmp_path, clock)
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:2 * ROLLING_EVERY + 5], time)
    game_id = store.game_id
    folder.close()
    path = tmp_path / "games" / f"{game_id}.sqlite"
    path.with_suffix(".journal").unlink()
    path.write_bytes(b"\x00not a database any more\n" * 400)
    folder = DataFolder(tmp_path, clock)
    store = folder.open(game_id)
    said = " ".join(worded(p) for p in store.repairs)
    assert "rebuilt from the backup" in said and "are lost" in said, said
    assert store.seq == 2 * ROLLING_EVERY
    assert shown(store) == replayed(store.script())
    folder.close()
