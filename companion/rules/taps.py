"""What a tag tapped on the reader means at this moment of the game.

A tag is a token (a player), a deed or a printed card. The live table also uses taps outside the
rules (to say who a tablet belongs to, to open a deed on the dashboard); in a script those change
nothing.
"""

from __future__ import annotations

from typing import Any

from .core import BaseGame
from .errors import Rejected
from .texts import Text

BID_INCREMENT = 10


def split_meaning(written: str) -> tuple[str, str]:
    """A written meaning ("token:Ann", "deed:<square id>", "card:<deck>:3") as (kind, value): the one
    reading of the form, used by the game's tag map, the table's registry and the web alike."""
    kind, _, value = written.partition(":")
    return kind, value


def split_card(value: str) -> tuple[str, str]:
    """A card's value ("chance:3") as (deck, number as written)."""
    deck, _, number = value.partition(":")
    return deck, number


def game_meaning(game: BaseGame, uid: str) -> tuple[str, str] | None:
    """What the game's own tag map says a tag is, or None when it does not know it."""
    written = game.tags.get(uid.lower())
    return split_meaning(written) if written is not None else None


def written_as(game: BaseGame, tag: str) -> str | None:
    """What a tag (its UID, or a meaning) stands for in this game, as written ("deed:<square id>"), or
    None when the game does not know it."""
    return tag if ":" in tag else game.tags.get(tag.lower())


def meaning(game: BaseGame, tag: str) -> tuple[str, str]:
    """("token", player), ("deed", square id) or ("card", "deck:number") for a tag or its meaning."""
    written = written_as(game, tag)
    if written is None:
        raise Rejected(Text("tap.unknown", tag))
    kind, value = split_meaning(written)
    if kind == "token":
        game.seat(value)
    elif kind == "deed":
        game.deed(value)
    elif kind == "card":
        deck, number = split_card(value)
        if deck not in game.deck_order or not number.isdigit():
            raise Rejected(Text("tap.not_card", tag, written))
    else:
        raise Rejected(Text("tap.not_ours", tag, written))
    return kind, value


def resolve(game: BaseGame, tag: str) -> dict[str, Any] | None:
    """The command a tap stands for now, or None when it has no effect on the game."""
    kind, value = meaning(game, tag)
    if kind == "card":
        deck, number = split_card(value)
        due = game.draw_due
        if due is not None and due.deck == deck:
            return {"do": "draw", "deck": deck, "card": int(number)}
        return None
    if kind == "deed":
        offer = game.offer
        if offer is not None and game.squares[offer.square].id == value:
            _not_for_a_computer(game, offer.seat)
            return {"do": "buy"}
        return None
    auction = game.auctions[0] if game.auctions else None
    if auction is not None and auction.square is not None:
        seat = game.seats[value]
        if seat in auction.bidders and seat != auction.high_bidder:
            _not_for_a_computer(game, seat)
            amount = auction.high_bid + BID_INCREMENT
            return {"do": "bid", "player": value, "amount": amount}
    return None


def _not_for_a_computer(game: BaseGame, seat: int) -> None:
    """A tap never decides for a seat the table's computer plays: it buys and bids for itself (a
    hand that taps its token or the deed offered to it is helping move it, not choosing for it)."""
    if game.computer[seat]:
        raise Rejected(Text("tap.computer", game.names[seat]))


def token_taps_wanted(game: BaseGame) -> bool:
    """Whether a token tap means something in the game now (a bid in a deed's auction): then a
    token tap is the game's, and no screen may take it to pair."""
    auction = game.auctions[0] if game.auctions else None
    return auction is not None and auction.square is not None
