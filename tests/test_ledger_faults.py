"""The ledger when things go wrong (issue 4, points 3 and 8): a changed, missing or unreadable
game file is named and kept untouched while other games play on; a full disk, a read-only folder
and a second companion are refused with a clear reason, nothing half-written, the process up.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.config import Config
from companion.doctor import Doctor
from companion.ledger import (
    DataFolder,
    FolderLocked,
    GameDamaged,
    LedgerError,
    StorageError,
    StorageFull,
    StorageReadOnly,
)
from companion.table.problem_words import reason_of, worded
from tests.ledger_support import (
    CHILD_OK,
    START,
    as_another_user,
    assert_money_adds_up,
    file_digest,
    new_folder,
    reachable_by_others,
    recorded_game,
    replayed,
    shown,
    submit_all,
)

# slow: many games, processes or hypothesis examples (`make check` leaves it out)
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
ROLL = {"do": "roll", "dice": [1, 2]}  # Ann to Whitechapel Road


def two_games(path: Path, commands: int = 40, snapshot_every: int | None = None):
    """A folder with a game to damage and a game that must stay playable; both closed."""
    folder, time = new_folder(path)
    script = recorded_game(4)
    victim = folder.create(script[0])
    if snapshot_every:
        victim.snapshot_every = snapshot_every
    submit_all(victim, script[1:commands], time)
    bystander = folder.create(START)
    bystander.submit(ROLL, "dice")
    ids = victim.game_id, bystander.game_id
    folder.close()
    return ids, script


def tamper(path: Path, *statements: tuple[str, tuple]) -> None:
    """Change the file behind the companion's back, as someone with the sqlite3 shell would."""
    conn = sqlite3.connect(path)
    for sql, args in statements:
        changed = conn.execute(sql, args).rowcount
        assert changed == 1, sql
    conn.commit()
    conn.close()


def assert_damaged_and_kept(path: Path, game_id: str, bystander: str, *words: str) -> str:
    """Opening the game fails with a message; the file is as it was; the other game plays on."""
    digest = file_digest(path)
    folder, _time = new_folder(path.parent.parent)
    with pytest.raises(GameDamaged) as damaged:
        folder.open(game_id)
    message = reason_of(damaged.value)
    assert game_id in message
    for word in words:
        assert re.search(word, message), f"{word!r} not in {message!r}"
    assert "Traceback" not in message
    listed = {g.id: g for g in folder.games()}
    assert set(listed) == {game_id, bystander}  # the damaged game is still listed
    assert file_digest(path) == digest  # never overwritten, not even by a look
    other = folder.open(bystander)
    other.submit({"do": "buy"}, "button")
    assert shown(other)["properties"]["whitechapel-road"]["owner"] == "Ann"
    with pytest.raises(GameDamaged):
        folder.open(game_id)  # still refused, still the same bytes
    assert file_digest(path) == digest
    folder.close()
    return message


def tamper_journal(path: Path, seq: int) -> None:
    """The same change in the journal's line for entry `seq`: damage that reached both records."""
    journal = path.with_suffix(".journal")
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(lines[seq])
    assert record["seq"] == seq
    record["line"] = record["line"].replace('"do"', '"do" ', 1)
    lines[seq] = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
    journal.write_text("".join(lines), encoding="utf-8")


def assert_repaired_and_kept(path: Path, game_id: str, bystander: str, *words: str,
                             rebuilt: bool = True) -> str:
    """Damage that only one record holds: the game opens whole (what replaying its commands
    gives), the repair is said, and a rebuilt file's damaged original is kept beside it."""
    digest = file_digest(path)
    before = replayed_from_journal(path)
    folder, _time = new_folder(path.parent.parent)
    store = folder.open(game_id)
    said = " ".join(worded(p) for p in store.repairs)
    assert game_id in said
    for word in words:
        assert re.search(word, said), f"{word!r} not in {said!r}"
    assert store.seq == before[0]
    assert shown(store) == replayed(store.script()) == before[1]
    assert_money_adds_up(store)
    if rebuilt:
        assert file_digest(path.with_name(path.name + ".damaged-1")) == digest
    other = folder.open(bystander)
    other.submit({"do": "buy"}, "button")
    folder.close()
    folder, _time = new_folder(path.parent.parent)
    assert folder.open(game_id).repairs == []  # put right once: agreed from then on
    folder.close()
    return said


