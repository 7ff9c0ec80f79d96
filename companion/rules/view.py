"""The printed state of TABLE-SCRIPT.md: what `companion replay` prints and the dashboard shows.

`pending` is the blocking decision of `Game.decision()` (or an open rent claim, which blocks
nothing) in the contract's shape; `decision` adds who decides and the sentence in each language
(and, for a debt, `advice`: the quickest ways to raise it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .buildings import HOTEL
from .raising import debt_advice
from .rent import rent

if TYPE_CHECKING:
    from .game import Game
    from .state import Side


def state(game: Game) -> dict[str, Any]:
    """The whole game as plain JSON-ready data (without the `rejected` list, which is the replay's)."""
    names = game.names
    decision = game.decision()
    return {
        "players": [
            {
                "name": name,
                "cash": game.cash[seat],
                "position": game.position[seat],
                "in_jail": game.in_jail[seat],
                "jail_turns": game.jail_turns[seat],
                "jail_cards": len(game.jail_cards[seat]),
                "bankrupt": game.bankrupt[seat],
                "net_worth": game.net_worth(seat),
            }
            for seat, name in enumerate(names)
        ],
        "properties": {
            sq.id: {
                "owner": names[game.owner[i]] if game.owner[i] >= 0 else None,
                "houses": game.level[i] if game.level[i] < HOTEL else 0,
                "hotel": game.level[i] == HOTEL,
                "mortgaged": game.mortgaged[i],
                "rent": rent(game, sq),
            }
            for i, sq in ((i, game.squares[i]) for i in game.ownable)
        },
        "bank": {"houses": game.bank_houses, "hotels": game.bank_hotels, "pot": game.pot},
        "turn": None if game.over else names[game.current],
        "pending": pending(game),
        "winner": names[game.winner] if game.winner is not None else None,
        "last_roll": list(game.last_roll) if game.last_roll else None,
        "ranking": (
            [{"name": names[s], "net_worth": game.net_worth(s)} for s in game.ranking]
            if game.ranking is not None else None
        ),
        "decision": (
            {
                "kind": decision.kind,
                "players": [names[s] for s in decision.seats],
                "options": list(decision.options),
                "text": decision.text(game).both(game.forms),
                **_advice(game, decision.kind),
            }
            if decision is not None else None
        ),
    }


def _advice(game: Game, kind: str) -> dict[str, Any]:
    """A debt's quickest ways to raise the cash, in each language (other decisions have none)."""
    advice = debt_advice(game) if kind == "debt" else None
    return {"advice": advice.both(game.forms)} if advice is not None else {}


def _side(game: Game, side: Side) -> dict[str, Any]:
    return {
        "cash": side.cash,
        "squares": [game.squares[i].id for i in side.squares],
        "jail_cards": side.jail_cards,
    }


def pending(game: Game) -> dict[str, Any] | None:
    """The decision that blocks the game now, or an open rent claim (which blocks nothing)."""
    names = game.names
    if game.auctions:
        a = game.auctions[0]
        return {
            "kind": "auction",
            "square": game.squares[a.square].id if a.square is not None else None,
            "building": a.building,
            "high_bid": a.high_bid,
            "high_bidder": names[a.high_bidder] if a.high_bidder is not None else None,
            "build_on": game.squares[a.build_on].id if a.build_on is not None else None,
            "bidders": [names[s] for s in a.bidders],
            "queued": len(game.auctions) - 1,
        }
    if game.choice is not None:
        c = game.choice
        shown: dict[str, Any] = {
            "kind": "choice", "player": names[c.seat], "options": list(c.options), "amount": c.amount,
        }
        if "percent" in c.options:
            shown["percent_amount"] = c.percent_amount
        return shown
    if game.draw_due is not None:
        return {"kind": "draw", "player": names[game.draw_due.seat], "deck": game.draw_due.deck}
    if game.debts:
        d = game.debts[0]
        return {
            "kind": "debt",
            "player": names[d.debtor],
            "creditor": game.account(d.creditor),
            "amount": d.amount,
            "reason": str(d.reason),
            "count": len(game.debts),
        }
    if game.offer is not None:
        sq = game.squares[game.offer.square]
        return {"kind": "buy", "player": names[game.offer.seat], "square": sq.id, "price": sq.price}
    if game.trade is not None:
        t = game.trade
        return {
            "kind": "trade",
            "from": names[t.proposer],
            "to": names[t.partner],
            "give": _side(game, t.give),
            "take": _side(game, t.take),
            "lift": [game.squares[i].id for i in t.proposer_lifts],
        }
    if game.claim is not None:
        claim = game.claim
        return {
            "kind": "rent_claim",
            "player": names[claim.owner],
            "payer": names[claim.payer],
            "square": game.squares[claim.square].id,
            "amount": claim.amount,
        }
    return None


def legal(game: Game) -> dict[str, Any]:
    """What each player, and the banker, may do now: what screens offer as buttons."""
    return {
        "players": {name: [entry.to_json() for entry in game.legal_commands(seat)]
                    for seat, name in enumerate(game.names)},
        "banker": [entry.to_json() for entry in game.legal_commands(None)],
    }
