"""The dashboard's JSON API (web/API.md) through Flask's test client, on a real Table and data
folder: shapes and status codes, what is stored when, exports, QR codes, the clock, the simulated
table's endpoints, the OpenAPI document, and the live stream (Server-Sent Events)."""

from __future__ import annotations

import csv
import io
import math
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
import segno

from companion.hardware.device import Tap
from companion.ledger import Clock, DataFolder
from companion.ledger.clock import FLOOR
from companion.replay import replay
from companion.web import events as events_module
from companion.web.watching import wifi_text
from tests.clocks import FakeClock
from tests.ledger_support import recorded_game
from tests.web_support import (
    BANKER,
    CAR,
    DEVICES,
    DOG,
    HAT,
    NEW_GAME,
    TABLE_ADDS,
    UNKNOWN_TAG,
    FakeSimulator,
    LiveServer,
    Rig,
    StreamReader,
    rig_fixture,
)

ROLL = {"do": "roll", "dice": [1, 2]}  # the banker's dice: Ann to Whitechapel Road (60), offered to her
MARCH = 1772366400.0  # 2026-03-01T12:00:00Z



def command(rig: Rig, body: object, **kwargs: object):
    return rig.client().post("/api/commands", json=body, headers=BANKER, **kwargs)


def stored(rig: Rig) -> tuple[int, int, dict | None]:
    """What the ledger holds: its seq, the number of entries, the state."""
    store = rig.table.store
    assert store is not None
    return store.seq, len(store.history()), rig.table.snapshot()


# ---- watching ------------------------------------------------------------------------------


def test_state_without_a_game_is_game_null_and_seq_0(rig: Rig) -> None:
    answer = rig.client().get("/api/state")
    assert answer.status_code == 200
    assert answer.json == {"game": None, "seq": 0}


def test_state_of_a_game_is_the_printed_state_with_seq_and_game(rig: Rig, game: dict) -> None:
    state = rig.client().get("/api/state").json
    assert state["game"] == game["game"] == rig.table.store.game_id
    assert state["seq"] == 1
    assert [p["name"] for p in state["players"]] == ["Ann", "Bob"]
    assert state["turn"] == "Ann" and state["pending"] is None
    printed = replay([line for line in rig.table.store.script()]).state()
    printed.pop("rejected")
    assert {k: v for k, v in state.items() if k not in TABLE_ADDS} == printed
    # What each player may do now, from the engine: Ann rolls; Bob may only propose trades.
    legal = state["legal"]["players"]
    roll = {"command": {"do": "roll", "player": "Ann"}, "free": {"dice": "rolled by the table"}}
    assert roll in legal["Ann"]
    assert {entry["command"]["do"] for entry in legal["Bob"]} == {"trade"}
    assert {entry["command"]["do"] for entry in state["legal"]["banker"]} >= {"end_game"}


def test_a_command_is_answered_with_seq_and_state_once_stored(rig: Rig, game: dict) -> None:
    answer = command(rig, ROLL)
    assert answer.status_code == 200
    assert {"seq", "state"} <= set(answer.json)
    seq, entries, state = stored(rig)
    assert answer.json["seq"] == seq == 2 and entries == 2
    last = rig.table.store.history()[-1]
    assert last.kind == "play" and '"roll"' in last.line and last.source == "banker"
    assert answer.json["state"] == state == rig.client().get("/api/state").json
    assert answer.json["state"]["players"][0]["position"] == 3
    assert answer.json["state"]["pending"]["kind"] == "buy"


def test_a_refused_command_is_422_with_a_reason_and_changes_nothing(rig: Rig, game: dict) -> None:
    before = stored(rig)
    answer = command(rig, {"do": "buy"})
    assert answer.status_code == 422
    assert set(answer.json) == {"error", "words"}
    assert "No deed is on offer" in answer.json["error"] == answer.json["words"]["en"]
    assert answer.json["words"]["ru"] == "Сейчас ничего не продаётся"
    assert stored(rig) == before


