"""A computer seat's trades, as a polite player makes them: its answers come with a reason a
person can read (the odds' chances for it with and without the deal when the trade advisor has
them in time, else its own bot's reckoning of what the deal is worth to each side), and its own
proposals never pester a person: one open at a time (the engine's rule), at most MAX_PROPOSALS a
game to people, and never the same offer twice to the same person. Between computers the bots'
own bargaining stands (one proposal a turn, the offer raised each time): without it a table of
computers would never trade its groups whole, and never end."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

from ..bots.player import Command
from ..rules import Game
from ..rules.decision import open_decision
from .words import words

MAX_PROPOSALS: Final = 3  # a computer's own proposals in one game


@dataclass
class Manners:
    """The proposals each computer seat made to people in this game (seat -> the offers, as keys)."""

    made: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game, lines: list[str]) -> Manners:
        """The proposals a game's stored commands show each computer seat made to people: a table
        started again (a power cut) keeps to its few a game, and never repeats one."""
        manners = cls()
        for line in lines[1:]:
            command = json.loads(line)
            seat = game.seats.get(str(command.get("from"))) if command.get("do") == "trade" else None
            if seat is not None and game.computer[seat]:
                manners.proposed(game, seat, command)
        return manners

    def allows(self, game: Game, seat: int, command: Command) -> bool:
        if command.get("do") != "trade":
            return True
        if game.trade is not None and game.trade.proposer == seat:
            return False
        partner = game.seats.get(str(command.get("to")))
        if partner is not None and game.computer[partner]:
            return True
        offers = self.made.get(seat, [])
        return len(offers) < MAX_PROPOSALS and _offer(command) not in offers

    def proposed(self, game: Game, seat: int, command: Command) -> None:
        """A proposal the table stored (a refused one, or one to a computer, does not count)."""
        partner = game.seats.get(str(command.get("to")))
        if command.get("do") == "trade" and partner is not None and not game.computer[partner]:
            self.made.setdefault(seat, []).append(_offer(command))


def _offer(command: Command) -> str:
    return json.dumps([command.get("to"), command.get("give"), command.get("take")], sort_keys=True)


def chances(advice: dict[str, Any] | None, game: Game, seat: int) -> tuple[float, float] | None:
    """(chance if it rejects, chance if it accepts) for the seat, when the advice is about the
    proposal open in this game and both answers were worked out; else None."""
    found = open_decision(game)
    if advice is None or found is None or found.kind != "trade":
        return None
    shown = found.shown(game)
    if any(advice.get(key) != shown.get(key) for key in ("from", "to", "give", "take")):
        return None
    name = game.names[seat]
    try:
        return float(advice["reject"]["chances"][name]), float(advice["accept"]["chances"][name])
    except (KeyError, TypeError, ValueError):
        return None


def answer(game: Game, seat: int, bots_word: Command | None,
           advice: tuple[float, float] | None) -> tuple[Command, dict[str, str]]:
    """The seat's answer to the proposal made to it, and its reason in every language: by the
    chances when known (it accepts what raises its own), else by its bot's word (None: it
    rejects, the plain choice)."""
    name = game.names[seat]
    if advice is not None:
        before, after = advice
        accepts = after > before
        key = "computer.accepts_chances" if accepts else "computer.rejects_chances"
        said = words(key, game.forms, player=name, before=round(before * 100), after=round(after * 100))
    else:
        accepts = bots_word is not None and bots_word.get("do") == "accept"
        trade = game.trade
        partner = game.names[trade.proposer] if trade is not None else name
        said = words("computer.accepts_worth" if accepts else "computer.rejects_worth", game.forms,
                     player=name, partner=partner)
    return {"do": "accept" if accepts else "reject", "player": name}, said
