"""Time can't break storage (issue 11): one request setting the clock to the year 10000 stopped
every command, undo and new game until a restart. Now any clock value gives a storable time, a
correction outside a sane window is refused with a reason (the web answers it with 400), and an
accepted correction is still written into the history.
"""

from __future__ import annotations

import json
import math
from datetime import datetime

import pytest

import companion.ledger.errors
from tests.ledger_support import MARCH, START, new_folder, replayed, shown

ROLL = {"do": "roll", "dice": [1, 2]}
YEAR_9999_LAST_SECONDS = 253402300794.0  # POST /api/clock {"time": 253402300794000}: 6 s before 10000


def when(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def test_the_year_10000_correction_is_refused_and_the_table_keeps_recording(tmp_path):
    folder, time = new_folder(tmp_path, 300.0)  # a Pi that booted in 1970: its clock is stale
    store = folder.create(START)
    assert folder.tablet_time(YEAR_9999_LAST_SECONDS) is None  # not believed
    with pytest.raises(companion.ledger.errors.ClockRefused) as refused:
        folder.clock.check(YEAR_9999_LAST_SECONDS)
    assert "cannot be right" in refused.value.reason and "2026-01-01" in refused.value.reason
    time.advance(6)
    store.submit(ROLL, "dice")
    store.undo(1)
    store.redo()
    other = folder.create({**START, "seed": 8})
    folder.backup(store, "manual")
    assert [e.kind for e in store.history()] == ["new", "play", "undo", "redo"]

    corrected = folder.tablet_time(MARCH)  # a believable tablet still corrects the stale clock
    assert corrected is not None
    for game in (store, other):
        entry = game.history()[-1]
        assert entry.kind == "clock" and json.loads(entry.line)["now"] == corrected[1]
    folder.close()


@pytest.mark.parametrize("system", [
    253402300800.0,  # the first second of the year 10000
    1e300, -1e300, math.inf, -math.inf, math.nan,
    -62135596801.0,  # a second before the year 1
])
def test_no_value_of_the_system_clock_stops_recording(tmp_path, system):
    folder, time = new_folder(tmp_path, system)
    store = folder.create(START)
    store.submit(ROLL, "dice")
    store.undo(1)
    store.redo()
    store.submit({"do": "buy"}, "button")
    folder.backup(store, "manual")
    assert folder.tablet_time(MARCH) is not None  # believed: the Pi's clock is clearly wrong
    store.submit({"do": "end_turn"}, "button")
    times = [e.time for e in store.history()]
    assert all(math.isfinite(when(t)) for t in times)
    assert when(times[-1]) == pytest.approx(MARCH, abs=1)
    game_id = store.game_id
    folder.close()
    again, _time = new_folder(tmp_path, system)
    assert shown(again.open(game_id)) == replayed([START, ROLL, {"do": "buy"}, {"do": "end_turn"}])
    assert [g.id for g in again.games()] == [game_id]
    again.create({**START, "seed": 9})
    again.close()


YEAR = 365 * 86400.0
LATEST_STORED = MARCH + 3 * YEAR  # March 2029: the table was last played then


@pytest.mark.parametrize(("tablet", "believed"), [
    (MARCH, True),
    (LATEST_STORED + 4 * YEAR, True),  # 2033: four years after the latest stored time
    (LATEST_STORED + 6 * YEAR, False),  # 2035: six years, no
    (datetime.fromisoformat("2025-12-31T23:00:00+00:00").timestamp(), False),  # before the release
    (math.nan, False), (math.inf, False), (-1.0, False),
])
def test_a_tablet_time_is_believed_only_inside_the_window(tmp_path, tablet, believed):
    folder, _time = new_folder(tmp_path, LATEST_STORED)
    store = folder.create(START)
    folder.close()
    folder, _time = new_folder(tmp_path, 300.0)  # a restart without a clock battery
    folder.open(store.game_id)  # what the table knows of time: its stored games
    if believed:
        folder.clock.check(tablet)
        assert folder.tablet_time(tablet) is not None
    else:
        with pytest.raises(companion.ledger.errors.ClockRefused):
            folder.clock.check(tablet)
        assert folder.tablet_time(tablet) is None
        assert folder.clock.offset == 0
    folder.close()
