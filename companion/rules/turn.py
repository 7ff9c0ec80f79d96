"""Rolling, moving, what a square does, the decks, jail and the end of a turn (RULES.md 3, 4, 6).

Each command has a `why_not_*` check (None when the rules allow it, else the reason) that the
handler, `legal_commands` and the bots all ask, so they can never disagree.
"""

from __future__ import annotations

from typing import Any

from .core import BaseGame
from .decision import blocking
from .edition import Card, Square
from .errors import Rejected
from .rent import rent
from .state import BANK, POT, Choice, DrawDue, Offer, RentClaim, RollDue
from .texts import Sentence, Text


def turn_seat(game: BaseGame, cmd: dict[str, Any]) -> int:
    """The current player's own command; a named player must be the one whose turn it is."""
    named = cmd.get("player")
    current = game.current
    if named is not None and named != game.names[current]:
        game.seat(named)
        raise Rejected(Text("turn.not_yours", game.names[current], named))
    return current


def blocker(game: BaseGame) -> Sentence | None:
    """The decision that holds up the dice, in words, or None when the dice are free."""
    found = blocking(game)
    return found.refusal(game) if found is not None else None


# The checks below take what the player is doing as a catalog key and its values, and word it
# only when they refuse: bots and screens ask them far more often than anything is refused.

def free_moment(game: BaseGame, seat: int, doing: str, *values: Any) -> Sentence | None:
    """Section 8a: deals and building wait while an auction runs or a card choice (or draw) waits."""
    if game.auctions:
        return Text("busy.auction", game.names[seat], Text(doing, *values))
    if game.choice is not None:
        return Text("busy.choice", game.names[seat], Text(doing, *values), game.names[game.choice.seat])
    if game.draw_due is not None:
        return Text("busy.draw", game.names[seat], Text(doing, *values), game.names[game.draw_due.seat])
    if game.roll_due is not None:
        return Text("busy.utility_roll", game.names[seat], Text(doing, *values),
                    game.names[game.roll_due.seat])
    return None


def debt_free(game: BaseGame, seat: int, doing: str, *values: Any) -> Sentence | None:
    """A debtor spends no cash until the debt is paid (RULES.md 8a)."""
    if game.debts:
        debt = game.first_debt(seat)
        if debt is not None:
            return Text("in_debt", game.names[seat], Text(doing, *values), debt.amount,
                        game.account_text(debt.creditor))
    return None


def affordable(game: BaseGame, seat: int, amount: int, doing: str, *values: Any) -> Sentence | None:
    if game.cash[seat] < amount:
        return Text("too_dear", game.names[seat], Text(doing, *values), amount, game.cash[seat])
    return None


# ---- rolling and ending the turn -------------------------------------------------------------

def why_not_roll(game: BaseGame, seat: int) -> Sentence | None:
    name = game.names[seat]
    if seat != game.current:
        return Text("turn.not_yours", game.names[game.current], name)
    found = blocking(game)
    if found is not None:
        if found.kind == "utility_roll":  # the roll a utility card asks for (its seat's: the current one)
            return None
        return Text("roll.blocked", name, found.refusal(game))
    if not game.may_roll:
        return Text("roll.none_due", name)
    return None