@pytest.mark.parametrize(
    ("kwargs", "why"),
    [
        ({"data": "{not json", "content_type": "application/json"}, "JSON object"),
        ({"data": '{"do": "roll", "dice": [1, 2]}'}, "JSON object"),  # no JSON content type
        ({"json": [ROLL]}, "JSON object"),
        ({"json": "roll"}, "JSON object"),
        ({"json": {"do": "fly"}}, "unknown command"),
        ({"json": {"dice": [1, 2]}}, 'missing "do"'),
        ({"json": {"do": "bid", "amount": 10}}, 'missing field "player"'),
        ({"json": {"do": "roll", "dice": [1, 2, 3]}}, "wrong form"),
        ({"json": {"do": "new_game", "players": ["Ann"]}}, "new_game"),
    ],
)
def test_a_malformed_body_is_400_and_changes_nothing(rig: Rig, game: dict, kwargs: dict, why: str) -> None:
    before = stored(rig)
    paired = rig.client()
    assert rig.pair(paired, CAR).status_code == 200
    for client, headers in ((rig.client(), BANKER), (paired, {}), (rig.client(), {})):
        answer = client.post("/api/commands", headers=headers, **kwargs)
        assert answer.status_code == 400, (headers, answer.json)
        assert why in answer.json["error"]
    assert stored(rig) == before


def test_a_command_without_a_game_is_refused(rig: Rig) -> None:
    answer = command(rig, ROLL)
    assert answer.status_code == 422
    assert "No game is running" in answer.json["error"]


def test_storage_failure_is_503_and_the_game_is_as_before(rig: Rig, game: dict) -> None:
    before = stored(rig)
    conn = rig.table.store.conn
    conn.execute("PRAGMA query_only=1")
    answer = command(rig, ROLL)
    assert answer.status_code == 503
    assert answer.json["error"]
    assert stored(rig) == before
    assert rig.client().get("/api/state").json["players"][0]["position"] == 0
    conn.execute("PRAGMA query_only=0")
    again = command(rig, ROLL)
    assert again.status_code == 200 and again.json["seq"] == 2


# ---- games ---------------------------------------------------------------------------------


def test_the_banker_starts_a_game_whose_tags_map_the_tokens_to_players(rig: Rig) -> None:
    answer = rig.client().post("/api/games", json=NEW_GAME, headers=BANKER)
    assert answer.status_code == 201
    body = answer.json
    assert body["game"] == rig.table.store.game_id
    assert body["seq"] == 1 and body["state"]["game"] == body["game"]
    tags = rig.table.store.game.tags
    assert tags[CAR] == "token:Ann" and tags[DOG] == "token:Bob"
    assert HAT not in tags  # a piece nobody plays
    assert tags["04a1b2c3d4e5f7"] == "deed:mayfair"
    listed = rig.client().get("/api/games").json
    assert listed["current"] == body["game"]
    assert [g["id"] for g in listed["games"]] == [body["game"]]
    assert {"id", "players", "started", "last_move", "status"} <= set(listed["games"][0])
    assert listed["games"][0]["players"] == ["Ann", "Bob"] and listed["games"][0]["status"] == "playing"


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"players": "Ann and Bob"}, 422),
        ({"players": ["Ann", "Bob"], "rules": {"no_such_rule": True}}, 422),
        ({"players": ["Ann", "Bob"], "tokens": ["car"]}, 400),
        ({"players": ["Ann", "Bob"], "tokens": {"Ann": ["car"]}}, 400),
    ],
)
def test_a_game_that_cannot_start_says_why(rig: Rig, body: dict, status: int) -> None:
    answer = rig.client().post("/api/games", json=body, headers=BANKER)
    assert answer.status_code == status
    assert answer.json["error"]
    assert rig.table.store is None and rig.folder.games() == []


def test_a_stored_game_is_resumed(rig: Rig) -> None:
    first = rig.new_game()["game"]
    command(rig, ROLL)
    second = rig.new_game(players=["Cat", "Dan"])["game"]
    assert second != first and rig.client().get("/api/state").json["game"] == second
    answer = rig.client().post(f"/api/games/{first}/open", headers=BANKER)
    assert answer.status_code == 200
    assert answer.json["seq"] == 2 and answer.json["state"]["game"] == first
    state = rig.client().get("/api/state").json
    assert state["game"] == first and state["seq"] == 2 and state["players"][0]["position"] == 3
    assert rig.client().get("/api/games").json["current"] == first
    missing = rig.client().post("/api/games/20990101-000000/open", headers=BANKER)
    assert missing.status_code == 404 and "no game" in missing.json["error"]


