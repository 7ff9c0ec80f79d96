"""The durable ledger (issue 4), as the table sees it: games kept across restarts, every pound
accounted for in the transfers, undo with a trace, several games, export and import, time as best
known, backups. Tamper evidence and faults (disk full, read-only, two companions) are in
test_ledger_faults.py; the SIGKILL crash test and the benchmarks are elsewhere.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from datetime import datetime

import pytest

from companion.ledger import Clock, DataFolder, GameNotFound, GameStore
from companion.ledger.export import export_csv, export_jsonl
from companion.replay import replay
from companion.rules import Malformed, Rejected, state
from companion.simulate.play import play_game
from tests.ledger_support import (
    MARCH,
    START,
    assert_money_adds_up,
    cash,
    new_folder,
    play_on,
    recorded_game,
    replayed,
    shown,
    submit_all,
)

ROLL_TO_WHITECHAPEL = {"do": "roll", "dice": [1, 2]}


def when(text: str) -> float:
    """A stored time (ISO 8601, UTC) as a timestamp."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def script_lines(store: GameStore) -> list[dict]:
    return [json.loads(line) for line in store.script()]


# ---- 1. storage --------------------------------------------------------------------------------


def test_a_reopened_game_shows_the_same_state_and_sequence(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)
    store = folder.create(script[0], source="banker")
    submit_all(store, script[1:200], time)
    before, seq, game_id = shown(store), store.seq, store.game_id
    assert seq == 200
    folder.close()

    again, _ = new_folder(tmp_path, time.now)
    reopened = again.open(game_id)
    assert reopened.seq == 200
    assert shown(reopened) == before
    assert shown(reopened) == replayed(script[:200])
    # ... and the game goes on where it stopped.
    submit_all(reopened, script[200:], time)
    assert shown(reopened) == replayed(script)
    again.close()


def test_every_entry_keeps_its_time_its_source_and_the_command_as_a_script_line(tmp_path):
    folder, time = new_folder(tmp_path)
    store = folder.create(START, source="banker")
    played = [
        (ROLL_TO_WHITECHAPEL, "dice"),
        ({"do": "buy"}, "button"),
        ({"do": "end_turn"}, "tablet"),
        ({"do": "roll", "dice": [1, 2]}, "dice"),  # Bob pays Ann rent
        ({"do": "end_turn", "player": "Bob"}, "reader"),
        ({"do": "roll", "dice": [3, 4]}, "dice"),
    ]
    stamps = [MARCH]
    for command, source in played:
        time.advance(42.5)
        stamps.append(time.now)
        store.submit(command, source)
    folder.close()

    again, _ = new_folder(tmp_path, time.now)
    history = again.open(store.game_id).history()
    assert [e.seq for e in history] == list(range(1, 8))
    assert [e.kind for e in history] == ["new"] + ["play"] * 6
    assert [e.source for e in history] == ["banker", "dice", "button", "tablet", "dice", "reader", "dice"]
    assert [json.loads(e.line) for e in history] == [START] + [c for c, _s in played]
    for entry, stamp in zip(history, stamps, strict=True):
        assert when(entry.time) == pytest.approx(stamp, abs=0.001)
    again.close()


def test_the_game_file_is_written_ahead_with_a_full_sync(tmp_path):
    folder, _time = new_folder(tmp_path)
    store = folder.create(START)
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    store.submit(ROLL_TO_WHITECHAPEL, "dice")
    folder.close_game(store.game_id)
    reopened = folder.open(store.game_id)
    assert reopened.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert reopened.conn.execute("PRAGMA synchronous").fetchone()[0] == 2
    folder.close()