def replayed_from_journal(path: Path) -> tuple[int, dict]:
    """(entries, the game its effective commands make), from the journal alone."""
    from companion.ledger.journal import read_journal

    folder, _time = new_folder(path.parent.parent)
    key = folder.key.chain
    folder.close()
    reading = read_journal(path.with_suffix(".journal"), key)
    assert reading is not None and reading.problem is None
    effective: list[str] = []
    redo: list[str] = []
    for entry in reading.entries:
        if entry.kind in ("new", "play", "redo"):
            effective.append(entry.line)
        elif entry.kind == "undo":
            for _ in range(json.loads(entry.line)["count"]):
                redo.append(effective.pop())
    return len(reading.entries), replayed(effective)


# ---- 3. tamper evidence ------------------------------------------------------------------------


@pytest.mark.parametrize("seq", [2, 17, 40])
def test_a_changed_entry_is_named_and_the_file_kept(tmp_path, seq):
    """Changed in both records: refused, named, and `companion recover` offered."""
    (victim, bystander), _script = two_games(tmp_path)
    path = tmp_path / "games" / f"{victim}.sqlite"
    tamper(path, ("UPDATE log SET line = replace(line, '\"do\"', '\"do\" ') WHERE seq = ?", (seq,)))
    tamper_journal(path, seq)
    message = assert_damaged_and_kept(path, victim, bystander, rf"\bentry {seq}\b")
    assert f"companion recover {victim}" in message
    doctor = Doctor(config=Config(), data_dir=tmp_path).check_games()
    assert doctor.level == "fail" and victim in doctor.message and bystander not in doctor.message
    assert f"companion recover {victim}" in doctor.fix
    assert_recovered(tmp_path, victim, good=max(seq - 1, 2), readable=40)  # a backup holds entry 2
    assert Doctor(config=Config(), data_dir=tmp_path).check_games().level == "ok"


def assert_recovered(data: Path, victim: str, good: int, readable: int) -> None:
    """`companion recover` makes a new game of the good entries and names the lost ones; the
    damaged game is archived as it was, and the new one plays on."""
    import contextlib
    import io

    from companion.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["recover", victim, "--data", str(data)]) == 0
    said = out.getvalue()
    lost = readable - good
    assert f"its first {good} entries" in said and f"Lost: {lost} entr" in said, said
    folder, _time = new_folder(data)
    assert victim in {g.id for g in folder.games(archived=True)}
    (new,) = [g for g in folder.games() if g.id in said]
    store = folder.open(new.id)
    assert store.repairs == []
    assert store.seq == good + 1  # and the entry that says where it came from
    assert json.loads(store.history()[-1].line)["recovered_from"] == victim
    assert shown(store) == replayed(store.script())
    assert_money_adds_up(store)
    folder.close()


@pytest.mark.parametrize("seq", [2, 17, 40])
def test_an_entry_changed_in_the_database_only_is_put_back_from_the_journal(tmp_path, seq):
    (victim, bystander), _script = two_games(tmp_path)
    path = tmp_path / "games" / f"{victim}.sqlite"
    tamper(path, ("UPDATE log SET line = replace(line, '\"do\"', '\"do\" ') WHERE seq = ?", (seq,)))
    assert_repaired_and_kept(path, victim, bystander, rf"\bentry {seq}\b", "rebuilt from the journal")