def test_undo_and_redo(rig: Rig, game: dict) -> None:
    banker = rig.banker()
    banker.post("/api/commands", json=ROLL)
    undone = banker.post("/api/undo", json={"count": 1})
    assert undone.status_code == 200
    assert undone.json["seq"] == 3 == rig.table.store.seq
    assert undone.json["state"]["players"][0]["position"] == 0
    assert undone.json["state"]["redo"] == 1  # the banker's Redo shows
    redone = banker.post("/api/redo", json={})
    assert redone.status_code == 200 and redone.json["seq"] == 4
    assert redone.json["state"]["players"][0]["position"] == 3
    assert redone.json["state"]["redo"] == 0 == rig.client().get("/api/state").json["redo"]
    nothing = banker.post("/api/redo")
    assert nothing.status_code == 422 and "nothing to redo" in nothing.json["error"]
    assert nothing.json["words"]["ru"] == "Возвращать нечего"  # the banker's page in Russian
    too_many = banker.post("/api/undo", json={"count": 5})
    assert too_many.status_code == 422 and "can be undone" in too_many.json["error"]
    assert too_many.json["words"] == {"en": "Only 1 command can be undone in this game",
                                      "ru": "В этой игре можно отменить только 1 ход"}
    assert banker.post("/api/undo", json={"count": "one"}).status_code == 400
    assert [e.kind for e in rig.table.store.history()] == ["new", "play", "undo", "redo"]


# ---- reading the game's history ---------------------------------------------------------------


def play_some_money(rig: Rig) -> None:
    """Ann buys Whitechapel Road (60), Bob lands on it (rent 4), Ann mortgages it (30)."""
    for body in (ROLL, {"do": "buy"}, {"do": "end_turn"}, ROLL, {"do": "end_turn"},
                 {"do": "mortgage", "player": "Ann", "square": "whitechapel-road"}):
        answer = command(rig, body)
        assert answer.status_code == 200, (body, answer.json)


def test_export_jsonl_replays_to_the_same_game_and_csv_adds_up(rig: Rig, game: dict) -> None:
    play_some_money(rig)
    banker = rig.banker()
    jsonl = banker.get(f"/api/export/{game['game']}.jsonl")
    assert jsonl.status_code == 200
    assert jsonl.mimetype == "application/jsonl"
    assert f'filename="{game["game"]}.jsonl"' in jsonl.headers["Content-Disposition"]
    replayed = replay(jsonl.get_data(as_text=True).splitlines()).state()
    assert replayed.pop("rejected") == []
    state = rig.client().get("/api/state").json
    assert replayed == {k: v for k, v in state.items() if k not in TABLE_ADDS}

    table = banker.get(f"/api/export/{game['game']}.csv")
    assert table.status_code == 200 and table.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(table.get_data(as_text=True))))
    assert rows[0] == ["seq", "time", "from", "to", "amount", "reason", "Ann", "Bob"]
    assert [int(x) for x in rows[-1][-2:]] == [p["cash"] for p in state["players"]]
    assert ["Ann", "bank", "60", "bought Whitechapel Road"] == rows[3][2:6]


def test_export_of_another_game_and_of_none(rig: Rig) -> None:
    first = rig.new_game()["game"]
    command(rig, ROLL)
    rig.new_game(players=["Cat", "Dan"])
    banker = rig.banker()
    old = banker.get(f"/api/export/{first}.jsonl")
    assert old.status_code == 200 and len(old.get_data(as_text=True).splitlines()) == 2
    assert first not in rig.folder.open_games  # opened to be written out, and closed again
    assert banker.get("/api/export/20990101-000000.jsonl").status_code == 404
    wrong = banker.get(f"/api/export/{first}.txt")
    assert wrong.status_code == 404 and wrong.json["error"]
    assert rig.client().get(f"/api/export/{first}.csv").status_code == 401


