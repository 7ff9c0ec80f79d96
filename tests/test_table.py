"""The table controller: taps, presses, dice-unit rolls and tablet decisions become stored
commands through one writer, with feedback for the table and a push to every screen."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.hardware.device import Press, Tap, UnitRoll
from companion.ledger import DataFolder
from companion.ledger.export import export_jsonl
from companion.replay import replay
from companion.table import PAIR, Result, Table, TokenWait, game_tags

REGISTRY = {
    "04a1b2c3d4e5f6": "deed:whitechapel-road",
    "04a1b2c3d4e5f7": "deed:mayfair",
    "0a0b0c0d": "token:car",
    "0a0b0c0e": "token:dog",
    "0a0b0c0f": "token:hat",
}
START = {"do": "new_game", "players": ["Ann", "Bob"], "seed": 1, "rules": {"shuffle": False},
         "tags": game_tags(REGISTRY, {"Ann": "car", "Bob": "dog"})}


class Recorder:
    """Stands in for the buzzer/LED and the dice unit: remembers what it was told."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def __getattr__(self, name: str):  # accepted(), rejected(), decision_needed(), ack(), nak() ...
        return lambda *args: self.calls.append((name, *args))


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    folder = DataFolder(tmp_path)
    dice = iter([(1, 2), (3, 3), (2, 2), (1, 1)])
    t = Table(folder, roll=lambda: next(dice), registry=REGISTRY, feedback=Recorder(),
              dice_unit=Recorder())
    yield t
    t.close()
    folder.close()


def wait_for(table: Table) -> None:
    """Let the writer finish what the devices queued (a no-op call goes behind them)."""
    table.call(lambda: Result(True))


def test_a_tablet_decision_is_stored_and_pushed_to_every_screen(table: Table) -> None:
    seen: list[dict] = []
    table.listeners.append(seen.append)
    assert table.new_game(START).ok
    result = table.submit({"do": "roll", "dice": [1, 2]}, "tablet")
    assert result.ok and result.state is not None
    assert result.state["players"][0]["position"] == 3
    assert result.state["pending"]["kind"] == "buy"
    assert seen[-1]["type"] == "state" and seen[-1]["seq"] == result.seq
    store = table.store
    assert store is not None and store.history()[-1].source == "tablet"


def test_a_screen_sees_the_last_game_until_the_next_one_is_published_never_no_game(table: Table) -> None:
    """While the table switches to another game (a new one, one resumed), a screen asking for the
    state gets the last game's, whole, or the next one's: never none, which a polling screen showed
    as "no game" and a script waiting for the new game took for it. (A publishing hook runs after
    the switch and before the new state is published: it asks then, as another thread may.)"""
    assert table.new_game(START).ok
    first = table.snapshot()
    assert first is not None
    seen: list[dict | None] = []
    table.publishing.append(lambda _shown, _command, _kind: seen.append(table.snapshot()))
    assert table.new_game({**START, "seed": 2}).ok
    second = table.snapshot()
    assert second is not None and second["game"] != first["game"]
    assert table.open_game(first["game"]).ok
    assert [s and s["game"] for s in seen] == [first["game"], second["game"]]


def test_a_refused_decision_says_why_and_changes_nothing(table: Table) -> None:
    table.new_game(START)
    before = table.snapshot()
    result = table.submit({"do": "buy"}, "tablet")
    assert not result.ok and "No deed is on offer" in result.reason
    assert table.snapshot() == before
    assert table.feedback.calls[-1] == ("rejected",)


def test_the_light_blinks_for_what_blocks_the_dice_and_not_for_an_open_rent_claim(table: Table) -> None:
    table.new_game({**START, "rules": {"shuffle": False, "auto_collect_rent": False}})
    table.submit({"do": "roll", "dice": [1, 2]})  # Ann to Whitechapel Road: a buy offer blocks the dice
    assert table.feedback.calls[-1] == ("decision_needed",)  # the positive control
    table.submit({"do": "buy"})
    table.submit({"do": "end_turn"})
    shown = table.submit({"do": "roll", "dice": [1, 2]}).state  # Bob lands there: Ann may claim rent
    assert shown is not None and shown["pending"]["kind"] == "rent_claim"
    assert shown["decision"]["blocks"] is False
    assert table.feedback.calls[-1] == ("clear",)


def test_the_button_rolls_and_a_long_press_ends_the_turn(table: Table) -> None:
    table.new_game(START)
    table.on_event(Press())  # dice 1, 2: Ann to Whitechapel Road
    wait_for(table)
    shown = table.snapshot()
    assert shown is not None and shown["last_roll"] == [1, 2] and shown["pending"]["kind"] == "buy"
    assert ("show", 1, 2) in table.dice_unit.calls
    assert ("decision_needed",) in table.feedback.calls
    table.submit({"do": "decline"})
    table.submit({"do": "pass", "player": "Ann"})
    table.submit({"do": "pass", "player": "Bob"})
    table.on_event(Press(long=True))
    wait_for(table)
    assert table.snapshot()["turn"] == "Bob"


def test_tapping_the_offered_deed_buys_it_and_the_tap_is_replayable(table: Table) -> None:
    table.new_game(START)
    table.submit({"do": "roll", "dice": [1, 2]})
    table.on_event(Tap("04A1B2C3D4E5F6"))  # upper case from a reader is the same tag
    wait_for(table)
    shown = table.snapshot()
    assert shown["properties"]["whitechapel-road"]["owner"] == "Ann"
    assert shown["players"][0]["cash"] == 1440
    store = table.store
    assert store.history()[-1].source == "reader"
    assert json.loads(store.history()[-1].line)["do"] == "tap"
    replayed = replay(export_jsonl(store).splitlines())
    assert replayed.state()["properties"]["whitechapel-road"]["owner"] == "Ann"