@pytest.mark.parametrize(
    ("command", "error", "words"),
    [
        ({"do": "buy", "player": "Bob"}, Rejected, "not"),  # Bob may not buy on Ann's turn
        ({"do": "pay_jail_fine", "player": "Zed"}, Rejected, "Zed"),
        ({"do": "roll", "dice": [9, 9]}, Rejected, "1 to 6"),
        ({"do": "teleport", "player": "Ann"}, Malformed, "teleport"),
        ({"do": "roll"}, Malformed, "dice"),
    ],
)
def test_a_refused_command_is_not_stored_and_says_why(tmp_path, command, error, words):
    folder, _time = new_folder(tmp_path)
    store = folder.create(START)
    store.submit(ROLL_TO_WHITECHAPEL, "dice")
    before, seq, history, money = shown(store), store.seq, store.history(), store.balances()
    with pytest.raises(error) as refused:
        store.submit(command, "reader")
    reason = refused.value.reason
    assert words in reason and "Traceback" not in reason and len(reason) > 10
    assert store.seq == seq
    assert store.history() == history
    assert shown(store) == before
    assert store.balances() == money
    # Nothing of it reached the file either, and the game goes on.
    folder.close_game(store.game_id)
    reopened = folder.open(store.game_id)
    assert reopened.seq == seq and shown(reopened) == before
    reopened.submit({"do": "buy"}, "button")
    assert shown(reopened)["properties"]["whitechapel-road"]["owner"] == "Ann"
    folder.close()


def test_a_malformed_new_game_starts_no_game(tmp_path):
    folder, _time = new_folder(tmp_path)
    with pytest.raises(Malformed):
        folder.create({"do": "new_game", "players": ["Ann"], "seed": 1})
    with pytest.raises(Malformed):
        folder.create({"do": "new_game", "players": ["Ann", "Bob"], "rules": {"free_parkin": True}})
    assert folder.games() == []
    assert list((tmp_path / "games").iterdir()) == []
    folder.close()


def test_snapshots_are_written_and_give_the_identical_game(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(6)
    store = folder.create(script[0])
    store.snapshot_every = 5
    submit_all(store, script[1:120], time)
    snapshots = store.conn.execute("SELECT count(*) FROM snapshots").fetchone()[0]
    assert snapshots >= 20  # one every 5 commands
    before = shown(store)
    folder.close()

    again, _ = new_folder(tmp_path, time.now)
    reopened = again.open(store.game_id)
    assert shown(reopened) == before
    assert shown(reopened) == state(replay(reopened.script()).game)
    assert shown(reopened) == replayed(script[:120])
    again.close()


def test_snapshots_of_a_game_that_was_undone_and_played_differently_are_not_used(tmp_path):
    """After undoing past a snapshot and playing other commands, the old snapshot is not that game."""
    folder, time = new_folder(tmp_path)
    script = recorded_game(6)
    store = folder.create(script[0])
    store.snapshot_every = 5
    submit_all(store, script[1:60], time)
    store.undo(12, by="banker")
    play_on(store, 20, seed=3)  # a different game from here on, with snapshots of its own
    before, lines = shown(store), store.script()
    folder.close()

    again, _ = new_folder(tmp_path, time.now)
    reopened = again.open(store.game_id)
    assert reopened.script() == lines
    assert shown(reopened) == before == state(replay(lines).game)
    # After a restart (snapshots at the usual, rarer pace) the banker undoes past the snapshots of
    # the earlier evening and the table plays on differently, not as far: the stale snapshots
    # stored beyond the undo must not be taken for this game.
    reopened.undo(25)
    play_on(reopened, 12, seed=4)
    before, lines = shown(reopened), reopened.script()
    again.close()

    third, _ = new_folder(tmp_path, time.now)
    reopened = third.open(store.game_id)
    assert shown(reopened) == before == state(replay(lines).game)
    third.close()


# ---- 2. money ----------------------------------------------------------------------------------


def test_starting_cash_is_issued_by_the_bank(tmp_path):
    folder, _time = new_folder(tmp_path)
    store = folder.create({**START, "rules": {"starting_cash": 2000}})
    issued = [(f, t, a, r) for _seq, _time, f, t, a, r in store.transfers()]
    assert issued == [("bank", name, 2000, "starting cash") for name in ("Ann", "Bob", "Cat")]
    assert store.balances() == {"bank": -6000, "Ann": 2000, "Bob": 2000, "Cat": 2000}
    folder.close()


@pytest.mark.parametrize("seed", [3, 11])
def test_the_transfers_alone_give_every_balance_through_a_whole_game(tmp_path, seed):
    folder, time = new_folder(tmp_path)
    script = play_game(4, seed, rules={"free_parking_pot": True}, record=True).script
    store = folder.create(script[0])
    pot_seen = False
    for index, command in enumerate(script[1:], start=1):
        store.submit(command, "reader")
        if index % 25 == 0:
            assert_money_adds_up(store)
            pot_seen = pot_seen or store.game.pot > 0
    assert store.game.over
    assert_money_adds_up(store)
    assert pot_seen, "this game should have put money in the Free Parking pot"
    # Every pound in the transfers is a real movement: positive, between two different accounts.
    for _seq, _t, source, target, amount, _reason in store.transfers():
        assert amount > 0 and source != target
    folder.close_game(store.game_id)
    assert_money_adds_up(folder.open(store.game_id))
    folder.close()


def test_the_transfers_still_give_every_balance_after_undo_and_redo(tmp_path):
    folder, time = new_folder(tmp_path)
    script = play_game(4, 11, rules={"free_parking_pot": True}, record=True).script
    store = folder.create(script[0])
    submit_all(store, script[1:150], time)
    store.undo(6, by="banker")
    assert_money_adds_up(store)
    store.redo()
    store.redo()
    assert_money_adds_up(store)
    store.undo(1)
    assert_money_adds_up(store)
    for _ in range(5):
        store.redo()
    assert_money_adds_up(store)
    submit_all(store, script[150:300], time)
    store.undo(4)
    play_on(store, 30, seed=9)
    assert_money_adds_up(store)
    folder.close_game(store.game_id)
    reopened = folder.open(store.game_id)
    assert_money_adds_up(reopened)
    folder.close()


# ---- 4. undo and redo --------------------------------------------------------------------------


def test_undo_takes_back_the_last_commands_and_history_shows_it(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:80], time)
    time.advance(60)
    receipt = store.undo(3, by="Kim")
    assert shown(store) == replayed(script[:77])
    assert script_lines(store) == script[:77]
    assert receipt.seq == store.seq == 81
    entry = store.history()[-1]
    assert entry.kind == "undo"
    assert when(entry.time) == pytest.approx(time.now, abs=0.001)
    said = json.loads(entry.line)
    assert said["by"] == "Kim" and said["count"] == 3
    # The undone commands are still in history, before the undo: nothing is erased.
    assert [json.loads(e.line) for e in store.history()[77:80]] == script[77:80]
    assert_money_adds_up(store)
    folder.close()