def test_exporting_another_tables_game_says_whose_it_is_in_both_languages(
        rig: Rig, tmp_path_factory: pytest.TempPathFactory) -> None:
    theirs = DataFolder(tmp_path_factory.mktemp("theirs"))
    store = theirs.create({"do": "new_game", "players": ["Ann", "Bob"], "seed": 7})
    game_id, path = store.game_id, store.path
    theirs.close()
    shutil.copy(path, rig.path / "games" / path.name)
    refused = rig.banker().get(f"/api/export/{game_id}.jsonl")
    assert refused.status_code == 404
    assert refused.json["words"]["en"].startswith(f"Game {game_id} was sealed by another table")
    assert refused.json["words"]["ru"].startswith(f"Игру {game_id} запечатал другой стол")
    assert rig.folder.key is not None and f"({rig.folder.key.table_id})" in refused.json["words"]["ru"]


def test_a_full_disk_is_told_to_the_banker_in_both_languages(rig: Rig) -> None:
    script = recorded_game(4)
    first = script[0]
    rig.new_game(players=first["players"], seed=first["seed"], rules=first["rules"])
    assert command(rig, script[1]).status_code == 200  # positive control: stored while there is room
    conn = rig.table.store.conn
    conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")
    refused = None
    for body in script[2:]:
        answer = command(rig, body)
        if answer.status_code == 503:
            refused = answer.json
            break
        assert answer.status_code == 200, answer.json
    assert refused is not None, "the disk never filled up"
    words = refused["words"]
    assert words["en"].startswith("The companion's storage is full, so it could not record the command")
    assert words["ru"].startswith("Хранилище компаньона заполнено, поэтому не удалось записать команду")
    conn.execute("PRAGMA max_page_count = 1073741823")


def test_history_lists_money_movements_with_balances_and_filters_by_player(rig: Rig, game: dict) -> None:
    play_some_money(rig)
    transfers = rig.client().get("/api/history").json["transfers"]
    assert [(t["from"], t["to"], t["amount"]) for t in transfers] == [
        ("bank", "Ann", 1500), ("bank", "Bob", 1500), ("Ann", "bank", 60), ("Bob", "Ann", 4),
        ("bank", "Ann", 30),
    ]
    for row in transfers:
        assert set(row) == {"seq", "time", "from", "to", "amount", "reason", "balances"}
    assert transfers[-1]["balances"] == {"Ann": 1500 - 60 + 4 + 30, "Bob": 1500 - 4}
    assert transfers[2]["reason"] == "bought Whitechapel Road"
    seqs = [t["seq"] for t in transfers]
    assert seqs == sorted(seqs)
    bobs = rig.client().get("/api/history?player=Bob").json["transfers"]
    assert [(t["from"], t["to"], t["amount"]) for t in bobs] == [("bank", "Bob", 1500), ("Bob", "Ann", 4)]
    assert bobs[-1]["balances"] == {"Ann": 1500 - 60 + 4, "Bob": 1496}
    assert rig.client().get("/api/history?player=Zed").json["transfers"] == []


def test_history_chart_and_log_without_a_game_are_empty(rig: Rig) -> None:
    client = rig.client()
    none = {"game": None, "seq": 0, "after": 0, "next": 0, "more": False}
    assert client.get("/api/history").json == {"transfers": [], **none}
    assert client.get("/api/chart").json == {"players": [], "points": [], **none}
    assert client.get("/api/log").json == {"entries": [], **none}
    assert client.get("/api/games").json == {"games": [], "current": None}


TURNS = [1, 1, 2, 3]  # the start and Ann's purchase in turn 1, Bob's rent in 2, her mortgage in 3


def test_chart_has_a_point_per_entry_that_moved_money(rig: Rig, game: dict) -> None:
    play_some_money(rig)
    chart = rig.client().get("/api/chart").json
    assert chart["players"] == ["Ann", "Bob"]
    assert chart["points"][0] == {"seq": 1, "turn": 1, "cash": [1500, 1500]}
    assert [p["cash"] for p in chart["points"]] == [[1500, 1500], [1440, 1500], [1444, 1496], [1474, 1496]]
    assert [p["turn"] for p in chart["points"]] == TURNS  # the x axis: turns, not stored entries
    state = rig.client().get("/api/state").json
    assert chart["points"][-1]["cash"] == [p["cash"] for p in state["players"]]


