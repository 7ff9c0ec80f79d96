"""Who may do what (issue 6, point 3): watchers, paired players, shared tablets and the banker;
the PIN, its lockout and its file; the cookie secret; Origin checks, body limits, no debug."""

from __future__ import annotations

import json
import stat
import time
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.web import auth
from tests.clocks import FakeClock
from tests.web_support import (
    BANKER,
    BANKER_TAG,
    CAR,
    DOG,
    HAT,
    PIN,
    SAME_ORIGIN,
    Rig,
    outcome,
    rig_fixture,
    seq,
)

ROLL = {"do": "roll"}  # a screen's roll: the table rolls (the test table's dice: 1 and 2)


def act(client: FlaskClient, body: dict, **kwargs: object):
    return client.post("/api/commands", json=body, **kwargs)


def paired(rig: Rig, uid: str) -> FlaskClient:
    client = rig.client()
    answer = rig.pair(client, uid)
    assert answer.status_code == 200, answer.json
    return client


# ---- watching ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/state", "/api/board", "/api/history", "/api/history?player=Ann",
                                  "/api/chart", "/api/log", "/api/games", "/api/devices", "/api/session",
                                  "/api/qr.svg", "/api/qr.svg?for=wifi", "/api/openapi.json"])
def test_watching_needs_nothing(rig: Rig, game: dict, path: str) -> None:
    answer = rig.client().get(path)
    assert answer.status_code == 200


# ---- players -------------------------------------------------------------------------------


def test_an_unpaired_screen_may_not_act(rig: Rig, game: dict) -> None:
    answer = act(rig.client(), ROLL)
    assert answer.status_code == 401 and "Pair this screen" in answer.json["error"]
    assert seq(rig) == 1


def test_pairing_is_answered_at_once_and_completed_by_the_tap(rig: Rig, game: dict) -> None:
    client = rig.client()
    asked = client.post("/api/pair", json={})
    assert asked.status_code == 202 and asked.json["kind"] == "pair" and asked.json["done"] is False
    code = asked.json["code"]
    assert asked.json["words"]["en"].startswith(f"This screen's code is {code}. Tap your token on the reader")
    assert asked.json["words"]["ru"].startswith(f"Код этого экрана — {code}.")
    assert client.get(f"/api/requests/{asked.json['request']}").json["done"] is False
    rig.tap(DOG)  # the table offers the one waiting screen's code ...
    offer = client.get(f"/api/requests/{asked.json['request']}").json["offer"]
    assert offer["code"] == code and offer["yours"] and offer["player"] == "Bob"
    rig.tap(DOG)  # ... and Bob, reading "yours: tap again", taps again
    assert outcome(client, asked.json["request"]) == (200, {"player": "Bob"})
    session = client.get("/api/session").json
    assert session["player"] == "Bob" and session["banker"] is False
    assert not rig.table.token_waits.waits
    # Another screen cannot read this screen's request.
    assert rig.client().get(f"/api/requests/{asked.json['request']}").status_code == 404


def test_pairing_without_a_tap_is_408(rig: Rig, game: dict) -> None:
    rig.ctx.pair_timeout = 0.2
    client = rig.client()
    asked = client.post("/api/pair", json={})
    assert asked.status_code == 202
    time.sleep(0.4)
    rig.settle()
    answered = outcome(client, asked.json["request"])
    assert answered.status_code == 408 and "tap your token" in answered.json["error"]
    assert answered.json["words"]["ru"]
    assert client.get("/api/session").json["player"] is None
    assert not rig.table.token_waits.waits  # the wait was withdrawn
    rig.tap(CAR)  # taps now pair no one
    rig.tap(CAR)
    assert client.get("/api/session").json["player"] is None


def test_pairing_needs_a_game(rig: Rig) -> None:
    assert rig.client().post("/api/pair", json={}).status_code == 409


def test_a_tap_of_a_piece_nobody_plays_pairs_no_one(rig: Rig, game: dict) -> None:
    client = rig.client()
    asked = client.post("/api/pair", json={})
    rig.tap(HAT)
    assert client.get(f"/api/requests/{asked.json['request']}").json["done"] is False
    assert client.get("/api/session").json["player"] is None


