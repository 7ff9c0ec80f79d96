"""Random games, thousands of steps: the invariants a player trusts must hold after every command.

Money is conserved, buildings are conserved, groups stay even, nobody has negative cash, a bankrupt
player owns nothing, a refused command changes nothing, and the game is never stuck; on every
edition the companion ships (RULES.md 3a: the US decks' own cards included), and in whole games the
bots play as in random ones.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.bots import Bots
from companion.bots.seats import table_of
from companion.i18n import LANGUAGES
from companion.rules import Game, Rejected, new_game, restore, snapshot, state
from tests.driver import blocking_candidates, side_candidates
from tests.examples import examples

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

RULES = st.fixed_dictionaries(
    {},
    optional={
        "shuffle": st.booleans(),
        "auction_on_decline": st.booleans(),
        "decliner_may_bid": st.booleans(),
        "auto_collect_rent": st.booleans(),
        "jail_doubles_roll_again": st.booleans(),
        "building_sellback": st.sampled_from([0.5, 1.0, 0.29]),
        "max_houses_per_turn": st.sampled_from([None, 3]),
        "max_houses_per_group_per_turn": st.sampled_from([None, 1]),
        "houses": st.sampled_from([32, 6]),
        "hotels": st.sampled_from([12, 2]),
        "trade_window": st.sampled_from(["any", "before_roll"]),
        "free_parking_pot": st.booleans(),
        "income_tax_percent": st.sampled_from([None, 10]),
        "interpol": st.booleans(),
        "physical_decks": st.booleans(),
        "starting_cash": st.sampled_from([1500, 400]),
    },
)


EDITIONS = st.sampled_from(["london", "us"])


def fingerprint(game: Game) -> str:
    """Everything a command could change (the whole state, as a snapshot writes it)."""
    return json.dumps(snapshot(game), sort_keys=True)


def check_invariants(game: Game) -> None:
    rules = game.rules
    assert sum(game.cash) + game.pot == (
        rules.starting_cash * len(game.names) + game.bank_paid - game.bank_received)
    assert game.pot >= 0
    deeds = game.ownable
    houses = sum(game.level[i] for i in deeds if game.level[i] < 5)
    hotels = sum(1 for i in deeds if game.level[i] == 5)
    assert game.bank_houses + houses == rules.houses
    assert game.bank_hotels + hotels == rules.hotels
    assert game.bank_houses >= 0 and game.bank_hotels >= 0
    for group in game.edition.groups.values():
        levels = [game.level[i] for i in group]
        assert max(levels) - min(levels) <= 1, levels
        if max(levels):
            owners = {game.owner[i] for i in group}
            assert len(owners) == 1 and owners != {-1}
            assert not any(game.mortgaged[i] for i in group)
    for i in deeds:
        assert 0 <= game.level[i] <= 5
        if game.owner[i] < 0:
            assert not game.mortgaged[i] and game.level[i] == 0
    for seat in range(len(game.names)):
        assert game.cash[seat] >= 0
        if game.bankrupt[seat]:
            assert game.cash[seat] == 0 and not game.jail_cards[seat] and not game.owned(seat)
    for name in game.deck_order:
        held = sum(1 for cards in game.jail_cards for deck, _n in cards if deck == name)
        assert len(game.deck(name)) + held == len(game.edition.decks[name])
        assert len(set(game.deck(name))) == len(game.deck(name))
    if game.over:
        assert state(game)["turn"] is None and game.winner is not None
    else:
        assert not game.bankrupt[game.current]
        assert any(game.is_legal(c) for c in blocking_candidates(game)), "stuck: no legal command"


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    players=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32),
    rules=RULES,
    edition=EDITIONS,
)
def test_random_games_keep_every_invariant(
    data: st.DataObject, players: int, seed: int, rules: dict[str, Any], edition: str
) -> None:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:players]
    game = new_game({"do": "new_game", "players": names, "seed": seed, "rules": rules, "edition": edition})
    check_invariants(game)
    for _step in range(300):
        if game.over:
            break
        pool = blocking_candidates(game)
        if data.draw(st.booleans(), label="side action"):
            pool = side_candidates(game)
        command = data.draw(st.sampled_from(pool), label="command")
        before = fingerprint(game)
        try:
            # Unguarded: that a refusal changes nothing must hold without the roll-back, since
            # simulations and replays apply this way (the roll-back is test_atomic.py's).
            game.apply(command, guarded=False)
        except Rejected as refused:
            assert refused.reason, "a refusal must say why"
            assert all(refused.words(lang) for lang in LANGUAGES)
            assert fingerprint(game) == before, f"refused {command} changed the game"
        check_invariants(game)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**32), rules=RULES, edition=EDITIONS)
def test_a_snapshot_plays_on_exactly_like_the_game(
    data: st.DataObject, seed: int, rules: dict[str, Any], edition: str
) -> None:
    """Storage resumes from snapshots: the restored game must be the same game, move for move."""
    names = ["Ann", "Bob", "Cat", "Dan"]
    game = new_game({"do": "new_game", "players": names, "seed": seed, "rules": rules, "edition": edition})
    for _step in range(200):
        if game.over:
            break
        copy = restore(json.loads(json.dumps(snapshot(game))))
        assert fingerprint(copy) == fingerprint(game)
        pool = blocking_candidates(game)
        if data.draw(st.booleans(), label="side action"):
            pool = side_candidates(game)
        command = data.draw(st.sampled_from(pool), label="command")
        for g in (game, copy):
            try:
                g.apply(command)
            except Rejected:
                pass
        assert fingerprint(copy) == fingerprint(game)


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    rules=RULES,
    edition=EDITIONS,
    bots=st.sampled_from(["simple", "smart"]),
)
def test_bots_whole_games_keep_every_invariant(
    players: int, seed: int, rules: dict[str, Any], edition: str, bots: str
) -> None:
    """The bots answer every decision an edition's cards open (the US utility card's extra roll
    among them), and the money, the buildings and the decks stay whole in their games."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:players]
    game = new_game({"do": "new_game", "players": names, "seed": seed, "rules": rules, "edition": edition})
    table: Bots = table_of((bots,) * players, "pay")
    dice = random.Random(seed).randint
    for _step in range(1500):
        if game.over or game.turn >= 150:
            break
        command = table.next_command(game)
        if command["do"] == "roll":
            command["dice"] = [dice(1, 6), dice(1, 6)]
        game.apply(command)  # a bot's command the rules refuse is a bug: the test fails
        check_invariants(game)