def test_an_undone_end_turn_is_no_turn_on_the_chart(rig: Rig, game: dict) -> None:
    """The banker takes back an end_turn (then ends the turn again), and later takes one back and
    puts it back (redo): the chart still counts each turn once, as play_some_money's game does."""
    undo = ("undo", {})
    for body in (ROLL, {"do": "buy"}, {"do": "end_turn"}, undo, {"do": "end_turn"}, ROLL,
                 {"do": "end_turn"}, undo, ("redo", {}),
                 {"do": "mortgage", "player": "Ann", "square": "whitechapel-road"}):
        if isinstance(body, tuple):
            answer = rig.client().post(f"/api/{body[0]}", json=body[1], headers=BANKER)
        else:
            answer = command(rig, body)
        assert answer.status_code == 200, (body, answer.json)
    kinds = [e["kind"] for e in rig.client().get("/api/log").json["entries"]]
    assert kinds.count("undo") == 2 and kinds.count("redo") == 1  # positive control: both taken back
    points = rig.client().get("/api/chart").json["points"]
    assert [p["cash"] for p in points] == [[1500, 1500], [1440, 1500], [1444, 1496], [1474, 1496]]
    assert [p["turn"] for p in points] == TURNS  # was [1, 1, 3, 5]: undone and redone ends counted
    paged = [p for after in range(0, 12, 3)
             for p in rig.client().get(f"/api/chart?after={after}&limit=3").json["points"]]
    assert paged == points  # the same turns a page at a time


def test_log_lists_every_entry_undo_included(rig: Rig, game: dict) -> None:
    command(rig, ROLL)
    rig.client().post("/api/undo", json={}, headers=BANKER)
    entries = rig.client().get("/api/log").json["entries"]
    assert [(e["seq"], e["kind"], e["source"]) for e in entries] == [
        (1, "new", "banker"), (2, "play", "banker"), (3, "undo", "banker")]
    assert set(entries[0]) == {"seq", "time", "source", "kind", "line"}


def test_board_devices_and_session(rig: Rig) -> None:
    client = rig.client()
    board = client.get("/api/board").json
    assert len(board["squares"]) == 40
    assert board["squares"][39]["id"] == "mayfair" and board["squares"][39]["price"] == 400
    assert set(board["squares"][1]) == {"index", "id", "name", "kind", "group", "price", "rents",
                                        "house_cost", "tax", "cases", "label"}
    assert board["squares"][1]["name"]["ru"]
    assert board["squares"][12]["cases"]["ru"]["acc"] == "Электрическую компанию"
    assert board["groups"] and board["decks"] and board["station_rents"]
    assert board["id"] == "london"  # the board's own words follow it (the US board's railroads)
    assert client.get("/api/devices").json == DEVICES
    session = client.get("/api/session").json
    assert len(session.pop("screen")) == 12
    assert session.pop("label") == "screen 1"  # the first screen the table gave a label to
    assert session == {
        "player": None, "banker": False, "table": False, "pin_set": True, "pin_wait": 0, "banker_hold": 6.0,
        "simulated": False, "manual_dice": False, "join_url": "http://localhost/",
        "wifi": {"ssid": "Table;Net"},
    }


# ---- QR codes ------------------------------------------------------------------------------


def svg_of(text: str) -> bytes:
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, dark="#000", light="#fff")
    return out.getvalue()


def test_the_wifi_text_escapes_what_the_format_reserves() -> None:
    assert wifi_text("companion", "monopoly-table") == "WIFI:T:WPA;S:companion;P:monopoly-table;;"
    assert wifi_text("Table;Net", 'pa:ss"word') == 'WIFI:T:WPA;S:Table\\;Net;P:pa\\:ss\\"word;;'
    assert wifi_text("a\\b,c", "x") == "WIFI:T:WPA;S:a\\\\b\\,c;P:x;;"


@pytest.mark.parametrize(("which", "text"), [
    ("join", "http://localhost/"),
    ("wifi", 'WIFI:T:WPA;S:Table\\;Net;P:pa\\:ss\\"word;;'),
])
def test_qr_codes_are_svg_of_the_join_url_and_the_wifi(rig: Rig, which: str, text: str) -> None:
    answer = rig.client().get(f"/api/qr.svg?for={which}")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    root = ET.fromstring(answer.data)
    assert root.tag.endswith("svg") and root.get("width") and root.get("height")
    assert answer.data == svg_of(text)  # the same symbol segno makes of that text


# ---- the clock ---------------------------------------------------------------------------