def test_undo_of_a_rent_gives_the_money_back(tmp_path):
    folder, _time = new_folder(tmp_path)
    store = folder.create(START)
    for command in (ROLL_TO_WHITECHAPEL, {"do": "buy"}, {"do": "end_turn"}):
        store.submit(command, "reader")
    before = cash(store)
    store.submit({"do": "roll", "dice": [1, 2]}, "dice")  # Bob lands on Ann's Whitechapel Road
    assert cash(store)["Bob"] == before["Bob"] - 4 and cash(store)["Ann"] == before["Ann"] + 4
    store.undo(1)
    assert cash(store) == before
    assert store.balances()["Ann"] == before["Ann"] and store.balances()["Bob"] == before["Bob"]
    undone = [t for t in store.transfers() if t[0] == store.seq]
    assert [(f, t, a) for _s, _time, f, t, a, _r in undone] == [("Ann", "Bob", 4)]
    folder.close()


def test_redo_puts_back_what_was_undone(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:60], time)
    before = shown(store)
    store.undo(2)
    store.undo(3)
    for _ in range(5):
        store.redo(by="Kim")
    assert shown(store) == before
    assert script_lines(store) == script[:60]
    assert [e.kind for e in store.history()[-5:]] == ["redo"] * 5
    assert [json.loads(e.line) for e in store.history()[-5:]] == script[55:60]
    with pytest.raises(Rejected):
        store.redo()
    assert_money_adds_up(store)
    # The game goes on from the redone position.
    submit_all(store, script[60:100], time)
    assert shown(store) == replayed(script[:100])
    folder.close()