def test_token_taps_bid_in_an_auction(table: Table) -> None:
    table.new_game(START)
    table.submit({"do": "roll", "dice": [1, 2]})
    table.submit({"do": "decline"})
    table.on_event(Tap("0a0b0c0e"))  # Bob's dog: bid 10
    table.on_event(Tap("0a0b0c0d"))  # Ann's car: bid 20
    wait_for(table)
    pending = table.snapshot()["pending"]
    assert pending["kind"] == "auction" and pending["high_bid"] == 20 and pending["high_bidder"] == "Ann"


def test_an_unknown_tag_is_answered_and_offered_for_enrolment(table: Table) -> None:
    table.new_game(START)
    events: list[dict] = []
    table.listeners.append(events.append)
    table.on_event(Tap("deadbeef"))
    wait_for(table)
    assert events[-1]["type"] == "refused" and events[-1]["kind"] == "unknown_tag"
    assert "enroll" in events[-1]["reason"]
    assert table.feedback.calls[-1] == ("rejected",)


def test_a_deed_tap_at_another_moment_opens_it_on_the_dashboard(table: Table) -> None:
    table.new_game(START)
    events: list[dict] = []
    table.listeners.append(events.append)
    table.on_event(Tap("04a1b2c3d4e5f7"))
    wait_for(table)
    assert events[-1] == {"type": "show_deed", "square": "mayfair"}
    assert table.store.seq == 1  # nothing stored


def test_a_token_tapped_twice_pairs_the_phone_whose_code_the_table_offers(table: Table) -> None:
    table.new_game(START)
    answers: list[Result] = []
    offers: list[dict | None] = []
    waiting = table.wait_for_token(TokenWait(screen="phone", kind=PAIR, answer=answers.append,
                                             offered=offers.append))
    assert waiting.ok and waiting.kind == "waiting" and waiting.detail["request"]
    code = waiting.detail["code"]
    assert len(code) == 3 and code.isdigit()
    table.on_event(Tap("0a0b0c0e"))
    wait_for(table)
    assert answers == []  # one tap pairs nothing: it asks which screen
    assert offers[-1] is not None and offers[-1]["code"] == code and offers[-1]["yours"]
    assert offers[-1]["player"] == "Bob"
    table.on_event(Tap("0a0b0c0e"))  # Bob, reading "now: tap again" on his phone
    wait_for(table)
    assert [(a.ok, a.kind, a.detail["player"]) for a in answers] == [(True, "paired", "Bob")]
    assert table.store.seq == 1  # the taps meant nothing else


def test_a_command_whose_client_has_gone_is_never_applied(table: Table) -> None:
    table.new_game(START)
    started = threading.Event()
    release = threading.Event()

    def slow() -> Result:  # the writer busy with something else
        started.set()
        release.wait(5)
        return Result(True)

    busy = threading.Thread(target=lambda: table.call(slow), daemon=True)
    busy.start()
    started.wait(5)
    gone = threading.Event()
    answers: list[Result] = []
    asking = threading.Thread(target=lambda: answers.append(
        table.submit({"do": "roll", "dice": [1, 2]}, "tablet", gone=gone.is_set)), daemon=True)
    asking.start()
    time.sleep(0.2)
    gone.set()  # the phone closed the connection while the command waited for the writer
    asking.join(5)
    release.set()
    busy.join(5)
    wait_for(table)
    assert answers[0].refusal == "gone" and "went away" in answers[0].reason
    assert table.store.seq == 1  # not applied later


def test_dice_unit_rolls_are_acknowledged_or_refused_with_the_protocol_words(table: Table) -> None:
    unit = table.dice_unit
    table.on_event(UnitRoll("e66038b7", 1, (2, 3)))  # no game yet
    wait_for(table)
    assert unit.calls[-1] == ("nak", "e66038b7", 1, "OFF")
    table.new_game(START)
    table.on_event(UnitRoll("e66038b7", 2, (1, 2)))
    wait_for(table)
    assert unit.calls[-1] == ("ack", "e66038b7", 2)
    table.on_event(UnitRoll("e66038b7", 3, (1, 2)))  # a buy offer waits
    wait_for(table)
    assert unit.calls[-1] == ("nak", "e66038b7", 3, "BUSY")
    table.submit({"do": "buy"})
    table.on_event(UnitRoll("e66038b7", 4, (1, 2)))  # no doubles: no roll due
    wait_for(table)
    assert unit.calls[-1] == ("nak", "e66038b7", 4, "NOTURN")
    assert table.store.history()[-2].source == "dice"


def test_the_writer_survives_a_failing_input_and_a_failing_screen(table: Table) -> None:
    table.new_game(START)
    table.listeners.append(lambda event: 1 / 0)
    broken = table.call(lambda: 1 / 0)  # type: ignore[arg-type, return-value]
    assert not broken.ok and "internal error" in broken.reason
    assert table.submit({"do": "roll", "dice": [1, 2]}).ok
    assert table.alive


def test_undo_and_redo_through_the_table(table: Table) -> None:
    table.new_game(START)
    table.submit({"do": "roll", "dice": [1, 2]})
    table.submit({"do": "buy"})
    assert table.undo(1).ok
    assert table.snapshot()["properties"]["whitechapel-road"]["owner"] is None
    assert table.redo().ok
    assert table.snapshot()["properties"]["whitechapel-road"]["owner"] == "Ann"
    assert not table.undo(5).ok
