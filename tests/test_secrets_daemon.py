"""Issue 21's attacks on secrets, the PIN and the small items, each against `companion run
--simulate` as a process, from as many loopback addresses as a cheat would use, each with its
positive control (the same path taken rightfully works, or the request really reached the table).

Held here: the deck order is not public (no watcher's answer carries the seed or the coming
cards; the banker's export does); PIN guesses from many addresses are limited for the whole table,
and the banker's step at the table (the banker's tag, the dice button held) logs the banker in
whatever the guessers do; the first visitor of a fresh table cannot set the PIN; a planted session
id is replaced at login and at pairing; nothing is framed; a rebound Host reads nothing (the wifi's
QR code); a screen's clock waits for the banker; players may not be called "bank" or "pot".
"""

from __future__ import annotations

import http.client
import json
import time
from pathlib import Path
from typing import Any

import pytest

from companion.replay import replay
from companion.scriptfile import ScriptError
from companion.web import auth
from tests.server_support import RETAP, Screen
from tests.test_daemon import PIN, daemons  # noqa: F401 - the fixture
from tests.web_support import StreamReader

# slow: many games, processes or hypothesis examples (`make check` leaves it out)
pytestmark = pytest.mark.slow

NEW_GAME = {"players": ["Ann", "Bob"], "tokens": {"Ann": "car", "Bob": "dog"}}
WAIT = 10.0  # generous: a loaded machine is slow, never wrong


def banker_header() -> dict[str, str]:
    return {"X-Banker-Pin": PIN}


def started(daemons: Any, data: Path, *options: str) -> Any:  # noqa: F811 - the fixture
    daemon = daemons(data, *options)
    daemon.serving_after()
    return daemon


def quick_hold_config(tmp_path: Path) -> str:
    """The dice button held 1.5 s is the banker's step (6 s at a table), so the test is short."""
    path = tmp_path / "config.toml"
    path.write_text("[button]\nlong_press = 0.3\nbanker_hold = 1.5\n\n[odds]\nenabled = false\n")
    return str(path)


def next_command(state: dict[str, Any]) -> dict[str, Any] | None:
    """The game's next move, played plainly (nothing bought, nothing bid)."""
    decision = state.get("decision")
    if decision is None:
        return None
    options = decision.get("options") or []
    player = (decision.get("players") or [None])[0]
    pending = state.get("pending") or {}
    if decision["kind"] == "choice":
        return {"do": "choose", "option": pending.get("options", ["pay"])[0]}
    if decision["kind"] == "debt":
        return {"do": "bankrupt", "player": player}
    for wanted in ("roll", "end_turn", "decline", "pass", "pay_jail_fine"):
        if wanted in options:
            return {"do": wanted, "player": player} if wanted == "pass" else {"do": wanted}
    return {"do": options[0], "player": player} if options else None


def int_lists(value: Any) -> list[list[int]]:
    """Every list of whole numbers anywhere in a JSON value."""
    found: list[list[int]] = []
    if isinstance(value, list):
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            found.append(value)
        for item in value:
            found += int_lists(item)
    elif isinstance(value, dict):
        for item in value.values():
            found += int_lists(item)
    return found


def numbers(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, list):
        return [n for item in value for n in numbers(item)]
    if isinstance(value, dict):
        return [n for item in value.values() for n in numbers(item)]
    return []


# ---- item 3: the deck order ------------------------------------------------------------------


WATCHED = ["/api/state", "/api/log", "/api/feed?limit=100000", "/api/feed/log", "/api/feed/ledger",
           "/api/history", "/api/chart", "/api/odds", "/api/games", "/api/session", "/api/devices",
           "/api/board", "/api/deeds", "/api/pieces", "/api/time", "/api/sim/tags", "/api/openapi.json"]


