"""The printed state of TABLE-SCRIPT.md: what `companion replay` prints and the dashboard shows.

`pending` is the open decision dealt with first (decision.open_decision: a blocking one, or an
open rent claim, which blocks nothing) in the contract's shape; `decision` is `Game.decision()`:
who decides, whether it blocks, and the sentence in each language (and, for a debt, `advice`: the
quickest ways to raise it).
"""

from __future__ import annotations

from typing import Any

from .buildings import HOTEL
from .decision import open_decision
from .game import Game
from .raising import debt_advice
from .rent import rent


def state(game: Game) -> dict[str, Any]:
    """The whole game as plain JSON-ready data (without the `rejected` list, which is the replay's)."""
    names = game.names
    decision = game.decision()
    return {
        "edition": game.edition.id,
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
                **({"computer": game.computer[seat]} if game.computer[seat] else {}),
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
                "blocks": decision.blocks,
                "text": decision.text(game).both(game.forms, game.edition.money),
                **_advice(game, decision.kind),
            }
            if decision is not None else None
        ),
    }


def _advice(game: Game, kind: str) -> dict[str, Any]:
    """A debt's quickest ways to raise the cash, in each language (other decisions have none)."""
    advice = debt_advice(game) if kind == "debt" else None
    return {"advice": advice.both(game.forms, game.edition.money)} if advice is not None else {}


def pending(game: Game) -> dict[str, Any] | None:
    """The open decision dealt with first, blocking or not (an open rent claim blocks nothing)."""
    found = open_decision(game)
    return found.shown(game) if found is not None else None


def legal(game: Game) -> dict[str, Any]:
    """What each player, and the banker, may do now: what screens offer as buttons."""
    return {
        "players": {name: [entry.to_json() for entry in game.legal_commands(seat)]
                    for seat, name in enumerate(game.names)},
        "banker": [entry.to_json() for entry in game.legal_commands(None)],
    }