@pytest.fixture
def stale_rig(tmp_path: Path) -> Iterator[tuple[Rig, FakeClock]]:
    pi = FakeClock(FLOOR - 200 * 86400.0)  # a Pi that booted without knowing the date
    yield from ((r, pi) for r in rig_fixture(tmp_path, clock=Clock(pi)))


def test_a_stale_pi_clock_is_corrected_once_and_recorded(stale_rig: tuple[Rig, FakeClock]) -> None:
    rig, pi = stale_rig
    rig.new_game()
    client = rig.client()
    before = client.post("/api/clock", json={"time": (FLOOR - 86400.0) * 1000})
    assert before.status_code == 400 and "cannot be right" in before.json["error"]  # before the release
    answer = client.post("/api/clock", json={"time": MARCH * 1000})
    assert answer.status_code == 200 and answer.json == {"corrected": False, "proposed": True}
    assert rig.folder.clock.offset == 0  # a screen's word alone changes nothing
    banker = rig.banker()
    shown = banker.get("/api/banker/clock").json
    assert abs(shown["proposal"]["time"] / 1000 - MARCH) < 1 and abs(shown["pi"] / 1000 - pi.now) < 1
    assert banker.post("/api/banker/clock", json={"use": True, "proposal": shown["proposal"]["id"]}).json == {
        "corrected": True}
    assert abs(rig.folder.clock.timestamp() - MARCH) < 1
    entry = rig.table.store.history()[-1]
    assert entry.kind == "clock" and '"now":"2026-03-01T12:00' in entry.line.replace(" ", "")
    later = client.post("/api/clock", json={"time": (MARCH + 86400 * 30) * 1000})
    assert later.json == {"corrected": False, "proposed": False}  # once only
    assert command(rig, ROLL).status_code == 200
    assert rig.table.store.history()[-1].time.startswith("2026-03-01")


@pytest.mark.parametrize(("tablet", "corrected"), [
    (MARCH + 365 * 86400.0, True),  # far ahead of the Pi: the tablet is believed (once)
    (FLOOR - 365 * 86400.0, None),  # a tablet before the software existed is not: 400
    (MARCH + 20 * 365 * 86400.0, None),  # nor one twenty years ahead
])
def test_a_far_tablet_time_against_a_right_pi_clock(tmp_path: Path, tablet: float,
                                                    corrected: bool | None) -> None:
    for rig in rig_fixture(tmp_path, clock=Clock(FakeClock(MARCH))):
        rig.new_game()
        answer = rig.client().post("/api/clock", json={"time": tablet * 1000})
        if corrected is None:
            assert answer.status_code == 400 and "Its clock is left as it is" in answer.json["error"]
        else:
            assert answer.json == {"corrected": False, "proposed": True}
            banker = rig.banker()
            proposal = banker.get("/api/banker/clock").json["proposal"]["id"]
            assert banker.post("/api/banker/clock", json={"use": True, "proposal": proposal}).json == {
                "corrected": True}
        corrected = bool(corrected)
        assert abs(rig.folder.clock.timestamp() - (tablet if corrected else MARCH)) < 1
        assert (rig.table.store.history()[-1].kind == "clock") is corrected


def test_a_right_clock_is_left_alone(tmp_path: Path) -> None:
    pi = FakeClock(MARCH)
    for rig in rig_fixture(tmp_path, clock=Clock(pi)):
        client = rig.client()
        assert client.post("/api/clock", json={"time": (MARCH + 20) * 1000}).json == {
            "corrected": False, "proposed": False}
        assert rig.banker().get("/api/banker/clock").json["proposal"] is None
        assert client.post("/api/clock", json={"time": 0}).status_code == 400
        assert rig.folder.clock.offset == 0


@pytest.mark.parametrize("raw", ['{"time": Infinity}', '{"time": NaN}', '{"time": 1e300}',
                                 '{"time": -1}', '{"time": 10' + "0" * 400 + "}",
                                 '{"time": "now"}', '{"time": true}', "{}", "[]"])
