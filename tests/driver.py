"""Plausible commands for any moment of a game: what the property tests draw from.

Not a bot: it proposes both sensible and foolish commands (the rules must refuse the foolish
ones without a trace), weighted towards what moves a game along.
"""

from __future__ import annotations

from typing import Any

from companion.rules import Game


def blocking_candidates(game: Game) -> list[dict[str, Any]]:
    """Commands that answer the decision holding up the game; one of them must always be legal."""
    if game.over:
        return []
    if game.auctions:
        auction = game.auctions[0]
        out: list[dict[str, Any]] = []
        for p in auction.bidders:
            out.append({"do": "pass", "player": p.name})
            amount = auction.high_bid + 1 + p.cash // 7
            if auction.square is not None:
                out.append({"do": "bid", "player": p.name, "amount": min(amount, p.cash)})
            else:
                for sq, _deed in game.owned_by(p):
                    if sq.kind == "lot":
                        out.append({"do": "bid", "player": p.name, "square": sq.id,
                                    "amount": max(amount, sq.house_cost)})
        return out
    if game.choice is not None:
        return [{"do": "choose", "option": o} for o in game.choice.options]
    if game.draw_due is not None:
        deck = game.draw_due[1]
        return [{"do": "draw", "deck": deck, "card": n} for n in (1, 7, 2, 16)] + [
            {"do": "draw", "deck": deck, "card": game.decks[deck][0].number}
        ]
    out = []
    for debt in game.debts:
        out.append({"do": "bankrupt", "player": debt.debtor.name})
    if game.offer is not None:
        out += [{"do": "buy"}, {"do": "decline"}]
    if game.trade is not None:
        out += [{"do": "accept", "player": game.trade.partner.name},
                {"do": "reject", "player": game.trade.partner.name}]
    rolls = [{"do": "roll", "dice": [a, b]} for a in (1, 3, 6) for b in (2, 3, 5, 6)]
    if game.may_roll:
        out += rolls + [{"do": "end_turn"}]
    else:
        out += [{"do": "end_turn"}] + rolls[:2]
    if game.current_player.in_jail:
        out += [{"do": "pay_jail_fine"}, {"do": "use_jail_card"}]
    return out


def side_candidates(game: Game) -> list[dict[str, Any]]:
    """Building, selling, mortgages, trades and the like, for every active player."""
    out: list[dict[str, Any]] = []
    names = [p.name for p in game.active_players]
    for p in game.active_players:
        owned = game.owned_by(p)
        for sq, _deed in owned:
            out.append({"do": "mortgage", "player": p.name, "square": sq.id})
            out.append({"do": "unmortgage", "player": p.name, "square": sq.id})
            if sq.kind == "lot":
                out.append({"do": "build", "player": p.name, "square": sq.id})
                out.append({"do": "sell_building", "player": p.name, "square": sq.id})
                out.append({"do": "sell_all_buildings", "player": p.name, "group": sq.group})
        for other in names:
            if other == p.name:
                continue
            partner = game.by_name[other]
            theirs = game.owned_by(partner)
            give = {"cash": min(p.cash, 50 + p.cash // 5)}
            take = {"squares": [sq.id for sq, _d in theirs[:1]]}
            if owned:
                give["squares"] = [owned[-1][0].id]
            if p.jail_cards:
                give["jail_cards"] = 1
            lift = [sq.id for sq, d in theirs[:1] if d.mortgaged]
            out.append({"do": "trade", "from": p.name, "to": other, "give": give, "take": take})
            if lift:
                out.append({"do": "trade", "from": p.name, "to": other, "give": give, "take": take,
                            "lift": lift})
    # Trades that complete a colour group, so that building gets played.
    for p in game.active_players:
        for group in game.edition.groups.values():
            deeds = [(game.squares[i], game.deeds[i]) for i in group]
            mine = [sq for sq, d in deeds if d.owner is p]
            others = [(sq, d.owner) for sq, d in deeds if d.owner is not None and d.owner is not p]
            if mine and others and all(d.owner is not None for _sq, d in deeds):
                sq, owner = others[0]
                out.append({"do": "trade", "from": p.name, "to": owner.name,
                            "give": {"cash": min(p.cash, sq.price)}, "take": {"squares": [sq.id]}})
            if len(mine) == len(deeds):
                out += [{"do": "build", "player": p.name, "square": sq.id} for sq in mine] * 3
    if game.claim is not None:
        out.append({"do": "claim_rent", "player": game.claim.owner.name})
    out.append({"do": "auction_building", "kind": "house"})
    out.append({"do": "auction_building", "kind": "hotel"})
    # Foolish ones: the rules must refuse them cleanly.
    out.append({"do": "build", "player": names[0], "square": "mayfair"})
    out.append({"do": "buy", "player": names[-1]})
    out.append({"do": "claim_rent", "player": names[0]})
    out.append({"do": "bid", "player": names[0], "amount": 10})
    return out
