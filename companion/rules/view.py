"""The printed state of TABLE-SCRIPT.md: what `companion replay` prints and the dashboard shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .game import account_name

if TYPE_CHECKING:
    from .game import Game
    from .state import Side


def state(game: Game) -> dict[str, Any]:
    """The whole game as plain JSON-ready data (without the `rejected` list, which is the replay's)."""
    return {
        "players": [
            {
                "name": p.name,
                "cash": p.cash,
                "position": p.position,
                "in_jail": p.in_jail,
                "jail_turns": p.jail_turns,
                "jail_cards": len(p.jail_cards),
                "bankrupt": p.bankrupt,
                "net_worth": game.net_worth(p),
            }
            for p in game.players
        ],
        "properties": {
            sq.id: {
                "owner": deed.owner.name if deed.owner else None,
                "houses": deed.houses,
                "hotel": deed.hotel,
                "mortgaged": deed.mortgaged,
            }
            for sq, deed in zip(game.squares, game.deeds, strict=True)
            if deed is not None
        },
        "bank": {"houses": game.bank_houses, "hotels": game.bank_hotels, "pot": game.pot},
        "turn": None if game.over else game.current_player.name,
        "pending": pending(game),
        "winner": game.winner.name if game.winner else None,
        "last_roll": list(game.last_roll) if game.last_roll else None,
        "ranking": (
            [{"name": p.name, "net_worth": game.net_worth(p)} for p in game.ranking]
            if game.ranking is not None else None
        ),
    }


def _side(game: Game, side: Side) -> dict[str, Any]:
    return {
        "cash": side.cash,
        "squares": [game.squares[i].id for i in side.squares],
        "jail_cards": side.jail_cards,
    }


def pending(game: Game) -> dict[str, Any] | None:
    """The decision that blocks the game now, or an open rent claim (which blocks nothing)."""
    if game.auctions:
        a = game.auctions[0]
        return {
            "kind": "auction",
            "square": game.squares[a.square].id if a.square is not None else None,
            "building": a.building,
            "high_bid": a.high_bid,
            "high_bidder": a.high_bidder.name if a.high_bidder else None,
            "build_on": game.squares[a.build_on].id if a.build_on is not None else None,
            "bidders": [p.name for p in a.bidders],
            "queued": len(game.auctions) - 1,
        }
    if game.choice is not None:
        c = game.choice
        shown: dict[str, Any] = {
            "kind": "choice", "player": c.player.name, "options": list(c.options), "amount": c.amount,
        }
        if "percent" in c.options:
            shown["percent_amount"] = c.percent_amount
        return shown
    if game.draw_due is not None:
        who, deck = game.draw_due
        return {"kind": "draw", "player": who.name, "deck": deck}
    if game.debts:
        d = game.debts[0]
        return {
            "kind": "debt",
            "player": d.debtor.name,
            "creditor": account_name(d.creditor),
            "amount": d.amount,
            "reason": d.reason,
            "count": len(game.debts),
        }
    if game.offer is not None:
        sq = game.squares[game.offer.square]
        return {"kind": "buy", "player": game.offer.player.name, "square": sq.id, "price": sq.price}
    if game.trade is not None:
        t = game.trade
        return {
            "kind": "trade",
            "from": t.proposer.name,
            "to": t.partner.name,
            "give": _side(game, t.give),
            "take": _side(game, t.take),
            "lift": [game.squares[i].id for i in t.proposer_lifts],
        }
    if game.claim is not None:
        claim = game.claim
        return {
            "kind": "rent_claim",
            "player": claim.owner.name,
            "payer": claim.payer.name,
            "square": game.squares[claim.square].id,
            "amount": claim.amount,
        }
    return None
