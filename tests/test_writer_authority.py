"""Issue 21's attacks on who may act and what a tap does, against `companion run --simulate` as a
process (each with a positive control: the same path taken rightfully works):

- a burst of end_turn + roll + decline from Bob's phone applies only Bob's own move (not Cat's
  roll, who plays next);
- a guest screen waiting to pair is not paired by Bob's bid tap;
- a queued £1,490 bid "for Bob" from a guest's screen is refused; from the table's own screen it
  waits for Bob's token alone, and his tap makes it his only as shown to everyone;
- the dog's screen of game 1 is unpaired when another player holds the dog in game 2;
- trade churn from one phone is limited per seat;
- with physical_decks only the drawer (or the Table page, by the drawer's token) enters the card.
"""

from __future__ import annotations

import http.cookiejar
import json
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.test_daemon import Daemon, daemons  # noqa: F401 - the fixture
from tests.waiting import PATIENCE

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

PIN = "123456"
BANKER = {"X-Banker-Pin": PIN}
GAME = {"players": ["Ann", "Bob", "Cat"], "seed": 3, "rules": {"shuffle": False},
        "tokens": {"Ann": "car", "Bob": "dog", "Cat": "hat"}}


class Phone:
    """One screen: its own cookie jar, talking to the daemon over HTTP."""

    def __init__(self, daemon: Daemon) -> None:
        self.daemon = daemon
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.daemon.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with self.opener.open(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def get(self, path: str) -> Any:
        status, answer = self.request("GET", path)
        assert status == 200, (path, status, answer)
        return answer

    def post(self, path: str, body: Any = None, **kwargs: Any) -> tuple[int, Any]:
        return self.request("POST", path, {} if body is None else body, **kwargs)

    def player(self) -> str | None:
        return self.get("/api/session")["player"]  # type: ignore[no-any-return]


def eventually(probe: Any, timeout: float = PATIENCE) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.02)


LIFTED = 1.5  # seconds: the reader takes a tag laid again within a second of lifting for the same tap
last_tap: dict[str, float] = {}


def tap(daemon: Daemon, meaning: str) -> None:
    """Lay a tag on the simulated reader (after lifting it long enough to count as a new tap)."""
    time.sleep(max(0.0, last_tap.get(meaning, 0.0) + LIFTED - time.monotonic()))
    assert daemon.post("/api/sim/tap", {"meaning": meaning})[0] == 202
    last_tap[meaning] = time.monotonic()


def state(daemon: Daemon) -> dict[str, Any]:
    return daemon.get("/api/state")  # type: ignore[no-any-return]


def settled(daemon: Daemon, seq: int) -> dict[str, Any]:
    """The state once the table has stored `seq` entries (taps are applied by the writer later)."""
    return eventually(lambda: (s := state(daemon))["seq"] >= seq and s)  # type: ignore[no-any-return]


def paired(daemon: Daemon, player: str) -> Phone:
    """A phone that asked to pair: the player taps, the phone says its code is offered (one screen
    waits: at once), the player taps again (issue 36)."""
    phone = Phone(daemon)
    status, asked = phone.post("/api/pair")
    assert status == 202, asked
    tap(daemon, f"token:{player}")
    assert eventually(lambda: (phone.get(f"/api/requests/{asked['request']}")["offer"] or {}).get("yours"))
    tap(daemon, f"token:{player}")
    assert eventually(lambda: phone.player() == player), phone.get(f"/api/requests/{asked['request']}")
    return phone


def banker(daemon: Daemon, command: dict[str, Any]) -> dict[str, Any]:
    status, answer = daemon.post("/api/commands", command, headers=BANKER)
    assert status == 200, (command, answer)
    return answer  # type: ignore[no-any-return]


@pytest.fixture
def table(tmp_path: Path, daemons: Any) -> Daemon:  # noqa: F811 - the fixture above
    daemon = daemons(tmp_path / "data", "--banker-pin", PIN)
    daemon.serving_after()
    return daemon


def start(daemon: Daemon, **rules: Any) -> None:
    status, created = daemon.post("/api/games", {**GAME, "rules": {**GAME["rules"], **rules}}, headers=BANKER)
    assert status == 201, created


