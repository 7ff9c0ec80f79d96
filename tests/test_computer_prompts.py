"""The prompts for a computer player's things (companion/table/computer_prompts.py): opened by
its committed commands, published to the screens (GET /api/computer/prompts and the `prompts`
notice), holding the computer ("seconds": for confirm_seconds by the table's clock; "act": until
the people confirm) and confirmed by the table's own screens, the computer's token or the dice
button, and only when no other wait claims that act."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.hardware.device import Press
from companion.table.authority import Speaker
from companion.table.meaning import game_tags
from companion.table.waits import CONFIRM, TokenWait
from tests.clocks import FakeClock
from tests.web_support import CAR, DOG, REGISTRY, Rig, rig_fixture


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    yield from rig_fixture(tmp_path)


def start(rig: Rig, confirm: str = "act", clock: FakeClock | None = None) -> list[dict[str, Any]]:
    """Ann and Robo (the computer, the dog); Ann's first turn played: Robo's turn. The notices the
    screens are told, from then on."""
    prompts = rig.table.prompts
    prompts.configure(confirm, 6.0)
    if clock is not None:
        prompts.clock = clock
    started = rig.table.new_game({"do": "new_game", "players": ["Ann", "Robo"], "computer": {"Robo": "smart"},
                                  "seed": 1, "rules": {"shuffle": False},
                                  "tags": game_tags(REGISTRY, {"Ann": "car", "Robo": "dog"})})
    assert started.ok, started
    for command in ({"do": "roll", "dice": [2, 3]}, {"do": "buy"}, {"do": "end_turn"}):  # King's Cross
        assert rig.table.submit(command, source="tablet", speaker=Speaker("Ann")).ok
    told: list[dict[str, Any]] = []
    rig.table.listeners.append(lambda event: told.append(event) if event.get("type") == "prompts" else None)
    return told


def robo(rig: Rig, command: dict[str, Any]) -> None:
    assert rig.table.submit(command, source="computer", speaker=Speaker("Robo")).ok


def test_the_computers_roll_opens_a_prompt_that_the_screens_read(rig: Rig) -> None:
    told = start(rig)
    robo(rig, {"do": "roll", "dice": [1, 2]})
    shown = rig.client().get("/api/computer/prompts").json
    assert shown["confirm"] == "act"
    assert [p["words"] for p in shown["prompts"]] == [{
        "en": "Move Robo's dog to Whitechapel Road",
        "ru": "Передвиньте собаку игрока Robo на клетку «Уайтчепел-роуд»"}]
    assert told[-1]["prompts"] == shown["prompts"]
    robo(rig, {"do": "buy"})
    kinds = [p["kind"] for p in rig.client().get("/api/computer/prompts").json["prompts"]]
    assert kinds == ["move", "deed_from_bank"]  # act: kept until the people confirm


def test_seconds_hold_the_computer_for_their_time_then_let_it_go(rig: Rig) -> None:
    clock = FakeClock()
    start(rig, "seconds", clock)
    prompts = rig.table.prompts
    assert not prompts.holding()
    robo(rig, {"do": "roll", "dice": [1, 2]})
    assert prompts.holding()
    clock.advance(5.9)
    assert prompts.holding()
    clock.advance(0.2)
    assert not prompts.holding()
    robo(rig, {"do": "buy"})  # a new prompt holds again; the old one, past its time, leaves the screens
    assert prompts.holding()
    assert [p["kind"] for p in prompts.published["prompts"]] == ["deed_from_bank"]


def test_act_holds_until_the_tables_own_screen_confirms_and_never_for_a_stranger(rig: Rig) -> None:
    clock = FakeClock()
    start(rig, "act", clock)
    prompts = rig.table.prompts
    robo(rig, {"do": "roll", "dice": [1, 2]})
    clock.advance(3600)
    assert prompts.holding()  # however long
    stranger = rig.client().post("/api/computer/confirm", json={})
    assert stranger.status_code == 403
    assert "table's own screens" in stranger.json["words"]["en"]
    assert prompts.holding()
    confirmed = rig.table_screen().post("/api/computer/confirm", json={})
    assert confirmed.status_code == 200, confirmed.json
    assert not prompts.holding()
    assert rig.client().get("/api/computer/prompts").json["prompts"] == []
    again = rig.banker().post("/api/computer/confirm", json={})
    assert again.status_code == 409


def test_the_computers_token_confirms_and_never_pairs_a_screen(rig: Rig) -> None:
    start(rig, "act")
    robo(rig, {"do": "roll", "dice": [1, 2]})
    phone = rig.client()
    asked = phone.post("/api/pair", json={})
    assert asked.status_code == 202
    rig.tap(DOG)  # Robo's token: the prompts' act, never a pairing
    assert not rig.table.prompts.holding()
    rig.tap(DOG)
    assert rig.table.token_waits.choices == {}  # no choice opened for the computer's token
    assert phone.get("/api/session").json.get("player") is None


def test_a_confirmation_waiting_for_the_token_comes_first(rig: Rig) -> None:
    """A screen waiting for a token to confirm a command claims the tap: the prompts stay open (and
    the command, spoken for the computer by a screen, is refused: nobody buys for it)."""
    start(rig, "act")
    robo(rig, {"do": "roll", "dice": [1, 2]})
    answers: list[Any] = []
    waiting = rig.table.wait_for_token(TokenWait("the-table", CONFIRM, answers.append, command={"do": "buy"},
                                                 trusted=True))
    assert waiting.ok, waiting
    rig.tap(DOG)
    assert rig.table.prompts.holding()
    assert [answer.ok for answer in answers] == [False]  # the wait had the tap, and the writer said no
    assert rig.table.store is not None and rig.table.store.game.owner[3] == -1  # nobody bought it for Robo


def test_the_dice_button_confirms_instead_of_rolling_for_the_computer(rig: Rig) -> None:
    start(rig, "act")
    robo(rig, {"do": "roll", "dice": [1, 2]})
    robo(rig, {"do": "buy"})
    robo(rig, {"do": "end_turn"})
    assert rig.table.prompts.holding()
    seq = rig.table.store.seq if rig.table.store is not None else 0
    # Ann's turn now: her roll comes first, the prompts stay
    rig.table.on_event(Press(long=False))
    rig.settle()
    assert rig.table.store is not None and rig.table.store.seq == seq + 1
    assert rig.table.prompts.holding()


def test_the_dice_button_confirms_on_the_computers_turn(rig: Rig) -> None:
    start(rig, "act")
    robo(rig, {"do": "roll", "dice": [1, 2]})  # Robo may still buy: no roll is due, so a press confirms
    seq = rig.table.store.seq if rig.table.store is not None else 0
    rig.table.on_event(Press(long=False))
    rig.settle()
    assert not rig.table.prompts.holding()
    assert rig.table.store is not None and rig.table.store.seq == seq  # nothing rolled


def test_a_persons_token_never_confirms(rig: Rig) -> None:
    start(rig, "act")
    robo(rig, {"do": "roll", "dice": [1, 2]})
    rig.tap(CAR)
    assert rig.table.prompts.holding()


def test_the_voice_says_each_prompt_once_after_its_commands_own_moments() -> None:
    from companion.voice.moments import prompted
    from companion.voice.planner import sentence

    prompts = [{"id": "5-0", "words": {"en": "Move Robo's dog to Chance",
                                       "ru": "Передвиньте собаку игрока Robo на клетку «Случай»"}},
               {"id": "5-1", "words": {"en": "Robo draws Chance: Pay £15",
                                       "ru": "Robo берёт карточку «Случай»: Заплатите £15"}}]
    moment = prompted(5, prompts)
    assert moment is not None and moment.kind == "computer"
    assert sentence(moment, "en") == "Move Robo's dog to Chance. Robo draws Chance: Pay fifteen pounds."
    assert sentence(moment, "ru").startswith("Передвиньте собаку игрока Robo на клетку «Случай». Robo берёт")
    assert prompted(6, []) is None


def test_an_undo_asks_for_the_computers_things_put_back(rig: Rig) -> None:
    """The banker's undo takes the computer's purchase back: its deed goes back to the bank."""
    start(rig, "act")
    robo(rig, {"do": "roll", "dice": [1, 2]})
    robo(rig, {"do": "buy"})
    assert rig.table.confirm_prompts("table").ok
    assert rig.table.undo(1).ok
    shown = rig.table.computer_prompts()["prompts"]
    assert [p["words"]["en"] for p in shown] == ["Put Robo's Whitechapel Road deed back in the bank"]