def test_no_redo_once_a_new_command_is_played(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:40], time)
    store.undo(3)
    store.submit(script[37], "reader")  # the same command again, now as a new one
    seq, before = store.seq, shown(store)
    with pytest.raises(Rejected) as refused:
        store.redo()
    assert "redo" in refused.value.reason
    assert store.seq == seq and shown(store) == before
    folder.close()


def test_cannot_undo_more_than_was_played(tmp_path):
    folder, time = new_folder(tmp_path)
    store = folder.create(START)
    store.submit(ROLL_TO_WHITECHAPEL, "dice")
    store.submit({"do": "buy"}, "button")
    seq, before, history = store.seq, shown(store), store.history()
    for count in (3, 0):
        with pytest.raises(Rejected) as refused:
            store.undo(count)
        assert refused.value.reason
        assert store.seq == seq and shown(store) == before and store.history() == history
    with pytest.raises(Rejected) as refused:
        store.undo(3)
    assert "2" in refused.value.reason  # how many can be undone
    store.undo(2)
    assert shown(store) == replayed([START])
    with pytest.raises(Rejected):
        store.undo(1)  # the start of the game cannot be undone
    folder.close()


def test_undo_and_the_redo_stack_survive_a_restart(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:90], time)
    store.undo(4, by="Kim")
    store.redo()
    after_undo, seq = shown(store), store.seq
    folder.close()

    again, _ = new_folder(tmp_path, time.now)
    reopened = again.open(store.game_id)
    assert reopened.seq == seq
    assert shown(reopened) == after_undo == replayed(script[:87])
    for _ in range(3):
        reopened.redo()
    assert shown(reopened) == replayed(script[:90])
    with pytest.raises(Rejected):
        reopened.redo()
    submit_all(reopened, script[90:120], time)
    assert shown(reopened) == replayed(script[:120])
    assert_money_adds_up(reopened)
    again.close()


def test_undoing_the_last_bankruptcy_puts_the_game_back_in_play(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:], time)
    assert store.game.over
    winner = shown(store)["winner"]
    store.undo(1)
    assert not store.game.over
    assert shown(store) == replayed(script[:-1])
    assert [g.status for g in folder.games()] == ["playing"]
    store.redo()
    assert store.game.over and shown(store)["winner"] == winner
    assert [g.status for g in folder.games()] == [f"over: {winner} won"]
    folder.close()


# ---- 5. several games --------------------------------------------------------------------------


def test_games_lists_every_game_with_players_start_last_move_and_status(tmp_path):
    folder, time = new_folder(tmp_path)
    first = folder.create(START)
    first.submit(ROLL_TO_WHITECHAPEL, "dice")
    time.advance(3600)
    script = recorded_game(4)
    finished = folder.create(script[0])
    submit_all(finished, script[1:], time)
    winner = shown(finished)["winner"]
    time.advance(3600)
    fresh = folder.create({"do": "new_game", "players": ["Zoë", "Yann"], "seed": 1})
    made = {first.game_id: first, finished.game_id: finished, fresh.game_id: fresh}

    listed = folder.games()
    assert [g.id for g in listed] == [fresh.game_id, finished.game_id, first.game_id]  # newest first
    by_id = {g.id: g for g in listed}
    assert by_id[first.game_id].players == ["Ann", "Bob", "Cat"]
    assert by_id[finished.game_id].players == ["Ann", "Bob", "Cat", "Dan"]
    assert by_id[fresh.game_id].players == ["Zoë", "Yann"]
    assert by_id[first.game_id].status == "playing"
    assert by_id[fresh.game_id].status == "playing"
    assert by_id[finished.game_id].status == f"over: {winner} won"
    for game_id, info in by_id.items():
        entries = made[game_id].history()
        assert when(info.started) == pytest.approx(when(entries[0].time))
        assert info.last_move == entries[-1].time
    assert when(by_id[finished.game_id].last_move) > when(by_id[finished.game_id].started)
    folder.close()

    # Resuming by id after a restart.
    again, _ = new_folder(tmp_path, time.now)
    assert shown(again.open(first.game_id))["players"][0]["position"] == 3
    again.close()


