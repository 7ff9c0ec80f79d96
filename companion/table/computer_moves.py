"""What a computer seat answers next, decided off the writer on a committed copy of the game: its
own bot's word within a deadline, else the plain choice (decline, pass, reject, end the turn, the
first answer the rules list), so a bot that raises or hangs never stalls the table.

Who moves is the engine's word (`Game.answering()`), but for an auction: at a live table every
bidder answers for itself, so each computer still in it and not the high bidder answers.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Final

from ..bots.player import Bots, Command
from ..rules import Game
from ..rules.decision import open_decision

log = logging.getLogger(__name__)

# The plain answer to each kind of decision: what costs nothing and commits to nothing.
PLAIN: Final = {"buy": "decline", "auction": "pass", "trade": "reject", "end_turn": "end_turn",
                "roll": "roll", "jail": "roll", "utility_roll": "roll"}
ROLLS: Final = ("roll",)  # answered without dice: the table's own dice roll them


def to_move(game: Game) -> int | None:
    """The computer seat with something to answer now, or None (a person's move, or the end)."""
    if game.over or not any(game.computer):
        return None
    if game.next_kind() == "auction":
        auction = game.auctions[0]
        for seat in auction.bidders:
            if seat != auction.high_bidder and game.computer[seat]:
                return seat
        return None
    seat = game.answering()
    return seat if game.computer[seat] else None


def bot_answer(bot: Bots, game: Game, seat: int) -> Command:
    """The seat's bot's answer: in an auction its own bid or pass, else the bot's next command."""
    if game.next_kind() == "auction":
        return bot.bid_for(game, seat)
    return bot.next_command(game)


def plain_choice(game: Game, seat: int) -> Command:
    """The answer that commits the seat to nothing, from what the rules list for it now."""
    kind = game.next_kind()
    listed = game.legal_commands(seat)
    want = PLAIN.get(kind)
    for entry in listed:
        if entry.do == want and (not entry.free or entry.do in ROLLS):
            return dict(entry.command)
    found = open_decision(game)
    options = found.options if found is not None else ()
    for entry in listed:
        if entry.do in options and not entry.free:
            return dict(entry.command)
    for entry in listed:
        if not entry.free:
            return dict(entry.command)
    return {"do": "end_turn", "player": game.names[seat]}  # nothing listed: the rules will say why


def within(deadline: float, decide: Callable[[], Command]) -> Command | None:
    """The decision made on a thread of its own, or None when it raised or took longer than the
    deadline (the thread is left to finish: a decision holds nothing but its own copy)."""
    answer: list[Command] = []

    def run() -> None:
        try:
            answer.append(decide())
        except Exception:
            log.exception("a computer's bot failed; it takes the plain choice")

    thread = threading.Thread(target=run, name="computer-decides", daemon=True)
    thread.start()
    thread.join(max(0.0, deadline))
    if thread.is_alive():
        log.warning("a computer's bot took longer than %.1f s; it takes the plain choice", deadline)
        return None
    return answer[0] if answer else None

