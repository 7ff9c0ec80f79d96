"""Computer seats in auctions and trades (issue 41): every computer still in an auction bids or
passes before the auction clock would pass for it; a trade proposed to a computer is answered
with a reason a person can read (the odds' chances when they come in time, else its own
reckoning); its own proposals never pester."""

from __future__ import annotations

import json
from typing import Any

from companion.rules import new_game
from companion.table.auction_clock import AuctionClock
from companion.table.computer_trades import MAX_PROPOSALS, Manners
from tests.computer_support import by_computer, computers, entries, person_move, start, state, waits_for
from tests.waiting import wait_for
from tests.web_support import Rig


def act(rig: Rig, command: dict[str, Any]) -> None:
    result = rig.table.submit(command, source="banker")
    assert result.ok, (command, result.reason)


def test_every_computer_in_an_auction_answers_before_the_clock(rig: Rig) -> None:
    clock = AuctionClock(rig.table, seconds=3.0)
    start(rig, ["Ann", "Robo", "Smarty"], {"Robo": "simple", "Smarty": "smart"})
    try:
        with computers(rig, pace=5.0):  # the pace never holds up a bid
            act(rig, {"do": "roll", "player": "Ann"})
            act(rig, {"do": "decline", "player": "Ann"})
            waits_for(rig, lambda shown: (shown.get("pending") or {}).get("kind") != "auction")
    finally:
        clock.close()
    answered = {command["player"] for command in by_computer(rig) if command["do"] in ("bid", "pass")}
    assert answered == {"Robo", "Smarty"}
    timed_out = {command["player"] for source, command in entries(rig) if source == "table"}
    assert timed_out <= {"Ann"}, "the clock passed for a computer"


def notices(rig: Rig) -> list[dict[str, Any]]:
    heard: list[dict[str, Any]] = []
    rig.table.listeners.append(lambda event: heard.append(event) if event.get("type") == "computer" else None)
    return heard


def propose(rig: Rig, give: dict[str, Any]) -> None:
    act(rig, {"do": "trade", "from": "Ann", "to": "Robo", "give": give,
              "take": {"squares": ["old-kent-road"]}})


def test_a_computer_rejects_a_bad_trade_and_accepts_a_good_one_saying_why(rig: Rig) -> None:
    start(rig, ["Ann", "Robo"], {"Robo": "smart"})
    act(rig, {"do": "give_deed", "square": "old-kent-road", "to": "Robo"})
    heard = notices(rig)
    with computers(rig):
        propose(rig, {})
        assert wait_for(lambda: len(heard) == 1)
        propose(rig, {"cash": 1000})
        assert wait_for(lambda: len(heard) == 2)
    assert [(n["player"], n["do"]) for n in heard] == [("Robo", "reject"), ("Robo", "accept")]
    assert heard[0]["words"]["en"] == "Robo rejects: by its reckoning the deal gives Ann more than it gets"
    assert heard[1]["words"]["en"] == "Robo accepts: by its reckoning the deal is fair to it"
    assert heard[0]["words"]["ru"].startswith("Robo отказывается")
    assert state(rig)["players"][0]["cash"] == 500  # Ann paid for the deed


def test_the_advisors_chances_decide_when_they_come_in_time(rig: Rig) -> None:
    start(rig, ["Ann", "Robo"], {"Robo": "smart"})
    act(rig, {"do": "give_deed", "square": "old-kent-road", "to": "Robo"})
    heard = notices(rig)

    def advice() -> dict[str, Any] | None:
        pending = state(rig).get("pending") or {}
        if pending.get("kind") != "trade":
            return None
        return {**{key: pending[key] for key in ("from", "to", "give", "take")},
                "accept": {"chances": {"Ann": 0.76, "Robo": 0.24}},
                "reject": {"chances": {"Ann": 0.69, "Robo": 0.31}}}

    with computers(rig, advice=advice):
        propose(rig, {"cash": 1000})  # its own reckoning would take it; the chances say no
        assert wait_for(lambda: len(heard) == 1)
    assert heard[0]["do"] == "reject"
    assert heard[0]["words"]["en"] == "Robo rejects: its chance of winning would fall from 31% to 24%"


