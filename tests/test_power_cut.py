"""A power cut on an SD card never costs a game (issue 24, points 1-6): the writer is killed during
play, as in test_crash.py, and one damage a card can do is applied before the next companion opens
the folder: a zeroed 4 KB page in the -wal, the -wal's last 4 KB cut, a changed byte in an entry's
seal, in a snapshot, or anywhere in the main file, or a -wal left to another user (read-only).

After each, every acknowledged command is still there (the journal holds what SQLite lost), the
game reopens with the repair said, and `companion doctor` named the game before it was opened.
Positive controls: the damages really cost the database entries (so the journal really put them
back), and the read-only game really is refused and plays once its owner is put right.
"""

from __future__ import annotations

import os
import random
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from companion.doctor import Doctor
from companion.ledger import DataFolder, StorageReadOnly
from companion.ledger.recovery import read_database
from companion.table.problem_words import problem_text, reason_of, worded
from tests.ledger_support import NOBODY, as_another_user, reachable_by_others
from tests.test_crash import check, kill_round, recorded

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

DAMAGES = ("zeroed wal page", "wal tail cut", "entry seal", "snapshot", "main file", "read-only wal")
TRIALS = 50


def damage(kind: str, game: Path, rng: random.Random) -> bool:
    """Do `kind` to the game's files as the killed writer left them; False if there was nothing
    to damage (no -wal, no snapshot yet)."""
    wal = game.with_name(game.name + "-wal")
    if kind == "zeroed wal page":
        if not wal.exists() or wal.stat().st_size < 2 * 4096:
            return False
        with open(wal, "r+b") as out:
            out.seek(4096 * rng.randrange(wal.stat().st_size // 4096))
            out.write(bytes(4096))
        return True
    if kind == "wal tail cut":
        if not wal.exists() or wal.stat().st_size < 4096 + 32:
            return False
        os.truncate(wal, wal.stat().st_size - 4096)
        return True
    if kind in ("entry seal", "snapshot"):
        conn = sqlite3.connect(game)
        try:
            if kind == "entry seal":
                (last,) = conn.execute("SELECT MAX(seq) FROM log").fetchone()
                seq = rng.randint(1, last)
                (sealed,) = conn.execute("SELECT hash FROM log WHERE seq = ?", (seq,)).fetchone()
                at = rng.randrange(len(sealed))
                changed = sealed[:at] + ("0" if sealed[at] != "0" else "1") + sealed[at + 1:]
                conn.execute("UPDATE log SET hash = ? WHERE seq = ?", (changed, seq))
            else:
                row = conn.execute("SELECT seq, state FROM snapshots ORDER BY random() LIMIT 1").fetchone()
                if row is None:
                    return False
                at = rng.randrange(len(row[1]))
                state = row[1][:at] + ("7" if row[1][at] != "7" else "8") + row[1][at + 1:]
                conn.execute("UPDATE snapshots SET state = ? WHERE seq = ?", (state, row[0]))
            conn.commit()
        finally:
            conn.close()
        return True
    if kind == "main file":
        with open(game, "r+b") as out:
            out.seek(rng.randrange(game.stat().st_size))
            byte = out.read(1)
            out.seek(-1, os.SEEK_CUR)
            out.write(bytes([byte[0] ^ (1 << rng.randrange(8))]))
        return True
    raise AssertionError(kind)


def chown_tree(root: Path, uid: int) -> None:
    os.chown(root, uid, uid)
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            os.chown(os.path.join(folder, name), uid, uid)


def read_only_wal(data: Path, game: Path) -> dict:
    """The folder belongs to the companion's user (nobody here), the -wal to root, as a crash
    under root leaves it: the game is named read-only, with the fix, by opening it, by `games`
    and by the doctor; and it plays again once the owner is put right."""
    wal = game.with_name(game.name + "-wal")
    target = wal if wal.exists() else game
    chown_tree(data, NOBODY)
    os.chown(target, 0, 0)
    os.chmod(target, 0o644)

    def as_the_companion() -> dict:
        said: dict = {}
        folder = DataFolder(data)
        try:
            folder.open(game.stem)
        except StorageReadOnly as refused:
            said["open"] = refused.reason
            said["open_ru"] = reason_of(refused, "ru")  # worded from its problem, in Russian too
        (info,) = folder.games()
        said["games"] = " ".join([info.status, *(problem_text(p) for p in info.problems)])
        folder.close()
        finding = Doctor(config=None, data_dir=data).check_games()  # type: ignore[arg-type]
        said["doctor"] = (finding.level, finding.message, finding.fix)
        return said

    status, said = as_another_user(as_the_companion)
    assert status == 0, said
    chown_tree(data, 0)  # the fix the message gives (back to the companion's user: root here)
    return said


def test_a_power_cut_with_a_damaged_card_never_costs_a_game() -> None:
    lines = recorded(4, 1, {"starting_cash": 5000, "free_parking_pot": True})
    rng = random.Random("power-cut")
    applied: Counter[str] = Counter()
    put_back = Counter[str]()  # trials where the database itself had lost acknowledged entries
    named = Counter[str]()
    with reachable_by_others() as shared:
        data = shared / "data"
        acked = None
        for trial in range(TRIALS):
            kind = DAMAGES[trial % len(DAMAGES)]
            if acked is None:
                after, count, delay = "A", 1, rng.uniform(0, 0.001)
            else:
                after, count, delay = "A", rng.randint(3, 25), rng.uniform(0, 0.001)
            result = kill_round(data, lines, rng.randrange(2**32), 0.1, acked, after, count, delay)
            (game,) = (data / "games").glob("*.sqlite")
            lost_in_db = False
            if kind == "read-only wal":
                said = read_only_wal(data, game)
                assert "read-only" in said["open"] and "chown" in said["open"], said
                assert "только для чтения" in said["open_ru"] and "chown" in said["open_ru"], said
                assert "read-only" in said["games"] and "chown" in said["games"], said
                level, message, fix = said["doctor"]
                assert level == "fail" and game.stem in message and "chown" in fix, said
                applied[kind] += 1
            elif damage(kind, game, rng):
                applied[kind] += 1
                key = DataFolder(data, read_only=True).key
                assert key is not None
                held = len(read_database(game, key.chain).entries)
                if result.acked is not None and held < result.acked[0]:
                    lost_in_db = True
                    put_back[kind] += 1
                    finding = Doctor(config=None, data_dir=data).check_games()  # type: ignore[arg-type]
                    assert finding.level == "warn" and game.stem in finding.message, finding
                    named[kind] += 1
            with DataFolder(data) as folder:
                store = folder.open(game.stem)
                if lost_in_db:
                    said = " ".join(worded(p) for p in store.repairs)
                    assert game.stem in said and ("put back" in said or "rebuilt" in said), said
            acked = check(data, lines, result)  # every acknowledged command, nothing invented
            assert not list((data / "games").glob("*.rebuilding"))
    assert all(applied[kind] >= 5 for kind in DAMAGES), applied
    # The damages really took acknowledged entries from the database: the journal put them back.
    assert put_back["wal tail cut"] + put_back["zeroed wal page"] >= 3, put_back
    assert put_back["entry seal"] >= 3, put_back
    assert named == put_back