def test_a_burst_from_bobs_phone_applies_only_bobs_own_move(table: Daemon) -> None:
    start(table)
    bob, cat = paired(table, "Bob"), paired(table, "Cat")
    banker(table, {"do": "roll", "dice": [4, 6]})  # Ann: just visiting the jail, nothing pending
    banker(table, {"do": "end_turn"})
    banker(table, {"do": "roll", "dice": [4, 6]})  # Bob too
    before = state(table)
    assert before["turn"] == "Bob"

    # Bob's phone sends end_turn, roll and decline at once, each on its own connection: the writer
    # takes them up in whatever order they reach it.
    answers: dict[str, tuple[int, Any]] = {}
    burst = [threading.Thread(target=lambda c=c: answers.update({c["do"]: bob.post("/api/commands", c)}))
             for c in ({"do": "end_turn"}, {"do": "roll"}, {"do": "decline"})]
    for thread in burst:
        thread.start()
    for thread in burst:
        thread.join(15)
    assert len(answers) == 3 and answers["end_turn"][0] == 200, answers  # all three reached the table
    # The roll is refused either way: as Cat's move once the end of Bob's turn was taken up, else as
    # no roll of Bob's due; the decline, as nothing on offer (or Cat's move).
    status, said = answers["roll"]
    assert (status, "Cat's move" in said["error"]) in ((403, True), (422, False)), answers
    assert answers["decline"][0] in (403, 422), answers

    after = state(table)
    assert after["seq"] == before["seq"] + 1  # Bob's end_turn only
    assert after["turn"] == "Cat" and after["turn_roll"] is None  # Cat has not rolled
    assert [p["position"] for p in after["players"]] == [10, 10, 0]
    entries = table.get("/api/log")["entries"]
    assert json.loads(entries[-1]["line"]) == {"do": "end_turn", "player": "Bob"}

    # Bob's phone rolls again, now that his turn has surely ended: Cat's move, not his.
    status, said = bob.post("/api/commands", {"do": "roll"})
    assert status == 403 and "Cat's move" in said["error"], said
    assert state(table)["seq"] == after["seq"]

    # Positive control: Cat's own phone rolls now, as herself.
    status, rolled = cat.post("/api/commands", {"do": "roll"})
    assert status == 200 and rolled["state"]["turn_roll"] is not None
    assert json.loads(table.get("/api/log")["entries"][-1]["line"])["player"] == "Cat"


def test_a_guest_waiting_to_pair_is_not_paired_by_bobs_bid_tap(table: Daemon) -> None:
    start(table)
    banker(table, {"do": "roll", "dice": [1, 2]})  # Ann on Whitechapel Road
    banker(table, {"do": "decline"})  # its auction: Ann, Bob and Cat bid
    seq = state(table)["seq"]
    guest = Phone(table)
    status, asked = guest.post("/api/pair")
    assert status == 202
    taps = guest.get("/api/taps")
    assert taps["next"]["kind"] == "game" and "no screen is paired" in taps["next"]["words"]["en"]

    tap(table, "token:Bob")  # Bob bids by tapping his token
    bid = settled(table, seq + 1)
    assert bid["pending"]["high_bidder"] == "Bob", bid["pending"]
    assert guest.player() is None  # the guest's screen is not Bob's
    assert guest.get(f"/api/requests/{asked['request']}")["done"] is False  # still waiting

    # Positive control: once the auction is over, a token tapped twice pairs the waiting screen
    # (the second when the screen says its code is offered).
    banker(table, {"do": "pass", "player": "Ann"})
    banker(table, {"do": "pass", "player": "Cat"})
    assert "auction" not in json.dumps(state(table)["pending"] or {})
    assert guest.get("/api/taps")["next"]["kind"] == "pair"
    tap(table, "token:Cat")
    assert eventually(lambda: (guest.get(f"/api/requests/{asked['request']}")["offer"] or {}).get("yours"))
    tap(table, "token:Cat")
    assert eventually(lambda: guest.player() == "Cat")


def test_a_queued_bid_for_bob_is_bobs_to_confirm_only_where_the_table_shows_it(table: Daemon) -> None:
    start(table)
    cat = paired(table, "Cat")  # before the auction: while it runs, token taps pair no screen
    banker(table, {"do": "roll", "dice": [1, 2]})
    banker(table, {"do": "decline"})
    seq = state(table)["seq"]
    attack = {"do": "bid", "player": "Bob", "amount": 1490, "confirm": "token"}

    # From a screen paired to Cat, the queued bid is Cat's: Bob's tap is his own bid (+£10).
    status, asked = cat.post("/api/commands", attack)
    assert status == 202 and asked["player"] == "Cat"
    tap(table, "token:Bob")
    after = settled(table, seq + 1)
    assert after["pending"]["high_bidder"] == "Bob" and after["pending"]["high_bid"] == 10
    assert cat.get(f"/api/requests/{asked['request']}")["done"] is False  # Cat's tap would confirm it
    assert cat.post(f"/api/requests/{asked['request']}/cancel")[0] == 200

    # A guest's screen may queue nothing a tap confirms (issue 36) ...
    guest = Phone(table)
    status, refused = guest.post("/api/commands", attack)
    assert status == 403 and refused["words"]["ru"]
    assert Phone(table).get("/api/taps")["waiting"] == []
    # ... the table's own screen may, for the player it names (issue 38: its seat panel's player),
    # and what a tap will do is shown to every screen before anyone taps: whose token, the bid,
    # its amount, its deed.
    assert guest.post("/api/table-screen", {"pin": PIN})[0] == 200
    status, asked = guest.post("/api/commands", attack)
    assert status == 202 and asked["player"] == "Bob"
    taps = Phone(table).get("/api/taps")
    assert taps["next"]["kind"] == "confirm"
    assert taps["next"]["words"]["en"] == "Bob's tap confirms: bid £1,490 for Whitechapel Road", taps
    assert taps["next"]["words"]["ru"].startswith("Касание фишки игрока Bob подтвердит: ")
    [waiting] = taps["waiting"]
    assert waiting["player"] == "Bob" and waiting["command"] == {"do": "bid", "player": "Bob", "amount": 1490}
    # Bob taps with that shown: it is his bid of £1,490, as everyone was told.
    tap(table, "token:Bob")
    record = eventually(lambda: (r := guest.get(f"/api/requests/{asked['request']}"))["done"] and r)
    assert record["status"] == 200, record
    assert record["answer"]["state"]["pending"]["high_bid"] == 1490
    assert Phone(table).get("/api/taps")["waiting"] == []  # no longer shown once confirmed


