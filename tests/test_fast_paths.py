"""The fast paths of games nobody reads play the very games of the plain ones (issue 37).

Simulated games and the odds' continuations skip what only a reader needs: the story of each
command (`apply(..., quiet=True)`) and the check of the shape of the bots' own commands
(`well_formed=True`: their handlers still check the rules). Each fast path is the same engine, so a
game played either way goes through the same positions, command by command, under every house
rule the bots meet.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
from typing import Any

import pytest

from companion.rules import Game, dispatch, new_game, snapshot
from companion.rules.commands import HANDLERS
from companion.rules.shuffle import shuffle
from companion.rules.state import RECORDS
from companion.simulate.play import play_game

RULES: list[dict[str, Any]] = [
    {},
    {"auto_collect_rent": False, "physical_decks": True, "income_tax_percent": 10, "interpol": True,
     "free_parking_pot": True, "auction_on_decline": False},
    {"houses": 6, "hotels": 2, "max_houses_per_turn": 3, "trade_window": "before_roll",
     "starting_cash": 400},
]


def position(game: Game) -> str:
    return json.dumps(snapshot(game), sort_keys=True)


@pytest.mark.parametrize("rules", RULES)
def test_a_quiet_game_goes_through_the_positions_of_a_told_one(rules: dict[str, Any]) -> None:
    for seed in range(4):
        script = play_game(4, seed, rules=rules, record=True, turn_cap=200).script
        assert script is not None
        told, quiet = new_game(script[0]), new_game(script[0])
        said = 0
        for command in script[1:]:
            outcome = told.apply(command)
            said += len(outcome.story)
            silent = quiet.apply(command, guarded=False, quiet=True)
            assert not (silent.events or silent.transfers or silent.story)
            assert position(quiet) == position(told), command
        assert said > len(script)  # positive control: the told game did tell its story
        # Told again after quiet commands, a command keeps its story.
        if not quiet.over:
            assert quiet.apply({"do": "end_game"}).events


def test_each_record_s_own_init_takes_its_fields_in_order_with_their_defaults() -> None:
    """state.py's records write their `__init__` (the compiled engine builds them natively): it must
    take every field the dataclass declares, in order, with the same defaults (snapshots and the
    rules call them positionally)."""
    for name, cls in RECORDS.items():
        params = list(inspect.signature(cls.__init__).parameters.values())[1:]
        declared = dataclasses.fields(cls)
        assert [p.name for p in params] == [f.name for f in declared], name
        for param, declared_field in zip(params, declared, strict=True):
            default = declared_field.default
            wanted = inspect.Parameter.empty if default is dataclasses.MISSING else default
            assert param.default == wanted, (name, param.name)
        made = cls(*[0] * sum(1 for p in params if p.default is inspect.Parameter.empty))
        assert all(hasattr(made, f.name) for f in declared), name


@pytest.mark.parametrize("bots", [(), ("smart",) * 4, ("smart", "simple", "smart", "simple")],
                         ids=["simple", "smart", "mixed"])
def test_what_bots_hand_over_unchecked_is_well_formed(bots: tuple[str, ...]) -> None:
    made = 0
    for rules in RULES:
        for seed in range(3):
            script = play_game(4, seed, rules=rules, record=True, turn_cap=200, bots=bots).script
            assert script is not None
            for command in script[1:]:
                handler, _ = dispatch(command)  # Malformed if it is not
                assert handler is HANDLERS[command["do"]]
                made += 1
    assert made > 1000


def test_decks_are_shuffled_as_the_standard_library_shuffles_them() -> None:
    """rules/shuffle.py writes random.Random.shuffle out for the compiled engine: the same seed
    must give the very order the standard library gives (or every seed's game would change)."""
    for seed in range(300):
        for length in (0, 1, 2, 3, 5, 16, 17, 40):
            ours, theirs = list(range(length)), list(range(length))
            ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
            shuffle(ours, ours_rng)
            theirs_rng.shuffle(theirs)
            assert ours == theirs, (seed, length)
            assert ours_rng.random() == theirs_rng.random()  # and the generator is left alike