def test_a_screen_asking_again_replaces_its_own_wait(rig: Rig, game: dict) -> None:
    client = rig.client()
    first = client.post("/api/pair", json={}).json["request"]
    second = client.post("/api/pair", json={}).json["request"]
    assert outcome(client, first).status_code == 409  # dropped: "this screen asked again"
    assert len(rig.table.token_waits.waits) == 1
    rig.tap(CAR)
    rig.tap(CAR)
    assert outcome(client, second) == (200, {"player": "Ann"})


def test_a_stranger_waiting_first_cannot_steal_a_pairing(rig: Rig, game: dict) -> None:
    """Issue 11's race, issue 36's rule: a phone asks to pair first, then Ann's phone asks, then Ann
    taps her token. The tap pairs nobody: it opens a choice, the table offers each waiting
    screen's code in an order nobody chose, and Ann's second tap takes the code her phone says
    is offered. The stranger's screen is never hers."""
    from companion.table.choice import GRACE, OFFER

    rig.table.token_waits.clock = clock = FakeClock()
    rig.ctx.pair_timeout = 600.0  # the waits outlast the test's turns of the clock
    stranger, ann = rig.client(), rig.client()
    first = stranger.post("/api/pair", json={}).json
    second = ann.post("/api/pair", json={}).json
    assert first["code"] != second["code"]
    rig.tap(CAR)
    assert len(rig.table.token_waits.waits) == 2 and stranger.get("/api/session").json["player"] is None

    def offer(client: FlaskClient, asked: dict) -> dict:
        return client.get(f"/api/requests/{asked['request']}").json["offer"]

    if not offer(ann, second)["yours"]:  # the stranger's code first: Ann waits for hers
        assert offer(stranger, first)["yours"] and offer(ann, second)["code"] == first["code"]
        clock.advance(OFFER)
        rig.settle()
        assert offer(ann, second)["yours"]
        rig.tap(CAR)  # at once after the change: too soon, it may have been meant for the other
        assert offer(ann, second)["yours"] and stranger.get("/api/session").json["player"] is None
        clock.advance(GRACE)
    rig.tap(CAR)
    assert outcome(ann, second["request"]) == (200, {"player": "Ann"})
    assert stranger.get("/api/session").json["player"] is None
    assert not stranger.get(f"/api/requests/{first['request']}").json["done"]  # still waiting
    moved = act(stranger, {"do": "trade", "from": "Ann", "to": "Bob", "give": {"cash": 1000}})
    assert moved.status_code == 401
    assert seq(rig) == 1


def test_a_pairing_cannot_take_the_table_screens_confirmation(rig: Rig, game: dict) -> None:
    """The same race with "confirm": "token": a phone waiting to pair while the table's screen
    waits for a token to confirm a roll. Ann's tap serves neither."""
    tablet, stranger = rig.table_screen(), rig.client()
    waiting = act(tablet, {**ROLL, "confirm": "token"})
    assert waiting.status_code == 202 and waiting.json["player"] is None  # bound to the token tapped
    asked = stranger.post("/api/pair", json={})
    rig.tap(CAR)
    assert outcome(tablet, waiting.json["request"]).status_code == 409
    assert outcome(stranger, asked.json["request"]).status_code == 409
    assert seq(rig) == 1 and stranger.get("/api/session").json["player"] is None


def test_a_guests_screen_can_queue_nothing_a_tap_confirms(rig: Rig, game: dict) -> None:
    """Issue 36's first attack: an unpaired screen asks for any token's confirmation of a bid in
    the tapper's name. It is refused: only the table's own screen (or a paired phone, for its own
    seat) asks for a token, so Ann's tap stays Ann's own move."""
    guest = rig.client()
    refused = act(guest, {**ROLL, "confirm": "token"})
    assert refused.status_code == 403 and refused.json["words"]["ru"]
    assert "table's own screen" in refused.json["error"]
    assert not rig.table.token_waits.waits and rig.table.taps()["next"]["kind"] == "none"


