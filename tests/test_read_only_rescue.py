"""Read-only rescue (issue 11): a failing SD card is remounted read-only, and `companion games`,
`history` and `export` must still get the games off it, writing nothing at all there, while
`import`, `undo` and `run` refuse in one line.

The tests run as root, whom file modes do not stop, so each command runs as the user nobody
(the real `companion` code in a forked child that dropped its privileges) on a folder that
nobody owns and that is made read-only (folders 0555, files 0444, the key 0400): to nobody it
is what a read-only mount is to the service. A game left by a crash with its last commands only
in its WAL is rescued too, with its -shm index and without (then copied, read, and let go).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from companion.ledger import DataFolder
from tests.ledger_support import (
    NOBODY,
    START,
    companion_as_another_user,
    new_folder,
    reachable_by_others,
    replayed,
    submit_all,
)

PLAYED = [{"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
          {"do": "roll", "dice": [1, 2]}]
CRASHED = [{"do": "roll", "dice": [3, 4]}, {"do": "end_turn"}, {"do": "roll", "dice": [5, 5]}]


def crash_while_playing(data: Path) -> str:
    """A companion that stores CRASHED and dies (kill -9 or a power cut): no checkpoint, so
    the commands are in the game's -wal only. Returns the game's id."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            folder = DataFolder(data)
            store = folder.create({**START, "seed": 8})
            for command in CRASHED:
                store.submit(command, "dice")
            os.write(write, store.game_id.encode())
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    with os.fdopen(read) as pipe:
        game_id = pipe.read()
    _pid, wait = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(wait) == 0
    return game_id


def make_read_only(data: Path) -> None:
    """Hand the folder to nobody and take its right to write away, as a read-only mount does."""
    for root, dirs, files in os.walk(data):
        os.chown(root, NOBODY, NOBODY)
        os.chmod(root, 0o555)
        for name in files:
            path = os.path.join(root, name)
            os.chown(path, NOBODY, NOBODY)
            os.chmod(path, 0o400 if name == "table.key" else 0o444)
        del dirs


def tree(data: Path) -> dict[str, tuple[int, int, str]]:
    """Every file under the folder: its size, modification time and digest."""
    seen = {}
    for root, _dirs, files in os.walk(data):
        for name in files:
            path = Path(root) / name
            info = path.stat()
            seen[str(path.relative_to(data))] = (
                info.st_size, info.st_mtime_ns, hashlib.sha256(path.read_bytes()).hexdigest())
    return seen


@pytest.fixture(params=["with its -shm", "its -shm lost"])
def failed_card(request):
    """A read-only data folder: a finished-with game, and a game a crash left in its WAL."""
    with reachable_by_others() as root:
        data = root / "data"
        folder, time = new_folder(data)
        closed = folder.create(START)
        submit_all(closed, PLAYED, time)
        closed_id = closed.game_id
        folder.close()
        crashed_id = crash_while_playing(data)
        wal = data / "games" / f"{crashed_id}.sqlite-wal"
        assert wal.stat().st_size > 0
        if request.param == "its -shm lost":
            (data / "games" / f"{crashed_id}.sqlite-shm").unlink()
        rescued = root / "rescued"
        rescued.mkdir()
        os.chmod(rescued, 0o777)
        make_read_only(data)
        yield data, rescued, closed_id, crashed_id


def test_games_history_and_export_rescue_every_game_and_write_nothing(failed_card):
    data, rescued, closed_id, crashed_id = failed_card
    before = tree(data)

    code, out, err = companion_as_another_user("games", "--data", str(data), "--json")
    assert code == 0, err
    listed = {g["id"]: g["status"] for g in json.loads(out)}
    assert set(listed) == {closed_id, crashed_id}
    assert all(status.startswith("playing") and "read-only" in status for status in listed.values())

    code, out, err = companion_as_another_user("history", "--data", str(data), crashed_id)
    assert code == 0, err
    assert [json.loads(line.split(None, 4)[4]) for line in out.splitlines()[1:]] == CRASHED

    for game_id, script in ((closed_id, [START, *PLAYED]), (crashed_id, [{**START, "seed": 8}, *CRASHED])):
        target = rescued / f"{game_id}.jsonl"
        code, _out, err = companion_as_another_user("export", "--data", str(data), game_id,
                                                    "-o", str(target))
        assert code == 0, err
        assert [json.loads(line) for line in target.read_text().splitlines()] == script
        assert replayed(script)  # a table script `companion replay` plays
        code, out, err = companion_as_another_user("verify", "--data", str(data), str(target))
        assert code == 0 and "signed by this table" in out, out + err

    assert tree(data) == before  # not a byte written: no lock, no -shm, no checkpoint


def test_import_undo_and_run_refuse_in_one_line(failed_card):
    data, rescued, closed_id, _crashed_id = failed_card
    script = rescued / "script.jsonl"
    script.write_text(json.dumps(START) + "\n")
    before = tree(data)
    for argv in (["import", "--data", str(data), str(script)],
                 ["undo", "--data", str(data), closed_id],
                 ["run", "--simulate", "--data", str(data), "--port", "0"]):
        code, out, err = companion_as_another_user(*argv)
        assert code == 1, (argv, out, err)
        assert len(err.strip().splitlines()) == 1 and "cannot be written" in err, (argv, err)
        assert "Traceback" not in err
    assert tree(data) == before
    shutil.rmtree(rescued / "__pycache__", ignore_errors=True)


def test_history_and_export_read_beside_a_running_companion(tmp_path, capsys):
    from companion.cli import main

    folder, time = new_folder(tmp_path)  # the running companion holds the folder
    store = folder.create(START)
    submit_all(store, PLAYED[:2], time)
    assert main(["history", "--data", str(tmp_path), store.game_id]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
    submit_all(store, PLAYED[2:], time)  # it plays on, undisturbed
    out = tmp_path / "now.jsonl"
    assert main(["export", "--data", str(tmp_path), store.game_id, "-o", str(out)]) == 0
    assert [json.loads(line) for line in out.read_text().splitlines()] == [START, *PLAYED]
    folder.close()


def test_the_doctor_names_the_read_only_folder_in_the_terminals_language(failed_card, monkeypatch):
    data, _rescued, closed_id, _crashed_id = failed_card
    games = data / "games"
    for lang, said in (("en_GB.UTF-8", f"Game {closed_id} is read-only: its folder {games} cannot be "
                                       "written by nobody (owner nobody, mode 555)"),
                       ("ru_RU.UTF-8", f"Игра {closed_id} только для чтения: nobody не может писать в её "
                                       f"папку {games} (владелец nobody, права 555)")):
        monkeypatch.setenv("LANG", lang)
        monkeypatch.delenv("LC_ALL", raising=False)
        monkeypatch.delenv("LC_MESSAGES", raising=False)
        code, out, err = companion_as_another_user("doctor", "--simulate", "--no-sound", "--data", str(data))
        assert code == 1, err
        line = next(line for line in out.splitlines() if line.startswith("fail  games"))
        assert said in line, line
        assert f"sudo chown nobody: {games}" in out  # the fix, a command in every language