def test_its_own_proposals_are_few_and_never_repeated(rig: Rig) -> None:
    """Robo wants Ann's Whitechapel Road (its group's last lot); Ann rejects every offer and plays
    on plainly, turn after turn: Robo never has two open, never offers the same twice, and stops
    at MAX_PROPOSALS."""
    start(rig, ["Robo", "Ann"], {"Robo": "smart"}, auction_on_decline=False)
    act(rig, {"do": "give_deed", "square": "old-kent-road", "to": "Robo"})
    act(rig, {"do": "give_deed", "square": "whitechapel-road", "to": "Ann"})

    def ann_plays() -> bool:
        shown = state(rig)
        move = person_move(shown, "Ann")
        if move is not None:
            rig.table.submit(move, source="banker")
        turns = sum(command["do"] == "end_turn" for _source, command in entries(rig))
        return turns >= 16 or shown.get("winner") is not None

    with computers(rig):
        assert wait_for(ann_plays, timeout=120, every=0.05)
    offers = [command for command in by_computer(rig) if command["do"] == "trade"]
    assert 1 <= len(offers) <= MAX_PROPOSALS
    assert len({repr(offer) for offer in offers}) == len(offers)


def test_manners_allow_a_few_different_offers_and_none_while_its_own_is_open() -> None:
    game = new_game({"do": "new_game", "players": ["Ann", "Robo"], "computer": {"Robo": "smart"}})
    manners = Manners()
    offers = [{"do": "trade", "from": "Robo", "to": "Ann", "give": {"cash": 100 + n}, "take": {}}
              for n in range(MAX_PROPOSALS + 1)]
    assert manners.allows(game, 1, {"do": "roll"})
    for offer in offers[:MAX_PROPOSALS]:
        assert manners.allows(game, 1, offer)
        manners.proposed(game, 1, offer)
        assert not manners.allows(game, 1, offer)  # never the same twice
    assert not manners.allows(game, 1, offers[-1])  # a few a game
    assert manners.allows(game, 0, offers[-1])  # each seat its own


def test_a_table_started_again_remembers_the_proposals_made(rig: Rig) -> None:
    """The offers a computer made are read back from the game's stored commands (the table
    started again after a power cut): none made again, and no more than a few a game."""
    start(rig, ["Robo", "Ann"], {"Robo": "smart"})
    offers = [{"do": "trade", "from": "Robo", "to": "Ann", "give": {"cash": 10 + n}, "take": {}}
              for n in range(MAX_PROPOSALS)]
    for offer in offers:
        act(rig, offer)
        act(rig, {"do": "reject", "player": "Ann"})
    store = rig.table.store
    assert store is not None
    with computers(rig) as players:  # a new driver: nothing in memory but what the game says
        assert wait_for(lambda: players.game_id == store.game_id)
        game = store.game
        assert not players.manners.allows(game, 0, {**offers[0], "give": {"cash": 500}})  # a few a game
    manners = Manners.of(game, [json.dumps(offer) for offer in [{"do": "new_game"}, *offers[:1]]])
    assert not manners.allows(game, 0, offers[0]) and manners.allows(game, 0, offers[1])  # never again


def test_between_computers_the_bots_bargain_as_they_do() -> None:
    """A table of computers trades its groups whole (the smart bot raises its offer each turn):
    the limits are for people."""
    game = new_game({"do": "new_game", "players": ["Ann", "Robo", "Bolt"],
                     "computer": {"Robo": "smart", "Bolt": "smart"}})
    manners = Manners()
    offer = {"do": "trade", "from": "Robo", "to": "Bolt", "give": {"cash": 100}, "take": {}}
    for _ in range(MAX_PROPOSALS + 2):
        assert manners.allows(game, 1, offer)
        manners.proposed(game, 1, offer)


