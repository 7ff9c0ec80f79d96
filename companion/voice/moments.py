"""What the engine told, read into the moments the table says aloud: plain data (names in every
language, amounts as numbers), so planning and wording need neither the game nor its objects.

`moments(seq, outcome, game)` reads one applied command's story (Outcome.story, in the engine's
order) and the game after it (the square a roll ended on). Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .. import i18n
from ..i18n.money import Currency
from ..rules import Game, Outcome, Sentence, Transfer
from ..rules.texts import LANGUAGES, name_in

# Every kind of moment, in the config's words ([voice] moments); "auction" covers its opening,
# last seconds and winner, "jail" going in and coming out. Each bid ("bid") is said only where the
# config asks for it: a lively auction would talk over itself.
KINDS = ("turn", "roll", "buy", "rent", "card", "jail", "auction", "bid", "debt", "bankrupt", "winner",
         "choice", "computer")
SAID = tuple(kind for kind in KINDS if kind != "bid")  # what a table says unless its config says otherwise

# How much a moment matters when a burst must be cut to one sentence (higher is kept first): what
# the people must move for a computer ("computer") is never the one left out.
RANK = {"winner": 9, "computer": 8, "bankrupt": 8, "debt": 7, "choice": 6, "auction": 6, "jail": 5, "rent": 4,
        "buy": 4, "card": 3, "roll": 2, "bid": 2, "turn": 1}

LEAVES_JAIL = frozenset({"jail.pays_fine", "jail.uses_card", "jail.rolls_doubles", "jail.third_fail"})

Named = dict[str, str]  # a name in every language


@dataclass(frozen=True)
class Moment:
    """One thing worth saying: its `message` in the voice's .ftl files and the values it needs
    (a str, an int, or a name in every language). `seq` is the stored command it came from;
    `money`, the game's edition's money block (its sign and nouns, plain data), which its amounts
    are said in (the default edition's when None)."""

    seq: int
    kind: str
    message: str
    values: dict[str, Any] = field(default_factory=dict)
    money: dict[str, Any] | None = None

    @property
    def currency(self) -> Currency | None:
        return Currency.from_data(self.money) if self.money else None

    def to_json(self) -> dict[str, Any]:
        shown = {"seq": self.seq, "kind": self.kind, "message": self.message, "values": self.values}
        return shown | {"money": self.money} if self.money else shown

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Moment:
        """A moment as the daemon handed it to the voice's process (to_json's plain data)."""
        return cls(int(data["seq"]), str(data["kind"]), str(data["message"]), dict(data["values"]),
                   data.get("money"))


def named(value: Any) -> Named:
    """A square, a card, a deck, a sentence or a plain name, named in every language."""
    return {lang: name_in(value, lang) for lang in LANGUAGES}


def named_in(square: Any, case: str) -> Named:
    """A square in a case, in every language that has one (its edition's cases), else as named:
    «Анна покупает Станцию Кингс Кросс», never «покупает Станция Кингс Кросс»."""
    cases = getattr(square, "cases", None) or {}
    return {lang: (cases.get(lang) or {}).get(case) or name_in(square, lang) for lang in LANGUAGES}


def account(name: str) -> Named:
    if name in ("bank", "pot"):
        message = "rules-the_bank" if name == "bank" else "rules-the_pot"
        return {lang: i18n.say(lang, message) for lang in LANGUAGES}
    return {lang: name for lang in LANGUAGES}


def offered(seq: int, choice: dict[str, Any]) -> Moment:
    """A choice at the table reads the code it offers now (issue 36): "Ann's token: screen 4 7 2?"
    The person whose screen shows that code does the act again; the digits are said one by one."""
    spaced = " ".join(str(choice.get("offered") or ""))
    if choice.get("act") == "pair":
        return Moment(seq, "choice", "voice-choice-pair", {"player": str(choice.get("player") or ""),
                                                           "code": spaced})
    return Moment(seq, "choice", "voice-choice-banker", {"code": spaced})


def prompted(seq: int, prompts: Sequence[dict[str, Any]]) -> Moment | None:
    """What the people must move for a computer (companion/table/computer_prompts.py), said as the
    Table page shows it: one moment for the prompts of one command, in every language."""
    texts = [p.get("words") or {} for p in prompts]
    if not texts:
        return None
    joined = {lang: ". ".join(str(t.get(lang) or t.get("en", "")) for t in texts) for lang in LANGUAGES}
    return Moment(seq, "computer", "voice-computer", {"text": joined})


def gender_of(game: Game | None, name: str) -> str:
    """A player's gender as the game keeps it (the new_game line's `forms`, worked out once at the
    new game: "she", "he"), else "none" (the sentence that needs none), as companion/i18n/persons.py
    gives `$player_gender` to every other message."""
    forms = (game.forms if game is not None else None) or {}
    found = (forms.get(name) or {}).get("gender")
    return found if found in ("she", "he") else "none"


MOVED_AWAY = frozenset({"card.draws", "jail.goes"})  # after a roll: the token left the square it reached


def _landed(game: Game | None, player: str, steps: int, before: Sequence[int] | None,
            moved_away: bool) -> Named | None:
    """The square a roll brought the token to: where it stands now, unless a card or Go to Jail
    took it on (then its square before the roll and the dice say where it landed)."""
    if game is None:
        return None
    try:
        seat = list(game.names).index(player)
        where = game.position[seat]
        if moved_away and before is not None and seat < len(before):
            where = (before[seat] + steps) % len(game.squares)
        return named(game.squares[where])
    except (ValueError, IndexError, TypeError):
        return None


def moments(seq: int, outcome: Outcome, game: Game | None,
            before: Sequence[int] | None = None, banker_dice: bool = False) -> list[Moment]:
    """The moments of one applied command, in the order the engine told them. `before`: each
    seat's square before the command (so a roll names the square it reached); banker_dice: the
    command is a roll whose dice the banker chose, said as the banker's ("The banker sets Ann's
    dice"), never as the player's roll."""
    found: list[Moment] = []
    rolled = False
    keys = [said.key for said in outcome.story if isinstance(said, Sentence)]
    third = "roll.third_doubles" in keys or "roll.interpol" in keys
    after_roll = keys[keys.index("roll.rolls"):] if "roll.rolls" in keys else []
    moved_away = not third and any(k in MOVED_AWAY for k in after_roll)
    for said in outcome.story:
        if isinstance(said, Transfer):
            why = said.why
            if isinstance(why, Sentence) and why.key == "why.rent" and said.target not in ("bank", "pot"):
                found.append(Moment(seq, "rent", "voice-rent", {
                    "payer": said.source, "owner": said.target, "amount": said.amount,
                    "square": named(why.values[0]) if why.values else ""}))
            continue
        moment = _event(seq, said, game, rolled, before, moved_away)
        if moment is not None and banker_dice and moment.message == "voice-roll":
            moment = Moment(seq, moment.kind, "voice-roll-banker", moment.values)
        if moment is not None:
            rolled = rolled or moment.kind == "roll"
            found.append(moment)
    if game is None:
        return found
    money = game.edition.money.to_data()  # said in the game's money
    return [replace(moment, money=money) for moment in found]


def _event(seq: int, event: Sentence, game: Game | None, rolled: bool, before: Sequence[int] | None,
           moved_away: bool) -> Moment | None:
    key, v = event.key, event.values
    if key == "turn.next":
        return Moment(seq, "turn", "voice-turn", {"player": v[0]})
    if key == "roll.rolls" and not rolled:  # the first roll of a command (a jail roll is one too)
        square = _landed(game, v[0], int(v[1]) + int(v[2]), before, moved_away)
        return Moment(seq, "roll", "voice-roll", {
            "player": v[0], "first": int(v[1]), "second": int(v[2]),
            "double": "yes" if v[1] == v[2] else "no", "square": square or ""})
    if key == "buy.buys":
        return Moment(seq, "buy", "voice-buy", {"player": v[0], "square": named(v[1]),
                                                 "square_acc": named_in(v[1], "acc"),
                                                 "amount": int(getattr(v[1], "price", 0))})
    if key == "card.draws":
        return Moment(seq, "card", "voice-card", {"player": v[0], "deck": named(v[1]), "card": named(v[2])})
    if key == "jail.goes":
        return Moment(seq, "jail", "voice-jail", {"player": v[0]})
    if key in LEAVES_JAIL:
        return Moment(seq, "jail", "voice-jail-leaves", {"player": v[0]})
    if key == "auction.opens":
        return Moment(seq, "auction", "voice-auction-opens", {"lot": named(v[0])})
    if key.startswith("auction.bank_opens_"):
        return Moment(seq, "auction", "voice-auction-opens",
                      {"lot": named(Sentence("auction.bank_" + key.rsplit("_", 1)[1]))})
    if key == "auction.bids":
        return Moment(seq, "bid", "voice-bid", {"player": v[0], "amount": int(v[1]), "lot": named(v[2])})
    if key == "auction.wins":
        return Moment(seq, "auction", "voice-auction-wins",
                      {"player": v[0], "lot": named(v[1]), "amount": int(v[2])})
    if key == "auction.no_bids":
        return Moment(seq, "auction", "voice-auction-none", {"lot": named(v[0])})
    if key == "debt.owes":
        return Moment(seq, "debt", "voice-debt", {
            "player": v[0], "amount": int(v[1]), "creditor": named(v[2]),
            "player_gender": gender_of(game, v[0])})
    if key == "bankrupt.goes":
        return Moment(seq, "bankrupt", "voice-bankrupt", {"player": v[0]})
    if key == "over.wins":
        return Moment(seq, "winner", "voice-winner", {"player": v[0]})
    return None


def last_seconds(seq: int, lot: Named) -> Moment:
    """The auction's last seconds (the table's clock, not the engine, knows when they come)."""
    return Moment(seq, "auction", "voice-auction-last", {"lot": lot})