def test_an_impossible_time_is_400_and_the_clock_keeps_working(stale_rig, raw: str) -> None:
    rig, _pi = stale_rig
    rig.new_game()
    answer = rig.client().post("/api/clock", data=raw, content_type="application/json")
    assert answer.status_code == 400 and answer.json["error"]
    assert rig.folder.clock.offset == 0 and not rig.folder.clock.corrected
    assert math.isfinite(rig.folder.clock.timestamp())
    assert command(rig, ROLL).status_code == 200  # the table still stores commands


# ---- the simulated table -------------------------------------------------------------------


@pytest.mark.parametrize(("method", "path"), [("get", "/api/sim/tags"), ("post", "/api/sim/tap"),
                                              ("post", "/api/sim/press"), ("post", "/api/sim/unit")])
def test_sim_endpoints_are_404_without_a_simulator(rig: Rig, method: str, path: str) -> None:
    answer = getattr(rig.client(), method)(path, json={"uid": CAR})
    assert answer.status_code == 404 and answer.json["error"]


def test_sim_endpoints_call_the_simulator(tmp_path: Path) -> None:
    fake = FakeSimulator()
    for rig in rig_fixture(tmp_path, simulator=fake):
        rig.new_game()
        client = rig.client()
        tags = {t["meaning"]: t for t in client.get("/api/sim/tags").json["tags"]}
        assert tags["token:car"] == {"uid": CAR, "meaning": "token:car", "label": "car (Ann)",
                                     "player": "Ann"}
        assert tags["token:hat"]["label"] == "hat" and tags["token:hat"]["player"] is None
        assert tags["deed:mayfair"] == {"uid": "04a1b2c3d4e5f7", "meaning": "deed:mayfair",
                                        "label": "Mayfair", "player": None}
        assert client.post("/api/sim/tap", json={"uid": UNKNOWN_TAG}).status_code == 202
        assert client.post("/api/sim/tap", json={"meaning": "token:Ann"}).json == {"tapped": CAR}
        assert client.post("/api/sim/tap", json={"meaning": "token:hat"}).status_code == 202
        assert client.post("/api/sim/tap", json={"meaning": "deed:mayfair"}).status_code == 202
        assert client.post("/api/sim/tap", json={"meaning": "token:Zed"}).status_code == 404
        assert client.post("/api/sim/tap", json={"uid": 5}).status_code == 400
        assert client.post("/api/sim/press", json={"long": False}).status_code == 202
        assert client.post("/api/sim/press", json={"long": True}).json == {"pressed": "long"}
        assert client.post("/api/sim/unit").status_code == 202
        assert fake.calls == [("tap", UNKNOWN_TAG), ("tap", CAR), ("tap", HAT), ("tap", "04a1b2c3d4e5f7"),
                              ("press", False), ("press", True), ("unit",)]
        assert client.get("/api/session").json["simulated"] is True


def test_sim_unit_is_404_when_no_dice_unit_runs(tmp_path: Path) -> None:
    for rig in rig_fixture(tmp_path, simulator=FakeSimulator(unit=False)):
        answer = rig.client().post("/api/sim/unit")
        assert answer.status_code == 404 and "dice unit" in answer.json["error"]


# ---- the description -----------------------------------------------------------------------


def test_openapi_describes_every_api_route(tmp_path: Path) -> None:
    for rig in rig_fixture(tmp_path, simulator=FakeSimulator()):
        spec = rig.client().get("/api/openapi.json").json
        assert spec["openapi"].startswith("3.1")
        assert spec["info"]["title"] and spec["info"]["version"]
        routes = set()
        for rule in rig.app.url_map.iter_rules():
            if not rule.rule.startswith("/api/"):
                continue
            path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)  # <int:n> -> {n}
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                routes.add((path, method.lower()))
        described = {(path, method) for path, methods in spec["paths"].items() for method in methods}
        assert routes - described == set(), "routes without a description in companion/web/openapi.py"
        assert described - routes == set(), "described routes that do not exist"
        for path, methods in spec["paths"].items():
            for method, operation in methods.items():
                assert operation["summary"] and operation["responses"], (path, method)
                for code, response in operation["responses"].items():
                    assert code.isdigit() and response["description"]
                for name in ("game_id", "fmt"):
                    if "{" + name + "}" in path:
                        assert {"name": name, "in": "path", "required": True,
                                "schema": {"type": "string"}} in operation["parameters"]


