"""A position to estimate: a table script replayed, what was played so far, and what may follow.

The position is the script itself (the table's own record), so a worker process rebuilds it from
plain text, whichever engine it runs; a few thousand commands replay in milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..rules import Game, Malformed, Rejected, new_game
from ..scriptfile import ScriptError, parse_line


@dataclass
class Replayed:
    game: Game
    turns: int  # player-turns played: the game's turn number
    rejected: int  # lines the rules refused (skipped, as `companion replay` does)
    # Cash offered so far for a single deed, (seat, square) -> the last offer: what the smart bot
    # remembers of its own deals (it opens low, then comes back higher), so a continuation's bots
    # go on bargaining where the game's left off instead of opening low again.
    offers: dict[tuple[int, int], int] = field(default_factory=dict)


def replayed(lines: Iterable[str | bytes]) -> Replayed:
    """The game a script gives (ScriptError when it cannot be read, as for `companion replay`)."""
    game: Game | None = None
    rejected = 0
    offers: dict[tuple[int, int], int] = {}
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        command = parse_line(number, text)
        if game is None:
            try:
                game = new_game(command)
            except Malformed as exc:
                raise ScriptError(number, exc.reason) from None
            continue
        try:
            game.apply(command, guarded=False)
        except Malformed as exc:
            raise ScriptError(number, exc.reason_in(game.edition.money)) from None
        except Rejected:
            rejected += 1
            continue
        if command.get("do") == "trade":
            _note_offer(game, command, offers)
    if game is None:
        raise ScriptError(1, 'the script is empty; it starts with {"do": "new_game", ...}')
    return Replayed(game, game.turn, rejected, offers)


def _note_offer(game: Game, command: dict[str, Any], offers: dict[tuple[int, int], int]) -> None:
    """A proposal of cash for one deed, as the smart bot makes them (`SmartBots.offered`)."""
    give, take = command.get("give") or {}, command.get("take") or {}
    squares = take.get("squares") or []
    if set(give) != {"cash"} or set(take) != {"squares"} or len(squares) != 1:
        return
    offers[(game.names.index(command["from"]), game.edition.square(squares[0]).index)] = int(give["cash"])