def test_no_watcher_sees_the_seed_or_the_coming_cards(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = started(daemons, tmp_path / "data", "--banker-pin", PIN)
    banker = Screen(daemon.port)
    status, created = banker.post("/api/games", NEW_GAME, headers=banker_header())
    assert status == 201, created
    game = created["game"]
    # Ann lands on Chance and Bob on Community Chest (the banker's dice, a correction): cards are drawn.
    for dice in ([3, 4], None, [1, 1]):
        state = banker.get("/api/state")[1]
        command = {"do": "roll", "dice": dice} if dice else next_command(state)
        while dice is None and command is not None and command["do"] != "roll":
            banker.post("/api/commands", command, headers=banker_header())
            command = next_command(banker.get("/api/state")[1])
        if dice is not None:
            assert banker.post("/api/commands", command, headers=banker_header())[0] == 200
    for _ in range(60):  # and the game goes on a while
        command = next_command(banker.get("/api/state")[1])
        if command is None:
            break
        banker.post("/api/commands", command, headers=banker_header())

    # The positive control: the banker's export carries the seed, a big one from `secrets`.
    status, script = banker.get(f"/api/export/{game}.jsonl", headers=banker_header())
    assert status == 200
    lines = script.splitlines()
    seed = json.loads(lines[0])["seed"]
    assert seed.bit_length() > 64  # 128 random bits: one in 2**64 is shorter
    played = replay(lines).game
    assert len(lines) > 20
    coming = {name: list(played.deck(name)) for name in played.deck_order}

    watcher = Screen(daemon.port, "127.0.0.9")  # an unpaired screen
    read = 0
    for path in WATCHED:
        status, answer = watcher.get(path)
        assert status == 200, (path, answer)
        text = json.dumps(answer)
        assert str(seed) not in text, path
        assert seed not in numbers(answer), path
        for name, order in coming.items():
            for found in int_lists(answer):
                windows = [found[i:i + 4] for i in range(len(found) - 3)]
                assert order[:4] not in windows, (path, name, found)
        read += 1
    assert read == len(WATCHED)
    # The log really is there for watchers: the new game's line, without its seed.
    status, log = watcher.get("/api/log")
    first = json.loads(log["entries"][0]["line"])
    assert first["do"] == "new_game" and first["players"] == ["Ann", "Bob"] and "seed" not in first
    assert len(log["entries"]) == len(lines) or len(log["entries"]) >= 20
    # Nor the stream: its first events (the state, the devices, the session).
    connection = http.client.HTTPConnection("127.0.0.1", daemon.port, timeout=WAIT)
    connection.request("GET", "/api/events", headers={"Host": f"127.0.0.1:{daemon.port}"})
    stream = connection.getresponse()
    first_events = stream.read1(65536).decode()
    while "event: session" not in first_events:
        first_events += stream.read1(65536).decode()
    connection.close()
    assert "event: state" in first_events and str(seed) not in first_events
    # And exports stay the banker's.
    for path in (f"/api/export/{game}.jsonl", f"/api/export/{game}.jsonl.sig", f"/api/export/{game}.csv"):
        assert watcher.get(path)[0] == 401


# ---- item 4: the PIN ---------------------------------------------------------------------------


def test_pin_guesses_from_many_addresses_are_limited_for_the_whole_table(tmp_path: Path,
                                                                         daemons: Any) -> None:  # noqa: F811
    daemon = started(daemons, tmp_path / "data", "--banker-pin", PIN, "--config", quick_hold_config(tmp_path))
    # The positive control: the right PIN, from any address, logs in; a wrong one reaches the check.
    assert Screen(daemon.port, "127.0.0.2").post("/api/banker/login", {"pin": PIN})[0] == 200
    # The attack of issue 21: a new address for every few guesses (72 from 18 addresses then).
    answers = []
    for n in range(72):
        guesser = Screen(daemon.port, f"127.0.{1 + n // 4}.{10 + n % 4}")
        answers.append(guesser.post("/api/banker/login", {"pin": f"{n:06d}"}))
    assert [status for status, _ in answers[:auth.BURST]] == [401] * auth.BURST
    assert all("not the banker PIN" in said["error"] for _, said in answers[:auth.BURST])
    assert {status for status, _ in answers[auth.BURST:]} == {429}  # checked no more, from any address
    refused = answers[-1][1]
    assert refused["retry_after"] > auth.REFILL / 2 and refused["words"]["ru"]
    # While it lasts, the right PIN is not checked either: guessing must not go on meanwhile.
    banker = Screen(daemon.port, "127.0.0.3")
    assert banker.post("/api/banker/login", {"pin": PIN})[0] == 429
    assert banker.post("/api/games", NEW_GAME, headers=banker_header())[0] == 401

    # The banker's way in that no guesser can block: the banker's tag on the table's reader.
    status, asked = banker.post("/api/banker/presence")
    assert status == 202 and asked["kind"] == "banker" and "banker's tag" in asked["message"]
    assert banker.get("/api/session")[1]["banker"] is False  # asking alone is nothing
    assert banker.post("/api/sim/tap", {"meaning": "banker"})[0] == 202
    banker.offered(asked["request"])  # the table offers this screen's code: the tag again takes it
    time.sleep(RETAP)
    assert banker.post("/api/sim/tap", {"meaning": "banker"})[0] == 202
    record = banker.outcome(asked["request"])
    assert record["done"] and record["status"] == 200, record
    assert banker.get("/api/session")[1]["banker"] is True
    status, created = banker.post("/api/games", NEW_GAME)
    assert status == 201, created

    # Or the dice button held for banker_hold seconds, twice: logs in, and ends no turn.
    other = Screen(daemon.port, "127.0.0.4")
    seq = other.get("/api/state")[1]["seq"]
    status, asked = other.post("/api/banker/presence")
    assert status == 202
    assert other.post("/api/sim/press", {"hold": True}) == (202, {"pressed": "held"})
    other.offered(asked["request"])
    assert other.post("/api/sim/press", {"hold": True}) == (202, {"pressed": "held"})
    record = other.outcome(asked["request"])
    assert record["status"] == 200 and record["answer"]["by"] == "button", record
    assert other.get("/api/session")[1]["banker"] is True
    assert other.get("/api/state")[1]["seq"] == seq  # no roll, no end of turn


def test_the_step_goes_to_the_screen_the_banker_picks_never_the_one_asking_first(tmp_path: Path,
                                                                               daemons: Any) -> None:  # noqa: F811
    daemon = started(daemons, tmp_path / "data", "--banker-pin", PIN)
    banker, guest = Screen(daemon.port, "127.0.0.2"), Screen(daemon.port, "127.0.0.66")
    asked = [screen.post("/api/banker/presence")[1] for screen in (guest, banker)]  # the guest first
    assert banker.post("/api/sim/tap", {"meaning": "banker"})[0] == 202
    time.sleep(RETAP)
    for screen, request in zip((guest, banker), asked, strict=True):  # a step alone logs in no one
        assert not screen.outcome(request["request"], timeout=0)["done"]
        assert screen.get("/api/session")[1]["banker"] is False
    banker.offered(asked[1]["request"])  # the banker waits until the phone says its code is offered
    assert banker.post("/api/sim/tap", {"meaning": "banker"})[0] == 202
    assert banker.outcome(asked[1]["request"])["status"] == 200
    assert banker.get("/api/session")[1]["banker"] is True
    assert guest.get("/api/session")[1]["banker"] is False
    assert not guest.outcome(asked[0]["request"], timeout=0)["done"]  # still waiting, for nothing


def test_the_first_visitor_of_a_fresh_table_does_not_set_the_pin(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = started(daemons, tmp_path / "data")
    visitor = Screen(daemon.port, "127.0.0.66")
    assert visitor.get("/api/session")[1]["pin_set"] is False
    assert visitor.post("/api/banker/setup", {"pin": "2468"})[0] == 422  # a new PIN has 6 digits at least
    status, asked = visitor.post("/api/banker/setup", {"pin": "666666"})
    assert status == 202 and not asked["done"]
    time.sleep(0.3)
    session = visitor.get("/api/session")[1]
    assert session["pin_set"] is False and session["banker"] is False  # nothing without the table
    assert visitor.post("/api/banker/login", {"pin": "666666"})[0] == 409

    # The banker asks too: the banker's step alone sets no PIN at all ...
    banker = Screen(daemon.port, "127.0.0.2")
    status, mine = banker.post("/api/banker/setup", {"pin": "246810"})
    assert status == 202
    banker.post("/api/sim/tap", {"meaning": "banker"})
    time.sleep(RETAP)
    assert not banker.outcome(mine["request"], timeout=0)["done"]
    assert banker.get("/api/session")[1]["pin_set"] is False

    # ... the step again while the banker's screen shows its code offered sets the PIN it sent.
    banker.offered(mine["request"], margin=RETAP + 2)
    time.sleep(RETAP)
    banker.post("/api/sim/tap", {"meaning": "banker"})
    assert banker.outcome(mine["request"])["status"] == 200
    session = banker.get("/api/session")[1]
    assert session["pin_set"] is True and session["banker"] is True
    assert visitor.get("/api/session")[1]["banker"] is False
    assert Screen(daemon.port, "127.0.0.5").post("/api/banker/login", {"pin": "246810"})[0] == 200
    assert Screen(daemon.port, "127.0.0.5").post("/api/banker/login", {"pin": "666666"})[0] == 401


# ---- item 7: session ids, framing, Host, the clock, reserved names ------------------------------


FORGED = "A" * 43  # well formed, never issued: what a cheat plants in the banker's browser


def test_a_planted_session_id_is_replaced_at_login_and_at_pairing(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = started(daemons, tmp_path / "data", "--banker-pin", PIN)
    # Made up: the server does not take it at all, and the login's answer gives the screen its own.
    victim = Screen(daemon.port, "127.0.0.2", cookie=FORGED)
    assert victim.post("/api/banker/login", {"pin": PIN})[0] == 200
    assert victim.cookie != FORGED and len(victim.cookie or "") == 43
    assert victim.get("/api/session")[1]["banker"] is True  # the positive control: the new id banks
    cheat = Screen(daemon.port, "127.0.0.66", cookie=FORGED)
    assert cheat.get("/api/session")[1]["banker"] is False
    assert cheat.post("/api/games", NEW_GAME)[0] == 401

    # Issued by the server to the cheat, then planted: logging in renews it, so it is worth nothing.
    cheat = Screen(daemon.port, "127.0.0.66")
    cheat.get("/api/session")
    planted = cheat.cookie
    assert planted and len(planted) == 43
    victim = Screen(daemon.port, "127.0.0.3", cookie=planted)
    assert victim.post("/api/banker/login", {"pin": PIN})[0] == 200
    assert victim.cookie != planted and victim.get("/api/session")[1]["banker"] is True
    assert cheat.get("/api/session")[1]["banker"] is False

    # Pairing with a made-up id: the id the pairing ends up on is one the server issued.
    status, _created = victim.post("/api/games", NEW_GAME)
    assert status == 201
    phone = Screen(daemon.port, "127.0.0.4", cookie=FORGED)
    status, asked = phone.post("/api/pair")
    assert status == 202 and phone.cookie != FORGED
    phone.post("/api/sim/tap", {"meaning": "token:car"})
    phone.offered(asked["request"])  # the phone says its code is offered: Ann taps again
    time.sleep(RETAP)
    phone.post("/api/sim/tap", {"meaning": "token:car"})
    assert phone.outcome(asked["request"])["status"] == 200
    assert phone.get("/api/session")[1]["player"] == "Ann"
    assert Screen(daemon.port, "127.0.0.66", cookie=FORGED).get("/api/session")[1]["player"] is None


def test_no_page_or_answer_may_be_framed(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = started(daemons, tmp_path / "data", "--banker-pin", PIN)
    screen = Screen(daemon.port)
    for path in ("/", "/banker", "/player", "/virtual", "/static/js/banker.js", "/api/state",
                 "/api/qr.svg?for=join", "/api/no-such-thing", "/no-such-page"):
        status, _body = screen.get(path)
        assert status in (200, 404), path
        headers = screen.last_headers
        assert headers is not None
        assert headers["X-Frame-Options"] == "DENY", path
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"], path
    status, _body = screen.post("/api/banker/login", {"pin": "000000"})
    assert status == 401 and screen.last_headers["X-Frame-Options"] == "DENY"


def test_a_rebound_name_reads_nothing_not_even_the_wifi_qr_code(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = started(daemons, tmp_path / "data", "--banker-pin", PIN)
    rebound = Screen(daemon.port, host=f"evil.example:{daemon.port}")
    for path in ("/api/qr.svg?for=wifi", "/api/session", "/api/state", "/banker", "/"):
        status, answer = rebound.get(path)
        assert status == 403, path
        assert "WIFI:" not in str(answer) and "<svg" not in str(answer)
    assert "own address" in rebound.get("/api/session")[1]["error"]
    # The positive control: the same request by the table's own names is served.
    for host in (f"127.0.0.1:{daemon.port}", f"localhost:{daemon.port}", "companion.local"):
        status, svg = Screen(daemon.port, host=host).get("/api/qr.svg?for=wifi")
        assert status == 200 and "<svg" in svg, host


def test_a_screens_clock_waits_for_the_bankers_word(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = started(daemons, tmp_path / "data", "--banker-pin", PIN)
    banker = Screen(daemon.port, "127.0.0.2")
    assert banker.post("/api/banker/login", {"pin": PIN})[0] == 200
    assert banker.post("/api/games", NEW_GAME)[0] == 201
    year_2030 = 1_893_456_000_000  # 2030-01-01 in ms: the guest's phone, set ahead

    guest = Screen(daemon.port, "127.0.0.66")
    assert guest.post("/api/clock", {"time": year_2030}) == (200, {"corrected": False, "proposed": True})
    assert banker.post("/api/commands", {"do": "roll"})[0] == 200
    entries = banker.get("/api/log")[1]["entries"]
    assert not entries[-1]["time"].startswith("2030") and all(e["kind"] != "clock" for e in entries)
    shown = banker.get("/api/banker/clock")[1]
    assert abs(shown["pi"] - time.time() * 1000) < 60_000
    assert abs(shown["proposal"]["time"] - year_2030) < 60_000
    assert shown["proposal"]["address"] == "127.0.0.66"
    assert guest.get("/api/banker/clock")[0] == 401
    assert guest.post("/api/banker/clock", {"use": True, "proposal": shown["proposal"]["id"]})[0] == 401
    assert banker.post("/api/banker/clock", {"use": False, "proposal": shown["proposal"]["id"]}) == (
        200, {"corrected": False})  # says no
    assert banker.get("/api/banker/clock")[1]["proposal"] is None

    # The positive control: a proposal the banker takes corrects the clock, once, in the history.
    guest.post("/api/clock", {"time": year_2030})
    proposal = banker.get("/api/banker/clock")[1]["proposal"]["id"]
    assert banker.post("/api/banker/clock", {"use": True, "proposal": proposal}) == (200, {"corrected": True})
    entries = banker.get("/api/log")[1]["entries"]
    assert entries[-1]["kind"] == "clock" and '"by": "banker"' in entries[-1]["line"]
    assert banker.post("/api/commands", {"do": "end_turn"})[0] in (200, 422)
    assert banker.get("/api/log")[1]["entries"][-1]["time"].startswith("2030")


RESERVED = ["bank", "Pot", " BANK ", "b a n k", "Table", "banker", "Банк", "bаnk"]  # the last: a Cyrillic "а"


def test_a_player_may_not_be_called_after_the_tables_own_accounts(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = started(daemons, tmp_path / "data", "--banker-pin", PIN)
    banker = Screen(daemon.port)
    for name in RESERVED:
        status, refused = banker.post("/api/games", {"players": ["Ann", name]}, headers=banker_header())
        assert status == 422 and "cannot be a player's name" in refused["error"], name
        assert "не может быть именем игрока" in refused["words"]["ru"]
    assert banker.get("/api/games")[1]["games"] == []
    # The positive control: the same request with a name of a person starts the game.
    status, created = banker.post("/api/games", {"players": ["Ann", "Bankole"]}, headers=banker_header())
    assert status == 201, created
    # Every path refuses them: a table script too (the rule engine's own check).
    for name in RESERVED:
        with pytest.raises(ScriptError, match="cannot be a player's name"):
            replay([json.dumps({"do": "new_game", "players": ["Ann", name]})])


def test_the_bankers_stream_follows_its_renewed_id(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    """Logging in gives the screen a new id; the stream its page has open follows it, so the page
    hears its outcome and its session live."""
    daemon = started(daemons, tmp_path / "data", "--banker-pin", PIN)
    banker = Screen(daemon.port)  # from 127.0.0.1, as the stream below
    banker.get("/api/session")
    old = banker.cookie
    stream = StreamReader(daemon.port, headers={"Cookie": f"session={old}", "Host": banker.host})
    stream.until("session")
    status, asked = banker.post("/api/banker/presence")
    assert status == 202 and banker.cookie != old
    banker.post("/api/sim/tap", {"meaning": "banker"})
    offer = stream.until("request", timeout=WAIT)[-1].data  # the table offers this screen's code
    assert offer["request"] == asked["request"] and offer["offer"]["yours"] and not offer["done"]
    time.sleep(RETAP)
    banker.post("/api/sim/tap", {"meaning": "banker"})
    heard = stream.until("request", timeout=WAIT)
    assert heard[-1].data["request"] == asked["request"] and heard[-1].data["status"] == 200
    assert any(e.event == "session" and e.data["banker"] is True for e in heard)
    # The old id itself holds nothing: a browser still sending it is a watcher.
    assert Screen(daemon.port, "127.0.0.66", cookie=old).get("/api/session")[1]["banker"] is False
    stream.close()


def test_guessers_and_a_guest_holding_a_wait_open_cannot_keep_the_bankers_own_screen_out(tmp_path: Path,
                                                                             daemons: Any) -> None:  # noqa: F811
    daemon = started(daemons, tmp_path / "data", "--banker-pin", PIN)
    banker = Screen(daemon.port, "127.0.0.2")
    assert banker.post("/api/banker/login", {"pin": PIN})[0] == 200  # this screen has banked before
    assert banker.post("/api/banker/logout")[0] == 200
    for n in range(auth.BURST):  # and now guessers lock the PIN
        Screen(daemon.port, f"127.0.9.{n + 1}").post("/api/banker/login", {"pin": "000000"})
    assert Screen(daemon.port, "127.0.0.3").post("/api/banker/login", {"pin": PIN})[0] == 429
    # The banker's own screen has an allowance of its own: the right PIN works there still ...
    assert banker.post("/api/banker/login", {"pin": PIN})[0] == 200
    assert banker.post("/api/banker/logout")[0] == 200
    # ... and so does the banker's step at the table, even with a guest's wait open beside it.
    guest = Screen(daemon.port, "127.0.0.66")
    status, guest_wait = guest.post("/api/banker/presence")  # the guest keeps a wait open
    assert status == 202
    status, mine = banker.post("/api/banker/presence")
    assert status == 202
    banker.post("/api/sim/tap", {"meaning": "banker"})
    assert banker.offered(mine["request"])["offer"]["yours"]  # the banker's own screen: offered first
    time.sleep(RETAP)
    banker.post("/api/sim/tap", {"meaning": "banker"})
    record = banker.outcome(mine["request"])
    assert record["status"] == 200, record
    assert banker.get("/api/session")[1]["banker"] is True
    assert not guest.outcome(guest_wait["request"], timeout=0)["done"]  # the guest got nothing
    assert guest.get("/api/session")[1]["banker"] is False
