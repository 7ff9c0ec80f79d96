"""Issue 11's attacks from a phone on the table's wifi, through the app on a real Table and data
folder: each one reproduced, and what a player would notice checked (the server-level ones, with
real sockets against `companion run`, are in test_server_limits.py)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from companion.ledger import Clock
from companion.ledger.clock import FLOOR
from companion.web.clock_proposal import KEPT
from companion.web.openapi import ROUTES
from tests.clocks import FakeClock
from tests.web_support import BANKER, CAR, DOG, PIN, LiveServer, Rig, cookie_header, outcome, rig_fixture, seq

YEAR_10000_MS = 253402300794000
MARCH_MS = 1772366400000  # 2026-03-01T12:00:00Z: the right time, on Ann's phone
YEAR_2030_MS = 1893456000000  # 2030-01-01: a guest's phone, set ahead
NOBODY = {"player": None, "banker": False, "table": False}  # a screen's session, as its stream hears it
ANNS = {"player": "Ann", "banker": False, "table": False}


def paired(rig: Rig, uid: str):
    client = rig.client()
    assert rig.pair(client, uid).status_code == 200
    return client


# ---- time can't break storage -----------------------------------------------------------------


def test_a_clock_in_the_year_10000_is_refused_and_the_table_keeps_playing(rig: Rig, game: dict) -> None:
    answer = rig.client().post("/api/clock", json={"time": YEAR_10000_MS})
    assert answer.status_code == 400 and "cannot be right" in answer.json["error"]
    assert rig.folder.clock.offset == 0 and not rig.folder.clock.corrected
    banker = rig.banker()
    assert banker.post("/api/commands", json={"do": "roll"}).status_code == 200
    assert banker.post("/api/commands", json={"do": "buy"}).status_code == 200
    assert banker.post("/api/undo", json={"count": 1}).status_code == 200
    assert banker.post("/api/redo").status_code == 200
    assert banker.post("/api/games", json={"players": ["Cat", "Dan"]}).status_code == 201
    for entry in rig.table.store.history():
        assert entry.time.startswith("20") and not entry.time.startswith("2099")
    # A believable time is still taken (once) afterwards.
    assert rig.client().post("/api/clock", json={"time": (FLOOR + 86400) * 1000}).status_code == 200


def test_the_bankers_use_this_time_takes_the_proposal_read_not_a_guests_sent_since(tmp_path: Path) -> None:
    """Issue 36, finding 7: the banker reads Ann's time, a guest proposes 2030 before the banker's
    click; the click takes Ann's time, never the guest's, and later entries carry it."""
    for rig in rig_fixture(tmp_path, clock=Clock(FakeClock(FLOOR - 200 * 86400.0))):  # booted without time
        rig.new_game()
        ann, guest, banker = rig.client(), rig.client(), rig.banker()
        assert ann.post("/api/clock", json={"time": MARCH_MS}).json["proposed"] is True
        read = banker.get("/api/banker/clock").json["proposal"]
        assert abs(read["time"] - MARCH_MS) < 60_000
        assert guest.post("/api/clock", json={"time": YEAR_2030_MS}).json["proposed"] is True  # in between
        assert abs(banker.get("/api/banker/clock").json["proposal"]["time"] - YEAR_2030_MS) < 60_000

        taken = banker.post("/api/banker/clock", json={"use": True, "proposal": read["id"]})
        assert taken.status_code == 200 and taken.json == {"corrected": True}
        assert abs(rig.folder.clock.timestamp() * 1000 - MARCH_MS) < 60_000
        assert banker.post("/api/commands", json={"do": "roll"}).status_code == 200
        history = rig.table.store.history()
        assert history[-2].kind == "clock" and "2026-03-01" in history[-2].line
        assert history[-1].time.startswith("2026-03-01")
        assert not any("2030" in entry.time for entry in history)
        assert banker.get("/api/banker/clock").json["proposal"] is None  # decided: nothing asked now


def test_a_clock_answer_naming_no_kept_proposal_changes_nothing(tmp_path: Path) -> None:
    for rig in rig_fixture(tmp_path, clock=Clock(FakeClock(FLOOR - 200 * 86400.0))):
        rig.new_game()
        banker = rig.banker()
        assert rig.client().post("/api/clock", json={"time": MARCH_MS}).json["proposed"] is True
        read = banker.get("/api/banker/clock").json["proposal"]
        for body in ({"use": True}, {"use": True, "proposal": 7}, {"use": "yes", "proposal": read["id"]}):
            refused = banker.post("/api/banker/clock", json=body)
            assert refused.status_code == 400 and refused.json["error"], body
        # A flood of guests' proposals pushes the one read out: the banker is told to read again.
        for n in range(KEPT):
            rig.client().post("/api/clock", json={"time": YEAR_2030_MS + n})
        gone = banker.post("/api/banker/clock", json={"use": True, "proposal": read["id"]})
        assert gone.status_code == 409 and "read the question again" in gone.json["error"]
        assert gone.json["words"]["ru"]
        assert not rig.folder.clock.corrected and rig.folder.clock.offset == 0
        assert all(entry.kind != "clock" for entry in rig.table.store.history())
        # Keeping the Pi's time against the newest drops it and every older one.
        newest = banker.get("/api/banker/clock").json["proposal"]
        assert abs(newest["time"] - YEAR_2030_MS) < 60_000
        assert banker.post("/api/banker/clock", json={"use": False, "proposal": newest["id"]}).json == {
            "corrected": False}
        assert banker.get("/api/banker/clock").json["proposal"] is None
        again = banker.post("/api/banker/clock", json={"use": True, "proposal": newest["id"]})
        assert again.status_code == 409
        assert not rig.folder.clock.corrected


# ---- dice ------------------------------------------------------------------------------------


def test_a_player_cannot_choose_the_dice_the_table_rolls_them(rig: Rig, game: dict) -> None:
    ann = paired(rig, CAR)
    chosen = ann.post("/api/commands", json={"do": "roll", "dice": [6, 6]})
    assert chosen.status_code == 403 and "The table rolls the dice" in chosen.json["error"]
    assert seq(rig) == 1
    rolled = ann.post("/api/commands", json={"do": "roll"})
    assert rolled.status_code == 200 and rolled.json["state"]["last_roll"] == [1, 2]  # the table's dice
    entry = rig.table.store.history()[-1]
    assert entry.source == "tablet"
    assert json.loads(entry.line) == {"do": "roll", "player": "Ann", "dice": [1, 2]}


def test_dice_chosen_by_the_banker_are_recorded_as_a_correction(rig: Rig, game: dict) -> None:
    assert rig.banker().post("/api/commands", json={"do": "roll", "dice": [6, 6]}).status_code == 200
    entry = rig.table.store.history()[-1]
    assert entry.source == "banker"
    assert json.loads(entry.line) == {"do": "roll", "dice": [6, 6],
                                      "note": "correction: dice chosen by the banker"}
    listed = rig.client().get("/api/log").json["entries"][-1]
    assert "correction" in listed["line"] and listed["source"] == "banker"


def test_with_manual_dice_a_player_sends_the_dice_read_at_the_table(tmp_path: Path) -> None:
    for rig in rig_fixture(tmp_path, manual_dice=True):
        rig.new_game()
        ann = paired(rig, CAR)
        assert ann.get("/api/session").json["manual_dice"] is True
        assert ann.post("/api/commands", json={"do": "roll", "dice": [6, 6]}).status_code == 200
        entry = rig.table.store.history()[-1]
        assert entry.source == "tablet" and json.loads(entry.line)["note"].startswith("physical dice")
        assert json.loads(entry.line)["dice"] == [6, 6]


def test_fields_a_command_does_not_have_are_not_stored(rig: Rig, game: dict) -> None:
    answer = rig.banker().post("/api/commands", json={"do": "roll", "note": "forged", "padding": "x" * 100})
    assert answer.status_code == 200
    assert json.loads(rig.table.store.history()[-1].line) == {"do": "roll", "dice": [1, 2]}


# ---- a client that has gone -------------------------------------------------------------------


def test_a_command_whose_client_left_while_the_table_was_busy_is_not_applied(rig: Rig, game: dict) -> None:
    import threading

    from companion.table import Result

    busy, release = threading.Event(), threading.Event()

    def slow() -> Result:
        busy.set()
        release.wait(5)
        return Result(True)

    blocker = threading.Thread(target=lambda: rig.table.call(slow), daemon=True)
    blocker.start()
    busy.wait(5)
    # waitress's environ says whether the connection is still there: here it has closed.
    gone = {"waitress.client_disconnected": lambda: True}
    answer = rig.client().post("/api/commands", json={"do": "roll"}, headers=BANKER, environ_overrides=gone)
    release.set()
    blocker.join(5)
    rig.settle()
    assert answer.status_code == 503 and "went away" in answer.json["error"]
    assert seq(rig) == 1  # never applied later


# ---- bodies within bounds ----------------------------------------------------------------------


POSTS = sorted(path.replace("{game_id}", "x").replace("{request_id}", "x").replace("{screen_id}", "x")
               for path, methods in ROUTES.items() if "post" in methods)


@pytest.mark.parametrize("path", POSTS)
def test_json_nested_a_thousand_deep_is_400_on_every_post(rig: Rig, game: dict, path: str) -> None:
    deep = "[" * 1000 + "]" * 1000
    for client in (rig.client(), rig.banker()):
        answer = client.post(path, data='{"a": ' + deep + "}", content_type="application/json")
        assert answer.status_code == 400, (path, answer.status_code)
        assert "nested more than" in answer.json["error"]


@pytest.mark.parametrize("raw", ['{"time": NaN}', '{"pin": "\\ud800"}', "\xff\xfe", "[1]", '"x"', "{"])
def test_bodies_that_are_not_one_plain_json_object_are_400(rig: Rig, raw: str) -> None:
    for path in ("/api/clock", "/api/banker/login", "/api/commands", "/api/pair"):
        raw_bytes = raw.encode("utf-8", "surrogatepass")
        answer = rig.client().post(path, data=raw_bytes, content_type="application/json")
        assert answer.status_code == 400, (path, raw)


@pytest.mark.parametrize(("body", "says"), [
    ({"players": ["Ann", "Bob"], "rules": {"starting_cash": 10**21}}, "starting_cash"),
    ({"players": ["Ann", "Bob"], "rules": {"salary": 10**9 + 1}}, "salary"),
])
def test_a_game_with_absurd_amounts_is_refused_and_leaves_nothing(rig: Rig, body: dict, says: str) -> None:
    answer = rig.client().post("/api/games", json=body, headers=BANKER)
    assert answer.status_code == 422 and says in answer.json["error"]
    assert rig.folder.games() == [] and list((rig.path / "games").iterdir()) == []


def test_a_player_named_with_a_lone_surrogate_is_400_and_leaves_nothing(rig: Rig) -> None:
    raw = '{"players": ["\\ud800", "Bob"]}'
    answer = rig.client().post("/api/games", data=raw, content_type="application/json", headers=BANKER)
    assert answer.status_code == 400 and "surrogate" in answer.json["error"]
    assert list((rig.path / "games").iterdir()) == []


def test_a_bug_while_creating_a_game_file_leaves_no_creating_file(rig: Rig, monkeypatch) -> None:
    from companion.ledger import opening

    def broken(*_args, **_kwargs):
        raise OverflowError("Python int too large to convert to SQLite INTEGER")

    monkeypatch.setattr(opening, "make_durable", broken)
    answer = rig.client().post("/api/games", json={"players": ["Ann", "Bob"]}, headers=BANKER)
    assert answer.status_code == 500
    assert answer.json["error"] == "internal error: nothing changed" and answer.json["report"]
    assert list((rig.path / "games").iterdir()) == []


def test_no_message_names_a_file_of_the_pi(rig: Rig, game: dict) -> None:
    missing = rig.client().post("/api/games/20990101-abcdef/open", headers=BANKER)
    assert missing.status_code == 404
    assert str(rig.path) not in missing.get_data(as_text=True) and "/" not in missing.json["error"]
    export = rig.client().get("/api/export/20990101-abcdef.jsonl", headers=BANKER)
    assert export.status_code == 404 and str(rig.path) not in export.get_data(as_text=True)


# ---- signed exports --------------------------------------------------------------------------


def test_an_export_over_http_comes_with_its_signature(rig: Rig, game: dict) -> None:
    from companion.ledger.signature import Verdict, check

    banker = rig.banker()
    banker.post("/api/commands", json={"do": "roll"})
    for fmt in ("jsonl", "csv"):
        export = banker.get(f"/api/export/{game['game']}.{fmt}")
        signature = banker.get(f"/api/export/{game['game']}.{fmt}.sig")
        assert export.status_code == 200 and signature.status_code == 200
        assert f'filename="{game["game"]}.{fmt}.sig"' in signature.headers["Content-Disposition"]
        assert check(rig.folder.key, export.data, signature.data).verdict is Verdict.THIS_TABLE
        assert check(rig.folder.key, export.data + b"x", signature.data).verdict is Verdict.ALTERED
    assert rig.client().get(f"/api/export/{game['game']}.jsonl.sig").status_code == 401
    assert banker.get(f"/api/export/{game['game']}.txt.sig").status_code == 404


# ---- sessions on the server ----------------------------------------------------------------------


def test_sessions_survive_a_restart_in_a_private_file(tmp_path: Path) -> None:
    first = Rig.make(tmp_path)
    try:
        first.new_game()
        ann = first.client()
        assert first.pair(ann, CAR).status_code == 200
        banker = first.banker()
        cookies = {"ann": ann.get_cookie("session").value, "banker": banker.get_cookie("session").value}
    finally:
        first.close()
    path = tmp_path / "sessions.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = path.read_text()
    assert PIN not in text
    for rig in rig_fixture(tmp_path):  # the companion restarted: the same game is opened again
        rig.table.open_game(rig.folder.games()[0].id)
        ann, banker = rig.client(), rig.client()
        ann.set_cookie("session", cookies["ann"])
        banker.set_cookie("session", cookies["banker"])
        assert ann.get("/api/session").json["player"] == "Ann"
        assert banker.get("/api/session").json["banker"] is True
        forged = rig.client()
        forged.set_cookie("session", "x" * 43)
        assert forged.get("/api/session").json == {**forged.get("/api/session").json, "banker": False,
                                                   "player": None}


def test_the_banker_sees_every_paired_screen_and_revokes_one(rig: Rig, game: dict) -> None:
    ann, bob = paired(rig, CAR), paired(rig, DOG)
    copy = rig.client()
    copy.set_cookie("session", bob.get_cookie("session").value)
    banker = rig.banker()
    assert rig.client().get("/api/banker/screens").status_code == 401
    screens = banker.get("/api/banker/screens").json["screens"]
    assert [(s["player"], s["banker"], s["paired_by"]) for s in screens] == [
        ("Ann", False, "token"), ("Bob", False, "token"), (None, True, None)]
    assert [s["this"] for s in screens] == [False, False, True]
    bobs = screens[1]["screen"]
    assert bobs == bob.get("/api/session").json["screen"]
    assert screens[1]["label"] == bob.get("/api/session").json["label"]  # as its screen shows it
    assert bob.get_cookie("session").value not in json.dumps(screens)  # the list shows no cookie
    revoked = banker.post(f"/api/banker/screens/{bobs}/revoke")
    assert revoked.status_code == 200 and revoked.json["player"] is None
    for client in (bob, copy):
        assert client.get("/api/session").json["player"] is None
        assert client.post("/api/commands", json={"do": "end_turn"}).status_code == 401
    assert ann.get("/api/session").json["player"] == "Ann"
    assert banker.post(f"/api/banker/screens/{bobs}/revoke").status_code == 404


# ---- what a screen's stream tells it -------------------------------------------------------------


def test_a_pairing_reaches_the_screen_and_is_announced_everywhere(rig: Rig, live: LiveServer,
                                                                   game: dict) -> None:
    phone, other = rig.client(), rig.client()
    mine = live.stream(headers=cookie_header(phone))
    theirs = live.stream(headers=cookie_header(other))
    assert mine.until("session")[-1].data == NOBODY
    theirs.until("session")
    asked = phone.post("/api/pair", json={})
    rig.tap(CAR)
    offered = mine.wait_for(lambda e: e.event == "request")  # the table offers this screen's code
    assert offered.data["offer"]["yours"] and offered.data["offer"]["code"] == asked.json["code"]
    assert not offered.data["done"]
    rig.tap(CAR)
    events = {e.event: e for e in mine.until("request")}  # its session, the announcement, the outcome
    told = events["request"]
    assert told.data["request"] == asked.json["request"]
    assert told.data["status"] == 200 and told.data["answer"] == {"player": "Ann"}
    assert events["session"].data == ANNS
    theirs.wait_for(lambda e: e.event == "notice" and e.data["type"] == "paired")
    for stream in (mine, theirs):
        notice = next(e for e in stream.seen if e.event == "notice" and e.data["type"] == "paired")
        label = phone.get("/api/session").json["label"]
        assert notice.data["words"]["en"] == f"Ann's token paired {label}"
        assert notice.data["screen"] == label
        assert notice.data["words"]["ru"]
        # Its id (what "not me" needs) only to the screen itself: the other screen may not undo it.
        said_id = notice.data.get("screen_id")
        assert said_id == (phone.get("/api/session").json["screen"] if stream is mine else None)
    # Only this screen hears of its session and its request.
    assert not [e for e in theirs.seen if e.event in ("request",)]
    assert [e.data for e in theirs.seen if e.event == "session"] == [NOBODY]


def test_a_new_game_tells_each_screen_whom_it_now_plays(rig: Rig, live: LiveServer, game: dict) -> None:
    phone = paired(rig, CAR)
    stream = live.stream(headers=cookie_header(phone))
    assert stream.until("session")[-1].data == ANNS
    rig.new_game(players=["Ann", "Dan"], tokens={"Ann": "car", "Dan": "dog"})
    assert stream.wait_for(lambda e: e.event == "session").data == ANNS
    rig.new_game(players=["Cat", "Ann"], tokens={"Cat": "car", "Ann": "hat"})  # the car is Cat's now
    assert stream.wait_for(lambda e: e.event == "session").data == NOBODY


def test_a_shared_tablets_confirmation_reaches_it_through_its_stream(rig: Rig, live: LiveServer,
                                                                      game: dict) -> None:
    tablet = rig.table_screen()
    stream = live.stream(headers=cookie_header(tablet))
    stream.until("session")
    waiting = tablet.post("/api/commands", json={"do": "roll", "confirm": "token"})
    assert waiting.status_code == 202
    rig.tap(CAR)
    told = stream.wait_for(lambda e: e.event == "request")
    assert told.data["status"] == 200 and told.data["answer"]["seq"] == 2
    assert outcome(tablet, waiting.json["request"]).json == told.data["answer"]


def test_a_revoked_screen_is_told_at_once(rig: Rig, live: LiveServer, game: dict) -> None:
    phone = paired(rig, DOG)
    stream = live.stream(headers=cookie_header(phone))
    stream.until("session")
    screen = phone.get("/api/session").json["screen"]
    assert rig.banker().post(f"/api/banker/screens/{screen}/revoke").status_code == 200
    assert stream.wait_for(lambda e: e.event == "session").data == NOBODY


# ---- when the table has no room for another stream ----------------------------------------------


def test_a_full_pool_evicts_its_oldest_which_is_told_to_poll(rig: Rig, live: LiveServer,
                                                             game: dict) -> None:
    rig.ctx.broker.anonymous_streams = 2
    first, second = live.stream(), live.stream()
    first.until("devices"), second.until("devices")
    rig.ctx.broker.per_address = 5  # all from 127.0.0.1: the pool, not the address, is full
    third = live.stream()
    third.until("devices")
    told = first.wait_for(lambda e: e.event == "poll")
    assert told.data["poll_after"] > 0 and told.data["words"]["ru"]
    assert first.ended.wait(2) and not second.ended.is_set() and rig.ctx.broker.clients == 2
    client = rig.client()  # the evicted page polls
    assert client.get("/api/state?after=1").status_code == 204  # nothing new since seq 1
    assert client.get(f"/api/state?after=1&game={game['game']}").status_code == 204
    assert client.get("/api/state?after=1&game=other").json["seq"] == 1  # another game: the state
    rig.banker().post("/api/commands", json={"do": "roll"})
    assert client.get("/api/state?after=1").json["seq"] == 2
    assert client.get("/api/state?after=one").status_code == 400


def test_a_paired_screen_and_the_banker_keep_their_streams_whatever_strangers_open(
        rig: Rig, live: LiveServer, game: dict) -> None:
    rig.ctx.broker.anonymous_streams = 2
    phone, banker = paired(rig, DOG), rig.banker()
    mine, banks = live.stream(headers=cookie_header(phone)), live.stream(headers=cookie_header(banker))
    mine.until("session"), banks.until("session")
    strangers = [live.stream() for _ in range(6)]
    for stranger in strangers:
        stranger.until("devices")
    assert sum(s.ended.wait(2) for s in strangers[:4]) == 4  # strangers evict strangers
    rig.banker().post("/api/commands", json={"do": "roll"})
    assert mine.wait_for(lambda e: e.event == "state").data["seq"] == 2
    assert banks.wait_for(lambda e: e.event == "state").data["seq"] == 2
    assert not mine.ended.is_set() and not banks.ended.is_set()


def test_beyond_the_streams_allowed_while_stopping_a_screen_polls_instead(rig: Rig, game: dict) -> None:
    rig.ctx.broker.closing.set()
    refused = rig.client().get("/api/events")
    assert refused.status_code == 503 and "poll" in refused.json["error"]
    assert int(refused.headers["Retry-After"]) > 0


def test_one_client_opening_more_streams_closes_only_its_own_oldest(rig: Rig, live: LiveServer,
                                                                  game: dict) -> None:
    rig.ctx.broker.per_address = 2
    oldest, middle = live.stream(), live.stream()
    oldest.until("devices"), middle.until("devices")
    newest = live.stream()
    newest.until("devices")
    assert oldest.ended.wait(2)  # the same client (127.0.0.1): its oldest made room
    assert not middle.ended.is_set() and rig.ctx.broker.clients == 2
