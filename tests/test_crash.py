"""The crash test of the durable ledger (issue 4, point 9): SIGKILL a writer at random moments.

A writer process (forked, so a round costs milliseconds) opens the data folder, creates the game
from a recorded simulated game's new_game line or resumes it, and submits the recorded commands in
order, now and then undoing the last one and redoing it. Around every write it tells the parent,
through a pipe, what it is about to store ("I seq length") and, once the store has returned, what
is stored for good ("A seq length"): `seq` is the log entry, `length` the number of effective
commands (store.script()). The parent kills it with SIGKILL, after a random number of
acknowledgements plus a random sub-millisecond wait (so kills land inside transactions, snapshot
writes, undos and redos) or a random few milliseconds after the fork (so they land while the game
is being created or opened), then reopens the folder itself and checks that:

- the game opens (a half-written entry would fail the hash chain or the rebuild);
- what is stored is exactly what was acknowledged, or the one write in flight (see `check`);
- the effective commands are exactly the first `length` recorded lines, and the stored game is
  what `companion replay` makes of them (printed state and full engine snapshot);
- the transfers table alone gives every player's cash and the Free Parking pot.

The same game goes on across the kills: the next writer resumes where the stored script ends, so
kills also hit freshly reopened games. Snapshots are taken every 7 commands so kills hit those too.
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import sqlite3
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.ledger import DataFolder, GameDamaged
from companion.ledger.schema import line_of
from companion.replay import replay
from companion.rules import restore, snapshot, state
from companion.simulate.play import play_game

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

SNAPSHOT_EVERY = 7
WAIT = 20.0  # seconds the parent waits for a writer's next message before calling it hung


def recorded(players: int, seed: int, rules: dict[str, object]) -> list[str]:
    result = play_game(players, seed, rules=rules, turn_cap=400, record=True)
    assert result.script is not None
    return [line_of(command) for command in result.script]


# ---- the writer (runs in the forked child, never returns) --------------------------------------


def writer(folder_path: Path, lines: list[str], out: int, seed: int, undo_rate: float) -> None:
    """Store `lines` into the folder's one game, telling `out` before and after every write."""
    status = 1
    try:
        rng = random.Random(seed)

        def say(kind: str, seq: int, length: int) -> None:
            os.write(out, f"{kind} {seq} {length}\n".encode())  # unbuffered: on the pipe at once

        # The child's own lock and its own SQLite connection, opened here, after the fork.
        folder = DataFolder(folder_path)
        existing = sorted((folder_path / "games").glob("*.sqlite"))
        if existing:
            store = folder.open(existing[0].stem)
        else:
            say("I", 1, 1)
            store = folder.create(json.loads(lines[0]))
            say("A", store.seq, len(store.effective))
        store.snapshot_every = SNAPSHOT_EVERY
        while True:
            length = len(store.effective)
            if store.redo_stack and rng.random() < 0.5:
                # A previous writer was killed between an undo and its redo: redo it now.
                assert store.redo_stack == [lines[length]], "the redo stack is not the undone line"
                say("I", store.seq + 1, length + 1)
                receipt = store.redo()
                say("A", receipt.seq, len(store.effective))
                continue
            if length < len(lines):
                say("I", store.seq + 1, length + 1)
                receipt = store.submit(json.loads(lines[length]))
                say("A", receipt.seq, len(store.effective))
            elif not undo_rate:
                break
            if undo_rate and len(store.effective) > 1 and (
                length == len(lines) or rng.random() < undo_rate
            ):
                length = len(store.effective)
                say("I", store.seq + 1, length - 1)
                receipt = store.undo(1)
                say("A", receipt.seq, len(store.effective))
                say("I", store.seq + 1, length)
                receipt = store.redo()
                say("A", receipt.seq, len(store.effective))
        os.write(out, b"done\n")
        status = 0
    except BaseException:
        os.write(out, ("error " + traceback.format_exc().replace("\n", "\\n") + "\n").encode())
    finally:
        os._exit(status)  # never back into pytest; the kernel drops the lock and the connection


# ---- the parent --------------------------------------------------------------------------------


@dataclass
class Round:
    acked: tuple[int, int] | None  # (seq, length) last acknowledged, None before the game exists
    in_flight: tuple[int, int] | None  # (seq, length) announced and not acknowledged, if any
    done: bool
    how: str