def test_archive_and_restore_a_game(tmp_path):
    folder, time = new_folder(tmp_path)
    kept = folder.create(START)
    put_away = folder.create({**START, "seed": 8})
    put_away.submit(ROLL_TO_WHITECHAPEL, "dice")
    before, game_id = shown(put_away), put_away.game_id

    folder.archive(game_id)
    assert [g.id for g in folder.games()] == [kept.game_id]
    archived = folder.games(archived=True)
    assert [g.id for g in archived] == [game_id]
    assert archived[0].players == ["Ann", "Bob", "Cat"]
    with pytest.raises(GameNotFound) as missing:
        folder.open(game_id)
    assert "archived" in missing.value.reason

    folder.restore(game_id)
    assert {g.id for g in folder.games()} == {kept.game_id, game_id}
    assert folder.games(archived=True) == []
    resumed = folder.open(game_id)
    assert shown(resumed) == before
    resumed.submit({"do": "buy"}, "button")
    assert shown(resumed)["properties"]["whitechapel-road"]["owner"] == "Ann"
    folder.close()


@pytest.mark.parametrize("game_id", ["20260301-abcdef", "", "../games/x", ".hidden"])
def test_an_unknown_game_is_not_found(tmp_path, game_id):
    folder, _time = new_folder(tmp_path)
    folder.create(START)
    with pytest.raises(GameNotFound) as missing:
        folder.open(game_id)
    assert missing.value.reason
    with pytest.raises(GameNotFound):
        folder.archive(game_id)
    with pytest.raises(GameNotFound):
        folder.restore(game_id)
    folder.close()


# ---- 6. export and import ----------------------------------------------------------------------


def test_the_jsonl_export_replays_to_the_same_game(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(6)
    store = folder.create(script[0])
    submit_all(store, script[1:150], time)
    store.undo(5)
    store.redo()
    store.submit(script[146], "reader")  # the undone 147th command played again as new
    exported = export_jsonl(store)
    lines = exported.splitlines()
    assert exported.endswith("\n")
    assert [json.loads(line) for line in lines] == script[:147]
    result = replay(lines)
    assert result.rejected == []
    assert state(result.game) == shown(store)
    folder.close()


def test_the_csv_export_is_the_money_ledger_with_each_players_balance(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:120], time)
    store.undo(2)
    rows = list(csv.reader(io.StringIO(export_csv(store))))
    assert rows[0] == ["seq", "time", "from", "to", "amount", "reason", "Ann", "Bob", "Cat", "Dan"]
    body = rows[1:]
    assert len(body) == len(store.transfers())
    assert body[0][2:6] == ["bank", "Ann", "1500", "starting cash"]
    assert body[0][6:] == ["1500", "0", "0", "0"]
    assert body[3][6:] == ["1500", "1500", "1500", "1500"]
    last = body[-1]
    assert [int(x) for x in last[6:]] == [cash(store)[n] for n in ("Ann", "Bob", "Cat", "Dan")]
    # Each row's balances follow from the previous row and the movement it lists.
    names = rows[0][6:]
    previous = dict.fromkeys(names, 0)
    for row in body:
        seq, stamp, source, target, amount = int(row[0]), row[1], row[2], row[3], int(row[4])
        assert seq >= 1 and when(stamp) >= MARCH and amount > 0 and row[5]
        expected = dict(previous)
        if source in expected:
            expected[source] -= amount
        if target in expected:
            expected[target] += amount
        now = dict(zip(names, (int(x) for x in row[6:]), strict=True))
        assert now == expected
        previous = now
    assert [int(r[0]) for r in body] == sorted(int(r[0]) for r in body)  # in the order they happened
    folder.close()


def test_import_starts_a_stored_game_and_reports_the_refused_lines(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)[:60]
    lines = [json.dumps(c) for c in script]
    lines.insert(10, json.dumps({"do": "pay_jail_fine", "player": "Zed"}))  # line 11: refused
    lines.insert(20, "")  # a blank line is skipped, but counted
    store, rejected = folder.import_script(lines)
    assert len(rejected) == 1
    assert rejected[0]["line"] == 11
    assert "Zed" in rejected[0]["reason"]
    assert script_lines(store) == script
    assert shown(store) == replayed(script)
    assert [g.id for g in folder.games()] == [store.game_id]
    game_id, before = store.game_id, shown(store)
    folder.close()

    again, _ = new_folder(tmp_path, time.now)
    reopened = again.open(game_id)
    assert shown(reopened) == before
    assert_money_adds_up(reopened)
    assert all(entry.source == "import" for entry in reopened.history())
    again.close()


