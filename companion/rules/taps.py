"""What a tag tapped on the reader means at this moment of the game.

A tag is a token (a player) or a deed. The live table also uses taps outside the rules (to say
who a tablet belongs to, to open a deed on the dashboard); in a script those change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import Rejected

if TYPE_CHECKING:
    from .game import Game

BID_INCREMENT = 10


def meaning(game: Game, tag: str) -> tuple[str, str]:
    """("token", player), ("deed", square id) or ("card", "deck:number") for a tag or its meaning."""
    written = tag if ":" in tag else game.tags.get(tag.lower())
    if written is None:
        raise Rejected(f"The tag {tag} is not known at this table; the banker can enroll it")
    kind, _, value = written.partition(":")
    if kind == "token":
        game.player(value)
    elif kind == "deed":
        game.deed(game.square(value))
    elif kind == "card":
        deck, _, number = value.partition(":")
        if deck not in game.decks or not number.isdigit():
            raise Rejected(f"The tag {tag} stands for {written!r}, which is no card of this game")
    else:
        raise Rejected(f"The tag {tag} stands for {written!r}, which is neither a token nor a deed")
    return kind, value


def resolve(game: Game, tag: str) -> dict[str, Any] | None:
    """The command a tap stands for now, or None when it has no effect on the game."""
    kind, value = meaning(game, tag)
    if kind == "card":
        deck, _, number = value.partition(":")
        due = game.draw_due
        if due is not None and due[1] == deck:
            return {"do": "draw", "deck": deck, "card": int(number)}
        return None
    if kind == "deed":
        offer = game.offer
        if offer is not None and game.squares[offer.square].id == value:
            return {"do": "buy"}
        return None
    auction = game.auctions[0] if game.auctions else None
    if auction is not None and auction.square is not None:
        player = game.by_name[value]
        if player in auction.bidders and player is not auction.high_bidder:
            amount = auction.high_bid + BID_INCREMENT
            return {"do": "bid", "player": value, "amount": amount}
    return None


def tap(game: Game, cmd: dict[str, Any]) -> None:
    from .commands import dispatch

    command = resolve(game, cmd["tag"])
    if command is None:
        game.tell("Tag {} read; nothing to do in the game now", cmd['tag'])
        return
    handler, command = dispatch(command)
    handler(game, command)