def test_a_changed_source_or_time_is_noticed_too(tmp_path):
    (victim, bystander), _script = two_games(tmp_path)
    path = tmp_path / "games" / f"{victim}.sqlite"
    tamper(path, ("UPDATE log SET source = 'banker' WHERE seq = 9 AND source != 'banker'", ()))
    assert_repaired_and_kept(path, victim, bystander, r"\bentry 9\b")


def test_a_deleted_entry_is_named_and_the_file_kept(tmp_path):
    (victim, bystander), _script = two_games(tmp_path)
    path = tmp_path / "games" / f"{victim}.sqlite"
    tamper(path, ("DELETE FROM log WHERE seq = ?", (12,)))
    assert_repaired_and_kept(path, victim, bystander, r"\bentry 12\b")


def test_a_deleted_last_entry_does_not_leave_the_money_wrong(tmp_path):
    """Bob's last rent payment is removed from the log: either the game is refused as damaged,
    or what it shows adds up; never a ledger whose transfers disagree with the balances."""
    folder, _time = new_folder(tmp_path)
    store = folder.create(START)
    for command in (ROLL, {"do": "buy"}, {"do": "end_turn"}, {"do": "roll", "dice": [1, 2]}):
        store.submit(command, "reader")  # the last one: Bob pays Ann 4 rent
    game_id, last = store.game_id, store.seq
    folder.close()
    path = tmp_path / "games" / f"{game_id}.sqlite"
    tamper(path, ("DELETE FROM log WHERE seq = ?", (last,)))
    digest = file_digest(path)
    folder, _time = new_folder(tmp_path)
    try:
        reopened = folder.open(game_id)
    except GameDamaged as damaged:
        assert game_id in str(damaged)
    else:
        assert_money_adds_up(reopened)
        assert reopened.seq == last  # put back from the journal
        path = path.with_name(path.name + ".damaged-1")  # the changed file, kept as it was
    folder.close()
    assert file_digest(path) == digest


def richer_snapshot(path: Path) -> tuple[int, str]:
    """The last snapshot of a game with Ann ten thousand richer: (its entry, the forged state)."""
    conn = sqlite3.connect(path)
    seq, text = conn.execute("SELECT seq, state FROM snapshots ORDER BY seq DESC LIMIT 1").fetchone()
    conn.close()
    forged = json.loads(text)
    forged["state"]["cash"][0] += 10_000  # Ann's cash, ten thousand richer
    return seq, json.dumps(forged)


def test_a_changed_snapshot_is_dropped_and_the_game_rebuilt_from_its_log(tmp_path):
    """A snapshot is a cache: a forged one (Ann richer) is dropped, never believed."""
    (victim, bystander), _script = two_games(tmp_path, commands=40, snapshot_every=5)
    path = tmp_path / "games" / f"{victim}.sqlite"
    seq, forged = richer_snapshot(path)
    tamper(path, ("UPDATE snapshots SET state = ? WHERE seq = ?", (forged, seq)))
    assert_repaired_and_kept(path, victim, bystander, "snapshot", rf"\bentry {seq}\b", "dropped",
                             rebuilt=False)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT COUNT(*) FROM snapshots WHERE seq = ?", (seq,)).fetchone() == (0,)
    conn.close()


def test_a_file_of_garbage_cannot_be_read_and_is_listed_as_damaged(tmp_path):
    (victim, bystander), _script = two_games(tmp_path)
    path = tmp_path / "games" / f"{victim}.sqlite"
    path.with_suffix(".journal").unlink()
    path.write_bytes(b"\x00\xffthis is not a game\n" * 300)
    for copy in (tmp_path / "backups" / victim).glob("*.sqlite"):
        copy.unlink()
    assert_damaged_and_kept(path, victim, bystander, "cannot be read")
    folder, _time = new_folder(tmp_path)
    listed = {g.id: g for g in folder.games()}
    assert listed[victim].status.startswith("damaged")
    assert listed[bystander].status == "playing"
    assert listed[bystander].players == ["Ann", "Bob", "Cat"]
    folder.close()


