"""Shared pieces of the ledger tests: a clock the test turns, recorded games, what a player sees."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.ledger import Clock, DataFolder, GameStore
from companion.replay import replay
from companion.rules import Rejected, state
from companion.simulate.play import play_game
from tests.clocks import FakeClock
from tests.driver import blocking_candidates

# 1 March 2026, noon: a plausible evening at the table, after the clock floor of 2026-01-01.
MARCH = datetime(2026, 3, 1, 12, 0, tzinfo=UTC).timestamp()
START = {"do": "new_game", "players": ["Ann", "Bob", "Cat"], "seed": 7}
# Who tells the bank what, by kind of command: the dice unit rolls, the buttons buy, the tablet bids.
SOURCE_OF = {"roll": "dice", "buy": "button", "decline": "button", "bid": "tablet", "pass": "tablet"}
FALLBACK_SOURCES = ("reader", "banker", "tablet", "button")


def fake_clock(ts: float = MARCH) -> tuple[Clock, FakeClock]:
    time = FakeClock(ts)
    return Clock(system=time), time


def recorded_game(seed: int, players: int = 4) -> list[dict[str, Any]]:
    """A whole bot game as commands, from new_game to the last bankruptcy."""
    script = play_game(players, seed, record=True).script
    assert script is not None
    return [json.loads(json.dumps(c)) for c in script]


def source_for(command: dict[str, Any], index: int) -> str:
    return SOURCE_OF.get(command["do"], FALLBACK_SOURCES[index % len(FALLBACK_SOURCES)])


def submit_all(store: GameStore, commands: list[dict[str, Any]], time: FakeClock | None = None) -> None:
    for index, command in enumerate(commands):
        if time is not None:
            time.advance(1.5)
        store.submit(command, source_for(command, index))


def shown(store: GameStore) -> dict[str, Any]:
    """What the table sees of a stored game."""
    return state(store.game)


def replayed(lines: list[str] | list[dict[str, Any]]) -> dict[str, Any]:
    """The printed state `companion replay` gives for these commands (none of them refused)."""
    texts = [line if isinstance(line, str) else json.dumps(line) for line in lines]
    result = replay(texts)
    assert result.rejected == [], result.rejected
    return state(result.game)


def cash(store: GameStore) -> dict[str, int]:
    return dict(zip(store.game.names, store.game.cash, strict=True))


def assert_money_adds_up(store: GameStore) -> None:
    """The transfers table alone gives every player's cash and the Free Parking pot."""
    balances = store.balances()
    for name, amount in cash(store).items():
        said = balances.get(name, 0)
        assert said == amount, f"{name}: the transfers say {said}, the cash is {amount}"
    assert balances.get("pot", 0) == store.game.pot
    assert sum(balances.values()) == 0  # double entry: every pound came from somewhere


def play_on(store: GameStore, count: int, seed: int) -> list[dict[str, Any]]:
    """Play `count` more legal commands chosen at random (as a table might); returns them."""
    rng = random.Random(seed)
    played = []
    for _ in range(count):
        if store.game.over:
            break
        candidates = blocking_candidates(store.game)
        rng.shuffle(candidates)
        for command in candidates:
            try:
                store.submit(command, "reader")
            except Rejected:
                continue
            played.append(command)
            break
        else:
            raise AssertionError("no legal command found")
    return played


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def new_folder(path: Path, ts: float = MARCH) -> tuple[DataFolder, FakeClock]:
    clock, time = fake_clock(ts)
    return DataFolder(path, clock), time


# ---- as another user: root's writes are not stopped by file modes ------------------------------

CHILD_OK, CHILD_CRASHED = 0, 1
NOBODY = 65534


def as_another_user(check: Callable[[], Any]) -> tuple[int, Any]:
    """Run check() in a child process that cannot override file permissions (root drops to
    nobody); returns its exit status and what it reported. A crash shows as a traceback."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        status = CHILD_OK
        try:
            os.close(read)
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(NOBODY)
                os.setuid(NOBODY)
            report = check()
        except BaseException:
            report = {"traceback": traceback.format_exc()}
            status = CHILD_CRASHED
        os.write(write, json.dumps(report).encode())
        os.close(write)
        os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    _pid, wait_status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(wait_status), json.loads(data or b"{}")


def companion_as_another_user(*argv: str) -> tuple[int, str, str]:
    """`companion ARGV` run as nobody (the real command's code, in a forked child): its exit
    status and what it printed. An uncaught exception shows as a traceback."""
    # Imported here, as root: nobody cannot read this Python's own library to import anything.
    import waitress  # noqa: F401 - `companion run` imports it late

    import companion.daemon  # noqa: F401
    from companion.cli import main

    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:

        def run() -> int:
            sys.stdout = os.fdopen(os.dup(out.fileno()), "w")
            sys.stderr = os.fdopen(os.dup(err.fileno()), "w")
            logging.root.handlers.clear()  # as in a fresh process: pytest's own handlers gone
            try:
                code = main(list(argv))
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 2
            except BaseException:
                traceback.print_exc()
                code = 99
            sys.stdout.flush()
            sys.stderr.flush()
            return code

        status, code = as_another_user(run)
        assert status == CHILD_OK, code
        out.seek(0)
        err.seek(0)
        return code, out.read(), err.read()


@contextmanager
def reachable_by_others() -> Iterator[Path]:
    """A temporary folder another user can reach (pytest's own tmp folders are private to us)."""
    with tempfile.TemporaryDirectory(prefix="companion-ro-") as name:
        os.chmod(name, 0o755)
        yield Path(name)
        for root, dirs, files in os.walk(name):  # make it removable again
            for entry in dirs + files:
                os.chmod(os.path.join(root, entry), 0o755)
