"""Issue 36's five attacks on the table's physical acts, each run as a guest with a laptop would:
against `companion run --simulate --front nginx`, from several loopback addresses, each with its
positive control (the table's own people get what the act was for).

1. A guest's screen queues a bid "confirmed by the next token", in the tapper's name: refused; the
   token's tap stays that player's own bid.
2. A guest keeps a wait for the banker's step open: the step alone logs no one in, a roll meanwhile
   stays a roll, and the banker's own screen is the one the banker picks.
3. A flood of waits for the banker's step (fresh cookies, many addresses): the banker's remembered
   screen is never refused room and is offered first; a banker on a new phone, with the PIN
   allowance spent and a guest waiting, still gets in at the table.
4. One guest's pairing wait, renewed: every pairing still works (three of three).
5. "Not me" from a guest: no screen's id reaches it, and with one it is refused.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from companion.table.waits import STRANGERS, STRANGERS_PER_ADDRESS
from companion.web import auth
from tests.server_support import BANKER, RETAP, Screen, events_in, open_stream, start
from tests.test_daemon import daemons  # noqa: F401 - the fixture
from tests.waiting import PATIENCE

pytestmark = pytest.mark.slow


def tap(screen: Screen, meaning: str) -> None:
    """A tag laid on the table's (simulated) reader, after the last one has been lifted a while."""
    time.sleep(RETAP)
    assert screen.post("/api/sim/tap", {"meaning": meaning})[0] == 202


def hold(screen: Screen) -> None:
    time.sleep(RETAP)
    assert screen.post("/api/sim/press", {"hold": True}) == (202, {"pressed": "held"})


def step_at_the_table(table: Screen, banker: Screen, asked: dict[str, Any]) -> None:
    """The banker's step as the waiting screen says it: lay the banker's tag (unless the screen
    says the table is offering codes already), wait until it says its own code is offered, lay the
    tag again."""
    if not (banker.get(f"/api/requests/{asked['request']}")[1].get("offer") or {}).get("code"):
        tap(table, "banker")
    banker.offered(asked["request"], margin=RETAP + 2)
    tap(table, "banker")


def state(screen: Screen) -> dict[str, Any]:
    status, body = screen.get("/api/state")
    assert status == 200, body
    return body  # type: ignore[no-any-return]


def banker_of(screen: Screen) -> bool:
    return bool(screen.get("/api/session")[1]["banker"])


def quick_hold(tmp_path: Path) -> str:
    """The dice button held 1.5 s is the banker's step (6 s at a table), so the test is short."""
    path = tmp_path / "config.toml"
    path.write_text("[button]\nlong_press = 0.3\nbanker_hold = 1.5\n\n[odds]\nenabled = false\n")
    return str(path)