def test_an_unreadable_script_does_not_leave_a_half_imported_game(tmp_path):
    folder, _time = new_folder(tmp_path)
    script = recorded_game(4)[:30]
    lines = [json.dumps(c) for c in script]
    lines.insert(15, "{this is not json")
    with pytest.raises(Malformed) as bad:
        folder.import_script(lines)
    assert "line 16" in str(bad.value)
    assert folder.games() == []  # the banker fixes the file and imports again: one game, not two
    folder.close()


# ---- 7. time -----------------------------------------------------------------------------------


def test_a_stale_clock_is_corrected_by_the_first_tablet_and_the_correction_recorded(tmp_path):
    boot = 300.0  # a Pi without a clock battery wakes up in 1970
    folder, time = new_folder(tmp_path, boot)
    playing = folder.create(START)
    playing.submit(ROLL_TO_WHITECHAPEL, "dice")
    other = folder.create({**START, "seed": 8})
    assert when(playing.history()[-1].time) < MARCH
    before = shown(playing)

    corrected = folder.tablet_time(MARCH, by="tablet")
    assert corrected is not None
    was, now = corrected
    assert when(was) == pytest.approx(boot, abs=1)
    assert when(now) == pytest.approx(MARCH, abs=1)
    for store in (playing, other):
        entry = store.history()[-1]
        assert entry.kind == "clock"
        said = json.loads(entry.line)
        assert said["was"] == was and said["now"] == now
        assert when(entry.time) == pytest.approx(MARCH, abs=1)
    assert shown(playing) == before  # a clock entry changes nothing of the game

    time.advance(90)
    playing.submit({"do": "buy"}, "button")
    assert when(playing.history()[-1].time) == pytest.approx(MARCH + 90, abs=1)
    folder.close()

    again, _ = new_folder(tmp_path, boot + 100)
    reopened = again.open(playing.game_id)
    assert [e.kind for e in reopened.history()] == ["new", "play", "clock", "play"]
    assert shown(reopened) == replayed([START, ROLL_TO_WHITECHAPEL, {"do": "buy"}])
    again.close()


def test_a_clock_within_five_minutes_of_the_tablet_is_left_alone(tmp_path):
    folder, time = new_folder(tmp_path)
    store = folder.create(START)
    for tablet in (MARCH + 120, MARCH - 240):
        assert folder.tablet_time(tablet) is None
    assert [e.kind for e in store.history()] == ["new"]
    store.submit(ROLL_TO_WHITECHAPEL, "dice")
    assert when(store.history()[-1].time) == pytest.approx(MARCH, abs=0.01)
    folder.close()


def test_order_is_the_sequence_even_when_the_clock_goes_back(tmp_path):
    ahead = MARCH + 6 * 3600  # the Pi's clock is six hours fast
    folder, time = new_folder(tmp_path, ahead)
    store = folder.create(START)
    played = [ROLL_TO_WHITECHAPEL, {"do": "buy"}, {"do": "end_turn"}]
    submit_all(store, played, time)
    assert folder.tablet_time(MARCH) is not None  # the tablet knows better: back six hours
    later = [{"do": "roll", "dice": [1, 2]}, {"do": "end_turn", "player": "Bob"}]
    submit_all(store, later, time)
    history = store.history()
    assert [e.seq for e in history] == list(range(1, 8))
    assert [e.kind for e in history] == ["new", "play", "play", "play", "clock", "play", "play"]
    assert when(history[-1].time) < when(history[3].time)  # a later entry with an earlier time
    assert shown(store) == replayed([START, *played, *later])
    assert folder.games()[0].last_move == history[-1].time  # the last move is the last entry
    folder.close()
    again, _ = new_folder(tmp_path, time.now)
    assert shown(again.open(store.game_id)) == replayed([START, *played, *later])
    again.close()


