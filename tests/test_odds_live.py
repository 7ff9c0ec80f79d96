"""The table's odds beside a real table: every turn's chances worked out in niced worker processes
and pushed to screens, the trade advisor's two answers before anyone answers, the game review at
the end, and `GET /api/odds`, all without the table waiting for any of it."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.compiled.choice import choose
from companion.odds.live import QUIET, LiveOdds
from companion.odds.pauses import Pauses
from companion.odds.script import End, Script, Turns, ends_of
from companion.web import odds as odds_web

from .clocks import FakeClock
from .waiting import PATIENCE, wait_for
from .web_support import BANKER, Rig, play

# slow: many games, processes or hypothesis examples (`make check` leaves it out)
pytestmark = pytest.mark.slow

SAMPLES = 200


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[tuple[Rig, LiveOdds, list[dict[str, Any]]]]:
    rig = Rig.make(tmp_path)
    published: list[dict[str, Any]] = []

    def publish(event: dict[str, Any]) -> None:
        published.append(event)
        rig.ctx.broker.publish(event)

    live = LiveOdds(rig.table, publish, samples=SAMPLES, jobs=2, build=choose("auto", say=lambda _: None))
    rig.table.listeners.append(live.listen)
    rig.table.stirring.append(live.stir)
    odds_web.install(rig.app, live)
    live.start()
    try:
        yield rig, live, published
    finally:
        live.close()
        rig.close()


def odds_when(rig: Rig, ready: Any, stalled: float = 2 * PATIENCE) -> dict[str, Any]:
    """GET /api/odds once ready(it), waiting as long as the odds make progress (a turn worked out,
    the workers on to the next job): the niced workers beside a second suite took 12 to 19 s a
    turn, four turns and a review longer than any one limit; `stalled` seconds without progress fail."""
    deadline = time.monotonic() + stalled
    progress = None
    while True:
        shown = rig.client().get("/api/odds").json
        if ready(shown):
            return shown
        now = (len(shown.get("history") or ()), shown.get("busy"), shown.get("trade") is not None)
        if now != progress:
            progress, deadline = now, time.monotonic() + stalled
        if time.monotonic() > deadline:
            raise AssertionError(f"the odds did not come (no progress in {stalled} s): {shown}")
        time.sleep(0.1)


TURN = ({"do": "roll", "dice": [1, 2]}, {"do": "decline"}, {"do": "pass", "player": "Ann"},
        {"do": "pass", "player": "Bob"}, {"do": "end_turn"})


def test_every_turns_chances_are_worked_out_and_pushed_to_the_screens(rig: Any) -> None:
    table_rig, live, published = rig
    game = table_rig.new_game(players=["Ann", "Bob"], tokens={})["game"]
    play(table_rig, *TURN, {"do": "roll", "dice": [6, 4]}, {"do": "end_turn"})
    shown = odds_when(table_rig, lambda o: bool(o["latest"]) and len(o["history"]) == 3)
    assert shown["enabled"] and shown["game"] == game and shown["samples"] == SAMPLES
    assert [p["turn"] for p in shown["history"]] == [0, 1, 2]
    for point in shown["history"]:
        assert set(point["chances"]) == {"Ann", "Bob"} and point["samples"] == SAMPLES
        assert sum(point["chances"].values()) == pytest.approx(1, abs=1e-3)
    assert shown["history"][1]["player"] == "Ann" and shown["history"][2]["player"] == "Bob"
    pushed = [e for e in published if e["type"] == "odds"]
    assert {e["turn"] for e in pushed} == {0, 1, 2} and all(e["game"] == game for e in pushed)


def test_the_trade_advisor_shows_both_players_chances_either_way_before_they_answer(rig: Any) -> None:
    table_rig, live, published = rig
    table_rig.new_game(players=["Ann", "Bob"], tokens={})
    play(table_rig, *TURN)
    # Bob offers Ann nearly all his cash for nothing: accepting it ruins him.
    offer = {"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": 1400}}
    play(table_rig, offer)
    shown = odds_when(table_rig, lambda o: o["trade"] is not None)
    advice = shown["trade"]
    assert (advice["from"], advice["to"]) == ("Bob", "Ann")
    assert advice["give"]["cash"] == 1400 and advice["samples"] == SAMPLES
    assert table_rig.table.snapshot()["pending"]["kind"] == "trade"  # nobody has answered yet
    accept, reject = advice["accept"]["chances"], advice["reject"]["chances"]
    assert accept["Bob"] < reject["Bob"] - 0.2 and accept["Ann"] > reject["Ann"] + 0.2
    assert any(e["type"] == "odds_trade" for e in published)


def test_the_review_names_the_turns_that_moved_the_chances_most(rig: Any) -> None:
    table_rig, live, _ = rig
    table_rig.new_game(players=["Ann", "Bob"], tokens={})
    play(table_rig, {"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
         {"do": "roll", "dice": [6, 4]}, {"do": "end_turn"},
         {"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": 1400}},
         {"do": "accept", "player": "Ann"}, {"do": "roll", "dice": [1, 3]}, {"do": "end_turn"},
         {"do": "end_game"})
    shown = odds_when(table_rig, lambda o: o["review"] is not None)
    review = shown["review"]
    assert [p["turn"] for p in review["points"]] == [0, 1, 2, 3, 4]
    assert review["points"][-1]["chances"]["Ann"] == 1.0
    turn3 = next(m for m in review["moments"] if m["turn"] == 3)  # Bob's gift to Ann
    assert turn3["player"] == "Ann" and turn3["who"] in ("Ann", "Bob")
    assert turn3["events"][0]["en"] == "Ann accepts Bob's trade"
    assert turn3["events"][0]["ru"] and turn3["events"][0]["ru"] != turn3["events"][0]["en"]
    assert turn3["change"]["Bob"][1] < turn3["change"]["Bob"][0] - 0.2


def test_the_odds_run_behind_everything_else(rig: Any) -> None:
    table_rig, live, _ = rig
    table_rig.new_game(players=["Ann", "Bob"], tokens={})
    odds_when(table_rig, lambda o: o["latest"] is not None)
    assert live.pool is not None
    for worker in live.pool.workers:
        pid = worker.process.pid
        nice = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
        assert nice == 19
        if hasattr(os, "sched_getscheduler"):
            assert os.sched_getscheduler(pid) == os.SCHED_IDLE


def test_the_tables_workers_give_way_every_few_commands(rig: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Idle-class workers alone do not always let the table's threads in at once (the kernel may
    leave a woken thread waiting for its next tick): the table's jobs ask them to yield as they go."""
    from companion.odds import live as live_module

    asked: list[bool] = []
    real = live_module.estimate

    def noting(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs.get("give_way", False))
        return real(*args, **kwargs)

    monkeypatch.setattr(live_module, "estimate", noting)
    table_rig, _live, _ = rig
    table_rig.new_game(players=["Ann", "Bob"], tokens={})
    odds_when(table_rig, lambda o: o["latest"] is not None)
    assert asked and all(asked)


