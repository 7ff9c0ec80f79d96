"""A computer seat plays by itself at a live table (issue 41): each kind of decision answered by
its own bot through the writer, with the source "computer" and never for anyone else; a bot that
fails or hangs, a refused command and a stale decision never stall the game."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from companion.bots.player import Bots
from companion.rules import Game
from companion.rules import state as printed
from companion.table.committed_game import CommittedGame
from companion.table.computer import STALE, ComputerPlayers
from tests.computer_support import by_computer, computers, decider, entries, start, state, waits_for
from tests.waiting import wait_for
from tests.web_support import Rig


def banker(rig: Rig, *commands: dict[str, Any]) -> None:
    for command in commands:
        result = rig.table.submit(command, source="banker")
        assert result.ok, (command, result.reason)


def dos(rig: Rig) -> list[str]:
    return [command["do"] for command in by_computer(rig)]


def test_a_computer_plays_its_turn_and_hands_the_dice_on(rig: Rig) -> None:
    start(rig, ["Robo", "Ann"], {"Robo": "simple"})
    with computers(rig):
        waits_for(rig, lambda shown: decider(shown) == "Ann")
    # The table's dice (1, 2) take it to Whitechapel Road, which it buys with its cash to spare.
    assert dos(rig) == ["roll", "buy", "end_turn"]
    assert all(command.get("player") == "Robo" for command in by_computer(rig))
    assert state(rig)["players"][0]["cash"] == 1500 - 60


# (setup by the banker, house rules, level, what the computer must do), each from the computer's
# first roll of 3 (the rig's dice) on its own turn.
KINDS = {
    "mortgage to pay a debt": (
        [{"do": "give_deed", "square": "whitechapel-road", "to": "Ann"},
         {"do": "give_deed", "square": "old-kent-road", "to": "Robo"},
         {"do": "adjust", "from": "Robo", "to": "bank", "amount": 1498}], {}, "simple", "mortgage"),
    "bankrupt": (
        [{"do": "give_deed", "square": "whitechapel-road", "to": "Ann"},
         {"do": "adjust", "from": "Robo", "to": "bank", "amount": 1498}], {}, "smart", "bankrupt"),
    "draw a card": (
        [{"do": "place", "player": "Robo", "square": "mayfair"}], {"physical_decks": True}, "simple", "draw"),
    "choose a tax": (
        [{"do": "place", "player": "Robo", "square": "old-kent-road"}], {"income_tax_percent": 10},
        "smart", "choose"),
    "build": (
        [{"do": "give_deed", "square": "whitechapel-road", "to": "Robo"},
         {"do": "give_deed", "square": "old-kent-road", "to": "Robo"}], {}, "simple", "build"),
    "decline": (
        [{"do": "adjust", "from": "Robo", "to": "bank", "amount": 1400}], {"auction_on_decline": False},
        "simple", "decline"),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_computer_answers_each_kind(rig: Rig, kind: str) -> None:
    setup, rules, level, expected = KINDS[kind]
    start(rig, ["Robo", "Ann"], {"Robo": level}, **rules)
    banker(rig, *setup)
    with computers(rig):
        waits_for(rig, lambda shown: expected in dos(rig) and
                  (decider(shown) == "Ann" or shown.get("winner") is not None))
    assert all(source != "banker" or command["do"] != expected for source, command in entries(rig))


class Failing(Bots):
    """A bot that never answers in time: it hangs until the test ends, or raises."""

    def __init__(self, hangs: bool, released: threading.Event) -> None:
        super().__init__()
        self.hangs = hangs
        self.released = released

    def next_command(self, game: Game) -> dict[str, Any]:
        if self.hangs:
            self.released.wait(60)
        raise RuntimeError("the bot failed")


@pytest.mark.parametrize("hangs", [True, False], ids=["hangs", "raises"])
def test_a_bot_that_fails_or_hangs_still_lets_the_game_go_on(rig: Rig, hangs: bool) -> None:
    released = threading.Event()
    start(rig, ["Robo", "Ann"], {"Robo": "simple"}, auction_on_decline=False)
    try:
        with computers(rig, deadline=0.2, bot=lambda level: Failing(hangs, released)):
            waits_for(rig, lambda shown: decider(shown) == "Ann")
    finally:
        released.set()
    assert dos(rig) == ["roll", "decline", "end_turn"]  # the plain choice, each past the deadline


class Meddling(Bots):
    """A bot that tries to end a person's turn: the writer's authority check refuses it."""

    def next_command(self, game: Game) -> dict[str, Any]:
        return {"do": "end_turn", "player": "Ann"}


def test_it_never_speaks_for_a_person_and_takes_the_plain_choice_after_a_refusal(rig: Rig) -> None:
    start(rig, ["Robo", "Ann"], {"Robo": "simple"}, auction_on_decline=False)
    with computers(rig, bot=lambda level: Meddling()):
        waits_for(rig, lambda shown: decider(shown) == "Ann")
    assert dos(rig) == ["roll", "decline", "end_turn"]
    assert all(command.get("player") == "Robo" for command in by_computer(rig))


def test_a_decision_made_on_an_older_seq_is_never_stored(rig: Rig) -> None:
    start(rig, ["Robo", "Ann"], {"Robo": "simple"})
    players = ComputerPlayers(rig.table, pace=0.0, still=0.0)  # not started: the test steps it
    try:
        committed = players._read()
        assert committed is not None
        banker(rig, {"do": "adjust", "from": "bank", "to": "Ann", "amount": 10})  # the game moves on
        assert players._store(committed, "Robo", {"do": "roll"}, None).kind == STALE
        assert by_computer(rig) == []
    finally:
        players.close()


def test_while_held_it_takes_no_step(rig: Rig) -> None:
    held = threading.Event()
    held.set()
    asked: list[int] = []

    def holding() -> bool:
        asked.append(1)
        return held.is_set()

    start(rig, ["Robo", "Ann"], {"Robo": "simple"})
    with computers(rig, holding=holding):
        assert wait_for(lambda: len(asked) > 5)  # it has looked, and waits
        assert by_computer(rig) == []
        held.clear()
        waits_for(rig, lambda shown: decider(shown) == "Ann")
    assert dos(rig) == ["roll", "buy", "end_turn"]


def test_it_plays_on_in_the_next_game(rig: Rig) -> None:
    start(rig, ["Ann", "Robo"], {"Robo": "simple"})
    with computers(rig):
        start(rig, ["Smarty", "Bea"], {"Smarty": "smart"})
        waits_for(rig, lambda shown: decider(shown) == "Bea")
        assert {command.get("player") for command in by_computer(rig)} == {"Smarty"}


def test_its_own_moves_never_make_it_wait_for_the_people(rig: Rig) -> None:
    """Each of its moves stirs the table as any input does; were they taken for a person's, it
    would wait a minute after its roll."""
    start(rig, ["Robo", "Ann"], {"Robo": "simple"})
    with computers(rig, still=60.0) as players:
        waits_for(rig, lambda shown: decider(shown) == "Ann")
        assert players._last_stir == 0.0
        rig.table.submit({"do": "roll", "player": "Ann"}, source="banker")  # a person's input
        assert players._last_stir > 0.0
    assert dos(rig) == ["roll", "buy", "end_turn"]


def test_the_committed_copy_follows_an_undo(rig: Rig) -> None:
    start(rig, ["Robo", "Ann"], {"Robo": "simple"})
    store = rig.table.store
    assert store is not None
    follower = CommittedGame()
    banker(rig, {"do": "adjust", "from": "bank", "to": "Ann", "amount": 10},
           {"do": "adjust", "from": "bank", "to": "Ann", "amount": 20})
    before = follower.read(store.path, store.game_id)
    assert before is not None and before.game.cash[1] == 1530
    assert rig.table.undo(1).ok
    after = follower.read(store.path, store.game_id)
    assert after is not None and after.seq == state(rig)["seq"] > before.seq
    assert printed(after.game) == {k: v for k, v in state(rig).items() if k in printed(after.game)}


class ShownDice:
    """The dice unit as the table reaches it: the rolls it is told to show."""

    def __init__(self) -> None:
        self.shown: list[tuple[int, int]] = []

    def show(self, d1: int, d2: int) -> None:
        self.shown.append((d1, d2))


def test_its_roll_is_the_tables_dice_shown_on_the_dice_unit(rig: Rig) -> None:
    unit = ShownDice()
    rig.table.dice_unit = unit  # type: ignore[assignment]
    start(rig, ["Robo", "Ann"], {"Robo": "simple"})
    with computers(rig):
        waits_for(rig, lambda shown: decider(shown) == "Ann")
    assert unit.shown == [(1, 2)]  # the rig's dice
    assert by_computer(rig)[0] == {"do": "roll", "player": "Robo", "dice": [1, 2]}
