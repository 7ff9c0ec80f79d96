"""Bringing a game's two records back into agreement before it is played (see README.md).

The SQLite file and the journal (journal.py) hold the same sealed entries. When one holds more
verified entries than the other, the longer one is the game: a database that lost or tore pages is
rebuilt or extended from the journal (or from the newest backup, whichever holds more), a journal
that lost its tail is rewritten from the database. Entries readable in neither record are named,
and the game is then not opened: `companion recover GAME` starts a new game from what is left.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import GameDamaged
from .journal import Reading, Sealed, journal_path, last_entry, read_journal, verified, write_whole
from .problems import Problem, problem, record
from .readonly import connect_read_only
from .schema import FORMAT, SCHEMA, connect, first_fault, sync_folder

log = logging.getLogger(__name__)

HEADER_KEYS = ("format", "table", "id", "players", "created")


def read_database(path: Path, key: bytes | None, *, read_only: bool = True) -> Reading:
    """The database's verified entries (an empty reading with its problem when it cannot be read)."""
    reading = Reading()
    try:
        conn = connect_read_only(path) if read_only else connect(path)
    except (sqlite3.Error, OSError) as exc:
        reading.problem = problem("file_unopenable", detail=str(exc))
        return reading
    try:
        conn.execute("BEGIN")
        reading.header = dict(conn.execute("SELECT key, value FROM meta"))
        moved: dict[int, list[tuple[str, str, int, str]]] = {}
        for seq, source, target, amount, reason in conn.execute(
            "SELECT seq, source, target, amount, reason FROM transfers ORDER BY id"
        ):
            moved.setdefault(seq, []).append((source, target, amount, reason))
        rows = conn.execute(
            "SELECT seq, time, source, kind, line, prev_hash, hash FROM log ORDER BY seq").fetchall()
        fault = first_fault(conn)
        conn.execute("COMMIT")
    except (sqlite3.Error, ValueError) as exc:
        reading.problem = problem("file_unreadable", detail=str(exc))
        return reading
    finally:
        conn.close()
    entries = [Sealed(seq, time, source, kind, line, tuple(moved.get(seq, ())), prev, sealed)
               for seq, time, source, kind, line, prev, sealed in rows]
    reading.readable = _entries_in(rows, reading.header.get("last_seq"))
    reading.entries, reading.problem = verified(entries, key)
    if reading.problem is None and fault is not None:
        reading.problem = problem("file_damaged", detail=fault)
    if reading.problem is None and (reading.header.get("last_seq") not in (None, str(len(entries)))):
        reading.problem = problem("written_further", entry=int(reading.header["last_seq"]))
    return reading


def _entries_in(rows: list[tuple[Any, ...]], last_seq: object) -> int:
    """How many of the log's rows are entries at all, damaged ones included: distinct numbered
    rows holding something in every column, up to the last entry the meta names. A flipped bit in
    a page's cell count shows SQLite rows of nothing (seq 0, NULLs); counted, they would name
    entries lost that never were."""
    bound = int(last_seq) if isinstance(last_seq, str) and last_seq.isdigit() else None
    return len({row[0] for row in rows
                if type(row[0]) is int and row[0] >= 1 and (bound is None or row[0] <= bound)
                and None not in row})


@dataclass
class Agreement:
    """What reconcile put right (problems.py), for the log, the Banker page and the doctor."""

    notes: list[Problem] = field(default_factory=list)


def _header(meta: dict[str, Any]) -> dict[str, Any]:
    header = {k: meta[k] for k in HEADER_KEYS if k in meta}
    if isinstance(header.get("players"), list):
        header["players"] = json.dumps(header["players"], ensure_ascii=False)
    return header


def _newest_backup(folder: Path, game_id: str, key: bytes | None) -> tuple[Path, Reading] | None:
    best: tuple[Path, Reading] | None = None
    for copy in sorted((folder / "backups" / game_id).glob("*.sqlite")):
        reading = read_database(copy, key)
        if reading.entries and (best is None or len(reading.entries) > len(best[1].entries)):
            best = (copy, reading)
    return best


