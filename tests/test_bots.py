"""The bots play like sound players: positions from real games, and the move a bot makes there."""

from __future__ import annotations

import json
from typing import Any

from companion.bots import BotPolicy, Bots
from companion.replay import replay
from companion.rules import Game, Text
from companion.simulate.play import play_game

START = {"do": "new_game", "players": ["Ann", "Bob"], "seed": 1, "rules": {"shuffle": False}}
# Ann buys both brown lots (and Piccadilly) in her first turns; she has doubles to roll again.
ANN_OWNS_BROWN = [
    {"do": "roll", "dice": [5, 5]}, {"do": "roll", "dice": [5, 5]}, {"do": "roll", "dice": [4, 5]},
    {"do": "buy"}, {"do": "end_turn"}, {"do": "roll", "dice": [6, 4]}, {"do": "end_turn"},
    {"do": "roll", "dice": [6, 6]}, {"do": "buy"}, {"do": "roll", "dice": [1, 1]}, {"do": "buy"},
]


def position(*commands: dict[str, Any], start: dict[str, Any] = START) -> Game:
    result = replay([json.dumps(start)] + [json.dumps(c) for c in commands])
    assert not result.rejected, result.rejected
    return result.game


def test_buys_while_keeping_its_reserve_and_declines_below_it() -> None:
    game = position({"do": "roll", "dice": [1, 2]})  # Whitechapel Road, 60
    assert Bots(BotPolicy(reserve=150)).next_command(game) == {"do": "buy"}
    assert Bots(BotPolicy(reserve=1450)).next_command(game) == {"do": "decline"}


def test_bids_up_to_its_value_then_passes() -> None:
    game = position({"do": "roll", "dice": [1, 2]}, {"do": "decline"})
    bots = Bots()
    first = bots.next_command(game)
    assert first["do"] == "bid" and first["player"] == "Ann" and first["amount"] == 10
    game.apply({"do": "bid", "player": "Bob", "amount": 66})  # the price 60 x 1.1 = 66
    assert bots.next_command(game) == {"do": "pass", "player": "Ann"}


def test_pays_the_ten_rather_than_taking_a_chance() -> None:
    # Community Chest card 1 on square 2: pay 10 or take a Chance.
    game = position({"do": "roll", "dice": [1, 1]})
    assert game.decision().kind == "choice"
    assert Bots().next_command(game) == {"do": "choose", "option": "pay"}


def test_builds_evenly_on_a_whole_group() -> None:
    game = position(*ANN_OWNS_BROWN)
    bots = Bots(BotPolicy(reserve=0))
    built = []
    for _ in range(3):
        command = bots.next_command(game)
        assert command["do"] == "build"
        built.append(command["square"])
        game.apply(command)
    assert built == ["old-kent-road", "whitechapel-road", "old-kent-road"]


def test_raises_cash_by_selling_then_mortgaging_then_goes_bankrupt() -> None:
    game = position(
        *ANN_OWNS_BROWN,
        {"do": "build", "player": "Ann", "square": "old-kent-road"},
        start={**START, "rules": {"shuffle": False, "starting_cash": 600}},
    )
    ann = game.seats["Ann"]
    # A debt larger than everything Ann has: 25 for the house, then 30 + 30 + 140 for mortgages.
    game.charge(ann, "bank", game.cash[ann] + 1000, Text("why.card", "test debt"))
    bots = Bots()
    moves = []
    while not game.bankrupt[ann]:
        command = bots.next_command(game)
        moves.append((command["do"], command.get("square")))
        game.apply(command)
    assert moves == [
        ("sell_building", "old-kent-road"),
        ("mortgage", "old-kent-road"),
        ("mortgage", "whitechapel-road"),
        ("mortgage", "piccadilly"),
        ("bankrupt", None),
    ]


def test_a_group_completing_trade_is_proposed_accepted_and_built_on() -> None:
    game = position(
        *ANN_OWNS_BROWN,
        {"do": "trade", "from": "Ann", "to": "Bob", "give": {"squares": ["old-kent-road"]},
         "take": {"cash": 1}},
        {"do": "accept", "player": "Bob"},
    )
    bots = Bots(BotPolicy(reserve=0))
    offer = bots.next_command(game)
    assert offer == {"do": "trade", "from": "Ann", "to": "Bob", "give": {"cash": 120},
                     "take": {"squares": ["old-kent-road"]}}
    game.apply(offer)
    assert bots.next_command(game) == {"do": "accept", "player": "Bob"}
    game.apply({"do": "accept", "player": "Bob"})
    assert game.owner[1] == game.seats["Ann"]
    assert bots.next_command(game)["do"] == "build"


def test_an_offer_below_twice_the_price_is_rejected() -> None:
    game = position(
        *ANN_OWNS_BROWN,
        {"do": "trade", "from": "Ann", "to": "Bob", "give": {"squares": ["old-kent-road"]},
         "take": {"cash": 1}},
        {"do": "accept", "player": "Bob"},
        {"do": "trade", "from": "Ann", "to": "Bob", "give": {"cash": 100},
         "take": {"squares": ["old-kent-road"]}},
    )
    assert Bots().next_command(game) == {"do": "reject", "player": "Bob"}


def test_whole_games_show_every_kind_of_play() -> None:
    """Across a few games the bots buy, bid, build, trade, mortgage, lift and go bankrupt."""
    seen: set[str] = set()
    for seed in range(20):
        result = play_game(4, seed, record=True)
        assert result.script is not None
        seen.update(c["do"] for c in result.script)
        assert result.ended == "bankruptcy"
    for kind in ("buy", "decline", "bid", "pass", "build", "sell_building", "mortgage",
                 "unmortgage", "trade", "accept", "bankrupt", "pay_jail_fine", "choose"):
        assert kind in seen, kind


def test_the_turn_cap_ends_a_game_undecided() -> None:
    result = play_game(4, 1, turn_cap=20)
    assert result.ended == "turn_cap" and result.winner is None and result.player_turns == 20
