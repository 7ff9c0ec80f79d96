"""Who speaks for a computer's seat (issue 41; companion/table/authority.py, token_waits.py): the
table's computer alone (source "computer"), never a screen; the computer never for a person; and
no token tap pairs a phone to a computer's seat, until the banker hands it over to a person."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table import PAIR, Result, Speaker, Table, TokenWait, game_tags
from tests.test_tap_routing import table_with, tap

REGISTRY = {"0a0b0c0d": "token:car", "0a0b0c0e": "token:dog", "0a0b0c0f": "deed:kings-cross-station"}
CAR, DOG, KINGS_CROSS = "0a0b0c0d", "0a0b0c0e", "0a0b0c0f"
START = {"do": "new_game", "players": ["Ann", "Robo"], "seed": 1, "rules": {"shuffle": False},
         "computer": {"Robo": "smart"}, "tags": game_tags(REGISTRY, {"Ann": "car", "Robo": "dog"})}
NO_PHONE = "Robo is played by the table: no phone can play for it"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    yield from table_with(tmp_path, REGISTRY, START)


def robo_plays(table: Table) -> None:
    """Ann's turn passes (the banker's moves): Robo's turn, Robo to roll."""
    for command in ({"do": "roll", "dice": [1, 2]}, {"do": "decline"}, {"do": "pass", "player": "Ann"},
                    {"do": "pass", "player": "Robo"}, {"do": "end_turn"}):
        assert table.submit(command, "banker").ok, command
    assert table.store.game.names[table.store.game.current] == "Robo"


def test_a_screen_cannot_speak_for_a_computers_seat(table: Table) -> None:
    robo_plays(table)
    game_id = table.store.game_id
    seq = table.store.seq
    refused = table.submit({"do": "roll"}, "tablet", speaker=Speaker("Robo", game_id))
    assert not refused.ok and refused.refusal == "not_yours"
    assert refused.words["en"] == NO_PHONE and "стол" in refused.words["ru"]
    assert table.store.seq == seq
    assert table.submit({"do": "roll"}, "computer", speaker=Speaker("Robo", game_id)).ok


def test_the_computer_speaks_for_no_person(table: Table) -> None:
    refused = table.submit({"do": "roll"}, "computer", speaker=Speaker("Ann", table.store.game_id))
    assert refused.refusal == "not_yours" and table.store.seq == 1
    assert refused.words["en"] == ("Ann is played by a person: the table's computer plays only its "
                                   "own seats")
    assert table.submit({"do": "roll"}, "tablet", speaker=Speaker("Ann", table.store.game_id)).ok


def test_the_computers_commands_are_still_checked_for_whose_move(table: Table) -> None:
    refused = table.submit({"do": "roll", "player": "Robo"}, "computer", speaker=Speaker("Robo"))
    assert not refused.ok and table.store.seq == 1  # Ann's turn: the rules say no


def test_a_computers_token_pairs_no_phone_until_it_is_handed_over(table: Table) -> None:
    told: list[dict] = []
    table.listeners.append(told.append)
    answers: list[Result] = []
    asked = table.wait_for_token(TokenWait(screen="phone", kind=PAIR, answer=answers.append,
                                           address="phone", timeout=600))
    assert asked.ok
    tap(table, DOG)
    tap(table, DOG)
    assert answers == [] and table.token_waits.choices == {}  # no choice opened: the phone waits on
    refusals = [e for e in told if e.get("type") == "refused"]
    assert refusals and refusals[-1]["words"]["en"] == NO_PHONE and refusals[-1]["words"]["ru"]
    assert table.submit({"do": "hand_over", "player": "Robo"}, "banker").ok
    tap(table, DOG)
    tap(table, DOG)
    assert [a.kind for a in answers] == ["paired"] and answers[0].detail["player"] == "Robo"


def test_a_person_s_token_still_pairs_beside_a_computer(table: Table) -> None:
    answers: list[Result] = []
    table.wait_for_token(TokenWait(screen="phone", kind=PAIR, answer=answers.append, address="phone",
                                   timeout=600))
    tap(table, CAR)
    tap(table, CAR)
    assert [a.detail.get("player") for a in answers] == ["Ann"]


def test_a_tap_never_bids_or_buys_for_the_computer(table: Table) -> None:
    """Its token tapped in an auction, or the deed of the square it is offered: the table says it plays itself
    and nothing changes; a person's token still bids."""
    told: list[dict] = []
    table.listeners.append(told.append)
    for command in ({"do": "roll", "dice": [1, 2]}, {"do": "decline"}):  # Ann on Whitechapel Road
        assert table.submit(command, "banker").ok
    seq = table.store.seq
    tap(table, DOG)
    assert table.store.seq == seq and not table.store.game.auctions[0].high_bid
    refused = [e for e in told if e.get("type") == "refused"][-1]["words"]
    assert refused["en"] == ("Robo is played by the table, which bids and buys for itself: the tap "
                             "changes nothing")
    assert refused["ru"].startswith("За игрока Robo играет стол")
    tap(table, CAR)
    assert table.store.seq == seq + 1 and table.store.game.auctions[0].high_bid == 10  # Ann's bid
    for command in ({"do": "pass", "player": "Robo"}, {"do": "end_turn"}, {"do": "roll", "dice": [2, 3]}):
        assert table.submit(command, "banker").ok, command  # Ann won it; Robo on King's Cross
    game = table.store.game
    assert game.names[game.current] == "Robo" and game.offer is not None
    assert game.squares[game.offer.square].id == "kings-cross-station"
    seq = table.store.seq
    tap(table, KINGS_CROSS)
    assert table.store.seq == seq and table.store.game.offer is not None  # the offer still Robo's
