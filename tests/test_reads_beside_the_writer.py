"""Reads never hold up the writer, each sees one game from start to end, a long game is read a
page at a time, and nothing the table keeps grows with every command (issue 24, items 7-9)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from companion.hardware.gpio import STATES_KEPT, pin_factory
from companion.i18n import LANGUAGES
from companion.ledger.committed import CommittedRead
from companion.simulate.play import play_game
from companion.web.story.chronicle import KEEP, TAIL, Chronicle, Chronicles
from tests.test_daemon import Daemon, daemons  # noqa: F401 - the fixture
from tests.web_support import Rig

# slow: many games, processes or hypothesis examples (`make check` leaves it out)
pytestmark = pytest.mark.slow

PIN = "246810"
READS = ("/api/feed/ledger", "/api/history", "/api/chart", "/api/feed/log", "/api/log", "/api/feed")


def recorded(players: int, seed: int, **kwargs: Any) -> list[dict[str, Any]]:
    script = play_game(players, seed, record=True, **kwargs).script
    assert script is not None
    return script


# ---- one game per request, whatever the writer does --------------------------------------------

def test_pages_read_while_new_games_start_never_answer_500(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    """The attack: keep reading every whole-game page while the banker starts game after game (the
    old reads used the game's connection, closed under them: 500 "Cannot operate on a closed
    database")."""
    daemon: Daemon = daemons(tmp_path / "data", "--banker-pin", PIN, "--front", "none")
    daemon.serving_after(30)
    banker = {"X-Banker-Pin": PIN}
    stop = threading.Event()
    answers: list[tuple[str, int, Any]] = []

    def reader(n: int) -> None:
        while not stop.is_set():
            for path in READS:
                status, answer, _kind = daemon.request("GET", path)
                answers.append((path, status, answer))

    readers = [threading.Thread(target=reader, args=(n,)) for n in range(3)]
    for thread in readers:
        thread.start()
    started: list[str] = []
    try:
        for seed in range(12):
            script = recorded(4, seed)
            first = script[0]
            status, game = daemon.post("/api/games", {"players": first["players"], "seed": first["seed"]},
                                       headers=banker)
            assert status == 201, game
            started.append(game["game"])
            for command in script[1:25]:
                status, said = daemon.post("/api/commands", command, headers=banker)
                assert status == 200, said
    finally:
        stop.set()
        for thread in readers:
            thread.join(30)
    errors = [(path, status, answer) for path, status, answer in answers if status >= 500]
    assert errors == []
    # The control: the reads really ran across the games' changes (they saw most of the games).
    seen = {answer.get("game") for _path, status, answer in answers if status == 200}
    assert len(seen & set(started)) >= len(started) // 2, (seen, started)
    assert all(status == 200 for _path, status, _answer in answers)


def play(rig: Rig, commands: list[dict[str, Any]]) -> None:
    client = rig.banker()
    for command in commands:
        answer = client.post("/api/commands", json=command)
        assert answer.status_code == 200, answer.json


def test_a_read_in_progress_never_holds_up_the_writer_and_sees_one_seq(rig: Rig, monkeypatch: Any) -> None:
    """A History read is held half-way (as a slow page on a long game would be): a command is
    stored meanwhile, and the read still answers the game as it was when it began."""
    script = recorded(2, 3)
    rig.new_game(players=script[0]["players"], seed=script[0]["seed"], rules=script[0]["rules"], tokens={})
    play(rig, script[1:10])
    inside, release = threading.Event(), threading.Event()
    trail = CommittedRead.money_trail

    def held(self: CommittedRead, after: int, upto: int) -> list[dict[str, Any]]:
        inside.set()
        assert release.wait(30)
        return trail(self, after, upto)

    monkeypatch.setattr(CommittedRead, "money_trail", held)
    got: dict[str, Any] = {}
    reading = threading.Thread(target=lambda: got.update(rig.client().get("/api/history").json))
    reading.start()
    assert inside.wait(30)
    before = rig.client().get("/api/state").json["seq"]
    answer = rig.banker().post("/api/commands", json=script[10])  # stored while the read is held
    assert answer.status_code == 200 and answer.json["seq"] == before + 1
    release.set()
    reading.join(30)
    assert got["seq"] == before  # the read's game as it began: not the command stored meanwhile
    assert all(row["seq"] <= before for row in got["transfers"])
    monkeypatch.setattr(CommittedRead, "money_trail", trail)
    assert rig.client().get("/api/history").json["seq"] == before + 1  # the control: it is stored


# ---- paged reads -------------------------------------------------------------------------------

def pages(rig: Rig, path: str, key: str, limit: int) -> tuple[list[Any], int]:
    rows: list[Any] = []
    after, asked = 0, 0
    while True:
        answer = rig.client().get(f"{path}{'&' if '?' in path else '?'}after={after}&limit={limit}").json
        asked += 1
        rows += answer[key]
        assert answer["after"] == after and answer["next"] <= answer["seq"]
        after = answer["next"]
        if not answer["more"]:
            return rows, asked


def test_the_log_history_chart_and_worded_pages_come_a_window_at_a_time(rig: Rig) -> None:
    script = recorded(3, 4)
    rig.new_game(players=script[0]["players"], seed=script[0]["seed"], rules=script[0]["rules"], tokens={})
    play(rig, script[1:60])
    seq = rig.client().get("/api/state").json["seq"]
    for path, key in (("/api/log", "entries"), ("/api/history", "transfers"), ("/api/chart", "points"),
                      ("/api/feed/log", "entries"), ("/api/feed/ledger", "transfers"),
                      ("/api/history?player=Bob", "transfers")):
        whole, asked = pages(rig, path, key, 5000)
        paged, asked_paged = pages(rig, path, key, 7)
        assert asked == 1 and asked_paged == -(-seq // 7)  # the control: it really paged
        assert paged == whole and whole, path  # the same rows, balances included
    # A screen that has seq S asks for what came after: only that.
    last = rig.client().get(f"/api/feed/log?after={seq - 2}").json
    assert [e["seq"] for e in last["entries"]] == [seq - 1, seq] and last["more"] is False
    assert rig.client().get(f"/api/log?after={seq + 50}").json["entries"] == []
    bad = rig.client().get("/api/history?after=ten")
    assert bad.status_code == 400 and set(bad.json["words"]) == set(LANGUAGES)


def test_an_undo_is_told_to_a_screen_that_reads_only_what_came_after(rig: Rig) -> None:
    script = recorded(2, 5)
    rig.new_game(players=script[0]["players"], seed=script[0]["seed"], rules=script[0]["rules"], tokens={})
    play(rig, script[1:12])
    seq = rig.client().get("/api/state").json["seq"]
    assert rig.banker().post("/api/undo", json={"count": 2}).status_code == 200
    after = rig.client().get(f"/api/feed/log?after={seq}").json["entries"]
    assert [e["kind"] for e in after] == ["undo"] and after[0]["took_back"] == [seq - 1, seq]
    marked = rig.client().get("/api/feed/log").json["entries"]
    assert [e["seq"] for e in marked if e["undone"]] == [seq - 1, seq]


# ---- the chronicle of a long game -------------------------------------------------------------

class Reading:
    """A committed reading's window of entries, over a recorded script (no file needed)."""

    def __init__(self, lines: list[dict[str, Any]]) -> None:
        self.lines = [json.dumps(c) for c in lines]
        self.game_id = "long"
        self.seq = len(lines)
        self.read = 0

    def entries(self, after: int, upto: int) -> list[tuple[int, str, str, str, str]]:
        self.read += max(0, upto - after)
        return [(i + 1, "t", "script", "new" if i == 0 else "play", self.lines[i])
                for i in range(after, min(upto, self.seq))]


def test_a_long_game_is_worded_only_where_screens_look_and_kept_within_bounds() -> None:
    lines = recorded(8, 0, rules={"starting_cash": 10**7}, turn_cap=20_000)[:12_000]
    reading = Reading(lines)
    chronicles = Chronicles()
    current = chronicles.of(reading)  # the first feed after a start
    assert len(current.told) == TAIL and current.seen == len(lines)
    assert current.story(80)  # the feed's newest lines are there
    # An old page is worded by a cursor exactly as a chronicle of the whole game words it.
    whole = Chronicle("long")
    whole.update(Reading(lines[:2100]))
    old = chronicles.page(reading, 1000, 2000)
    assert [t.seq for t in old] == list(range(1001, 2001))
    assert [(t.text, t.money, t.items) for t in old] == [
        (t.text, t.money, t.items) for t in (whole.told[s] for s in range(1001, 2001))]
    # The next page goes on from the cursor: the file is not read again from its start.
    reading.read = 0
    chronicles.page(reading, 2000, 3000)
    assert reading.read == 1000
    assert len(whole.told) <= KEEP and len(current.told) <= KEEP
    for n in range(3 * KEEP // 1000):  # screens paging through the whole game keep it bounded
        chronicles.page(reading, n * 1000 % 11_000, n * 1000 % 11_000 + 1000)
    assert all(len(c.told) <= KEEP for c in [current, *chronicles._cursors.values()])
    assert len(chronicles._cursors) <= 2


# ---- nothing grows with every command ----------------------------------------------------------

def test_a_simulated_pin_keeps_only_its_newest_changes() -> None:
    pin = pin_factory("simulated").pin(17)
    longest = 0
    for n in range(5 * STATES_KEPT):
        pin.drive_high() if n % 2 == 0 else pin.drive_low()
        longest = max(longest, len(pin.states))
    assert longest > STATES_KEPT  # the control: it kept a history, and a long one
    assert len(pin.states) <= 2 * STATES_KEPT
    assert pin.states[-1].state is False and pin.states[-2].state is True


# ---- companion import ---------------------------------------------------------------------------

def test_import_stores_a_long_script_in_one_transaction_per_batch(rig: Rig, monkeypatch: Any) -> None:
    from companion.ledger import opening, script_import
    from companion.ledger.schema import line_of

    commits: list[str] = []
    connect = opening.connect

    def traced(path: Path) -> Any:
        conn = connect(path)
        conn.set_trace_callback(lambda sql: commits.append(sql) if sql.strip().upper() == "COMMIT" else None)
        return conn

    monkeypatch.setattr(opening, "connect", traced)
    lines = recorded(8, 0, rules={"starting_cash": 10**7}, turn_cap=20_000)[:2500]
    store, rejected = rig.table.folder.import_script([json.dumps(c) for c in lines])
    assert rejected == [] and store.script() == [line_of(c) for c in lines]
    batches = -(-(len(lines) - 1) // script_import.IMPORT_BATCH)
    assert len(commits) <= batches + 3  # creating (2), the import note, then one per batch
    assert len(commits) >= batches  # the control: it committed, batch by batch
    # Stored for good: the file read afresh holds every command.
    with CommittedRead(store.path, store.game_id) as reading:
        assert reading.seq == len(lines) + 0 and reading.players == lines[0]["players"]

