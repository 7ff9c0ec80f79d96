"""Where a token tap goes, decided in one place (on the writer thread): a tap does one thing.

1. A confirmation it could answer: one bound to that player's seat (asked by that player's own
   screen) or one bound to nobody (asked on the shared Table page; it becomes that player's).
2. The game's own meaning of the tap (a bid in an auction).
3. A screen waiting to pair, only when the game gives no token tap a meaning now.

When the tap could answer two or more waits (two screens waiting to pair, two confirmations, a
Table page's confirmation beside a screen waiting to pair), it goes to none of them and each is
told why: whoever tapped cannot know which one they served.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Game
from ..rules.taps import token_taps_wanted
from .waits import CONFIRM, PAIR, TokenWait

CONFIRMS, GAME, PAIRS, AMBIGUOUS, NOTHING = "confirm", "game", "pair", "ambiguous", "none"


@dataclass(frozen=True)
class Route:
    kind: str  # CONFIRMS, GAME, PAIRS, AMBIGUOUS or NOTHING
    waits: list[TokenWait] = field(default_factory=list)  # the wait served, or those left unserved


def confirmations(waits: list[TokenWait], player: str | None) -> list[TokenWait]:
    """The confirmations a tap of this player's token could answer (player None: any token)."""
    return [w for w in waits if w.kind == CONFIRM and (w.player is None or w.player == player)]


def route(game: Game | None, waits: list[TokenWait], player: str, game_wants: bool) -> Route:
    """Where a tap of `player`'s token goes; game_wants: the game has a command for this tap."""
    confirms = confirmations(waits, player)
    pairs = [w for w in waits if w.kind == PAIR]
    if confirms:
        unbound = [w for w in confirms if w.player is None]
        if len(confirms) > 1 or (unbound and pairs and not _pairing_held(game)):
            return Route(AMBIGUOUS, confirms + (pairs if unbound else []))
        return Route(CONFIRMS, confirms)
    if game_wants:
        return Route(GAME)
    if not pairs or _pairing_held(game):
        return Route(NOTHING)
    if len(pairs) > 1:
        return Route(AMBIGUOUS, pairs)
    return Route(PAIRS, pairs)


def _pairing_held(game: Game | None) -> bool:
    """No pairing while the game wants token taps: a tap meant for a bid never pairs a screen."""
    return game is not None and token_taps_wanted(game)