def test_a_paired_player_makes_their_own_moves_only(rig: Rig, game: dict) -> None:
    ann, bob = paired(rig, CAR), paired(rig, DOG)

    # Rolling: on your own turn only.
    refused = act(bob, ROLL)
    assert refused.status_code == 403 and "Ann's move" in refused.json["error"]
    assert act(bob, {**ROLL, "player": "Ann"}).status_code == 403
    assert seq(rig) == 1
    assert act(ann, ROLL).status_code == 200

    # The offer is Ann's: Bob may not decline it for her. Ann declines; the auction follows.
    assert act(bob, {"do": "decline"}).status_code == 403
    assert act(ann, {"do": "decline"}).status_code == 200
    assert act(ann, {"do": "bid", "player": "Bob", "amount": 10}).status_code == 403
    assert act(bob, {"do": "bid", "player": "Bob", "amount": 10}).status_code == 200
    assert act(bob, {"do": "pass", "player": "Ann"}).status_code == 403
    assert act(ann, {"do": "pass", "player": "Ann"}).status_code == 200
    state = rig.client().get("/api/state").json
    assert state["properties"]["whitechapel-road"]["owner"] == "Bob"

    # Building and mortgaging: as yourself (the rules then decide).
    assert act(ann, {"do": "mortgage", "player": "Bob", "square": "whitechapel-road"}).status_code == 403
    assert act(bob, {"do": "mortgage", "player": "Bob", "square": "whitechapel-road"}).status_code == 200
    build = act(bob, {"do": "build", "player": "Bob", "square": "old-kent-road"})
    assert build.status_code == 422 and "whole brown group" in build.json["error"]
    assert act(ann, {"do": "build", "player": "Bob", "square": "old-kent-road"}).status_code == 403

    # Trading: proposed from yourself, answered by the other.
    assert act(ann, {"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": 10}}).status_code == 403
    assert act(bob, {"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": 10}}).status_code == 200
    assert act(bob, {"do": "accept", "player": "Ann"}).status_code == 403
    assert act(ann, {"do": "accept", "player": "Ann"}).status_code == 200

    # Ending the turn: the current player's.
    assert act(bob, {"do": "end_turn"}).status_code == 403
    assert act(ann, {"do": "end_turn"}).status_code == 200
    assert rig.client().get("/api/state").json["turn"] == "Bob"
    sources = {e.source for e in rig.table.store.history()[1:]}
    assert sources == {"tablet"}


@pytest.mark.parametrize("body", [{"do": "end_game"}, {"do": "auction_building", "kind": "house"},
                                  {"do": "tap", "tag": CAR}])
def test_banker_only_commands_are_403_for_a_player(rig: Rig, game: dict, body: dict) -> None:
    ann = paired(rig, CAR)
    answer = act(ann, body)
    assert answer.status_code == 403 and "banker" in answer.json["error"]
    assert seq(rig) == 1
    assert act(rig.banker(), body).status_code in (200, 422)  # the banker may (the rules decide)


def test_after_a_new_game_a_screen_follows_its_piece_to_the_same_player_only(rig: Rig, game: dict) -> None:
    ann_phone = paired(rig, CAR)  # the car's screen
    by_banker = rig.client()
    assert by_banker.post("/api/pair", json={"player": "Bob"}, headers=BANKER).status_code == 200
    rig.new_game(players=["Cat", "Ann"], tokens={"Cat": "dog", "Ann": "car"})
    assert ann_phone.get("/api/session").json["player"] == "Ann"  # Ann holds the car again
    assert by_banker.get("/api/session").json["player"] is None  # paired by name: not any more
    assert act(ann_phone, ROLL).status_code == 403  # Cat's turn: Ann's screen may not roll
    rig.new_game(players=["Eve", "Fay"], tokens={"Eve": "dog", "Fay": "car"})
    assert ann_phone.get("/api/session").json["player"] is None  # the car is Fay's: not Ann's phone
    assert act(ann_phone, ROLL).status_code == 401


def test_a_family_playing_again_keeps_its_phones_paired(rig: Rig, game: dict) -> None:
    """docs/players.md (issue 38): a new game with the same players on the same pieces ("Same players
    again") keeps every phone paired to its player, in the new game; a phone whose piece another
    player holds now, or one the banker paired by name, goes back to pairing."""
    ann, bob = paired(rig, CAR), paired(rig, DOG)
    by_banker = rig.client()
    assert by_banker.post("/api/pair", json={"player": "Bob"}, headers=BANKER).status_code == 200
    again = rig.new_game()  # Ann on the car, Bob on the dog, as before
    for phone, name in ((ann, "Ann"), (bob, "Bob")):
        assert phone.get("/api/session").json["player"] == name
    assert by_banker.get("/api/session").json["player"] is None
    assert act(ann, ROLL).status_code == 200  # Ann plays the new game from her phone at once
    assert rig.table.snapshot()["game"] == again["game"]
    rig.new_game(tokens={"Ann": "dog", "Bob": "car"})  # the pieces swapped: each phone pairs again
    assert ann.get("/api/session").json["player"] is None and bob.get("/api/session").json["player"] is None


