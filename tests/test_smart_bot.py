"""The smart bot (companion/bots/smart.py) plays as a strong player: it beats today's bots, and in
positions from real games it makes the move a strong player makes. Today's bot plays exactly as it
always did (a pinned fingerprint of its games)."""

from __future__ import annotations

import hashlib
import json

import pytest

from companion.bots.seats import decider, table_of
from companion.bots.smart import SmartBots
from companion.cli import main
from companion.compiled.choice import choose
from companion.simulate.play import play_game
from companion.simulate.run import simulate

from .test_bots import ANN_OWNS_BROWN, position  # Ann owns both brown lots

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow


def test_todays_bot_plays_exactly_the_games_it_always_played() -> None:
    """150 five-player games of the simple bot, fingerprinted as bench/engine_speed.py does: the
    figure main had before the smart bot came (a changed simple bot would change every figure)."""
    digest = hashlib.sha256()
    for seed in range(150):
        result = play_game(5, seed)
        digest.update(f"{result.winner},{result.player_turns},{result.net_worth};".encode())
    assert digest.hexdigest()[:16] == "a8886a0e25af4a30"


def test_a_rival_is_refused_the_last_lot_of_a_group_for_twice_its_price() -> None:
    # Bob owns Old Kent Road; Ann (with Whitechapel) offers twice its price: the simple bot sells,
    # the smart one does not hand her a whole group for 120.
    game = position(
        *ANN_OWNS_BROWN,
        {"do": "trade", "from": "Ann", "to": "Bob", "give": {"squares": ["old-kent-road"]},
         "take": {"cash": 1}},
        {"do": "accept", "player": "Bob"},
        {"do": "trade", "from": "Ann", "to": "Bob", "give": {"cash": 120},
         "take": {"squares": ["old-kent-road"]}},
    )
    assert SmartBots().next_command(game) == {"do": "reject", "player": "Bob"}


def test_it_opens_at_twice_the_price_for_its_groups_last_lot_and_comes_back_with_more() -> None:
    game = position(
        *ANN_OWNS_BROWN,
        {"do": "trade", "from": "Ann", "to": "Bob", "give": {"squares": ["old-kent-road"]},
         "take": {"cash": 1}},
        {"do": "accept", "player": "Bob"},
    )
    bot = SmartBots()
    offer = bot.next_command(game)
    assert offer == {"do": "trade", "from": "Ann", "to": "Bob", "give": {"cash": 120},
                     "take": {"squares": ["old-kent-road"]}}
    game.apply(offer)
    game.apply(bot.next_command(game))  # Bob, smart too, says no
    assert game.trade is None and game.owner[1] == game.seats["Bob"]
    game.turn += 1  # the next turn
    again = bot.next_command(game)
    assert again["do"] == "trade" and again["give"]["cash"] > 120


def test_a_mixed_table_asks_each_seat_its_own_bot() -> None:
    game = position({"do": "roll", "dice": [1, 2]})  # Ann may buy Whitechapel Road
    table = table_of(("simple", "smart"))
    assert decider(game) == 0
    game.apply(table.next_command(game))
    assert game.owner[3] == 0
    assert table_of(("simple", "simple")).__class__.__name__ == "Bots"


def test_companion_simulate_chooses_the_bot_of_each_seat(capsys: pytest.CaptureFixture[str]) -> None:
    choose("auto", say=lambda line: None)
    assert main(["simulate", "--games", "20", "--bots", "smart,simple,simple,simple", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == ["smart", "simple", "simple", "simple"]
    assert sum(report["wins_by_seat"]) + report["endings"]["turn_cap"] == 20
    assert main(["simulate", "--games", "2", "--bots", "clever"]) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().err
    assert main(["simulate", "--games", "2", "--bots", "smart,simple"]) == 2
    assert "names 2 bots for 4 players" in capsys.readouterr().err


def test_the_smart_bot_beats_three_of_todays_bots() -> None:
    """Seats rotated, 100 games each: parity is 25 %; bench/smart_bot.py measures 2,000 games."""
    build = choose("auto", say=lambda line: None)
    wins = games = 0
    for seat in range(4):
        kinds = ["simple"] * 4
        kinds[seat] = "smart"
        summary = simulate(100, 4, seed=100 + seat, jobs=2, build=build, bots=tuple(kinds))
        wins += summary.wins_by_seat[seat]
        games += summary.games
    assert wins / games > 0.35, f"the smart bot won {wins} of {games}"
