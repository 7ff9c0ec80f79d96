"""Random games, thousands of steps: the invariants a player trusts must hold after every command.

Money is conserved, buildings are conserved, groups stay even, nobody has negative cash, a bankrupt
player owns nothing, a refused command changes nothing, and the game never gets stuck.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import Game, Rejected, new_game, restore, snapshot, state
from tests.driver import blocking_candidates, side_candidates

RULES = st.fixed_dictionaries(
    {},
    optional={
        "shuffle": st.booleans(),
        "auction_on_decline": st.booleans(),
        "decliner_may_bid": st.booleans(),
        "auto_collect_rent": st.booleans(),
        "jail_doubles_roll_again": st.booleans(),
        "building_sellback": st.sampled_from([0.5, 1.0]),
        "max_houses_per_turn": st.sampled_from([None, 3]),
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


def fingerprint(game: Game) -> str:
    """Everything a command could change, as one comparable string."""
    extra: dict[str, Any] = {
        "decks": {k: [c.number for c in v] for k, v in game.decks.items()},
        "turn": [game.current, game.may_roll, game.rolled, game.doubles, game.last_roll],
        "built": sorted(game.built_this_turn.items()),
        "debts": [(d.debtor.name, str(d.creditor), d.amount) for d in game.debts],
        "cards": [[c.deck for c in p.jail_cards] for p in game.players],
        "skip": [p.skip_turn for p in game.players],
        "bank": [game.bank_paid, game.bank_received],
        "queued": len(game.auctions),
    }
    return json.dumps([state(game), extra], sort_keys=True, default=str)


def check_invariants(game: Game) -> None:
    rules = game.rules
    cash = sum(p.cash for p in game.players)
    assert cash + game.pot == rules.starting_cash * len(game.players) + game.bank_paid - game.bank_received
    assert game.pot >= 0
    houses = sum(d.houses for d in game.deeds if d is not None)
    hotels = sum(d.hotel for d in game.deeds if d is not None)
    assert game.bank_houses + houses == rules.houses
    assert game.bank_hotels + hotels == rules.hotels
    assert game.bank_houses >= 0 and game.bank_hotels >= 0
    for group in game.edition.groups.values():
        deeds = [game.deeds[i] for i in group]
        levels = [d.level for d in deeds]
        assert max(levels) - min(levels) <= 1, levels
        if max(levels):
            owners = {id(d.owner) for d in deeds}
            assert len(owners) == 1 and deeds[0].owner is not None
            assert not any(d.mortgaged for d in deeds)
    for d in game.deeds:
        if d is not None:
            assert 0 <= d.houses <= 4 and not (d.hotel and d.houses)
            if d.owner is None:
                assert not d.mortgaged and d.level == 0
    for p in game.players:
        assert p.cash >= 0
        assert p.holdings == {i for i, d in enumerate(game.deeds) if d is not None and d.owner is p}
        if p.bankrupt:
            assert p.cash == 0 and not p.jail_cards and not game.owned_by(p)
    for name, deck in game.decks.items():
        held = sum(1 for p in game.players for c in p.jail_cards if c.deck == name)
        assert len(deck) + held == len(game.edition.decks[name])
    if game.over:
        assert state(game)["turn"] is None and game.winner is not None
    else:
        assert not game.current_player.bankrupt
        assert any(game.is_legal(c) for c in blocking_candidates(game)), "stuck: no legal command"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    players=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32),
    rules=RULES,
)
def test_random_games_keep_every_invariant(
    data: st.DataObject, players: int, seed: int, rules: dict[str, Any]
) -> None:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:players]
    game = new_game({"do": "new_game", "players": names, "seed": seed, "rules": rules})
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
            game.apply(command)
        except Rejected as refused:
            assert refused.reason, "a refusal must say why"
            assert fingerprint(game) == before, f"refused {command} changed the game"
        check_invariants(game)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**32), rules=RULES)
def test_a_snapshot_plays_on_exactly_like_the_game(
    data: st.DataObject, seed: int, rules: dict[str, Any]
) -> None:
    """Storage resumes from snapshots: the restored game must be the same game, move for move."""
    names = ["Ann", "Bob", "Cat", "Dan"]
    game = new_game({"do": "new_game", "players": names, "seed": seed, "rules": rules})
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