def test_unpair_makes_a_screen_watch_only_and_ends_a_copied_cookie(rig: Rig, game: dict) -> None:
    ann = paired(rig, CAR)
    copy = rig.client()
    copy.set_cookie("session", ann.get_cookie("session").value)
    assert copy.get("/api/session").json["player"] == "Ann"
    assert ann.post("/api/unpair").json == {"player": None}
    assert act(ann, ROLL).status_code == 401
    assert act(copy, ROLL).status_code == 401
    assert copy.get("/api/session").json["player"] is None


def test_the_banker_pairs_a_screen_without_a_tap(rig: Rig, game: dict) -> None:
    client = rig.client()
    assert client.post("/api/pair", json={"player": "Bob"}).status_code == 401
    banker = rig.banker()
    assert banker.post("/api/pair", json={"player": "Zed"}).status_code == 422
    assert banker.post("/api/pair", json={"player": ["Ann"]}).status_code == 422
    assert client.post("/api/pair", json={"player": "Bob"}, headers=BANKER).json == {"player": "Bob"}
    assert client.get("/api/session").json["player"] == "Bob"


# ---- a shared tablet: the token tap confirms ---------------------------------------------------


def test_a_shared_tablet_acts_after_the_players_token_tap(rig: Rig, game: dict) -> None:
    tablet = rig.table_screen()
    waiting = act(tablet, {**ROLL, "confirm": "token"})
    assert waiting.status_code == 202 and waiting.json["player"] is None
    assert "Tap your token on the reader to confirm" in waiting.json["message"]
    assert seq(rig) == 1  # nothing yet
    rig.tap(CAR)
    answered = outcome(tablet, waiting.json["request"])
    assert answered.status_code == 200 and answered.json["seq"] == 2
    assert answered.json["state"]["players"][0]["position"] == 3  # the table rolled 1 and 2
    entry = rig.table.store.history()[-1]
    assert json.loads(entry.line) == {"do": "roll", "player": "Ann", "dice": [1, 2]}
    assert entry.source == "tablet"
    assert tablet.get("/api/session").json["player"] is None  # confirming is not pairing


def test_a_shared_tablet_refuses_another_players_token(rig: Rig, game: dict) -> None:
    tablet = rig.table_screen()
    waiting = act(tablet, {**ROLL, "confirm": "token"})
    rig.tap(DOG)
    answered = outcome(tablet, waiting.json["request"])
    assert answered.status_code == 403 and "That is Ann's move, not Bob's" in answered.json["error"]
    assert seq(rig) == 1


def test_a_shared_tablet_without_a_tap_is_408(rig: Rig, game: dict) -> None:
    rig.ctx.confirm_timeout = 0.2
    tablet = rig.table_screen()
    waiting = act(tablet, {**ROLL, "confirm": "token"})
    time.sleep(0.4)
    rig.settle()
    answered = outcome(tablet, waiting.json["request"])
    assert answered.status_code == 408 and "No token was tapped" in answered.json["error"]
    rig.tap(CAR)
    assert seq(rig) == 1  # a late tap applies nothing


def test_a_shared_tablets_command_is_checked_again_when_the_token_comes(rig: Rig, game: dict) -> None:
    tablet = rig.table_screen()
    waiting = act(tablet, {"do": "end_turn", "confirm": "token"})  # Ann has not rolled yet
    rig.tap(CAR)
    answered = outcome(tablet, waiting.json["request"])
    assert answered.status_code == 422 and answered.json["words"]["ru"]
    assert seq(rig) == 1


def test_a_shared_tablet_cannot_confirm_banker_commands(rig: Rig, game: dict) -> None:
    answer = act(rig.table_screen(), {"do": "end_game", "confirm": "token"})
    assert answer.status_code == 403
    assert not rig.table.token_waits.waits


# ---- the banker ----------------------------------------------------------------------------


