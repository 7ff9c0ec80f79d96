"""Rolling, moving, what a square does, the decks, jail and the end of a turn (RULES.md 3, 4, 6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import Rejected
from .rent import rent
from .state import BANK, POT, Choice, Offer, Player, RentClaim

if TYPE_CHECKING:
    from .edition import Card
    from .game import Game


# ---- commands ------------------------------------------------------------------------------------

def roll(game: Game, cmd: dict[str, Any]) -> None:
    player = game.check_turn(cmd)
    d1, d2 = cmd["dice"]
    for die in (d1, d2):
        if not 1 <= die <= 6:
            raise Rejected(f"A die shows 1 to 6, not {die}")
    blocked = game.blocker()
    if blocked:
        raise Rejected(f"{player.name} cannot roll now: {blocked}")
    if not game.may_roll:
        raise Rejected(f"{player.name} has no roll due; the next thing is to end the turn")
    # Any roll closes the window for claiming rent (auto_collect_rent: false).
    if game.claim is not None:
        game.tell("{} did not claim the rent in time; it is lost", game.claim.owner.name)
        game.claim = None
    game.last_roll = (d1, d2)
    game.rolled = True
    doubles = d1 == d2
    total = d1 + d2
    game.tell("{} rolls {} and {}", player.name, d1, d2)
    if player.in_jail:
        _jail_roll(game, player, total, doubles)
        return
    if doubles:
        game.doubles += 1
        if game.doubles == 3:
            _third_doubles(game, player)
            return
    game.may_roll = doubles
    move_forward(game, player, total)


def pay_jail_fine(game: Game, cmd: dict[str, Any]) -> None:
    player = _jailed_before_roll(game, cmd, "pay the jail fine")
    fine = game.rules.jail_fine
    game.check_no_debt(player, "pay the jail fine")
    game.check_cash(player, fine, "pay the jail fine")
    game.pay(player, game.fee_sink(), fine, "jail fine")
    _release(game, player, "pays the fine")


def use_jail_card(game: Game, cmd: dict[str, Any]) -> None:
    player = _jailed_before_roll(game, cmd, "use a Get out of Jail Free card")
    if not player.jail_cards:
        raise Rejected(f"{player.name} has no Get out of Jail Free card")
    card = player.jail_cards.pop(0)
    game.decks[card.deck].append(card)
    _release(game, player, "uses a Get out of Jail Free card")


def choose(game: Game, cmd: dict[str, Any]) -> None:
    choice = game.choice
    if choice is None:
        raise Rejected("There is no choice to make now")
    player = choice.player
    named = cmd.get("player")
    if named is not None and named != player.name:
        game.player(named)
        raise Rejected(f"The choice is {player.name}'s to make, not {named}'s")
    option = cmd["option"]
    if option not in choice.options:
        raise Rejected(
            f"{player.name} can choose {' or '.join(repr(o) for o in choice.options)}, "
            f"not {option!r}"
        )
    game.choice = None
    if option == "pay":
        game.charge(player, game.fee_sink(), choice.amount, "fine instead of a Chance card")
    elif option == "fixed":
        game.charge(player, game.fee_sink(), choice.amount, "income tax")
    elif option == "percent":
        game.charge(player, game.fee_sink(), choice.percent_amount, "income tax (percent)")
    else:
        draw(game, player, option)


def end_turn(game: Game, cmd: dict[str, Any]) -> None:
    player = game.check_turn(cmd)
    blocked = game.blocker()
    if blocked:
        raise Rejected(f"{player.name} cannot end the turn yet: {blocked}")
    if game.may_roll:
        if game.rolled:
            raise Rejected(f"{player.name} rolled doubles and must roll again")
        raise Rejected(f"{player.name} must roll before ending the turn")
    game.pass_turn()


# ---- jail --------------------------------------------------------------------------------------

def _jailed_before_roll(game: Game, cmd: dict[str, Any], doing: str) -> Player:
    player = game.check_turn(cmd)
    if not player.in_jail:
        raise Rejected(f"{player.name} is not in jail")
    game.check_free_moment(player, doing)
    if not game.may_roll:
        raise Rejected(f"{player.name} cannot {doing} now: it is done before a roll")
    return player


def _release(game: Game, player: Player, how: str) -> None:
    player.in_jail = False
    player.jail_turns = 0
    game.tell("{} {} and leaves jail", player.name, how)


def _jail_roll(game: Game, player: Player, total: int, doubles: bool) -> None:
    if doubles:
        _release(game, player, "rolls doubles")
        again = game.rules.jail_doubles_roll_again
        game.doubles = 1 if again else 0
        game.may_roll = again
        move_forward(game, player, total)
        return
    player.jail_turns += 1
    game.may_roll = False
    if player.jail_turns < 3:
        game.tell("{} stays in jail", player.name)
        return
    _release(game, player, "has failed three times, pays the fine")
    game.charge(player, game.fee_sink(), game.rules.jail_fine, "jail fine")
    move_forward(game, player, total)


def _third_doubles(game: Game, player: Player) -> None:
    game.may_roll = False
    if game.rules.interpol:
        game.tell("{} rolled doubles three times: held by Interpol", player.name)
        game.charge(player, game.fee_sink(), game.rules.jail_fine, "Interpol fine")
        player.skip_turn = True
        return
    game.tell("{} rolled doubles three times", player.name)
    send_to_jail(game, player)


def send_to_jail(game: Game, player: Player) -> None:
    player.position = game.edition.jail
    player.in_jail = True
    player.jail_turns = 0
    if player is game.current_player:
        game.may_roll = False
    game.tell("{} goes to jail", player.name)


# ---- movement and squares ----------------------------------------------------------------------

def move_forward(game: Game, player: Player, steps: int) -> None:
    target = player.position + steps
    size = len(game.squares)
    if target >= size:
        target -= size
        game.pay(BANK, player, game.rules.salary, "salary for passing GO")
    player.position = target
    land(game, player)


def advance_to(game: Game, player: Player, target: int) -> None:
    """Move forward to a square (a card): passing or reaching GO pays salary."""
    move_forward(game, player, (target - player.position) % len(game.squares) or len(game.squares))


def move_back(game: Game, player: Player, target: int) -> None:
    """Move backwards: no salary, whatever is passed."""
    player.position = target
    land(game, player)


def land(game: Game, player: Player) -> None:
    """The square under the token acts, as RULES.md section 4 step 3 says."""
    square = game.squares[player.position]
    kind = square.kind
    if square.ownable:
        deed = game.deeds[square.index]
        assert deed is not None
        owner = deed.owner
        if owner is None:
            game.offer = Offer(player, square.index)
            game.tell("{} may buy {} for {}", player.name, square.name, square.price)
        elif owner is not player and not deed.mortgaged:
            amount = rent(game, square, deed)
            if game.rules.auto_collect_rent:
                game.charge(player, owner, amount, f"rent for {square.name}")
            else:
                game.claim = RentClaim(owner, player, square.index, amount)
                game.tell("{} may claim {} rent for {}", owner.name, amount, square.name)
    elif kind == "tax":
        percent = game.rules.income_tax_percent
        if square.income_tax and percent:
            worth = game.net_worth(player)
            game.choice = Choice(
                player, ("fixed", "percent"), amount=square.tax,
                percent_amount=-(-worth * percent // 100),
            )
        else:
            game.charge(player, game.fee_sink(), square.tax, square.name)
    elif kind in game.decks:
        draw(game, player, kind)
    elif kind == "go_to_jail":
        send_to_jail(game, player)
    elif kind == "free_parking" and game.pot:
        game.pay(POT, player, game.pot, "Free Parking pot")


def draw(game: Game, player: Player, deck_name: str) -> None:
    """The top card of the deck; with physical decks, the card the player draws and taps."""
    if game.rules.physical_decks:
        game.draw_due = (player, deck_name)
        game.tell("{} draws a {} card from the table", player.name, game.edition.deck_names[deck_name]["en"])
        return
    _drawn(game, player, game.decks[deck_name].popleft())


def _drawn(game: Game, player: Player, card: Card) -> None:
    game.tell("{} draws {}: {}", player.name, game.edition.deck_names[card.deck]["en"], card.text)
    if card.action == "jail_card":
        player.jail_cards.append(card)
        return
    game.decks[card.deck].append(card)
    _obey(game, player, card)


def draw_card(game: Game, cmd: dict[str, Any]) -> None:
    """House rule physical_decks: the printed card drawn at the table (tapped, or entered)."""
    due = game.draw_due
    if due is None:
        raise Rejected("No card is to be drawn now")
    player, deck_name = due
    named = cmd.get("player")
    if named is not None and named != player.name:
        game.player(named)
        raise Rejected(f"It is {player.name} who draws, not {named}")
    names = game.edition.deck_names
    if cmd["deck"] != deck_name:
        wrong = names.get(cmd["deck"], {"en": repr(cmd["deck"])})["en"]
        raise Rejected(f"{player.name} draws from the {names[deck_name]['en']} deck, not {wrong}")
    cards = game.edition.decks[deck_name]
    number = cmd["card"]
    if not 1 <= number <= len(cards):
        raise Rejected(f"The {names[deck_name]['en']} deck has cards 1 to {len(cards)}, not {number}")
    card = cards[number - 1]
    deck = game.decks[deck_name]
    if card not in deck:
        raise Rejected(f"{card.text} is kept by a player; it cannot be drawn now")
    game.draw_due = None
    deck.remove(card)
    _drawn(game, player, card)


def _obey(game: Game, player: Player, card: Card) -> None:
    action, value = card.action, card.value
    reason = card.text
    if action == "advance_to":
        advance_to(game, player, game.edition.by_id[value].index)
    elif action == "collect":
        game.pay(BANK, player, value, reason)
    elif action == "pay":
        game.charge(player, game.fee_sink(), value, reason)
    elif action == "repairs":
        houses = hotels = 0
        for _sq, deed in game.owned_by(player):
            if deed.hotel:
                hotels += 1
            else:
                houses += deed.houses
        amount = houses * value["house"] + hotels * value["hotel"]
        game.charge(player, game.fee_sink(), amount, reason)
    elif action == "go_to_jail":
        send_to_jail(game, player)
    elif action == "back":
        move_back(game, player, (player.position - value) % len(game.squares))
    elif action == "back_to":
        move_back(game, player, game.edition.by_id[value].index)
    elif action == "birthday":
        for other in game.players:
            if other is not player and not other.bankrupt:
                game.charge(other, player, value, reason)
    elif action == "pay_or_draw":
        game.choice = Choice(player, ("pay", value["deck"]), amount=value["amount"])
    else:  # pragma: no cover - edition loading refuses unknown actions
        raise AssertionError(action)
