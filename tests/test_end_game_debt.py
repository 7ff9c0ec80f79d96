"""RULES.md 8: `end_game` while a debt waits ranks by net worth with the debt counted, and the net
worth printed after it (each player's and the ranking's) is that same figure, debts counted."""

from __future__ import annotations

from companion.rules import Game, new_game
from companion.rules.view import state


def _in_debt() -> Game:
    # £100 each; Ann throws 1 + 3 onto Income Tax (£200): £200 owed to the bank, £100 in hand.
    game = new_game({"do": "new_game", "players": ["Ann", "Bob"], "seed": 1,
                     "rules": {"starting_cash": 100, "shuffle": False}})
    game.apply({"do": "roll", "dice": [1, 3]})
    return game


def test_the_net_worth_printed_after_end_game_counts_the_waiting_debt() -> None:
    game = _in_debt()
    before = state(game)
    assert before["pending"]["kind"] == "debt" and before["pending"]["amount"] == 200
    worth = {p["name"]: p["net_worth"] for p in before["players"]}
    assert worth == {"Ann": 100 - 200, "Bob": 100}  # positive control: counted while it waits
    game.apply({"do": "end_game"})
    after = state(game)
    assert after["winner"] == "Bob" and after["pending"] is None
    assert {p["name"]: p["net_worth"] for p in after["players"]} == {"Ann": -100, "Bob": 100}
    assert after["ranking"] == [{"name": "Bob", "net_worth": 100}, {"name": "Ann", "net_worth": -100}]
    assert [p["cash"] for p in after["players"]] == [100, 100]  # the debt was not paid by ending