def kill_round(folder_path: Path, lines: list[str], child_seed: int, undo_rate: float,
               acked: tuple[int, int] | None, after: str | None, count: int, delay: float) -> Round:
    """Fork a writer, kill it at a chosen moment, and read everything it said before it died.

    The kill comes `delay` seconds after the writer's `count`-th message starting with `after`
    ("A" for acknowledgements, "I" for announcements), or after the fork when `after` is None.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the writer
        os.close(read_end)
        writer(folder_path, lines, write_end, child_seed, undo_rate)
    os.close(write_end)
    buffer = b""
    eof = False

    def read_more() -> None:
        nonlocal buffer, eof
        ready, _, _ = select.select([read_end], [], [], WAIT)
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read_end)
            pytest.fail(f"the writer said nothing for {WAIT} s; it was killed")
        data = os.read(read_end, 65536)
        buffer += data
        eof = not data

    if after is None:
        how = f"{delay * 1e6:.0f} us after the fork"
    else:
        marker = b"\n" + after.encode() + b" "
        while (b"\n" + buffer).count(marker) < count and not eof \
                and b"done" not in buffer and b"error" not in buffer:
            read_more()
        how = f"{delay * 1e6:.0f} us after message {after!r} {count}"
    deadline = time.perf_counter() + delay
    while time.perf_counter() < deadline:  # a busy wait: sleep() is too coarse for this
        pass
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    while not eof:  # what it wrote before it died is still in the pipe
        read_more()
    os.close(read_end)

    text = buffer.decode()
    assert "error" not in text, text[text.index("error"):].replace("\\n", "\n")
    in_flight = None
    for message in text.splitlines():
        kind, *numbers = message.split()
        if kind == "done":
            continue
        seq, length = int(numbers[0]), int(numbers[1])
        if kind == "I":
            in_flight = (seq, length)
        else:
            assert in_flight == (seq, length), f"acknowledged {message!r}, announced {in_flight}"
            acked, in_flight = (seq, length), None
    return Round(acked, in_flight, "done" in text, how)


def check(folder_path: Path, lines: list[str], result: Round) -> tuple[int, int] | None:
    """Reopen the folder as the next companion would; what it holds must be what was told.

    The writer tells the parent only after `submit` (or `undo`, `redo`) has returned, i.e. after
    the commit. A kill can land after the commit and before the acknowledgement reaches the pipe,
    so the stored game may hold exactly one entry more than was acknowledged: the one announced
    and in flight. Exactly these two are accepted; anything else is a lost or invented command.
    """
    files = sorted((folder_path / "games").glob("*.sqlite"))
    allowed = {result.acked, result.in_flight} - {None}
    if not files:
        assert result.acked is None, f"the game file is gone ({result.how})"
        return None
    assert len(files) == 1, files
    with DataFolder(folder_path) as folder:
        try:
            store = folder.open(files[0].stem)  # verifies the file, the chain and the snapshots
        except GameDamaged as damaged:
            if result.acked is not None:
                raise
            # GameStore.create writes the schema, then the new_game entry, in two transactions
            # straight into games/<id>.sqlite: a kill before the second commit leaves a game file
            # that is listed but cannot be opened (a half-written new_game).
            pytest.fail(f"killed while the game was created ({result.how}), the folder holds a "
                        f"game that cannot be opened: {damaged.reason}")
        stored = (store.seq, len(store.effective))
        assert stored in allowed, (
            f"stored {stored}, acknowledged {result.acked}, in flight {result.in_flight} "
            f"(killed {result.how})"
        )
        length = stored[1]
        script = store.script()
        assert script == lines[:length]
        if store.redo_stack:
            assert store.redo_stack == [lines[length]]
        expected = replay(script)
        assert not expected.rejected
        assert state(store.game) == state(expected.game)
        assert snapshot(store.game) == snapshot(expected.game)
        # Money conservation from the transfers table alone.
        balances = store.balances()
        for seat, name in enumerate(store.game.names):
            assert balances.get(name, 0) == store.game.cash[seat], name
        assert balances.get("pot", 0) == store.game.pot
        assert sum(balances.values()) == 0
        # Nothing hangs off an entry that is not in the log.
        orphans = store.conn.execute(
            "SELECT (SELECT COUNT(*) FROM transfers WHERE seq > ?) + "
            "(SELECT COUNT(*) FROM snapshots WHERE seq > ?)", (store.seq, store.seq),
        ).fetchone()[0]
        assert orphans == 0
        status = folder.games()[0].status
        assert status.startswith("over") if store.game.over else status == "playing", status
    return stored


def check_snapshots(folder_path: Path, lines: list[str]) -> int:
    """Every snapshot written under fire restores the game it names (all are of prefixes here)."""
    (path,) = (folder_path / "games").glob("*.sqlite")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT length, state FROM snapshots ORDER BY length").fetchall()
    finally:
        conn.close()
    game = replay(lines[:1]).game
    applied = 1
    for length, stored in rows:
        for line in lines[applied:length]:
            game.apply(json.loads(line))
        applied = length
        assert snapshot(restore(json.loads(stored))) == snapshot(game), f"snapshot at {length}"
    return len(rows)


CASES = {
    # name: (players, game seed, house rules, undo rate, kills, most acknowledgements before one)
    "plain": (4, 3, {"starting_cash": 5000}, 0.0, 60, 12),
    "pot-undo": (4, 1, {"starting_cash": 5000, "free_parking_pot": True}, 0.15, 60, 12),
    "short-game-to-its-end": (3, 4, {"starting_cash": 300, "free_parking_pot": True}, 0.1, 60, 24),
    "eight-players-undo": (8, 2, {}, 0.3, 60, 8),
}


@pytest.mark.parametrize("name", CASES)
def test_killed_writer_loses_nothing_acknowledged(tmp_path: Path, name: str) -> None:
    players, game_seed, rules, undo_rate, kills, max_acks = CASES[name]
    lines = recorded(players, game_seed, rules)
    rng = random.Random(f"crash-{name}")
    acked: tuple[int, int] | None = None
    finished = False
    for _ in range(kills):
        child_seed = rng.randrange(2**32)
        if acked is None:
            # The first writer is let create the game (kills while creating: the test below).
            after, count, delay = "A", 1, rng.uniform(0, 0.001)
        elif rng.random() < 0.2:
            # While the game is being opened and rebuilt, or just after.
            after, count, delay = None, 0, rng.uniform(0, 0.006)
        else:
            # Just after an acknowledgement: inside the next commits, snapshots, undos and redos.
            after, count, delay = "A", rng.randint(0, max_acks), rng.uniform(0, 0.001)
        result = kill_round(tmp_path, lines, child_seed, undo_rate, acked, after, count, delay)
        acked = check(tmp_path, lines, result)  # what is stored is what the next writer resumes
        finished = finished or result.done or (acked is not None and acked[1] == len(lines))
    assert acked is not None and acked[1] > 1
    assert check_snapshots(tmp_path, lines) >= 1
    if name == "short-game-to-its-end":
        assert finished, "the game never reached its end; raise the acknowledgements per round"


def test_killed_while_creating_a_game(tmp_path: Path) -> None:
    """Kills while a game is being created: afterwards there is no game, or the complete new one."""
    lines = recorded(2, 0, {})[:3]
    rng = random.Random("crash-create")
    failures = []
    for number in range(40):
        # Within 8 ms of the writer announcing the new game: creating it takes about 6 ms here.
        result = kill_round(tmp_path / str(number), lines, rng.randrange(2**32), 0.0, None,
                            "I", 1, rng.uniform(0, 0.008))
        try:
            check(tmp_path / str(number), lines, result)
        except pytest.fail.Exception as failed:
            failures.append(str(failed))
    assert not failures, f"{len(failures)} of 40 kills: {failures[0]}"


def test_killed_while_backing_up_leaves_no_broken_backup(tmp_path: Path) -> None:
    """The first command of a game makes its daily backup; kills during it leave no broken copy.

    A backup that was cut short must not stay under a backup's name: it would hold one of the 7
    places and, by its time stamp, count as the day's backup, so no good one would be made.
    """
    lines = recorded(2, 0, {})[:3]
    rng = random.Random("crash-backup")
    broken = []
    for number in range(40):
        folder_path = tmp_path / str(number)
        # Just after the first command is announced: its commit, then the backup.
        result = kill_round(folder_path, lines, rng.randrange(2**32), 0.0, None,
                            "I", 2, rng.uniform(0, 0.004))
        check(folder_path, lines, result)
        for path in sorted((folder_path / "backups").rglob("*.sqlite")):
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                conn.execute("SELECT COUNT(*) FROM log").fetchone()
            except sqlite3.Error as exc:
                broken.append(f"{path.name} ({path.stat().st_size} bytes): {exc}")
            finally:
                conn.close()
    assert not broken, f"{len(broken)} backups cut short kept under a backup's name: {broken[:3]}"