def test_the_banker_may_make_any_move(rig: Rig, game: dict) -> None:
    banker = rig.banker()
    assert banker.get("/api/session").json["banker"] is True
    assert act(banker, ROLL).status_code == 200
    assert act(banker, {"do": "buy"}).status_code == 200
    assert act(banker, {"do": "mortgage", "player": "Ann", "square": "whitechapel-road"}).status_code == 200
    by_header = act(rig.client(), {"do": "end_turn"}, headers=BANKER)
    assert by_header.status_code == 200
    assert act(rig.client(), {"do": "end_game"}, headers=BANKER).status_code == 200
    assert rig.client().get("/api/state").json["winner"] is not None
    assert {e.source for e in rig.table.store.history()[1:]} == {"banker"}


def test_a_wrong_banker_header_is_not_the_banker(rig: Rig, game: dict) -> None:
    answer = act(rig.client(), ROLL, headers={"X-Banker-Pin": "0000"})
    assert answer.status_code == 401
    assert rig.client().post("/api/games", json={"players": ["A", "B"]},
                             headers={"X-Banker-Pin": "0000"}).status_code == 401
    assert seq(rig) == 1


@pytest.mark.parametrize(("method", "path"), [
    ("post", "/api/games"), ("post", "/api/undo"), ("post", "/api/redo"),
    ("post", "/api/games/x/open"), ("get", "/api/export/x.jsonl"),
])
def test_banker_endpoints_are_401_for_others(rig: Rig, game: dict, method: str, path: str) -> None:
    ann = paired(rig, CAR)
    for client in (rig.client(), ann):
        answer = getattr(client, method)(path, json={"players": ["A", "B"], "count": 1})
        assert answer.status_code == 401 and "banker" in answer.json["error"]
    assert seq(rig) == 1 and len(rig.folder.games()) == 1


def test_banker_logout_ends_a_copied_cookie_too(rig: Rig) -> None:
    banker = rig.banker()
    copy = rig.client()
    copy.set_cookie("session", banker.get_cookie("session").value)
    assert copy.get("/api/session").json["banker"] is True
    assert banker.post("/api/banker/logout").json == {"banker": False}
    for client in (banker, copy):
        assert client.get("/api/session").json["banker"] is False
        assert client.post("/api/games", json={"players": ["A", "B"]}).status_code == 401


def banker_step(rig: Rig) -> None:
    """The banker's step at the table: the dice button held for banker_hold seconds, and pressed
    again while the one waiting screen's code is offered."""
    rig.banker_step()


def test_the_pin_is_set_once_at_the_table_and_must_be_6_to_12_digits(tmp_path: Path) -> None:
    for rig in rig_fixture(tmp_path, pin=None):
        client = rig.client()
        assert client.get("/api/session").json["pin_set"] is False
        assert client.post("/api/banker/login", json={"pin": "123456"}).status_code == 409
        for bad in ("123", "1234", "12345", "1234567890123", "12a456", "١٢٣٤٥٦", "１２３４５６", 123456,
                    None, ""):
            answer = client.post("/api/banker/setup", json={"pin": bad})
            assert answer.status_code == 422, bad
            assert "6 to 12 digits" in answer.json["error"] and "от 6 до 12" in answer.json["words"]["ru"]
        asked = client.post("/api/banker/setup", json={"pin": "123456789012"})
        assert asked.status_code == 202 and not asked.json["done"]
        assert "hold the dice button" in asked.json["message"] and asked.json["code"] in asked.json["message"]
        assert not rig.ctx.pin.is_set  # asking sets nothing: the first visitor is not the banker
        assert client.get("/api/session").json["banker"] is False
        banker_step(rig)
        done = client.get(f"/api/requests/{asked.json['request']}").json
        assert done["done"] and done["status"] == 200, done
        session = client.get("/api/session").json
        assert session["banker"] is True and session["pin_set"] is True
        again = rig.client().post("/api/banker/setup", json={"pin": "999999"})
        assert again.status_code == 409
        assert rig.client().post("/api/banker/login", json={"pin": "999999"}).status_code == 401
        assert rig.client().post("/api/banker/login", json={"pin": "123456789012"}).status_code == 200


def test_a_pin_stored_with_4_digits_by_an_older_table_still_logs_in(tmp_path: Path) -> None:
    salt = b"s" * 16
    (tmp_path / "banker-pin.json").write_text(json.dumps({"salt": salt.hex(),
                                                           "hash": auth._hash("2468", salt).hex()}))
    for rig in rig_fixture(tmp_path, pin=None):
        assert rig.client().post("/api/banker/login", json={"pin": "2468"}).status_code == 200
        assert rig.client().post("/api/banker/login", json={"pin": "2469"}).status_code == 401
        with pytest.raises(ValueError):
            rig.ctx.pin.set("2468")  # but nobody sets a 4-digit PIN now


