"""Damage a flipped bit on a cheap card does to a game file that an SQL statement cannot, and a
line a power cut tore in the journal: each once found by the power-cut trials (test_power_cut.py),
which flip a random bit, and made here on purpose so it is found every time.

- a TEXT column that reads back as a BLOB (a flipped bit in the record's header);
- a transfer whose row and whose index entry name different entries (the bit in one of them);
- rows of nothing, numbered 0 with NULLs, shown by a page whose cell count was flipped;
- a journal line torn by a power cut, with the game played on after it.

After each, the game opens whole from its other record and says so, and `companion doctor`
named it first: the two never disagree about the same file.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from companion.doctor import Doctor
from companion.ledger.journal import read_journal
from companion.ledger.schema import first_fault
from tests.ledger_support import file_digest, new_folder, submit_all
from tests.test_ledger_faults import assert_repaired_and_kept, tamper, two_games


def game_file(tmp_path: Path) -> tuple[Path, str, str]:
    (victim, bystander), _script = two_games(tmp_path)
    return tmp_path / "games" / f"{victim}.sqlite", victim, bystander


def behind_sqlite(path: Path, *statements: str) -> None:
    """Run `statements` with the schema writable: what SQL does to a row or to sqlite_schema
    without the checks SQLite keeps, as damage would."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA writable_schema = ON")
    for sql in statements:
        conn.execute(sql)
    conn.close()


def doctor_names(tmp_path: Path, game_id: str) -> str:
    finding = Doctor(config=None, data_dir=tmp_path).check_games()  # type: ignore[arg-type]
    assert finding.level == "warn" and game_id in finding.message, finding
    return finding.message


def test_a_text_column_read_back_as_bytes_is_put_back_from_the_journal(tmp_path):
    path, victim, bystander = game_file(tmp_path)
    tamper(path, ("UPDATE log SET line = CAST(line AS BLOB) WHERE seq = 17", ()))
    doctor_names(tmp_path, victim)
    assert_repaired_and_kept(path, victim, bystander, r"\bentry 17\b", "rebuilt from the journal")


def test_a_transfer_whose_row_and_index_disagree_is_put_back_from_the_journal(tmp_path):
    """The index says the movement belongs to its entry, the row says the next one: the opening
    read by the index and saw nothing, the doctor by the row and named a repair never made."""
    path, victim, bystander = game_file(tmp_path)
    conn = sqlite3.connect(path)
    (index_sql,) = conn.execute(
        "SELECT sql FROM sqlite_schema WHERE name = 'transfers_by_seq'").fetchone()
    (root,) = conn.execute(
        "SELECT rootpage FROM sqlite_schema WHERE name = 'transfers_by_seq'").fetchone()
    (moved,) = conn.execute("SELECT min(id) FROM transfers WHERE seq > 5").fetchone()
    conn.close()
    behind_sqlite(path, "DELETE FROM sqlite_schema WHERE name = 'transfers_by_seq'")
    tamper(path, ("UPDATE transfers SET seq = seq + 1 WHERE id = ?", (moved,)))  # the index unknown
    behind_sqlite(path, "INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES "
                        f"('index', 'transfers_by_seq', 'transfers', {root}, '{index_sql}')")
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA quick_check").fetchone() == ("ok",)  # only the full check sees it
    assert first_fault(conn) == f"row {moved} missing from index transfers_by_seq"  # one line to show
    conn.close()
    doctor_names(tmp_path, victim)
    assert_repaired_and_kept(path, victim, bystander, "rebuilt from the journal")


def test_rows_of_nothing_are_not_counted_as_entries_lost(tmp_path):
    """Eight rows numbered 0 and below with NULLs, as a flipped cell count showed them: the
    journal holds every real entry, so nothing is lost and the game is rebuilt from it."""
    path, victim, bystander = game_file(tmp_path)
    conn = sqlite3.connect(path)
    (table_sql,) = conn.execute("SELECT sql FROM sqlite_schema WHERE name = 'log'").fetchone()
    conn.close()
    loose = table_sql.replace(" NOT NULL", "")
    behind_sqlite(path, f"UPDATE sqlite_schema SET sql = '{loose}' WHERE name = 'log'")
    tamper(path, *[("INSERT INTO log (seq) VALUES (?)", (-n,)) for n in range(8)])
    behind_sqlite(path, f"UPDATE sqlite_schema SET sql = '{table_sql}' WHERE name = 'log'")
    doctor_names(tmp_path, victim)
    assert_repaired_and_kept(path, victim, bystander, "rebuilt from the journal")


def test_a_journal_line_torn_by_a_power_cut_does_not_cost_the_lines_after_it(tmp_path):
    """The power went while the journal was written: the torn line is cut when the game is next
    opened, so the entries played after it are in the journal, and the journal alone still
    brings the game back when the database is later lost."""
    (victim, bystander), script = two_games(tmp_path)
    path = tmp_path / "games" / f"{victim}.sqlite"
    journal = path.with_suffix(".journal")
    with open(journal, "ab") as out:
        out.write(b'{"seq":41,"time":"2026-03-01T10:00:00')  # the entry in flight, torn
    folder, time = new_folder(tmp_path)
    store = folder.open(victim)
    submit_all(store, script[40:50], time)
    played = store.seq
    folder.close()
    folder, _time = new_folder(tmp_path)
    key = folder.key
    folder.close()
    assert key is not None
    reading = read_journal(journal, key.chain)
    assert reading is not None and reading.problem is None
    assert len(reading.entries) == played  # every entry played after the torn line is there
    path.write_bytes(b"\x00\xffthis is not a game\n" * 300)
    assert_repaired_and_kept(path, victim, bystander, "rebuilt from the journal")


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], capture_output=True, text=True,
                          timeout=120)


def test_the_command_line_reads_a_damaged_game_as_the_table_does_and_writes_nothing(tmp_path):
    """Issue 38: a flipped bit damages the database, the journal is whole. The table opens such a
    game and puts it right; `companion export` and `companion history` refused it ("damaged").
    They read it the way the table does now (from a copy put right), and the data folder is left
    byte for byte as it was: what the table opens later is the same game."""
    path, victim, _bystander = game_file(tmp_path)
    tamper(path, ("UPDATE log SET line = CAST(line AS BLOB) WHERE seq = 17", ()))
    before = {p.name: file_digest(p) for p in tmp_path.rglob("*") if p.is_file()}
    exported = companion("export", victim, "--data", str(tmp_path))
    assert exported.returncode == 0, exported.stderr
    lines = [json.loads(line) for line in exported.stdout.splitlines() if line.strip()]
    history = companion("history", victim, "--data", str(tmp_path))
    assert history.returncode == 0, history.stderr
    assert {p.name: file_digest(p) for p in tmp_path.rglob("*") if p.is_file()} == before
    folder, _time = new_folder(tmp_path)  # the table opens it: the same game the export showed
    store = folder.open(victim)
    assert [line for line in lines if line.get("do") != "new_game"][-1] == json.loads(store.script()[-1])
    assert len([line for line in lines if "do" in line]) == len(store.script())
    folder.close()