def rebuild(path: Path, header: dict[str, Any], entries: list[Sealed]) -> Path:
    """A fresh game file holding `entries` verbatim (their seals still hold), renamed into place;
    the damaged file (and its -wal, -shm) is kept beside it as <id>.sqlite.damaged-N."""
    building = path.with_name(path.name + ".rebuilding")
    building.unlink(missing_ok=True)
    conn = sqlite3.connect(building, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("BEGIN IMMEDIATE")
        for statement in SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)
        meta = {**header, "status": "playing", "last_seq": str(len(entries)),
                "head": entries[-1].hash}
        conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
        conn.executemany("INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)",
                         [(e.seq, e.time, e.source, e.kind, e.line, e.prev, e.hash) for e in entries])
        conn.executemany(
            "INSERT INTO transfers (seq, source, target, amount, reason) VALUES (?, ?, ?, ?, ?)",
            [(e.seq, *m) for e in entries for m in e.moved])
        conn.execute("COMMIT")
    finally:
        conn.close()
    number = 1
    while path.with_name(f"{path.name}.damaged-{number}").exists():
        number += 1
    kept = path.with_name(f"{path.name}.damaged-{number}")
    for suffix in ("", "-wal", "-shm"):
        old = path.with_name(path.name + suffix)
        if old.exists():
            os.replace(old, kept.with_name(kept.name + suffix))
    os.replace(building, path)
    sync_folder(path.parent)
    return kept


def _extend(path: Path, entries: list[Sealed]) -> None:
    """Put back into the database the entries it lost (it holds a verified prefix of them)."""
    conn = connect(path)
    try:
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany("INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)",
                         [(e.seq, e.time, e.source, e.kind, e.line, e.prev, e.hash) for e in entries])
        conn.executemany(
            "INSERT INTO transfers (seq, source, target, amount, reason) VALUES (?, ?, ?, ?, ?)",
            [(e.seq, *m) for e in entries for m in e.moved])
        conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                         (("last_seq", str(entries[-1].seq)), ("head", entries[-1].hash)))
        conn.execute("COMMIT")
    finally:
        conn.close()


@dataclass
class Plan:
    """Both records of a game read, and the longest verified run of entries among them."""

    name: str
    db: Reading
    journal: Reading | None
    where: str  # which record holds `best`: "database", "journal" or a backup's file name
    best: Reading
    readable: int  # entries readable in the record that holds most, damaged ones included
    damaged: Problem | None  # set when no record holds every entry: what is lost
    header: dict[str, Any]

    @property
    def needs_repair(self) -> bool:
        return self.damaged is None and (
            self.db.problem is not None or len(self.db.entries) < len(self.best.entries)
            or self.journal is None or self.journal.problem is not None
            or len(self.journal.entries) < len(self.best.entries))


def plan(path: Path, key: bytes, table_id: str, *, read_only: bool) -> Plan | None:
    """Read every record of the game (None: not this table's file, GameStore.open says so)."""
    name = path.stem
    db = read_database(path, key, read_only=read_only)
    if db.header.get("format") not in (None, FORMAT) or db.header.get("table") not in (None, table_id):
        return None
    journal = read_journal(journal_path(path), key)
    if journal is not None and journal.header.get("table") not in (None, table_id):
        journal = None
    candidates: list[tuple[str, Reading]] = [("database", db)]
    if journal is not None:
        candidates.append(("journal", journal))
    if db.problem is not None and (journal is None or journal.problem is not None
                                   or not journal.entries):
        backup = _newest_backup(path.parent.parent, name, key)
        if backup is not None:
            candidates.append((backup[0].name, backup[1]))
    where, best = max(candidates, key=lambda c: len(c[1].entries))
    readable = max(db.readable, journal.readable if journal else 0)
    header = _header(journal.header) if journal is not None else {}
    header.update(_header(db.header) if db.header.get("players") else _header(best.header))
    damaged = None
    for other_where, other in candidates:
        shorter = other.entries
        if shorter and best.entries[len(shorter) - 1].hash != shorter[-1].hash:
            damaged = problem("records_disagree", game=name, first=record(where),
                              second=record(other_where), entry=len(shorter))
    if not best.entries:
        damaged = problem("unreadable_everywhere", game=name, cause=db.problem)
    elif readable > len(best.entries) and damaged is None:
        cause = db.problem or (journal.problem if journal else None) or problem("entry_missing",
                                                                                entry=len(best.entries) + 1)
        damaged = problem("damaged_everywhere", game=name, cause=cause, first=len(best.entries) + 1,
                          last=readable, readable=readable, kept=len(best.entries))
    return Plan(name, db, journal, where, best, readable, damaged, header)


def _agree_at_the_end(path: Path) -> bool:
    """The quick look on every opening: the journal's last entry is the database's last entry
    (its seq and seal, as the database's meta says them). Anything else takes the full look."""
    last = last_entry(journal_path(path))
    if last is None:
        return False
    try:
        conn = connect(path)
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('last_seq', 'head')"))
        finally:
            conn.close()
    except sqlite3.Error:
        return False
    return meta.get("last_seq") == str(last[0]) and meta.get("head") == last[1]


