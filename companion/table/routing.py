"""Where a token tap goes, decided in one place (on the writer thread): a tap does one thing.

1. A confirmation it could answer: one bound to that player's seat (asked by that player's own
   screen) or one bound to nobody (asked on the table's own screen; it becomes that player's).
   Only screens the table trusts make confirmations (waits.py), so no guest's request is here.
2. The game's own meaning of the tap (a bid in an auction, a card drawn).
3. While the game gives token taps no meaning: the screens waiting to pair. The tap never pairs
   one by itself: it opens a choice at the table among them (choice.py), and the same token
   tapped again while a screen's code is offered picks that screen.
   A computer's token never pairs: nobody's phone speaks for a computer's seat (token_waits.py
   refuses it, said at the table; with its prompts open the tap says its things are moved
   instead: computer_prompts.py).
4. With nothing else for it while a confirmation waits for one other player's token: the wrong
   token, said so ("That was Bob's token; Ann must confirm this"); the confirmation goes on waiting.

When the tap could answer two confirmations, or a confirmation of the table's screen beside
screens waiting to pair, it goes to none of them and each is told why: whoever tapped cannot know
which one they served.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Game
from ..rules.taps import token_taps_wanted
from .choice import Choice
from .waits import CONFIRM, PAIR, TokenWait

CONFIRMS, GAME, CHOOSE, REPEAT = "confirm", "game", "choose", "repeat"
AMBIGUOUS, WRONG, NOTHING = "ambiguous", "wrong", "none"


@dataclass(frozen=True)
class Route:
    kind: str  # CONFIRMS, GAME, CHOOSE, REPEAT, AMBIGUOUS, WRONG or NOTHING
    # the wait served, those to choose among, or those left unserved
    waits: list[TokenWait] = field(default_factory=list)


def confirmations(waits: list[TokenWait], player: str | None) -> list[TokenWait]:
    """The confirmations a tap of this player's token could answer (player None: any token)."""
    return [w for w in waits if w.kind == CONFIRM and (w.player is None or w.player == player)]


def route(game: Game | None, waits: list[TokenWait], player: str, game_wants: bool,
          choice: Choice | None = None) -> Route:
    """Where a tap of `player`'s token goes; game_wants: the game has a command for this tap;
    choice: the pairing choice open at the table, if any."""
    confirms = confirmations(waits, player)
    pairs = [w for w in waits if w.kind == PAIR]
    held = pairing_held(game)
    if confirms:
        unbound = [w for w in confirms if w.player is None]
        if len(confirms) > 1 or (unbound and pairs and not held):
            return Route(AMBIGUOUS, confirms + (pairs if unbound else []))
        return Route(CONFIRMS, confirms)
    if game_wants:
        return Route(GAME)
    if not pairs or held:
        others = [w for w in waits if w.kind == CONFIRM and w.player not in (None, player)]
        if len({w.player for w in others}) == 1:
            return Route(WRONG, others)
        return Route(NOTHING)
    if choice is not None and choice.player == player and choice.order:
        return Route(REPEAT, list(choice.order))
    return Route(CHOOSE, pairs)


def pairing_held(game: Game | None) -> bool:
    """No pairing while the game wants token taps: a tap meant for a bid never pairs a screen."""
    return game is not None and token_taps_wanted(game)