def test_unknown_api_paths_and_methods_answer_json(rig: Rig) -> None:
    missing = rig.client().get("/api/nothing-here")
    assert missing.status_code == 404 and missing.json == {"error": "There is no such page"}
    wrong = rig.client().get("/api/commands")
    assert wrong.status_code == 405 and wrong.json["error"]


# ---- the live stream -------------------------------------------------------------------------


def open_stream(live: LiveServer, headers: dict | None = None, query: str = "") -> StreamReader:
    stream = live.stream("/api/events" + query, headers=headers)
    assert stream.response.status == 200
    assert stream.response.getheader("Content-Type").startswith("text/event-stream")
    assert stream.response.getheader("Cache-Control") == "no-cache"
    return stream


def test_a_stream_starts_with_the_state_and_the_devices(live: LiveServer, game: dict) -> None:
    stream = open_stream(live)
    first = stream.until("devices")
    assert first[0].event == "retry"
    state = [e for e in first if e.event == "state"]
    assert len(state) == 1 and state[0].id == "1"
    assert state[0].data["seq"] == 1 and state[0].data["state"]["game"] == game["game"]
    assert first[-1].data == DEVICES


def test_a_command_reaches_the_stream(rig: Rig, live: LiveServer, game: dict) -> None:
    """How fast is bench/dashboard_speed.py's figure; here it arrives, whole and in order."""
    stream = open_stream(live)
    stream.until("devices")
    answer = command(rig, ROLL)
    event = stream.wait_for(lambda e: e.event == "state")
    assert event.id == str(answer.json["seq"]) == "2"
    assert event.data["seq"] == 2
    assert event.data["state"] == answer.json["state"]
    assert "Ann rolls 1 and 2" in event.data["messages"]


@pytest.mark.parametrize(("last", "sent"), [("0", True), ("1", False), ("99", True)])
def test_last_event_id_catches_up_only_when_behind(live: LiveServer, game: dict, last: str,
                                                   sent: bool) -> None:
    # 99: an id from another game (the game changed while the screen was away) is not "up to date".
    for stream in (open_stream(live, {"Last-Event-ID": last}), open_stream(live, query=f"?last={last}")):
        first = stream.until("devices")
        states = [e for e in first if e.event == "state"]
        assert len(states) == (1 if sent else 0)
        if sent:
            assert states[0].id == "1"


def test_refused_taps_are_notices_but_a_screens_refusal_is_its_own(rig: Rig, live: LiveServer,
                                                                    game: dict) -> None:
    stream = open_stream(live)
    stream.until("devices")
    assert command(rig, {"do": "buy"}).status_code == 422  # answered to that screen alone
    rig.table.on_event(Tap(UNKNOWN_TAG))
    unknown = stream.wait_for(lambda e: e.event == "notice")  # web/API.md: a refusal, kind unknown_tag
    assert unknown.data["type"] == "refused" and unknown.data["kind"] == "unknown_tag"
    assert "not known" in unknown.data["reason"]  # its UID to the banker's streams alone (test_tag_secrets)
    assert "uid" not in unknown.data and UNKNOWN_TAG not in unknown.data["reason"]
    assert "неизвестна" in unknown.data["words"]["ru"]
    rig.table.on_event(Tap("04a1b2c3d4e5f7"))
    deed = stream.wait_for(lambda e: e.event == "notice")
    assert deed.data == {"type": "show_deed", "square": "mayfair"}


def test_device_changes_and_keep_alives_reach_the_stream(rig: Rig, live: LiveServer,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(events_module, "KEEPALIVE", 0.05)
    stream = open_stream(live)
    stream.until("devices")
    stream.wait_for(lambda e: e.comment == "keep-alive")
    rig.ctx.broker.publish({"type": "devices", "devices": {**DEVICES, "reader": "offline: unplugged"}})
    changed = stream.wait_for(lambda e: e.event == "devices")
    assert changed.data["reader"] == "offline: unplugged"


def test_streams_end_when_the_broker_closes(rig: Rig, live: LiveServer, game: dict) -> None:
    streams = [open_stream(live) for _ in range(3)]
    for stream in streams:
        stream.until("devices")
    assert rig.ctx.broker.clients == 3
    rig.ctx.broker.close()
    for stream in streams:
        assert stream.ended.wait(2)
    assert rig.ctx.broker.clients == 0