def test_the_dogs_screen_of_game_1_is_unpaired_when_another_player_holds_the_dog(table: Daemon) -> None:
    start(table)
    bobs_phone = paired(table, "Bob")  # Bob holds the dog
    assert bobs_phone.post("/api/commands", {"do": "roll"})[0] == 403  # Ann's turn: paired, refused

    # Positive control: a new game where Bob holds the dog again: his screen follows him.
    status, _ = table.post("/api/games", {**GAME, "tokens": {"Ann": "car", "Bob": "dog", "Cat": "hat"}},
                           headers=BANKER)
    assert status == 201
    assert eventually(lambda: bobs_phone.player() == "Bob")

    # Game 3: Cat holds the dog. The dog's screen does not become Cat's; it pairs again.
    status, _ = table.post("/api/games", {**GAME, "tokens": {"Ann": "car", "Bob": "hat", "Cat": "dog"}},
                           headers=BANKER)
    assert status == 201
    assert eventually(lambda: bobs_phone.player() is None)
    status, refused = bobs_phone.post("/api/commands", {"do": "roll"})  # Ann's turn; Cat's next
    assert status == 401 and refused["words"]["ru"]


def test_trade_churn_from_one_phone_is_limited_per_seat(table: Daemon) -> None:
    start(table)
    bob, ann = paired(table, "Bob"), paired(table, "Ann")
    seq = state(table)["seq"]
    moves = [{"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": 1}},
             {"do": "reject", "player": "Bob"}]  # a proposal, and its withdrawal
    for n in range(12):  # 12 trade moves within a minute: stored
        status, answer = bob.post("/api/commands", moves[n % 2])
        assert status == 200, (n, answer)
    assert state(table)["seq"] == seq + 12
    status, refused = bob.post("/api/commands", moves[0])
    assert status == 429 and "12 trade moves" in refused["error"] and refused["words"]["ru"]
    assert refused["retry_after"] >= 1
    assert state(table)["seq"] == seq + 12  # nothing stored
    # Positive control: it is per seat; Ann still proposes.
    status, _ = ann.post("/api/commands", {"do": "trade", "from": "Ann", "to": "Bob", "give": {"cash": 1}})
    assert status == 200


def test_with_physical_decks_only_the_drawer_enters_a_card_still_in_the_deck(table: Daemon) -> None:
    start(table, physical_decks=True)
    ann, bob = paired(table, "Ann"), paired(table, "Bob")
    banker(table, {"do": "roll", "dice": [3, 4]})  # Ann on Chance: she draws a printed card
    due = state(table)["pending"]
    assert due["kind"] == "draw" and due["player"] == "Ann", due
    deck = due["deck"]
    seq = state(table)["seq"]
    for command, status_then in (({"do": "draw", "deck": deck, "card": 1}, 403),
                                 ({"do": "draw", "deck": deck, "card": 1, "player": "Ann"}, 403),
                                 ({"do": "draw", "deck": deck, "card": 1, "player": "Bob"}, 422)):
        status, refused = bob.post("/api/commands", command)  # 422: the rules, "It is Ann who draws"
        assert status == status_then and refused["words"]["ru"], (command, refused)
    # The Table page (the table's own screen): confirmed by a token, the card is entered as that
    # token's player's draw.
    table_page = Phone(table)
    assert table_page.post("/api/table-screen", {"pin": PIN})[0] == 200
    entry = {"do": "draw", "deck": deck, "card": 1, "confirm": "token"}
    status, asked = table_page.post("/api/commands", entry)
    assert status == 202 and asked["player"] is None
    tap(table, "token:Bob")  # not Bob's draw
    record = eventually(lambda: (r := table_page.get(f"/api/requests/{asked['request']}"))["done"] and r)
    assert record["status"] == 403, record
    # A card that is not in that deck is refused by the rules, even from the drawer's phone.
    status, refused = ann.post("/api/commands", {"do": "draw", "deck": deck, "card": 99})
    assert status == 422 and refused["words"]["ru"]
    assert state(table)["seq"] == seq
    # Positive control: the drawer's phone enters the card drawn.
    status, drew = ann.post("/api/commands", {"do": "draw", "deck": deck, "card": 1})
    assert status == 200 and drew["seq"] == seq + 1