def test_a_truncated_file_is_refused_and_kept(tmp_path):
    (victim, bystander), _script = two_games(tmp_path, commands=300)
    path = tmp_path / "games" / f"{victim}.sqlite"
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert_repaired_and_kept(path, victim, bystander, "rebuilt from the journal")


def test_a_file_of_garbage_is_rebuilt_from_its_journal(tmp_path):
    (victim, bystander), _script = two_games(tmp_path)
    path = tmp_path / "games" / f"{victim}.sqlite"
    path.write_bytes(b"\x00\xffthis is not a game\n" * 300)
    assert_repaired_and_kept(path, victim, bystander, "cannot be", "rebuilt from the journal")


# ---- 8. faults ---------------------------------------------------------------------------------


def assert_untouched(store, before):
    seq, history, seen, balances = before
    assert store.seq == seq
    assert store.history() == history
    assert shown(store) == seen
    assert store.balances() == balances


def looking(store):
    return store.seq, store.history(), shown(store), store.balances()


def test_a_full_disk_refuses_the_command_and_the_game_goes_on_once_there_is_room(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:20], time)
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {pages}")
    refused = None
    for index in range(20, len(script)):
        before = looking(store)
        try:
            store.submit(script[index], "reader")
        except StorageFull as full:
            refused = index, full
            break
    assert refused is not None, "the disk never filled up"
    index, full = refused
    assert "storage is full" in reason_of(full)  # as the banker reads it
    assert_untouched(store, before)
    # The banker retries without freeing space: refused again, still nothing half-written.
    with pytest.raises(StorageFull):
        store.submit(script[index], "reader")
    assert_untouched(store, before)
    # Room is made: the very same command goes through and the game goes on.
    store.conn.execute("PRAGMA max_page_count = 1073741823")
    store.submit(script[index], "reader")
    submit_all(store, script[index + 1 : index + 30], time)
    assert shown(store) == replayed(script[: index + 30])
    assert_money_adds_up(store)
    game_id = store.game_id
    folder.close()
    again, _ = new_folder(tmp_path, time.now)
    assert shown(again.open(game_id)) == replayed(script[: index + 30])
    again.close()


def test_a_disk_that_keeps_filling_up_never_keeps_half_a_command(tmp_path):
    """Room for one page more at a time: the disk fills at every point of a command's writing
    (its entry, its transfers, a snapshot); each time all of it is refused, and a retry works."""
    folder, time = new_folder(tmp_path)
    script = recorded_game(6)
    store = folder.create(script[0])
    store.snapshot_every = 10
    limit = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {limit}")
    refusals = 0

    def until_stored(action):
        nonlocal limit, refusals
        while True:
            before = looking(store)
            try:
                return action()
            except StorageFull:
                refusals += 1
                assert_untouched(store, before)
                limit += 1  # the banker frees a little space and tries again
                store.conn.execute(f"PRAGMA max_page_count = {limit}")

    for index, command in enumerate(script[1:], start=1):
        until_stored(lambda command=command: store.submit(command, "reader"))
        if index % 10 == 0 and index > 150:
            until_stored(lambda: store.undo(2))
            until_stored(store.redo)
            until_stored(store.redo)
    assert refusals >= 10
    assert shown(store) == replayed(script)
    assert_money_adds_up(store)
    game_id = store.game_id
    folder.close()
    again, _ = new_folder(tmp_path, time.now)
    reopened = again.open(game_id)
    assert shown(reopened) == replayed(script)
    assert_money_adds_up(reopened)
    again.close()


def test_a_read_only_database_refuses_commands_undo_and_redo(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:30], time)
    store.undo(2)
    before = looking(store)
    store.conn.execute("PRAGMA query_only = 1")
    for attempt in (
        lambda: store.submit(script[28], "reader"),
        lambda: store.undo(1),
        lambda: store.redo(),
    ):
        with pytest.raises(StorageError) as refused:
            attempt()
        message = reason_of(refused.value)
        assert "cannot be written" in message or "read-only" in message or "readonly" in message
        assert isinstance(refused.value, StorageReadOnly)
        assert_untouched(store, before)
    store.conn.execute("PRAGMA query_only = 0")
    store.redo()
    store.redo()
    submit_all(store, script[30:50], time)
    assert shown(store) == replayed(script[:50])
    assert_money_adds_up(store)
    folder.close()


