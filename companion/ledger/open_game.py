"""What an open game's store keeps: its file and journal, and of its history what replay and undo
need (README.md, "Opening reads a row at a time").

The store's jobs (writing.py, undoing.py, reads.py) share this one record, so what one of them
stores the others see at once; opening.py fills it from the file.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

from ..rules import Edition, Game, Rejected, new_game, restore
from .clock import Clock
from .journal import Journal
from .problems import Problem, problem
from .schema import GENESIS
from .verify import damaged

SNAPSHOT_EVERY = 500


class OpenGame:
    """One game's file while it is open, and the game it holds."""

    def __init__(
        self, path: Path, conn: sqlite3.Connection, clock: Clock, chain_key: bytes | None = None
    ) -> None:
        self.path = path
        self.game_id = path.stem
        self.conn = conn
        self.clock = clock
        self.chain_key = chain_key  # None: a file of the first format, sealed without a key
        self.lock = threading.RLock()
        self.seq = 0
        self.head = GENESIS
        self.game: Game
        self.effective: list[tuple[str, int]] = []  # (command line, seq of the entry applying it)
        self.hashes: list[str] = []  # running hash of the effective commands, one per command
        self.redo_stack: list[str] = []  # undone lines; the last is the next to redo
        self.snapshot_every = SNAPSHOT_EVERY
        self.after_commit: list[Any] = []  # callbacks(store, receipt), e.g. backups
        self.journal: Journal | None = None  # the second record (journal.py); None: read-only
        self.repairs: list[Problem] = []  # what opening it had to put right (problems.py)
        self.bad_snapshots: list[int] = []
        self.scratch: Any = None  # a copy read in place of the file (readcopy.py), kept while open

    def listed_status(self) -> str | None:
        """What the games list says of a game that is over (None while it is played)."""
        game = self.game
        if game.over:
            return f"over: {game.names[game.winner]} won" if game.winner is not None else "over"
        return None

    def start_edition(self) -> Edition | None:
        """The board a game on an edition file carries in its first line (None: a shipped
        edition, which a snapshot finds by its id)."""
        if not self.effective:
            return None
        first = json.loads(self.effective[0][0])
        return new_game(first).edition if isinstance(first, dict) and first.get("board") else None

    def game_after(self, length: int, snaps: dict[int, tuple[int, str]] | None = None) -> Game:
        """The game after the first `length` effective commands, from the nearest snapshot (only
        the one used is read whole)."""
        if snaps is None:
            rows = self.conn.execute(
                "SELECT seq, length, commands_hash FROM snapshots WHERE length <= ?", (length,),
            ).fetchall()
            snaps = {r[1]: (r[0], r[2]) for r in rows}
        start = 0
        game: Game | None = None
        for position in sorted(snaps, reverse=True):
            if position > length or position < 1:
                continue
            seq, chash = snaps[position]
            if self.hashes[position - 1] == chash:
                row = self.conn.execute("SELECT CAST(state AS BLOB) FROM snapshots WHERE seq = ?",
                                        (seq,)).fetchone()
                try:
                    game = restore(json.loads(bytes(row[0]).decode()), self.start_edition())
                except (ValueError, TypeError):  # an older companion's snapshot: replay instead
                    continue
                start = position
                break
        if game is None:
            game = new_game(json.loads(self.effective[0][0]))
            start = 1
        for line, seq in self.effective[start:length]:
            try:
                game.apply(json.loads(line))
            except Rejected as refused:
                raise damaged(self.game_id,
                              problem("entry_refused", entry=seq, reason=refused.reason)) from None
        return game
