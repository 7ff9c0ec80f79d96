"""`companion import` in batches (issue 24): one journal sync per batch, not per command, and the
journal still whole and on the card before each batch's commit (the order the ledger's README
reasons about), so an imported game opens with both records agreeing."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import companion.ledger.script_import
from companion.ledger.journal import journal_path, read_journal
from companion.ledger.recovery import diagnose
from tests.ledger_support import new_folder, recorded_game, replayed, shown

BATCH = 7


def journal_syncs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files whose data os.fdatasync waited for, journals only, in order."""
    synced: list[str] = []
    real = os.fdatasync

    def counting(fd: int) -> None:
        name = os.readlink(f"/proc/self/fd/{fd}")
        if name.endswith(".journal"):
            synced.append(name)
        real(fd)

    monkeypatch.setattr(os, "fdatasync", counting)
    return synced


def test_an_import_syncs_the_journal_once_a_batch_and_opens_agreeing(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(companion.ledger.script_import, "IMPORT_BATCH", BATCH)
    script = recorded_game(4)[:60]
    folder, time = new_folder(tmp_path)
    synced = journal_syncs(monkeypatch)
    store, rejected = folder.import_script([json.dumps(c) for c in script])
    assert rejected == []
    batches = -(-(len(script) - 1) // BATCH)  # the commands after new_game, BATCH at a time
    assert len(synced) == batches, synced  # was one a command: 59
    game_id, path, seen = store.game_id, store.path, shown(store)
    held = read_journal(journal_path(path), folder.key.chain)
    assert held is not None and held.problem is None
    assert len(held.entries) == store.seq  # every entry is in the journal as in the database
    assert diagnose(path, folder.key.chain, folder.key.table_id) is None  # the records agree
    folder.close()

    again, _ = new_folder(tmp_path, time.now)
    reopened = again.open(game_id)
    assert reopened.repairs == []  # nothing to put right on opening
    assert shown(reopened) == seen == replayed(script)
    again.close()


class FailingCommit:
    """The store's connection, whose batch COMMIT fails as a full card makes it fail."""

    def __init__(self, conn: object) -> None:
        self.conn = conn

    def execute(self, sql: str, *args: object) -> object:
        if sql == "COMMIT":
            import sqlite3

            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self.conn, name)


def test_a_batch_whose_commit_fails_leaves_no_line_of_it_in_the_journal(tmp_path: Path) -> None:
    script = recorded_game(4)[:20]
    folder, _time = new_folder(tmp_path)
    store = folder.create(script[0])
    for command in script[1:5]:
        store.submit(command)
    before = journal_path(store.path).read_bytes()
    store.begin_batch()
    for command in script[5:12]:
        store.submit(command)
    assert len(journal_path(store.path).read_bytes()) > len(before)  # positive control: written
    real = store.conn
    store.conn = FailingCommit(real)  # type: ignore[assignment]
    with pytest.raises(companion.ledger.StorageError):
        store.commit_batch()
    store.conn = real
    assert journal_path(store.path).read_bytes() == before
    assert real.execute("SELECT max(seq) FROM log").fetchone()[0] == 5
    folder.close()
