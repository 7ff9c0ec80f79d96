"""Computer seats in the engine (TABLE-SCRIPT.md `"computer"`): who is one, the printed state says
so, and the banker's two commands on such a seat: `retire` (it leaves as a bankrupt does) and
`hand_over` (a person plays it from now on)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from companion.rules import Malformed, Rejected, new_game, restore, snapshot, state


def start(**extra: Any) -> Any:
    return new_game({"do": "new_game", "players": ["Ann", "Robo", "Bob"], "rules": {"shuffle": False},
                     "computer": {"Robo": "smart"}, **extra})


def test_the_printed_state_marks_the_computer_and_only_it() -> None:
    players = state(start())["players"]
    assert [p.get("computer") for p in players] == [None, "smart", None]
    assert "computer" not in players[0]  # a person's entry keeps the contract's shape


@pytest.mark.parametrize("computer", [
    {"Zed": "smart"}, {"Robo": "genius"}, ["Robo"], {"Robo": None},
    {"Ann": "smart", "Robo": "simple", "Bob": "smart"},  # nobody left to play against it
], ids=["not a player", "no such level", "not a map", "no level", "no person"])
def test_a_computer_the_rules_cannot_seat_starts_no_game(computer: Any) -> None:
    with pytest.raises(Malformed):
        start(computer=computer)


def test_one_person_and_seven_computers_is_a_game() -> None:
    names = ["Ann", *[f"C{i}" for i in range(7)]]
    game = new_game({"do": "new_game", "players": names, "computer": {n: "simple" for n in names[1:]}})
    assert game.computer.count("") == 1


def test_retire_ends_the_computer_seat_its_deeds_auctioned_by_the_bank() -> None:
    game = start()
    game.apply({"do": "roll", "dice": [3, 4]})  # Ann
    game.apply({"do": "end_turn"})
    game.apply({"do": "roll", "dice": [1, 2]})  # Robo: Whitechapel Road
    game.apply({"do": "buy"})
    game.apply({"do": "end_turn"})
    assert state(game)["properties"]["whitechapel-road"]["owner"] == "Robo"
    game.apply({"do": "retire", "player": "Robo"})
    printed = state(game)
    assert printed["players"][1]["bankrupt"] and printed["players"][1]["cash"] == 0
    assert printed["pending"]["kind"] == "auction" and printed["pending"]["square"] == "whitechapel-road"
    assert printed["bank"]["houses"] == 32


def test_retire_in_debt_pays_the_creditor_as_a_bankruptcy_does() -> None:
    game = start(rules={"shuffle": False, "starting_cash": 10})
    game.apply({"do": "roll", "dice": [1, 2]})  # Ann: Whitechapel Road... she cannot pay £60
    game.apply({"do": "decline"})
    game.apply({"do": "pass", "player": "Ann"})
    game.apply({"do": "pass", "player": "Robo"})
    game.apply({"do": "pass", "player": "Bob"})
    game.apply({"do": "end_turn"})
    game.apply({"do": "roll", "dice": [2, 2]})  # Robo: Income Tax, £200 he does not have
    assert game.first_debt(1) is not None
    game.apply({"do": "retire", "player": "Robo"})
    assert game.bankrupt[1] and game.first_debt(1) is None


def test_a_person_is_neither_retired_nor_handed_over() -> None:
    game = start()
    for command in ({"do": "retire", "player": "Ann"}, {"do": "hand_over", "player": "Bob"}):
        with pytest.raises(Rejected, match="person"):
            game.apply(command)
    assert game.computer == ("", "smart", "")


def test_hand_over_makes_the_seat_a_persons_and_undo_gives_it_back() -> None:
    game = start()
    game.push({"do": "hand_over", "player": "Robo"})
    assert game.computer == ("", "", "") and "computer" not in state(game)["players"][1]
    banker = [legal.command["do"] for legal in game.legal_commands(None)]
    assert "hand_over" not in banker and "retire" not in banker
    game.pop()
    assert game.computer == ("", "smart", "")


def test_the_banker_alone_is_offered_them() -> None:
    game = start()
    banker = [legal.command for legal in game.legal_commands(None)]
    assert {"do": "retire", "player": "Robo"} in banker and {"do": "hand_over", "player": "Robo"} in banker
    assert all(legal.command["do"] not in ("retire", "hand_over") for legal in game.legal_commands("Robo"))
    assert game.actor({"do": "retire", "player": "Robo"}) is None  # the banker's


def test_a_snapshot_keeps_the_seats_and_an_older_one_reads_as_all_people() -> None:
    game = start()
    game.apply({"do": "hand_over", "player": "Robo"})
    again = start()
    assert restore(snapshot(again)).computer == ("", "smart", "")
    assert restore(snapshot(game)).computer == ("", "", "")
    older = snapshot(again)
    older["format"] = 4
    del older["state"]["computer"]
    assert restore(older).computer == ("", "", "")  # format 4 knew no computer: start's seats
    # (a format-4 game was started without "computer", so its seats were all people's)


def test_replay_prints_the_computer_and_refuses_an_unknown_level() -> None:
    script = [{"do": "new_game", "players": ["Ann", "Robo"], "computer": {"Robo": "simple"}},
              {"do": "roll", "dice": [1, 2]}]
    done = subprocess.run([sys.executable, "-m", "companion.cli", "replay", "-"], capture_output=True,
                          text=True, input="\n".join(json.dumps(line) for line in script), timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][1]["computer"] == "simple"
    script[0]["computer"] = {"Robo": "grandmaster"}
    done = subprocess.run([sys.executable, "-m", "companion.cli", "replay", "-"], capture_output=True,
                          text=True, input="\n".join(json.dumps(line) for line in script), timeout=60)
    assert done.returncode == 2 and done.stdout == "" and "computer" in done.stderr
