"""What the people must do with a computer's things after a command (issue 41): the computer's
piece, deeds, houses and jail cards are real objects on the table, and nobody's hand moves them
but the people's, so the table tells them, as an electronic chess board shows where to move the
engine's piece.

Pure. The board as the game has it is kept as a small snapshot (`Board`) after every committed
command; the acts are the difference between the one before and the one after, for every thing
a computer held or now holds, whoever's command moved it (its own, a person's trade, an auction
it won, the banker's correction, an undo): the difference, not the command, so nothing the
rules may do to a computer's things is missed. Only the cards drawn come from the command's
story (a card is read, not left on the board), with the square the roll reached before the card
or Go to Jail took the piece on. Money is the ledger's: no act for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import i18n
from ..i18n.persons import People, person
from ..rules import Game, Sentence
from ..rules.edition import Card, Edition, load_edition
from ..rules.texts import name_in

HOTEL = 5  # a square's level with a hotel (rules/state.py: 0-4 houses, 5 a hotel)
NOBODY = -1
MOVED_AWAY = frozenset({"card.draws"})  # after a roll: the piece went on from its square (Go To Jail
# needs no stop there: "Put Robo's car in jail" says it all)
NO_LANDING = frozenset({"roll.third_doubles", "roll.interpol"})  # the roll sent it to jail at once


@dataclass(frozen=True)
class Board:
    """The things on the table as the game has them after a command: per seat and per square,
    plain tuples (kept between two commands, compared, never changed)."""

    names: tuple[str, ...]
    computer: tuple[str, ...]  # each seat's level, "" for a person
    position: tuple[int, ...]
    in_jail: tuple[bool, ...]
    bankrupt: tuple[bool, ...]
    jail_cards: tuple[tuple[tuple[str, int], ...], ...]  # (deck, number) per seat
    owner: tuple[int, ...]  # per square: a seat or NOBODY
    level: tuple[int, ...]
    mortgaged: tuple[bool, ...]

    @classmethod
    def of(cls, game: Game) -> Board:
        cards = tuple(tuple((str(deck), int(number)) for deck, number in held) for held in game.jail_cards)
        return cls(tuple(game.names), tuple(game.computer), tuple(game.position), tuple(game.in_jail),
                   tuple(game.bankrupt), cards, tuple(o if o >= 0 else NOBODY for o in game.owner),
                   tuple(game.level), tuple(game.mortgaged))

    def is_computer(self, seat: int) -> bool:
        return 0 <= seat < len(self.computer) and bool(self.computer[seat])


@dataclass(frozen=True)
class Act:
    """One thing for the people to do: its message (table-computer-<kind>) and its values by
    name: players by name, a square by index, a piece by id, a card as (deck, number)."""

    kind: str
    player: str  # the computer whose thing it is (whose move the people make)
    values: Mapping[str, Any] = field(default_factory=dict)


def acts(before: Board | None, after: Board, story: Sequence[Any] = ()) -> list[Act]:
    """The acts that take the table from `before` to `after` (nothing without a `before`: a game
    just started or opened is set up by the people as the new-game screen says), in the order a
    hand makes them: the piece to the square it reached and the card read there, the piece to
    where it ends, jail cards, deeds, their mortgages, their buildings."""
    if before is None or before.names != after.names:
        return []
    found = _rolled_then_moved(before, after, story)
    for seat, name in enumerate(after.names):
        if not (before.is_computer(seat) or after.is_computer(seat)):
            continue
        found += _piece(before, after, seat, name, found)
    found += _jail_cards(before, after, story)
    for square in range(len(after.owner)):
        found += _square(before, after, square)
    return found


def _rolled_then_moved(before: Board, after: Board, story: Sequence[Any]) -> list[Act]:
    """A computer's roll that reached a square and went on from it (a card, Go to Jail): the
    square it reached, then each card it drew (a card drawn without a roll too)."""
    found: list[Act] = []
    keys = [s.key for s in story if isinstance(s, Sentence)]
    for i, said in enumerate(s for s in story if isinstance(s, Sentence)):
        if said.key == "card.draws" and said.values and said.values[0] in after.names:
            seat = after.names.index(said.values[0])
            card = said.values[2]
            if after.is_computer(seat) and isinstance(card, Card):
                found.append(Act("card", after.names[seat], {"card": (card.deck, card.number)}))
        if said.key != "roll.rolls" or len(said.values) < 3 or said.values[0] not in after.names:
            continue
        seat = after.names.index(said.values[0])
        later = keys[i + 1:]
        if not after.is_computer(seat) or before.in_jail[seat] or NO_LANDING & set(later):
            continue
        if MOVED_AWAY & set(later):
            reached = (before.position[seat] + int(said.values[1]) + int(said.values[2])) % len(after.owner)
            found.append(Act("move", after.names[seat], {"square": reached}))
    return found


def _piece(before: Board, after: Board, seat: int, name: str, earlier: list[Act]) -> list[Act]:
    if after.bankrupt[seat] and not before.bankrupt[seat]:
        return [Act("off_board", name)]
    if after.bankrupt[seat]:
        return []
    if after.in_jail[seat] and not before.in_jail[seat]:
        return [Act("jail", name)]
    if before.in_jail[seat] and not after.in_jail[seat] and after.position[seat] == before.position[seat]:
        return [Act("jail_out", name)]
    last = next((a.values["square"] for a in reversed(earlier) if a.kind == "move" and a.player == name),
                before.position[seat])
    if after.position[seat] != last or (before.in_jail[seat] and not after.in_jail[seat]):
        return [Act("move", name, {"square": after.position[seat]})]
    return []


def _jail_cards(before: Board, after: Board, story: Sequence[Any]) -> list[Act]:
    """A Get Out of Jail Free card that left a computer (to its deck, or to another player) or
    came to one from another player (one drawn is the card act's)."""
    holder_before = {card: seat for seat, held in enumerate(before.jail_cards) for card in held}
    holder_after = {card: seat for seat, held in enumerate(after.jail_cards) for card in held}
    found: list[Act] = []
    for card in sorted(set(holder_before) | set(holder_after)):
        old, new = holder_before.get(card, NOBODY), holder_after.get(card, NOBODY)
        if old == new or not (before.is_computer(old) or after.is_computer(new)):
            continue
        if old == NOBODY:
            continue  # drawn: the card's own act says so
        if new == NOBODY:
            found.append(Act("jail_card_back", after.names[old], {"card": card}))
        else:
            computer = after.names[new] if after.is_computer(new) else after.names[old]
            found.append(Act("jail_card_to", computer, {"card": card, "from": after.names[old],
                                                        "to": after.names[new]}))
    return found


def _square(before: Board, after: Board, square: int) -> list[Act]:
    old, new = before.owner[square], after.owner[square]
    if not (before.is_computer(old) or after.is_computer(new)):
        return []
    found: list[Act] = []
    computer = after.names[new] if after.is_computer(new) else after.names[old]
    if old != new:
        if old == NOBODY:
            found.append(Act("deed_from_bank", computer, {"square": square, "to": after.names[new]}))
        elif new == NOBODY:
            found.append(Act("deed_to_bank", computer, {"square": square, "from": after.names[old]}))
        else:
            found.append(Act("deed_to", computer, {"square": square, "from": after.names[old],
                                                   "to": after.names[new]}))
    holder = after.names[new] if new != NOBODY else None
    if holder is not None and after.mortgaged[square] != (before.mortgaged[square] if old == new else False):
        kind = "face_down" if after.mortgaged[square] else "face_up"
        found.append(Act(kind, computer, {"square": square, "owner": holder}))
    was, now = before.level[square], after.level[square]
    owner = holder or after.names[old]
    if was == now:
        return found
    if was == HOTEL:
        found.append(Act("hotel_off", computer, {"square": square, "owner": owner}))
        was = 0
    if now == HOTEL:
        found.append(Act("hotel_on", computer, {"square": square, "owner": owner, "count": was}))
    elif now > was:
        found.append(Act("houses_on", computer, {"square": square, "owner": owner, "count": now - was}))
    elif now < was:
        found.append(Act("houses_off", computer, {"square": square, "owner": owner, "count": was - now}))
    return found


# ---- words ------------------------------------------------------------------------------------

# The pieces table-computer-thing names (the classic set, the default edition's); an edition
# file's own piece is "the piece".
PIECES_NAMED = frozenset(load_edition().pieces)


def words(act: Act, edition: Edition, people: People | None, pieces: Mapping[str, str],
          lang: str) -> str:
    """The act in one language: its message table-computer-<kind>, with the computer's piece
    ("Robo's car", «машину Робо»), the players and the square in the cases it asks for."""
    values: dict[str, Any] = {}
    for key, value in act.values.items():
        if key == "square":
            found = edition.squares[int(value)]
            values["square"] = name_in(found, lang)
            cases = (found.cases or {}).get(lang) or {}
            values.update({f"square_{case}": cases.get(case, values["square"]) for case in ("gen", "acc")})
        elif key == "card":
            deck, number = value
            card = next(c for c in edition.decks[deck] if c.number == number)
            values["card"] = name_in(card, lang)
            values["deck"] = str(edition.deck_names.get(deck, {}).get(lang, deck))
        elif key in ("from", "to", "owner"):
            values.update(person(key, str(value), lang, people))
        else:
            values[key] = value
    values.update(person("player", act.player, lang, people))
    piece = pieces.get(act.player, "")
    thing = {**person("player", act.player, lang, people),
             "piece": piece if piece in PIECES_NAMED else ("other" if piece else "none")}
    values["thing"] = i18n.say(lang, "table-computer-thing", thing)
    return i18n.say(lang, f"table-computer-{act.kind.replace('_', '-')}", values)


def words_all(act: Act, edition: Edition, people: People | None, pieces: Mapping[str, str]) -> dict[str, str]:
    """The act in every language the table speaks."""
    return {lang: words(act, edition, people, pieces, lang) for lang in i18n.LANGUAGES}
