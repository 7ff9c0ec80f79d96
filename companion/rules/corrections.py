"""The banker's corrections: what a person at a real table fixes by hand when something went wrong
at the table (a roll read wrong, money handed over twice, a deed given to the wrong player).

Each is a recorded command like any other, so the history says who changed what, and undo takes it
back. None of them is a move of the game: the token placed does not act on its square, the money
moved is no rent, the deed given costs no 10 %. They keep what the rules guarantee: money is only
moved between accounts that have it (no debts from a correction), and a deed whose group has
buildings does not change hands.
"""

from __future__ import annotations

from typing import Any

from .core import BaseGame
from .edition import Square
from .errors import Rejected
from .state import BANK, NOBODY, POT, Account
from .texts import Sentence, Text

MAX_AMOUNT = 1_000_000_000  # no correction moves more than any table could have
MAX_NOTE = 200
# A roll with dice the banker chose (a roll read wrong, put right on the Banker page) is an
# ordinary roll to the rules, stored with this note: the story and the voice word it as the
# banker's correction ("The banker sets Ann's dice: 1 and 3"), never as a roll of the player's.
BANKER_DICE = "correction: dice chosen by the banker"


def banker_set_dice(command: dict[str, Any]) -> bool:
    """Whether a stored command is a roll whose dice the banker chose."""
    return command.get("do") == "roll" and command.get("note") == BANKER_DICE


def account_of(game: BaseGame, name: str) -> Account:
    """A player's seat (an active player's), "bank" or "pot"."""
    if name in (BANK, POT):
        return name
    return game.seat(name)


def held(game: BaseGame, account: Account) -> int:
    """What an account can hand over (the bank: anything)."""
    if isinstance(account, int):
        return game.cash[account]
    return game.pot if account == POT else MAX_AMOUNT


def why_not_adjust(game: BaseGame, source: Account, target: Account, amount: int) -> Sentence | None:
    if source == target:
        return Text("correct.same_account")
    if not 1 <= amount <= MAX_AMOUNT:
        return Text("correct.amount", MAX_AMOUNT)
    if amount > held(game, source):
        return Text("correct.short", game.account_text(source), held(game, source), amount)
    return None


def adjust(game: BaseGame, cmd: dict[str, Any]) -> None:
    """Banker: move money between any two accounts (a player, the bank, the Free Parking pot)."""
    source = account_of(game, cmd["from"])
    target = account_of(game, cmd["to"])
    amount = cmd["amount"]
    note = cmd.get("note") or ""
    if len(note) > MAX_NOTE:
        raise Rejected(Text("correct.note_long", MAX_NOTE))
    why = why_not_adjust(game, source, target, amount)
    if why is not None:
        raise Rejected(why)
    game.pay(source, target, amount, Text("why.correction", note) if note else Text("why.correction_plain"))
    game.tell("correct.moved", amount, game.account_text(source), game.account_text(target))


def place(game: BaseGame, cmd: dict[str, Any]) -> None:
    """Banker: put a token on a square (out of jail), without the square acting."""
    seat = game.seat(cmd["player"])
    square = game.square(cmd["square"])
    game.position[seat] = square.index
    game.in_jail[seat] = False
    game.jail_turns[seat] = 0
    game.tell("correct.placed", game.names[seat], square)


def why_not_give_deed(game: BaseGame, square: Square, receiver: int) -> Sentence | None:
    index = square.index
    if game.owner[index] == receiver:
        holder = game.names[receiver] if receiver >= 0 else Text("the_bank")
        return Text("correct.deed_already", square, holder)
    if game.group_built(index):
        group = game.edition.group_info[square.group or ""]["name"]
        return Text("trade.built", square, group)
    offer = game.offer
    if offer is not None and offer.square == index:
        return Text("correct.deed_on_offer", square)
    for auction in game.auctions:
        if auction.square == index:
            return Text("correct.deed_at_auction", square)
    return None


def give_deed(game: BaseGame, cmd: dict[str, Any]) -> None:
    """Banker: a deed to another player, or back to the bank (which lifts its mortgage)."""
    square = game.deed(cmd["square"])
    receiver = NOBODY if cmd["to"] == BANK else game.seat(cmd["to"])
    why = why_not_give_deed(game, square, receiver)
    if why is not None:
        raise Rejected(why)
    game.set_owner(square.index, receiver)
    if receiver == NOBODY:
        game.mortgaged[square.index] = False
    holder = game.names[receiver] if receiver >= 0 else Text("the_bank")
    game.tell("correct.deed_given", square, holder)
