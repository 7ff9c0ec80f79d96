"""The committed game as a reader beside the writer sees it: a Game of its own, replayed from the
game's file (ledger/effective.py reads the entries committed since the last reading), so the
table's computer players decide on exactly what was stored at a seq, and never touch the
writer's live game. An undo that takes back commands already replayed replays from the start
(a few thousand commands: milliseconds)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..ledger.effective import Script
from ..rules import Game, Malformed, Rejected, new_game, restore, snapshot


@dataclass(frozen=True)
class Committed:
    """A game as committed: which game, at which seq, and a copy of it the reader may keep."""

    game_id: str
    seq: int
    game: Game


class CommittedGame:
    """Follows one game's file at a time (another game id: from its start)."""

    def __init__(self) -> None:
        self.script = Script()
        self._game: Game | None = None
        self._played: list[str] = []  # the hashes of the lines replayed into _game

    def read(self, path: Path, game_id: str) -> Committed | None:
        """The game as committed now (None before its first line is read); raises the ledger's
        GameDamaged when the file cannot be read."""
        script = self.script.read(path, game_id)
        if not script.lines:
            return None
        known = len(self._played)
        if self._game is None or known > len(script.hashes) or \
                (known and script.hashes[known - 1] != self._played[-1]) or \
                self._played[:1] != script.hashes[:1]:
            self._game = new_game(json.loads(script.lines[0]))
            self._played = [script.hashes[0]]
        game = self._game
        for length in range(len(self._played) + 1, len(script.lines) + 1):
            try:
                game.apply(json.loads(script.lines[length - 1]), guarded=False)
            except (Rejected, Malformed):  # stored when the rules took it: never the case
                pass
            self._played.append(script.hashes[length - 1])
        return Committed(game_id, script.seq, game)


def copy_of(game: Game) -> Game:
    """A copy a decision may read however long it takes (a bot past its deadline still holds it
    while the follower replays on)."""
    return restore(snapshot(game), game.edition)
