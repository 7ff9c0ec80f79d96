"""The real daemon through a power cut (issue 24, points 1 and 6): `companion run --simulate` is
killed with SIGKILL during play, the last 4 KB of the game's -wal are cut (the card lost its last
writes), and the restarted daemon resumes the game a command was last stored in (not the newest
created) with every acknowledged command, and says what it put back; the doctor named it first."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import pytest

from companion.doctor import Doctor
from companion.ledger import DataFolder
from companion.ledger.recovery import read_database
from tests.test_daemon import daemons  # noqa: F401 - the fixture
from tests.web_support import BANKER, NEW_GAME, PIN

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

PLAY = [{"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
        {"do": "roll", "dice": [1, 2]}, {"do": "end_turn"}, {"do": "roll", "dice": [2, 4]},
        {"do": "decline"}, {"do": "end_turn"}]


def test_a_killed_daemon_with_a_cut_wal_resumes_the_game_being_played_whole(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811 - the fixture
    data = tmp_path / "data"
    daemon = daemons(data, "--banker-pin", PIN)
    daemon.serving_after(timeout=60.0)
    status, first = daemon.post("/api/games", NEW_GAME, headers=BANKER)
    assert status == 201, first
    played = first["game"]
    status, newer = daemon.post("/api/games", {**NEW_GAME, "players": ["Cat", "Dan"],
                                               "tokens": {"Cat": "car", "Dan": "dog"}}, headers=BANKER)
    assert status == 201, newer
    assert daemon.post(f"/api/games/{played}/open", headers=BANKER)[0] == 200
    acked = 1
    for body in PLAY:  # the older game is the one being played
        status, answer = daemon.post("/api/commands", body, headers=BANKER)
        if status == 200:
            acked = answer["seq"]
    assert acked >= 6, acked
    daemon.proc.send_signal(signal.SIGKILL)
    daemon.proc.wait(10)

    game = data / "games" / f"{played}.sqlite"
    wal = game.with_name(game.name + "-wal")
    assert wal.stat().st_size > 2 * 4096
    wal.write_bytes(wal.read_bytes()[:-4096])
    key = DataFolder(data, read_only=True).key
    assert key is not None
    held = len(read_database(game, key.chain).entries)
    assert held < acked, (held, acked)  # the cut really took acknowledged commands from SQLite
    finding = Doctor(config=None, data_dir=data).check_games()  # type: ignore[arg-type]
    assert finding.level == "warn" and played in finding.message and "lacks" in finding.message

    again = daemons(data)
    again.serving_after(timeout=60.0)
    state = again.get("/api/state")
    assert state["game"] == played and state["seq"] == acked, (state["game"], state["seq"], acked)
    (row,) = [g for g in again.get("/api/games")["games"] if g["id"] == played]
    assert row["condition"] == "repaired", row
    assert any("put back from the journal" in p["words"]["en"] for p in row["problems"]), row
    assert any("восстановлено из журнала" in p["words"]["ru"] for p in row["problems"]), row
    assert "put back from the journal" in again.stderr
    status, _took = again.stop()
    assert status == 0 and "Traceback" not in again.stderr