def process_state(pid: int) -> str:
    """The kernel's one-letter state of a process: "T" while it is stopped."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def test_the_workers_step_aside_while_the_table_is_busy(rig: Any) -> None:
    """The pauses read a clock the test moves, so "still busy" is the test's arithmetic, not a race
    between a real 0.4 s and a busy machine; the stopping and letting go are the real signals."""
    table_rig, live, _ = rig
    table_rig.new_game(players=["Ann", "Bob"], tokens={})
    odds_when(table_rig, lambda o: o["latest"] is not None)
    clock = FakeClock()  # from here the pauses read it (the new game's pause is over: still time)
    live.aside.pauses = Pauses(clock=clock)
    assert live.pool is not None
    pids = [worker.process.pid for worker in live.pool.workers]
    assert all(process_state(pid) != "T" for pid in pids)

    play(table_rig, {"do": "roll", "dice": [1, 2]})  # a request reaches the table: they stop at once
    # (a stopped process shows "T" once the kernel has run it to its stop: a moment, on a busy machine)
    assert wait_for(lambda: all(process_state(pid) == "T" for pid in pids))
    clock.advance(QUIET / 2)
    play(table_rig, {"do": "decline"})  # the table is still busy: they stay stopped
    clock.advance(QUIET / 2)
    time.sleep(0.5)  # the thaw thread looks every 0.05 s: it has looked, and let nobody go
    assert [process_state(pid) for pid in pids] == ["T"] * len(pids)

    clock.advance(QUIET)  # the table has been still for longer than QUIET since the decline
    assert wait_for(lambda: all(process_state(pid) != "T" for pid in pids)), "the workers stayed stopped"
    live.aside.pauses = Pauses()  # real time again: the fake one would hold the next turn's pause forever
    play(table_rig, *TURN[2:])  # and the next turn's chances still come
    assert odds_when(table_rig, lambda o: o["latest"] is not None and o["latest"]["turn"] == 1)


def test_the_table_stirs_before_its_writer_takes_an_input_up(tmp_path: Path) -> None:
    rig = Rig.make(tmp_path)
    try:
        rig.new_game(players=["Ann", "Bob"], tokens={})
        seen: list[int] = []
        rig.table.stirring.append(lambda: seen.append((rig.table.published or {})["seq"]))
        before = (rig.table.published or {})["seq"]
        play(rig, {"do": "roll", "dice": [1, 2]})
        assert seen == [before]  # told once, while the roll was not stored yet
        assert (rig.table.published or {})["seq"] > before
    finally:
        rig.close()


def test_the_turns_are_the_engines_with_who_ended_each_even_after_an_interpol_skip() -> None:
    """The start, each turn the engine ended (a refused end_turn is none) with the player who
    ended it (Cat ends turn 3, though Bob plays next: Interpol took Ann's turn), and the end."""
    commands: list[dict[str, Any]] = [
        {"do": "new_game", "players": ["Ann", "Bob", "Cat"], "seed": 1,
         "rules": {"interpol": True, "shuffle": False, "auction_on_decline": False}},
        {"do": "roll", "dice": [2, 2]}, {"do": "roll", "dice": [3, 3]},
        {"do": "roll", "dice": [1, 1]},  # the third doubles: Ann skips her next turn
        {"do": "end_turn"},  # 5: Ann ends turn 1
        {"do": "roll", "dice": [1, 2]}, {"do": "decline"}, {"do": "end_turn"},  # 8: Bob, turn 2
        {"do": "roll", "dice": [1, 2]},
        {"do": "end_turn"},  # 10: refused, Whitechapel is still offered to Cat
        {"do": "decline"}, {"do": "end_turn"},  # 12: Cat ends turn 3; Ann is skipped
        {"do": "end_game"},
    ]
    lines = [json.dumps(c) for c in commands]
    assert ends_of(lines[:-1]) == [End(0, 1, "Ann"), End(1, 5, "Ann"), End(2, 8, "Bob"),
                                   End(3, 12, "Cat")]
    assert sum('"end_turn"' in line for line in lines) == 4  # what counting lines gave
    assert ends_of(lines)[-1] == End(4, 13, "Bob")  # the end of the game: Bob's turn


def test_the_committed_script_is_read_on_through_undo_and_redo(tmp_path: Path) -> None:
    """The planner's script is the committed file's effective commands (undone ones out, a redo
    back in), read on entry by entry, with the store's own running hashes."""
    rig = Rig.make(tmp_path)
    try:
        rig.new_game()
        play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"})
        store = rig.table.store
        script = Script()
        assert script.read(store.path, store.game_id).lines == store.script()
        assert script.hashes == store.hashes  # positive control: the same keys as the store's
        banker = rig.client()
        assert banker.post("/api/undo", json={"count": 2}, headers=BANKER).status_code == 200
        assert script.read(store.path, store.game_id).lines == store.script()
        assert len(script.lines) == 2 and script.hashes == store.hashes
        assert banker.post("/api/redo", json={}, headers=BANKER).status_code == 200
        assert script.read(store.path, store.game_id).lines == store.script()
        assert len(script.lines) == 3 and script.hashes == store.hashes
        assert [end.turn for end in Turns().of(script.lines, script.hashes)] == [0]
    finally:
        rig.close()


def test_without_the_odds_the_api_says_so(tmp_path: Path) -> None:
    rig = Rig.make(tmp_path)
    try:
        odds_web.install(rig.app, None)
        assert rig.client().get("/api/odds").json == {"enabled": False, "game": None, "latest": None,
                                                      "history": [], "trade": None, "review": None,
                                                      "shared": True}
    finally:
        rig.close()


def test_a_turn_that_moved_no_chance_by_a_point_is_no_moment() -> None:
    from types import SimpleNamespace

    from companion.odds.review import moments

    def point(turn: int, ann: float) -> Any:
        return SimpleNamespace(turn=turn, odds={"chances": {"Ann": ann, "Bob": 1 - ann}})

    points = [point(0, 0.5), point(1, 0.503), point(2, 0.9), point(3, 0.9)]
    turns = [{"player": p, "events": []} for p in ("", "Ann", "Bob", "Ann")]
    found = moments(points, turns)
    assert [m["turn"] for m in found] == [2]  # the 0.3-point wobble and the still turn are not named
    assert found[0]["change"]["Bob"] == [0.497, pytest.approx(0.1)]


def test_the_reviews_rent_and_the_panels_counts_are_worded_as_every_sentence_is() -> None:
    """The rent headline names the owner and the square in the case Russian asks for (a name with
    no cases after "игроку"), and the odds panel's counts take CLDR's plural: the panel's words are
    the .ftl files', no longer a list of its own."""
    from companion import i18n
    from companion.odds.review import rent_words
    from companion.rules import load_edition

    station = next(sq for sq in load_edition().ownable if sq.id == "kings-cross-station")
    boris = {"gender": "he",
             "ru": {"gen": "Бори", "dat": "Боре", "acc": "Борю", "ins": "Борей", "pre": "Боре"}}
    said = rent_words("Аня", "Боря", 200, station, {"Боря": boris})
    assert set(said) == set(i18n.LANGUAGES)
    assert said["ru"] == "Аня платит Боре ренту £200 за Станцию Кингс Кросс"
    said = rent_words("Ann", "Bob", 1500, station, {})
    assert said["en"] == "Ann pays £1,500 rent to Bob for King's Cross Station"
    assert said["ru"] == f"Ann платит игроку Bob ренту {i18n.money(1500, 'ru')} за Станцию Кингс Кросс"

    for n, turns, games in ((1, "1 ход", "1 партию"), (3, "3 хода", "3 партии"), (5, "5 ходов", "5 партий"),
                            (21, "21 ход", "21 партию")):
        ago = i18n.say("ru", "page-odds-after_turn_ago", {"player": "Аня", "player_gen": "Ани", "n": n})
        assert ago == f"После хода Ани, {turns} назад"
        assert f"доиграли отсюда {games} ·" in i18n.say("ru", "page-odds-start", {"n": n, "pm": 2})
    assert i18n.say("en", "page-odds-at_start_ago", {"n": 1}) == "At the start, 1 turn ago"