@pytest.fixture
def shared_dir():
    with reachable_by_others() as path:
        yield path


@pytest.mark.parametrize("made_read_only", ["the whole folder", "the games folder", "the game file"])
def test_a_read_only_folder_is_refused_with_a_clear_message(shared_dir, made_read_only):
    data = shared_dir / "data"
    folder, _time = new_folder(data)
    store = folder.create(START)
    store.submit(ROLL, "dice")
    game_id, before = store.game_id, shown(store)
    folder.close()
    game_file = data / "games" / f"{game_id}.sqlite"
    os.chmod(data, 0o777)
    os.chmod(data / "games", 0o777)
    os.chmod(data / "companion.lock", 0o666)
    os.chmod(game_file, 0o666)
    if made_read_only == "the whole folder":
        os.chmod(data / "companion.lock", 0o444)
        os.chmod(data, 0o555)
    if made_read_only in ("the whole folder", "the games folder"):
        os.chmod(data / "games", 0o555)
    os.chmod(game_file, 0o444)
    digest = file_digest(game_file)

    def check():
        report = {}
        try:
            folder = DataFolder(data)
            report["listed"] = [g.status for g in folder.games()]
            game = folder.open(game_id)
            report["opened"] = shown(game) == before
            game.submit({"do": "buy"}, "button")
            report["stored"] = True
        except LedgerError as refused:
            report["refused"] = type(refused).__name__
            report["message"] = reason_of(refused)
        return report

    status, report = as_another_user(check)
    assert status == CHILD_OK, report.get("traceback")
    assert "stored" not in report, report
    assert report["refused"] == "StorageReadOnly", report
    assert "cannot be written" in report["message"]
    assert all(not s.startswith("damaged") for s in report.get("listed", [])), report
    assert file_digest(game_file) == digest


LOCK_PROBE = textwrap.dedent(
    """
    import sys
    from companion.ledger import DataFolder, FolderLocked
    from companion.table.problem_words import reason_of
    try:
        folder = DataFolder(sys.argv[1])
    except FolderLocked as locked:
        print(reason_of(locked))  # as the daemon logs it
        print(reason_of(locked, "ru"))
        sys.exit(3)
    print("opened", [g.id for g in folder.games()])
    folder.close()
    """
)


def probe(path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-c", LOCK_PROBE, str(path)], env=env, capture_output=True, text=True, timeout=60
    )


def test_a_second_companion_process_is_refused_with_a_message(tmp_path):
    folder, _time = new_folder(tmp_path)
    store = folder.create(START)
    refused = probe(tmp_path)
    assert refused.returncode == 3, refused.stderr
    assert "another companion" in refused.stdout.lower()
    assert "уже использует другой компаньон" in refused.stdout
    assert "Traceback" not in refused.stderr
    # The first companion is not disturbed and goes on.
    store.submit(ROLL, "dice")
    assert shown(store)["players"][0]["position"] == 3
    folder.close()
    opened = probe(tmp_path)
    assert opened.returncode == 0, opened.stderr
    assert store.game_id in opened.stdout


def test_a_second_data_folder_in_the_same_process_is_refused_until_the_first_closes(tmp_path):
    folder, _time = new_folder(tmp_path)
    store = folder.create(START)
    with pytest.raises(FolderLocked) as locked:
        new_folder(tmp_path)
    assert "another companion" in reason_of(locked.value).lower()
    store.submit(ROLL, "dice")  # the holder still works
    folder.close()
    again, _time = new_folder(tmp_path)
    assert shown(again.open(store.game_id))["players"][0]["position"] == 3
    again.close()