def from_address(rig: Rig, address: str) -> FlaskClient:
    """A screen at its own address on the table's wifi."""
    client = rig.app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def test_wrong_pins_are_limited_for_the_whole_table_whatever_the_address(rig: Rig, game: dict) -> None:
    clock = FakeClock()
    rig.ctx.pin.clock = clock
    for n in range(auth.BURST):  # each guess from an address of its own
        wrong = from_address(rig, f"10.42.0.{100 + n}").post("/api/banker/login", json={"pin": f"{n:06d}"})
        assert wrong.status_code == 401 and "not the banker PIN" in wrong.json["error"]
    # The table forgives no more for now: a new address's guess is not even checked...
    fresh = from_address(rig, "10.42.0.250")
    locked = fresh.post("/api/banker/login", json={"pin": "999999"})
    assert locked.status_code == 429 and locked.json["retry_after"] == int(auth.REFILL) + 1
    assert locked.headers["Retry-After"] == str(int(auth.REFILL) + 1)
    assert "Log in at the table" in locked.json["error"] and locked.json["words"]["ru"]
    # ... nor the right one, from any screen, by login or by header: else guessing would go on.
    assert from_address(rig, "10.42.0.7").post("/api/banker/login", json={"pin": PIN}).status_code == 429
    assert act(from_address(rig, "10.42.0.8"), ROLL, headers=BANKER).status_code == 401
    assert seq(rig) == 1
    assert rig.client().get("/api/session").json["pin_wait"] == int(auth.REFILL)

    clock.now += auth.REFILL / 2
    assert fresh.post("/api/banker/login", json={"pin": PIN}).json["retry_after"] == int(auth.REFILL / 2) + 1
    clock.now += auth.REFILL / 2 + 0.1  # one more try forgiven: the right PIN logs in
    banker = from_address(rig, "10.42.0.7")
    assert banker.post("/api/banker/login", json={"pin": PIN}).status_code == 200
    assert banker.get("/api/session").json["banker"] is True
    assert act(from_address(rig, "10.42.0.8"), ROLL, headers=BANKER).status_code == 200  # right: free
    assert from_address(rig, "10.42.0.9").post("/api/banker/login", json={"pin": "111111"}).status_code == 401
    assert from_address(rig, "10.42.0.9").post("/api/banker/login", json={"pin": PIN}).status_code == 429