def test_a_guests_bid_confirmed_by_any_token_is_refused_and_the_tap_stays_the_players(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = start(daemons, tmp_path / "data", "nginx")
    table = Screen(daemon.port, "127.0.5.1")
    assert table.post("/api/commands", {"do": "roll", "dice": [1, 2]}, headers=BANKER)[0] == 200
    assert table.post("/api/commands", {"do": "decline"}, headers=BANKER)[0] == 200  # an auction
    for n in range(1, 5):  # guests at four addresses, each asking for the next token's confirmation
        guest = Screen(daemon.port, f"127.0.6.{n}")
        status, said = guest.post("/api/commands", {"do": "bid", "player": "anyone", "amount": 1490,
                                                    "confirm": "token"})
        assert status == 403 and said["words"]["ru"], said
    taps = table.get("/api/taps")[1]
    assert taps["next"]["kind"] == "game" and taps["waiting"] == []  # a token tap is a bid, nothing else
    tap(table, "token:dog")  # Bob lays his token to bid the next £10
    assert daemon.poll(lambda: state(table)["pending"]["high_bid"] == 10)
    auction = state(table)["pending"]
    assert auction["kind"] == "auction" and auction["high_bidder"] == "Bob"
    # The positive control: the table's own screen (set up with the PIN) may ask, for the player
    # its seat panel names (issue 38): Ann's tap stays her own bid, Bob's confirms the £30 shown.
    assert table.post("/api/table-screen", {"pin": BANKER["X-Banker-Pin"]})[0] == 200
    status, waiting = table.post("/api/commands", {"do": "bid", "player": "Bob", "amount": 30,
                                                     "confirm": "token"})
    assert status == 202 and waiting["player"] == "Bob", waiting
    tap(table, "token:car")
    assert daemon.poll(lambda: state(table)["pending"]["high_bidder"] == "Ann")  # her own £20
    tap(table, "token:dog")
    assert table.outcome(waiting["request"])["status"] == 200
    auction = state(table)["pending"]
    assert auction["high_bid"] == 30 and auction["high_bidder"] == "Bob"


def test_a_guest_waiting_for_the_bankers_step_is_never_logged_in(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = start(daemons, tmp_path / "data", "nginx", "--config", quick_hold(tmp_path))
    guest, table = Screen(daemon.port, "127.0.6.20"), Screen(daemon.port, "127.0.5.1")
    status, waiting = guest.post("/api/banker/presence")
    assert status == 202 and waiting["code"]
    seq = state(table)["seq"]
    hold(table)  # someone holds the dice button: the step opens a choice, and logs in no one
    assert guest.offered(waiting["request"])["offer"]["code"] == waiting["code"]
    assert table.post("/api/sim/press", {}) == (202, {"pressed": "short"})  # a player rolls meanwhile
    assert daemon.poll(lambda: state(table)["seq"] == seq + 1)  # a roll, not a pick of a screen
    status, waiting = guest.post("/api/banker/presence")  # the guest renews its wait, and renews
    assert status == 202
    assert not banker_of(guest)
    # The banker's own phone asks, and the banker does what it says: lay the tag (unless the table
    # is offering codes already), wait for "yours", lay it again.
    banker = Screen(daemon.port, "127.0.6.30")
    status, mine = banker.post("/api/banker/presence")
    assert status == 202 and mine["code"] != waiting["code"]
    step_at_the_table(table, banker, mine)
    assert banker.outcome(mine["request"])["status"] == 200 and banker_of(banker)
    assert not banker_of(guest)
    for path in ("/api/export/x.jsonl", "/api/banker/screens"):  # what the step would have given
        assert guest.get(path)[0] == 401


def test_a_flood_of_waits_never_keeps_the_banker_out(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = start(daemons, tmp_path / "data", "nginx")
    table = Screen(daemon.port, "127.0.5.1")
    own = Screen(daemon.port, "127.0.6.40")  # the banker's own phone: it has been the banker's
    assert own.post("/api/banker/login", {"pin": BANKER["X-Banker-Pin"]})[0] == 200
    assert own.post("/api/banker/logout")[0] == 200
    answers = [Screen(daemon.port, f"127.0.7.{1 + n // 4}").post("/api/banker/presence")[0]
               for n in range(64)]  # 64 fresh cookies from 16 addresses
    assert answers.count(202) == min(STRANGERS, 16 * STRANGERS_PER_ADDRESS)
    assert set(answers) == {202, 429}
    status, mine = own.post("/api/banker/presence")
    assert status == 202  # never refused for room
    tap(table, "banker")
    assert own.offered(mine["request"], margin=RETAP + 2)["offer"]["yours"]  # first, the guests after
    tap(table, "banker")
    assert own.outcome(mine["request"])["status"] == 200 and banker_of(own)


def test_a_banker_on_a_new_phone_gets_in_at_the_table_beside_a_guests_wait_and_guessers(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = start(daemons, tmp_path / "data", "nginx")
    table = Screen(daemon.port, "127.0.5.1")
    guest = Screen(daemon.port, "127.0.7.9")
    assert guest.post("/api/banker/presence")[0] == 202  # one guest's wait held open
    for n in range(auth.BURST):
        Screen(daemon.port, f"127.0.8.{n + 1}").post("/api/banker/login", {"pin": "000000"})
    phone = Screen(daemon.port, "127.0.6.41")
    assert phone.post("/api/banker/login", {"pin": BANKER["X-Banker-Pin"]})[0] == 429
    status, asked = phone.post("/api/banker/presence")
    assert status == 202
    step_at_the_table(table, phone, asked)  # the guest's code and this one take turns
    assert phone.outcome(asked["request"])["status"] == 200 and banker_of(phone)
    assert not banker_of(guest)


def test_one_guests_pairing_wait_freezes_no_pairing(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = start(daemons, tmp_path / "data", "nginx")
    table = Screen(daemon.port, "127.0.5.1")
    guest = Screen(daemon.port, "127.0.6.50")
    paired = 0
    for attempt in range(3):
        assert guest.post("/api/pair")[0] == 202  # renewed before every try
        ann = Screen(daemon.port, f"127.0.6.{60 + attempt}")
        status, asked = ann.post("/api/pair")
        assert status == 202 and asked["code"]
        tap(table, "token:car")
        ann.offered(asked["request"], margin=RETAP + 2)  # Ann's phone: "now: tap your token again"
        tap(table, "token:car")
        record = ann.outcome(asked["request"])
        assert record["status"] == 200 and record["answer"] == {"player": "Ann"}
        paired += ann.get("/api/session")[1]["player"] == "Ann"
        assert guest.get("/api/session")[1]["player"] is None
    assert paired == 3


def test_not_me_comes_only_from_the_screen_its_player_the_table_or_the_banker(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = start(daemons, tmp_path / "data", "nginx")
    table = Screen(daemon.port, "127.0.5.1")
    guest = Screen(daemon.port, "127.0.6.70")
    guest.get("/api/session")
    stream = open_stream(daemon.port, "127.0.6.70", f"session={guest.cookie}")
    stream.settimeout(0.2)
    ann = Screen(daemon.port, "127.0.6.71")
    status, asked = ann.post("/api/pair")
    tap(table, "token:car")
    ann.offered(asked["request"])
    tap(table, "token:car")
    assert ann.outcome(asked["request"])["status"] == 200
    screen_id = ann.get("/api/session")[1]["screen"]

    heard = b""
    deadline = time.monotonic() + PATIENCE
    while b'"paired"' not in heard and time.monotonic() < deadline:
        try:
            heard += stream.recv(65536)
        except TimeoutError:
            pass
    stream.close()
    paired = [n for n in events_in(heard, "notice") if n.get("type") == "paired"]
    assert paired and paired[0]["player"] == "Ann"  # the guest hears of the pairing ...
    assert screen_id not in heard.decode(errors="replace")  # ... and never the screen's id

    status, said = guest.post(f"/api/screens/{screen_id}/not-me")  # given the id anyway
    assert status == 403 and said["words"]["ru"]
    assert ann.get("/api/session")[1]["player"] == "Ann"
    # The positive control: the table's own screen undoes it.
    assert table.post("/api/table-screen", {"pin": BANKER["X-Banker-Pin"]})[0] == 200
    assert table.post(f"/api/screens/{screen_id}/not-me")[0] == 200
    assert ann.get("/api/session")[1]["player"] is None