def roll(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = turn_seat(game, cmd)
    dice = cmd["dice"]
    d1: int = dice[0]  # ints (dispatch checks them): compiled, what follows is plain arithmetic
    d2: int = dice[1]
    if not 1 <= d1 <= 6:
        raise Rejected(Text("roll.bad_die", d1))
    if not 1 <= d2 <= 6:
        raise Rejected(Text("roll.bad_die", d2))
    why = why_not_roll(game, seat)
    if why is not None:
        raise Rejected(why)
    # Any roll closes the window for claiming rent (auto_collect_rent: false).
    if game.claim is not None:
        game.tell("rent.claim_lost", game.names[game.claim.owner])
        game.claim = None
    game.last_roll = (d1, d2)
    game.rolled = True
    doubles = d1 == d2
    total = d1 + d2
    game.tell("roll.rolls", game.names[seat], d1, d2)
    if game.roll_due is not None:
        _utility_roll(game, seat, total)
        return
    if game.in_jail[seat]:
        _jail_roll(game, seat, total, doubles)
        return
    if doubles:
        game.doubles += 1
        if game.doubles == 3:
            _third_doubles(game, seat)
            return
    game.may_roll = doubles
    move_forward(game, seat, total)


def why_not_end_turn(game: BaseGame, seat: int) -> Sentence | None:
    name = game.names[seat]
    if seat != game.current:
        return Text("turn.not_yours", game.names[game.current], name)
    blocked = blocker(game)
    if blocked is not None:
        return Text("end_turn.blocked", name, blocked)
    if game.may_roll:
        return Text("end_turn.doubles" if game.rolled else "end_turn.roll_first", name)
    return None


def end_turn(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = turn_seat(game, cmd)
    why = why_not_end_turn(game, seat)
    if why is not None:
        raise Rejected(why)
    game.turn += 1
    game.pass_turn()


# ---- jail ------------------------------------------------------------------------------------

def _why_not_leave_jail(game: BaseGame, seat: int, doing: str) -> Sentence | None:
    name = game.names[seat]
    if seat != game.current:
        return Text("turn.not_yours", game.names[game.current], name)
    if not game.in_jail[seat]:
        return Text("jail.not_in", name)
    busy = free_moment(game, seat, doing)
    if busy is not None:
        return busy
    if not game.may_roll:
        return Text("jail.before_roll", name, Text(doing))
    return None


def why_not_pay_jail_fine(game: BaseGame, seat: int) -> Sentence | None:
    doing = "doing.pay_fine"
    fine = game.rules.jail_fine
    return (
        _why_not_leave_jail(game, seat, doing) or debt_free(game, seat, doing)
        or affordable(game, seat, fine, doing)
    )


def pay_jail_fine(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = turn_seat(game, cmd)
    why = why_not_pay_jail_fine(game, seat)
    if why is not None:
        raise Rejected(why)
    game.pay(seat, game.fee_sink(), game.rules.jail_fine, Text("why.jail_fine"))
    _release(game, seat, "jail.pays_fine")


def why_not_use_jail_card(game: BaseGame, seat: int) -> Sentence | None:
    why = _why_not_leave_jail(game, seat, "doing.use_card")
    if why is None and not game.jail_cards[seat]:
        return Text("jail.no_card", game.names[seat])
    return why


def use_jail_card(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = turn_seat(game, cmd)
    why = why_not_use_jail_card(game, seat)
    if why is not None:
        raise Rejected(why)
    held = game.jail_cards[seat]
    deck, number = held[0]
    game.jail_cards[seat] = held[1:]
    game.set_deck(deck, (*game.deck(deck), number))
    _release(game, seat, "jail.uses_card")


def _release(game: BaseGame, seat: int, how: str) -> None:
    game.in_jail[seat] = False
    game.jail_turns[seat] = 0
    game.tell(how, game.names[seat])


def _jail_roll(game: BaseGame, seat: int, total: int, doubles: bool) -> None:
    if doubles:
        _release(game, seat, "jail.rolls_doubles")
        again = game.rules.jail_doubles_roll_again
        game.doubles = 1 if again else 0
        game.may_roll = again
        move_forward(game, seat, total)
        return
    game.jail_turns[seat] += 1
    game.may_roll = False
    if game.jail_turns[seat] < 3:
        game.tell("jail.stays", game.names[seat])
        return
    _release(game, seat, "jail.third_fail")
    game.charge(seat, game.fee_sink(), game.rules.jail_fine, Text("why.jail_fine"))
    move_forward(game, seat, total)


def _third_doubles(game: BaseGame, seat: int) -> None:
    game.may_roll = False
    if game.rules.interpol:
        game.tell("roll.interpol", game.names[seat])
        game.charge(seat, game.fee_sink(), game.rules.jail_fine, Text("why.interpol_fine"))
        game.skip_turn[seat] = True
        return
    game.tell("roll.third_doubles", game.names[seat])
    send_to_jail(game, seat)


def send_to_jail(game: BaseGame, seat: int) -> None:
    game.position[seat] = game.edition.jail
    game.in_jail[seat] = True
    game.jail_turns[seat] = 0
    if seat == game.current:
        game.may_roll = False
    game.tell("jail.goes", game.names[seat])


# ---- choices -----------------------------------------------------------------------------------

def why_not_choose(game: BaseGame, seat: int, option: str) -> Sentence | None:
    choice = game.choice
    if choice is None:
        return Text("choice.none")
    if seat != choice.seat:
        return Text("choice.not_yours", game.names[choice.seat], game.names[seat])
    if option not in choice.options:
        return Text("choice.options", game.names[seat], " / ".join(choice.options), option)
    return None


def choose(game: BaseGame, cmd: dict[str, Any]) -> None:
    choice = game.choice
    if choice is None:
        raise Rejected(Text("choice.none"))
    named = cmd.get("player")
    seat = game.seat(named) if named is not None else choice.seat
    option = cmd["option"]
    why = why_not_choose(game, seat, option)
    if why is not None:
        raise Rejected(why)
    game.choice = None
    if option == "pay":
        game.charge(seat, game.fee_sink(), choice.amount, Text("why.fine_not_chance"))
    elif option == "fixed":
        game.charge(seat, game.fee_sink(), choice.amount, Text("why.income_tax"))
    elif option == "percent":
        game.charge(seat, game.fee_sink(), choice.percent_amount, Text("why.income_tax_percent"))
    else:
        draw(game, seat, option)


# ---- movement and squares --------------------------------------------------------------------

def move_forward(game: BaseGame, seat: int, steps: int) -> None:
    step_forward(game, seat, steps)
    land(game, seat)


def step_forward(game: BaseGame, seat: int, steps: int) -> None:
    """Move forward without the square acting yet: passing or reaching GO pays salary."""
    target = game.position[seat] + steps
    size = len(game.squares)
    if target >= size:
        target -= size
        game.pay(BANK, seat, game.rules.salary, Text("why.salary"))
    game.position[seat] = target


def advance_to(game: BaseGame, seat: int, target: int) -> None:
    """Move forward to a square (a card): passing or reaching GO pays salary."""
    size = len(game.squares)
    move_forward(game, seat, (target - game.position[seat]) % size or size)


def move_back(game: BaseGame, seat: int, target: int) -> None:
    """Move backwards: no salary, whatever is passed."""
    game.position[seat] = target
    land(game, seat)


def land(game: BaseGame, seat: int) -> None:
    """The square under the token acts, as RULES.md section 4 step 3 says."""
    square = game.squares[game.position[seat]]
    kind = square.kind
    if square.ownable:
        index = square.index
        owner = game.owner[index]
        if owner < 0:
            game.offer = Offer(seat, index)
            game.tell("buy.may", game.names[seat], square, square.price)
        elif owner != seat and not game.mortgaged[index]:
            collect_rent(game, seat, owner, square, rent(game, square))
    elif kind == "tax":
        percent = game.rules.income_tax_percent
        if square.income_tax and percent:
            worth = game.net_worth(seat)
            game.choice = Choice(
                seat, ("fixed", "percent"), amount=square.tax,
                percent_amount=-(-worth * percent // 100),
            )
        else:
            game.charge(seat, game.fee_sink(), square.tax, Text("why.tax", square))
    elif kind in game.deck_order:
        draw(game, seat, kind)
    elif kind == "go_to_jail":
        send_to_jail(game, seat)
    elif kind == "free_parking" and game.pot:
        game.pay(POT, seat, game.pot, Text("why.pot"))


def collect_rent(game: BaseGame, seat: int, owner: int, square: Square, amount: int) -> None:
    """Rent the player owes the owner: charged now, or the owner's to claim (auto_collect_rent)."""
    if game.rules.auto_collect_rent:
        game.charge(seat, owner, amount, Text("why.rent", square))
    else:
        game.claim = RentClaim(owner, seat, square.index, amount)
        game.tell("rent.may_claim", game.names[owner], amount, square)


# ---- the decks -----------------------------------------------------------------------------------

def draw(game: BaseGame, seat: int, deck: str) -> None:
    """The top card of the deck; with physical decks, the card the player draws and taps."""
    if game.rules.physical_decks:
        game.draw_due = DrawDue(seat, deck)
        game.tell("card.draw_at_table", game.names[seat], game.edition.deck_names[deck])
        return
    cards = game.deck(deck)
    game.set_deck(deck, cards[1:])
    _drawn(game, seat, game.edition.decks[deck][cards[0] - 1])


def _drawn(game: BaseGame, seat: int, card: Card) -> None:
    game.tell("card.draws", game.names[seat], game.edition.deck_names[card.deck], card)
    if card.action == "jail_card":
        game.jail_cards[seat] = (*game.jail_cards[seat], (card.deck, card.number))
        return
    game.set_deck(card.deck, (*game.deck(card.deck), card.number))
    _obey(game, seat, card)


def why_not_draw(game: BaseGame, seat: int, deck: str, number: int) -> Sentence | None:
    due = game.draw_due
    if due is None:
        return Text("card.none_due")
    names = game.edition.deck_names
    if seat != due.seat:
        return Text("card.not_yours", game.names[due.seat], game.names[seat])
    if deck != due.deck:
        return Text("card.wrong_deck", game.names[seat], names[due.deck], names.get(deck, deck))
    cards = game.edition.decks[deck]
    if not 1 <= number <= len(cards):
        return Text("card.no_number", names[deck], len(cards), number)
    if number not in game.deck(deck):
        return Text("card.held", cards[number - 1])
    return None


def draw_card(game: BaseGame, cmd: dict[str, Any]) -> None:
    """House rule physical_decks: the printed card drawn at the table (tapped, or entered)."""
    due = game.draw_due
    if due is None:
        raise Rejected(Text("card.none_due"))
    named = cmd.get("player")
    seat = game.seat(named) if named is not None else due.seat
    why = why_not_draw(game, seat, cmd["deck"], cmd["card"])
    if why is not None:
        raise Rejected(why)
    game.draw_due = None
    number = cmd["card"]
    game.set_deck(due.deck, tuple(n for n in game.deck(due.deck) if n != number))
    _drawn(game, seat, game.edition.decks[due.deck][number - 1])


def _obey(game: BaseGame, seat: int, card: Card) -> None:
    action, value = card.action, card.value
    why = Text("why.card", card)
    if action == "advance_to":
        advance_to(game, seat, game.edition.by_id[value].index)
    elif action == "collect":
        game.pay(BANK, seat, value, why)
    elif action == "pay":
        game.charge(seat, game.fee_sink(), value, why)
    elif action == "repairs":
        houses = hotels = 0
        level = game.level
        for i in game.owned(seat):
            if level[i] == 5:
                hotels += 1
            else:
                houses += level[i]
        amount = houses * value["house"] + hotels * value["hotel"]
        game.charge(seat, game.fee_sink(), amount, why)
    elif action == "go_to_jail":
        send_to_jail(game, seat)
    elif action == "back":
        move_back(game, seat, (game.position[seat] - value) % len(game.squares))
    elif action == "back_to":
        move_back(game, seat, game.edition.by_id[value].index)
    elif action == "birthday":
        for other in game.active:
            if other != seat:
                game.charge(other, seat, value, why)
    elif action == "pay_or_draw":
        game.choice = Choice(seat, ("pay", value["deck"]), amount=value["amount"])
    elif action == "advance_to_nearest":
        _advance_to_nearest(game, seat, value)
    elif action == "pay_each_player":  # what the cash cannot cover is a debt to each, in seat order
        for other in game.active:
            if other != seat:
                game.charge(seat, other, value, why)
    else:  # pragma: no cover - edition loading refuses unknown actions
        raise AssertionError(action)


# ---- RULES.md 3a: the nearest railroad or utility ----------------------------------------------

def _advance_to_nearest(game: BaseGame, seat: int, value: dict[str, Any]) -> None:
    """Forward to the nearest square of the card's kind (salary on passing GO). The bank's deed is
    offered as usual, and the player's own or a mortgaged one asks nothing; another player's asks
    `rent_times` its usual rent (a station), or a roll that pays `dice_times` the dice (a utility)."""
    squares = game.squares
    size = len(squares)
    here = game.position[seat]
    steps = 1
    while steps < size and squares[(here + steps) % size].kind != value["kind"]:
        steps += 1
    square = squares[(here + steps) % size]
    owner = game.owner[square.index]
    if owner < 0 or owner == seat or game.mortgaged[square.index]:
        move_forward(game, seat, steps)  # the square acts as usual: an offer, or nothing
        return
    # Another player's: the card's own payment stands for the square's (salary first, as always).
    step_forward(game, seat, steps)
    if "rent_times" in value:
        collect_rent(game, seat, owner, square, rent(game, square) * value["rent_times"])
        return
    game.roll_due = RollDue(seat, square.index, value["dice_times"])
    game.tell("card.utility_roll", game.names[seat], game.names[owner], value["dice_times"], square)


def _utility_roll(game: BaseGame, seat: int, total: int) -> None:
    """The roll the utility card asked for: it moves nothing and counts for no doubles or jail."""
    due = game.roll_due
    assert due is not None
    game.roll_due = None
    square = game.squares[due.square]
    owner = game.owner[due.square]
    if owner >= 0 and owner != seat:  # still another's: no deal is made while the roll waits
        collect_rent(game, seat, owner, square, due.times * total)