@pytest.mark.slow  # a month of guesses: seconds even on a quiet machine
def test_a_month_of_guessing_from_any_number_of_addresses_tries_under_one_percent(
        rig: Rig, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(auth, "ROUNDS", 1)  # each guess hashed quickly: the limit is what is tried
    clock = FakeClock()
    pin = rig.ctx.pin
    pin.clock = clock
    month, checked, address = 30 * 86400.0, 0, 0
    end = clock.now + month
    while clock.now < end:  # the guesser tries the moment the table would check one
        wait = pin.wait()
        if wait > 0:
            clock.now += wait
            continue
        address += 1
        right, _wait = pin.check(f"{checked:06d}", f"10.42.{address // 250 % 250}.{address % 250}")
        assert not right
        checked += 1
    assert checked <= auth.BURST + month / auth.REFILL + 1
    assert checked / 1_000_000 < 0.01  # of the six-digit PINs


def test_the_bankers_own_screen_keeps_an_allowance_of_its_own(rig: Rig) -> None:
    rig.ctx.pin.clock = FakeClock()
    own = from_address(rig, "10.42.0.7")
    assert own.post("/api/banker/login", json={"pin": PIN}).status_code == 200
    assert own.post("/api/banker/logout").status_code == 200
    for n in range(auth.BURST):
        from_address(rig, f"10.42.1.{n + 10}").post("/api/banker/login", json={"pin": "111111"})
    assert from_address(rig, "10.42.0.8").post("/api/banker/login", json={"pin": PIN}).status_code == 429
    assert own.post("/api/banker/login", json={"pin": PIN}).status_code == 200  # the banker's phone
    own.post("/api/banker/logout")
    for _ in range(auth.BURST):  # its own wrong tries are limited all the same
        assert own.post("/api/banker/login", json={"pin": "222222"}).status_code == 401
    assert own.post("/api/banker/login", json={"pin": PIN}).status_code == 429


def test_a_restart_forgives_no_wrong_pin(tmp_path: Path) -> None:
    for rig in rig_fixture(tmp_path):
        for n in range(auth.BURST):
            from_address(rig, f"10.42.0.{n + 10}").post("/api/banker/login", json={"pin": "111111"})
        assert rig.client().post("/api/banker/login", json={"pin": PIN}).status_code == 429
    for rig in rig_fixture(tmp_path, pin=None):  # the companion restarted on the same folder
        assert rig.client().post("/api/banker/login", json={"pin": PIN}).status_code == 429
        assert stat.S_IMODE((tmp_path / auth.TRIES_FILE).stat().st_mode) == 0o600
    (tmp_path / auth.TRIES_FILE).unlink()  # the positive control: without the file, the PIN works
    for rig in rig_fixture(tmp_path, pin=None):
        assert rig.client().post("/api/banker/login", json={"pin": PIN}).status_code == 200


def test_wrong_pins_in_the_header_count_too(rig: Rig) -> None:
    rig.ctx.pin.clock = FakeClock()
    for n in range(auth.BURST):
        act(from_address(rig, f"10.42.0.{n + 10}"), {"do": "end_game"}, headers={"X-Banker-Pin": "111111"})
    assert from_address(rig, "10.42.0.7").post("/api/banker/login", json={"pin": PIN}).status_code == 429


def test_a_locked_out_banker_logs_in_at_the_table_without_the_pin(rig: Rig, game: dict) -> None:
    rig.ctx.pin.clock = FakeClock()
    for n in range(auth.BURST):
        from_address(rig, f"10.42.0.{n + 10}").post("/api/banker/login", json={"pin": "111111"})
    banker = from_address(rig, "10.42.0.7")
    assert banker.post("/api/banker/login", json={"pin": PIN}).status_code == 429
    asked = banker.post("/api/banker/presence", json={})
    assert asked.status_code == 202 and asked.json["kind"] == "banker"
    rig.tap(BANKER_TAG)  # the banker's tag on the reader: the table offers the one waiting screen
    assert banker.get(f"/api/requests/{asked.json['request']}").json["offer"]["yours"]
    rig.tap(BANKER_TAG)  # and again, as the screen says
    assert outcome(banker, asked.json["request"]).status_code == 200
    assert banker.get("/api/session").json["banker"] is True
    assert act(banker, {"do": "end_game"}).status_code == 200


def test_the_pin_file_is_private_and_holds_no_pin(rig: Rig) -> None:
    path = rig.ctx.pin.path
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = path.read_text()
    assert PIN not in text
    record = json.loads(text)
    assert set(record) == {"salt", "hash"} and len(bytes.fromhex(record["hash"])) == 32


def test_the_secret_key_is_private_and_outlives_the_app(tmp_path: Path) -> None:
    first = Rig.make(tmp_path)
    try:
        banker = first.banker()
        cookie = banker.get_cookie("session")
        assert cookie is not None
    finally:
        first.close()
    key = tmp_path / "secret.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(key.read_bytes()) >= 32
    kept = key.read_bytes()

    for rig in rig_fixture(tmp_path):  # the companion restarted on the same folder
        client = rig.client()
        client.set_cookie("session", cookie.value)
        assert client.get("/api/session").json["banker"] is True
        assert client.post("/api/games", json={"players": ["A", "B"]}).status_code == 201
    assert key.read_bytes() == kept

    other = tmp_path / "other"
    other.mkdir()
    for rig in rig_fixture(other):  # another companion's secret: the cookie means nothing there
        client = rig.client()
        client.set_cookie("session", cookie.value)
        assert client.get("/api/session").json["banker"] is False


def test_an_empty_secret_key_file_is_made_again(tmp_path: Path) -> None:
    (tmp_path / "secret.key").write_bytes(b"")  # a power cut as it was first written
    for rig in rig_fixture(tmp_path):
        assert rig.banker().get("/api/session").json["banker"] is True
    key = tmp_path / "secret.key"
    assert len(key.read_bytes()) == 32 and stat.S_IMODE(key.stat().st_mode) == 0o600


def test_session_cookies_are_strict_and_http_only(rig: Rig) -> None:
    """The session's cookie, and the table's own pass the banker's screen now carries (own_pass.py)."""
    answer = rig.client().post("/api/banker/login", json={"pin": PIN})
    cookies = {c.split("=", 1)[0]: c for c in answer.headers.getlist("Set-Cookie")}
    assert set(cookies) == {"session", "companion_own", "companion_own_until"}
    for cookie in cookies.values():
        assert "SameSite=Strict" in cookie and "HttpOnly" in cookie


# ---- requests from elsewhere ------------------------------------------------------------------


@pytest.mark.parametrize("origin", ["http://evil.example", "http://localhost:8080", "null",
                                    "https://localhost"])
def test_a_post_from_another_origin_is_403_and_changes_nothing(rig: Rig, game: dict, origin: str) -> None:
    banker = rig.banker()
    foreign = {"Origin": origin}
    for path, body in (("/api/commands", ROLL), ("/api/games", {"players": ["A", "B"]}),
                       ("/api/undo", {}), ("/api/banker/logout", {}), ("/api/clock", {"time": 0})):
        answer = banker.post(path, json=body, headers=foreign)
        assert answer.status_code == 403, path
        assert "other sites" in answer.json["error"]
    assert act(rig.client(), ROLL, headers={**foreign, **BANKER}).status_code == 403
    assert seq(rig) == 1 and len(rig.folder.games()) == 1
    assert banker.get("/api/session").json["banker"] is True


def test_a_post_from_the_same_origin_works(rig: Rig, game: dict) -> None:
    banker = rig.banker()
    assert act(banker, ROLL, headers=SAME_ORIGIN).status_code == 200
    assert act(banker, {"do": "buy"}, headers={"Origin": "http://localhost/"}).status_code == 200
    assert seq(rig) == 3


def test_a_body_over_16_kb_is_413_with_a_json_error(rig: Rig, game: dict) -> None:
    big = {"do": "roll", "dice": [1, 2], "padding": "x" * (16 * 1024)}
    answer = act(rig.client(), big, headers=BANKER)
    assert answer.status_code == 413
    assert answer.json == {"error": "That request is too large"}
    assert seq(rig) == 1
    assert act(rig.client(), {**big, "padding": "x" * 1000}, headers=BANKER).status_code == 200


def test_no_debug_mode(tmp_path: Path) -> None:
    for rig in rig_fixture(tmp_path):
        assert rig.app.debug is False
    for rig in rig_fixture(tmp_path / "served", testing=False):
        assert rig.app.debug is False and rig.app.testing is False
        assert rig.app.config["MAX_CONTENT_LENGTH"] == 16 * 1024
        # An unexpected error is a JSON 500 without a traceback for the API.
        rig.ctx.devices = lambda: 1 / 0
        answer = rig.client().get("/api/devices")
        assert answer.status_code == 500
        assert "Traceback" not in answer.get_data(as_text=True) and answer.json["error"]



@pytest.mark.parametrize("host", ["192.168.4.1:8080", "localhost", "companion.local", "[::1]:8080",
                                  "10.42.0.1"])
def test_the_table_s_own_addresses_are_accepted(host: str) -> None:
    from companion.web.app import table_host

    assert table_host(host)


def test_a_rebound_name_is_refused_even_with_a_matching_origin(tmp_path: Path) -> None:
    """DNS rebinding: another site's page, its name pointed at the Pi, sends its own Origin."""
    from companion import i18n
    from companion.web.app import table_host

    assert not table_host("evil.example:8080")
    rig = Rig.make(tmp_path, pin=None)
    try:
        client = rig.app.test_client()
        response = client.post("/api/banker/setup", json={"pin": "123456"},
                               headers={"Host": "evil.example", "Origin": "http://evil.example"})
        assert response.status_code == 403
        assert "own address" in response.get_json()["error"]
        page = client.get("/", headers={"Host": "evil.example"})  # a page: the sentence in every language
        assert page.status_code == 403 and page.mimetype == "text/plain"
        assert page.get_data(as_text=True).splitlines() == [
            i18n.say(lang, "server-foreign_host") for lang in i18n.LANGUAGES]
        assert client.post("/api/banker/setup", json={"pin": "123456"},
                           headers={"Host": "companion.local", "Origin": "http://companion.local"}
                           ).status_code == 202
        banker_step(rig)
        assert rig.ctx.pin.is_set
    finally:
        rig.close()
