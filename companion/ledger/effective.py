"""A game's effective script (its commands in effect: undone ones taken out, redone ones back),
read from the committed file beside the writer (committed.py) and kept between readings: a
reading takes only the entries committed since the last one. The odds' planner and the table's
computer players each follow the game this way, never touching the writer's live game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .committed import CommittedRead
from .schema import GENESIS, commands_hash


@dataclass
class Script:
    """The effective commands of one game (undone ones taken out) and their running hashes."""

    game_id: str = ""
    seq: int = 0  # the last entry read
    lines: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    undone: list[str] = field(default_factory=list)  # what a redo may put back, newest last

    def read(self, path: Path, game_id: str) -> Script:
        """Take in the entries committed since the last reading (of another game: from the start)."""
        if game_id != self.game_id:
            self.__init__(game_id)  # type: ignore[misc]
        with CommittedRead(path, game_id) as reading:
            rows = reading.entries(self.seq, reading.seq)
        for seq, _time, _source, kind, line in rows:
            if kind in ("new", "play"):
                self._push(line)
                self.undone.clear()
            elif kind == "undo":
                for _ in range(int(json.loads(line)["count"])):
                    self.undone.append(self.lines.pop())
                    self.hashes.pop()
            elif kind == "redo":
                if self.undone:
                    self.undone.pop()
                self._push(line)
            self.seq = seq
        return self

    def _push(self, line: str) -> None:
        self.hashes.append(commands_hash(self.hashes[-1] if self.hashes else GENESIS, line))
        self.lines.append(line)