def test_once_corrected_the_clock_is_not_moved_by_another_tablet(tmp_path):
    """Issue 4: a clearly stale clock is corrected from the *first* tablet that connects."""
    folder, time = new_folder(tmp_path, 300.0)
    store = folder.create(START)
    assert folder.tablet_time(MARCH) is not None
    # A second tablet whose own clock is an hour off connects later.
    assert folder.tablet_time(MARCH + 3600) is None
    assert [e.kind for e in store.history()] == ["new", "clock"]
    store.submit(ROLL_TO_WHITECHAPEL, "dice")
    assert when(store.history()[-1].time) == pytest.approx(MARCH, abs=1)
    folder.close()


def test_a_tablet_with_a_stale_clock_of_its_own_is_not_believed(tmp_path):
    folder, time = new_folder(tmp_path)
    store = folder.create(START)
    assert folder.tablet_time(86400.0 * 365) is None  # a tablet that thinks it is 1971
    assert [e.kind for e in store.history()] == ["new"]
    folder.close()


# ---- 8. backups --------------------------------------------------------------------------------


def backups_of(folder: DataFolder, game_id: str) -> list:
    return sorted((folder.path / "backups" / game_id).glob("*.sqlite"))


def test_the_end_of_a_game_makes_a_backup_that_opens_as_the_finished_game(tmp_path):
    folder, time = new_folder(tmp_path)
    script = recorded_game(4)
    store = folder.create(script[0])
    submit_all(store, script[1:], time)
    assert store.game.over
    ends = [p for p in backups_of(folder, store.game_id) if "_end" in p.name]
    assert len(ends) == 1
    copy = tmp_path / "restored.sqlite"
    shutil.copy(ends[0], copy)
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    restored = GameStore.open(copy, Clock(), folder.key)
    assert restored.seq == store.seq
    assert shown(restored) == shown(store)
    assert_money_adds_up(restored)
    restored.close()
    folder.close()


def test_only_the_last_seven_backups_are_kept(tmp_path):
    folder, time = new_folder(tmp_path)
    store = folder.create(START)
    store.submit(ROLL_TO_WHITECHAPEL, "dice")  # the first command makes the first daily backup
    made = []
    for _ in range(10):
        time.advance(60)
        made.append(folder.backup(store, "manual"))
    kept = backups_of(folder, store.game_id)
    assert len(kept) == 7
    assert sorted(kept) == sorted(made[-7:])
    # The newest backup is a game GameStore can open, the same as the live one.
    restored = GameStore.open(made[-1], Clock(), folder.key)
    assert shown(restored) == shown(store) and restored.seq == store.seq
    restored.close()
    folder.close()


def test_a_daily_backup_is_made_when_the_last_is_older_than_a_day(tmp_path):
    folder, time = new_folder(tmp_path)
    store = folder.create(START)
    store.submit(ROLL_TO_WHITECHAPEL, "dice")
    assert len(backups_of(folder, store.game_id)) == 1
    time.advance(3 * 3600)
    store.submit({"do": "buy"}, "button")
    assert len(backups_of(folder, store.game_id)) == 1  # not yet a day
    time.advance(22 * 3600)
    store.submit({"do": "end_turn"}, "button")
    backups = backups_of(folder, store.game_id)
    assert len(backups) == 2
    assert "daily" in backups[-1].name
    restored = GameStore.open(backups[-1], Clock(), folder.key)
    assert shown(restored) == shown(store)
    restored.close()
    folder.close()


def test_the_backups_kept_are_the_newest_even_after_the_clock_went_back(tmp_path):
    ahead = MARCH + 5 * 86400  # the Pi thought it was five days later
    folder, time = new_folder(tmp_path, ahead)
    store = folder.create(START)
    store.submit(ROLL_TO_WHITECHAPEL, "dice")
    for _ in range(7):
        time.advance(60)
        folder.backup(store, "manual")
    assert folder.tablet_time(MARCH) is not None
    store.submit({"do": "buy"}, "button")
    newest = folder.backup(store, "manual")
    assert newest.exists(), "the backup just made was thrown away as if it were the oldest"
    assert len(backups_of(folder, store.game_id)) == 7
    folder.close()
