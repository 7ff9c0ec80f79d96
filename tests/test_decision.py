"""rules/decision.py is the one switch of what is open (issue 26): the printed `pending`, the
blocker refusals, the bots' seat and the page's kind all come from it, and agree position by
position through whole bot games (physical decks, rent claims and income tax choices included)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.bots.player import any_answer
from companion.rules import Rejected, new_game
from companion.rules.decision import (
    BLOCKING,
    KINDS,
    NONE_OPEN,
    QUEUES,
    TURN_KINDS,
    blocking,
    first_open,
    kind_now,
    open_decision,
)
from companion.rules.view import state
from companion.simulate.play import play_game

RULES: list[dict[str, Any]] = [
    {},
    {"auto_collect_rent": False, "physical_decks": True, "income_tax_percent": 10, "interpol": True},
]


@pytest.mark.parametrize("rules", RULES)
def test_every_view_of_what_is_open_is_the_switchs(rules: dict[str, Any]) -> None:
    seen: set[str] = set()
    for seed in range(6):
        script = play_game(3, seed, record=True, turn_cap=60, rules=rules).script
        assert script is not None
        game = new_game(script[0])
        ended = 0
        for command in script[1:]:
            assert game.turn == ended  # the engine's turn number: the end_turns it took
            shown = state(game)
            found, blocks = open_decision(game), blocking(game)
            decision = game.decision()
            assert decision is not None
            if found is None:
                assert shown["pending"] is None and decision.kind in TURN_KINDS
            else:
                seen.add(found.kind)
                assert shown["pending"]["kind"] == found.kind
                assert found.seat in found.seats and game.answering() == found.seat
                assert game.next_kind() == found.kind
                assert game.is_legal(any_answer(game)), (found.kind, any_answer(game))
            assert (blocks is not None) == (decision.kind in BLOCKING) == shown["decision"]["blocks"]
            refused = game.legal_commands(game.current)
            if blocks is not None:  # the dice wait, and the refusal says for what
                assert decision is not None and decision.kind == blocks.kind
                assert not any(entry.do in ("roll", "end_turn") for entry in refused)
                try:
                    game.apply({"do": "end_turn"})
                except Rejected as why:
                    assert str(blocks.refusal(game)) in str(why)
                else:  # pragma: no cover - the switch said it blocks
                    raise AssertionError("end_turn taken while something blocks")
            game.apply(command)
            ended += command["do"] == "end_turn"
    wanted = {"auction", "buy", "debt", "trade"} | ({"draw", "rent_claim", "choice"} if rules else set())
    assert wanted <= seen, seen  # positive control: the games reached these kinds


def test_rent_claim_is_open_but_blocks_nothing() -> None:
    game = new_game({"do": "new_game", "players": ["Ann", "Bob"], "seed": 1,
                     "rules": {"auto_collect_rent": False, "shuffle": False}})
    for command in ({"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
                    {"do": "roll", "dice": [1, 2]}):  # Bob lands on Ann's Whitechapel Road
        game.apply(command)
    found = open_decision(game)
    assert found is not None and found.kind == "rent_claim" and not found.blocks
    assert found.seat == game.seats["Ann"] and blocking(game) is None
    assert state(game)["pending"]["kind"] == "rent_claim"
    assert state(game)["decision"]["kind"] == "end_turn" and state(game)["decision"]["blocks"] is False
    assert [kind.name for kind in KINDS if not kind.blocks] == ["rent_claim"]


def _opened(game: Any, kind: Any) -> object:
    """A stand-in record put in the kind's field (first of its queue): only its presence counts."""
    record = object()
    setattr(game, kind.field, (record,) if kind.field in QUEUES else record)
    return record


def test_the_plain_reads_of_what_is_open_follow_the_table_of_kinds() -> None:
    """first_open reads each kind's field plainly (mypyc compiles that; issue 37): it names the
    field and keeps the order that KINDS says, alone and before every later kind."""
    start = {"do": "new_game", "players": ["Ann", "Bob", "Cat"], "seed": 3}
    assert first_open(new_game(start)) == NONE_OPEN
    for place, kind in enumerate(KINDS):
        game = new_game(start)
        record = _opened(game, kind)
        assert first_open(game) == place, kind.name
        assert game.next_kind() == kind.name
        assert kind_now(game) == (kind.name if kind.blocks else "roll")
        assert kind.record(game) is record  # the record a Decision carries: the same field
        for later in KINDS[place + 1:]:
            both = new_game(start)
            _opened(both, later)
            _opened(both, kind)
            assert first_open(both) == place, (kind.name, later.name)
