"""A tap does one thing (companion/table/routing.py), and the writer decides who may act
(companion/table/authority.py): the table itself, without the web, on a real data folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.hardware.device import Tap
from companion.ledger import DataFolder
from companion.table import CONFIRM, PAIR, Result, Speaker, Table, TokenWait, game_tags
from companion.table.churn import Churn

REGISTRY = {"0a0b0c0d": "token:car", "0a0b0c0e": "token:dog", "0a0b0c0f": "token:hat",
            "04a1b2c3d4e5f6": "deed:whitechapel-road"}
CAR, DOG, HAT = "0a0b0c0d", "0a0b0c0e", "0a0b0c0f"
START = {"do": "new_game", "players": ["Ann", "Bob", "Cat"], "seed": 1, "rules": {"shuffle": False},
         "tags": game_tags(REGISTRY, {"Ann": "car", "Bob": "dog", "Cat": "hat"})}


def table_with(tmp_path: Path, registry: dict[str, str], start: dict) -> Iterator[Table]:
    """A Table on a data folder of its own with `start`'s game begun (its dice always 1 and 2),
    closed after the test."""
    folder = DataFolder(tmp_path)
    t = Table(folder, roll=lambda: (1, 2), registry=registry)
    assert t.new_game(start).ok
    yield t
    t.close()
    folder.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    yield from table_with(tmp_path, REGISTRY, START)


def tap(table: Table, uid: str) -> None:
    table.on_event(Tap(uid))
    table.call(lambda: Result(True))


def wait(table: Table, kind: str, screen: str, player: str | None = None,
         command: dict | None = None, address: str | None = None) -> list[Result]:
    """A screen waits (each at an address of its own unless said); a confirmation comes from a
    screen the table trusts (a paired one, the table's own): nobody else may ask for one."""
    answers: list[Result] = []
    asked = table.wait_for_token(TokenWait(screen=screen, kind=kind, player=player, command=command,
                                           answer=answers.append, label=len(table.token_waits.waits) + 1,
                                           address=address or screen, trusted=kind == CONFIRM))
    assert asked.ok, asked
    return answers


def auction(table: Table) -> None:
    """Ann lands on Whitechapel Road and declines it: Ann, Bob and Cat may bid."""
    assert table.submit({"do": "roll", "dice": [1, 2]}, "banker").ok
    assert table.submit({"do": "decline"}, "banker").ok


def test_a_command_naming_no_player_is_the_speakers_own(table: Table) -> None:
    bob = Speaker("Bob", table.store.game_id)
    refused = table.submit({"do": "roll"}, "tablet", speaker=bob)
    assert not refused.ok and refused.refusal == "not_yours"
    assert refused.words["en"] == "That is Ann's move, not Bob's" and refused.words["ru"]
    assert table.store.seq == 1
    rolled = table.submit({"do": "roll"}, "tablet", speaker=Speaker("Ann", table.store.game_id))
    assert rolled.ok and table.store.history()[-1].line == '{"do": "roll", "player": "Ann", "dice": [1, 2]}'


def test_a_screen_paired_for_another_game_speaks_for_no_one(table: Table) -> None:
    refused = table.submit({"do": "roll"}, "tablet", speaker=Speaker("Ann", "an-older-game"))
    assert refused.refusal == "unpaired" and table.store.seq == 1
    assert table.submit({"do": "end_game"}, "tablet", speaker=Speaker("Ann")).refusal == "banker_only"


def test_a_players_own_confirmation_comes_before_the_games_tap(table: Table) -> None:
    auction(table)
    bid = {"do": "bid", "player": "Bob", "amount": 20}
    answers = wait(table, CONFIRM, "bobs-phone", player="Bob", command=bid)
    assert table.taps()["next"]["words"]["en"] == "Bob's tap confirms: bid £20 for Whitechapel Road"
    tap(table, DOG)
    assert answers[0].ok and table.store.game.auctions[0].high_bid == 20  # not £10, the tap's own bid
    tap(table, CAR)  # no wait left: Ann's tap is her bid of £10 more
    assert table.store.game.auctions[0].high_bid == 30


def test_another_players_confirmation_is_not_taken_by_a_tap(table: Table) -> None:
    auction(table)
    bid = {"do": "bid", "player": "Bob", "amount": 200}
    answers = wait(table, CONFIRM, "bobs-phone", player="Bob", command=bid)
    tap(table, CAR)  # Ann's tap: her own bid, Bob's confirmation keeps waiting
    assert answers == [] and table.store.game.auctions[0].high_bid == 10 and len(table.token_waits.waits) == 1


def test_no_screen_is_paired_while_a_deed_is_auctioned(table: Table) -> None:
    answers = wait(table, PAIR, "guest")
    auction(table)
    assert table.taps()["next"]["kind"] == "game"
    tap(table, DOG)  # Bob bids
    assert table.store.game.auctions[0].high_bidder == 1 and answers == []
    tap(table, DOG)  # Bob again, the high bidder: his tap means nothing now, and still pairs no one
    assert answers == [] and len(table.token_waits.waits) == 1


def test_a_table_page_confirmation_beside_a_pairing_goes_to_neither(table: Table) -> None:
    pairing = wait(table, PAIR, "guest")
    confirming = wait(table, CONFIRM, "table-page", command={"do": "roll"})
    assert table.taps()["next"]["kind"] == "none"
    tap(table, CAR)
    assert [a.refusal for a in pairing + confirming] == ["conflict", "conflict"]
    assert table.store.seq == 1 and not table.token_waits.waits


def test_a_table_page_confirmation_is_the_tapped_players(table: Table) -> None:
    answers = wait(table, CONFIRM, "table-page", command={"do": "roll"})
    tap(table, DOG)  # Bob's token: the roll would be Bob's, and it is Ann's turn
    assert answers[0].refusal == "not_yours" and table.store.seq == 1
    answers = wait(table, CONFIRM, "table-page", command={"do": "roll"})
    tap(table, CAR)
    assert answers[0].ok and table.store.seq == 2


def test_churn_is_counted_per_seat_within_its_window() -> None:
    now = [0.0]
    churn = Churn(moves=2, window=60, clock=lambda: now[0])
    trade = {"do": "trade", "from": "Bob", "to": "Ann"}
    for _ in range(2):
        assert churn.check(trade, "Bob") is None
        churn.stored(trade, "Bob")
    refused = churn.check(trade, "Bob")
    assert refused is not None and refused.refusal == "too_many" and refused.words["ru"]
    assert churn.check(trade, "Ann") is None  # another seat
    assert churn.check({"do": "roll"}, "Bob") is None  # not churn
    now[0] = 61.0
    assert churn.check(trade, "Bob") is None  # the window has passed


def test_a_flood_of_waits_is_one_taps_notice_and_the_view_is_always_fresh(table: Table, monkeypatch) -> None:
    from companion.table import token_waits

    pushed: list[dict] = []
    table.listeners.append(lambda event: pushed.append(event) if event["type"] == "taps" else None)
    monkeypatch.setattr(token_waits, "TAPS_EVERY", 3600.0)  # a push now, then none for an hour
    for n in range(20):
        wait(table, PAIR, f"guest-{n}")
        assert len(table.taps()["waiting"]) == n + 1  # GET /api/taps: always the view as it is
    assert len(pushed) == 1 and len(pushed[0]["waiting"]) == 1  # the screens heard once
    monkeypatch.setattr(token_waits, "TAPS_EVERY", 0.0)
    table.call(lambda: Result(True))  # the writer's next step pushes what was held back
    assert len(pushed) == 2 and len(pushed[1]["waiting"]) == 20
