"""Plausible commands for any moment of a game: what the property tests draw from.

Not a bot, and deliberately not the engine's `legal_commands`: it proposes both sensible and
foolish commands from the raw state (the rules must refuse the foolish ones without a trace),
weighted towards what moves a game along.
"""

from __future__ import annotations

from typing import Any

from companion.rules import Game


def blocking_candidates(game: Game) -> list[dict[str, Any]]:
    """Commands that answer the decision holding up the game; one of them must always be legal."""
    if game.over:
        return []
    names = game.names
    if game.auctions:
        auction = game.auctions[0]
        out: list[dict[str, Any]] = []
        for p in auction.bidders:
            out.append({"do": "pass", "player": names[p]})
            cash = game.cash[p]
            amount = auction.high_bid + 1 + cash // 7
            if auction.square is not None:
                out.append({"do": "bid", "player": names[p], "amount": min(amount, cash)})
            else:
                for i in game.owned(p):
                    sq = game.squares[i]
                    if sq.kind == "lot":
                        out.append({"do": "bid", "player": names[p], "square": sq.id,
                                    "amount": max(amount, sq.house_cost)})
        return out
    if game.choice is not None:
        return [{"do": "choose", "option": o} for o in game.choice.options]
    if game.draw_due is not None:
        deck = game.draw_due.deck
        return [{"do": "draw", "deck": deck, "card": n} for n in (1, 7, 2, 16)] + [
            {"do": "draw", "deck": deck, "card": game.deck(deck)[0]}
        ]
    if game.roll_due is not None:  # a utility card's extra roll (RULES.md 3a); ending the turn is refused
        return [{"do": "roll", "dice": [a, b]} for a, b in ((1, 2), (3, 3), (6, 5))] + [{"do": "end_turn"}]
    out = []
    for debt in game.debts:
        out.append({"do": "bankrupt", "player": names[debt.debtor]})
    if game.offer is not None:
        out += [{"do": "buy"}, {"do": "decline"}]
    if game.trade is not None:
        partner = names[game.trade.partner]
        out += [{"do": "accept", "player": partner}, {"do": "reject", "player": partner}]
    rolls = [{"do": "roll", "dice": [a, b]} for a in (1, 3, 6) for b in (2, 3, 5, 6)]
    if game.may_roll:
        out += rolls + [{"do": "end_turn"}]
    else:
        out += [{"do": "end_turn"}] + rolls[:2]
    if game.in_jail[game.current]:
        out += [{"do": "pay_jail_fine"}, {"do": "use_jail_card"}]
    return out


def side_candidates(game: Game) -> list[dict[str, Any]]:
    """Building, selling, mortgages, trades and the like, for every active player."""
    out: list[dict[str, Any]] = []
    names = game.names
    active = game.active
    for p in active:
        name = names[p]
        owned = [game.squares[i] for i in game.owned(p)]
        for sq in owned:
            out.append({"do": "mortgage", "player": name, "square": sq.id})
            out.append({"do": "unmortgage", "player": name, "square": sq.id})
            if sq.kind == "lot":
                out.append({"do": "build", "player": name, "square": sq.id})
                out.append({"do": "sell_building", "player": name, "square": sq.id})
                out.append({"do": "sell_all_buildings", "player": name, "group": sq.group})
        for partner in active:
            if partner == p:
                continue
            theirs = [game.squares[i] for i in game.owned(partner)]
            cash = game.cash[p]
            give: dict[str, Any] = {"cash": min(cash, 50 + cash // 5)}
            take: dict[str, Any] = {"squares": [sq.id for sq in theirs[:1]]}
            if owned:
                give["squares"] = [owned[-1].id]
            if game.jail_cards[p]:
                give["jail_cards"] = 1
            lift = [sq.id for sq in theirs[:1] if game.mortgaged[sq.index]]
            out.append({"do": "trade", "from": name, "to": names[partner], "give": give, "take": take})
            if lift:
                out.append({"do": "trade", "from": name, "to": names[partner], "give": give,
                            "take": take, "lift": lift})
            # Several deeds both ways, with cards and cash: the kind of deal tables make.
            if len(owned) > 1 and len(theirs) > 1:
                out.append({"do": "trade", "from": name, "to": names[partner],
                            "give": {"squares": [sq.id for sq in owned[:2]], "jail_cards": 0},
                            "take": {"squares": [sq.id for sq in theirs[-2:]], "cash": 10},
                            "lift": [sq.id for sq in theirs[-2:] if game.mortgaged[sq.index]][:1]})
    # Trades that complete a colour group, so that building gets played.
    for p in active:
        for group in game.edition.groups.values():
            mine = [i for i in group if game.owner[i] == p]
            others = [i for i in group if game.owner[i] >= 0 and game.owner[i] != p]
            if mine and others and all(game.owner[i] >= 0 for i in group):
                sq = game.squares[others[0]]
                out.append({"do": "trade", "from": names[p], "to": names[game.owner[others[0]]],
                            "give": {"cash": min(game.cash[p], sq.price)}, "take": {"squares": [sq.id]}})
            if len(mine) == len(group):
                out += [{"do": "build", "player": names[p], "square": game.squares[i].id} for i in mine] * 3
    if game.trade is not None:
        out.append({"do": "reject", "player": names[game.trade.proposer]})
        lifts = [game.squares[i].id for i in game.trade.give.squares if game.mortgaged[i]]
        if lifts:
            out.append({"do": "accept", "player": names[game.trade.partner], "lift": lifts[:1]})
    if game.claim is not None:
        out.append({"do": "claim_rent", "player": names[game.claim.owner]})
    out.append({"do": "auction_building", "kind": "house"})
    out.append({"do": "auction_building", "kind": "hotel"})
    # Foolish ones: the rules must refuse them cleanly.
    out.append({"do": "build", "player": names[active[0]], "square": "mayfair"})
    out.append({"do": "buy", "player": names[active[-1]]})
    out.append({"do": "claim_rent", "player": names[active[0]]})
    out.append({"do": "bid", "player": names[active[0]], "amount": 10})
    return out