def reconcile(path: Path, key: bytes, table_id: str, damaged: Problem | str | None = None) -> Agreement:
    """Make the database and the journal hold the same verified entries, or raise GameDamaged
    naming what is lost in both and the command that recovers the rest. `damaged`: the database
    failed to open for this reason although its entries verified, so it is rebuilt."""
    if damaged is None and _agree_at_the_end(path):
        return Agreement()  # GameStore.open verifies the database's chain; a fault there comes back
    found = plan(path, key, table_id, read_only=False)
    if found is None:
        return Agreement()
    if damaged is not None:
        if found.damaged is None and (found.journal is None or found.journal.problem is not None
                                      or len(found.journal.entries) < len(found.best.entries)):
            return Agreement()  # no whole journal to rebuild from: the first refusal stands
        if found.damaged is None:
            found.db.problem = found.db.problem or (
                damaged if isinstance(damaged, Problem) else problem("file_unreadable", detail=damaged))
    if found.damaged is not None:
        raise GameDamaged.found(found.damaged)
    name, db, journal, where, best, header = (found.name, found.db, found.journal, found.where,
                                              found.best, found.header)
    notes = []
    if len(db.entries) < len(best.entries) or db.problem is not None:
        if db.problem is None:
            _extend(path, best.entries[len(db.entries):])
            notes.append(problem("db_extended", game=name, first=len(db.entries) + 1,
                                 last=len(best.entries), source=record(where)))
        else:
            kept = rebuild(path, header, best.entries)
            notes.append(problem("db_rebuilt", game=name, cause=db.problem, source=record(where),
                                 entries=len(best.entries), kept_as=kept.name))
            if where not in ("database", "journal"):
                notes.append(problem("after_backup_lost", game=name))
    if journal is None or len(journal.entries) < len(best.entries) or journal.problem is not None:
        write_whole(journal_path(path), header, best.entries)
        sync_folder(path.parent)
        if journal is not None:
            notes.append(problem("journal_rewritten", game=name, good=len(journal.entries),
                                 entries=len(best.entries)))
    for note in notes:
        log.warning("game %s put right: %s", name, note)
    return Agreement(notes)


def diagnose(path: Path, key: bytes, table_id: str) -> tuple[str, Problem] | None:
    """For `companion doctor`, reading only: ("fail", what is lost) for a game damaged in every
    record, ("warn", what the table will put right) when one record holds it all."""
    found = plan(path, key, table_id, read_only=True)
    if found is None:
        return None
    if found.damaged is not None:
        return "fail", found.damaged
    if not found.needs_repair:
        return None
    db, journal, best = found.db, found.journal, found.best
    if db.problem is not None:
        what = problem("db_damaged", cause=db.problem)
    elif len(db.entries) < len(best.entries):
        what = problem("db_lacks", first=len(db.entries) + 1, last=len(best.entries))
    elif journal is None:
        what = problem("no_journal")
    else:
        what = problem("journal_short", good=len(journal.entries), entries=len(best.entries))
    return "warn", problem("will_repair", game=found.name, what=what, source=record(found.where),
                           entries=len(best.entries))


def recoverable(path: Path, key: bytes, table_id: str) -> tuple[Plan, list[Sealed]]:
    """The longest verified run of entries for a new game, and the entries readable after it."""
    found = plan(path, key, table_id, read_only=True)
    if found is None or not found.best.entries:
        raise GameDamaged.found(problem("nothing_to_recover", game=path.stem))
    longest = found.db if found.db.readable >= (found.journal.readable if found.journal else 0) \
        else found.journal
    assert longest is not None
    unread = read_all(path, key) if longest is found.db else []
    return found, unread[len(found.best.entries):]


def read_all(path: Path, key: bytes) -> list[Sealed]:
    """Every entry the database holds, damaged or not (to name what a recovery leaves out)."""
    try:
        conn = connect_read_only(path)
    except (sqlite3.Error, OSError):
        return []
    try:
        rows = conn.execute("SELECT seq, time, source, kind, line, prev_hash, hash FROM log "
                            "ORDER BY seq").fetchall()
    except sqlite3.Error:
        return []
    finally:
        conn.close()
    return [Sealed(seq, time, source, kind, line, (), prev, sealed)
            for seq, time, source, kind, line, prev, sealed in rows]
