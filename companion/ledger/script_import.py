"""`companion import`: a table script stored as a new game, 1,000 commands a transaction
(README.md, "What it costs"), whole or not at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..rules import Malformed, Rejected
from ..scriptfile import ScriptError, parse_line
from .game_list import GameList
from .store import GameStore

IMPORT_BATCH = 1000  # commands `companion import` stores per transaction


class ScriptImport:
    """Stores table scripts as new games of a folder's list."""

    def __init__(self, games: GameList) -> None:
        self.games = games

    def store(
        self, lines: Iterable[str | bytes], source: str = "import", said: dict[str, Any] | None = None
    ) -> tuple[GameStore, list[dict[str, Any]]]:
        """Start a stored game from a table script; lines the rules reject are skipped and returned.

        `said` (where the script came from, what its signature said) is written into the game's
        history right after its first entry.
        """
        rejected: list[dict[str, Any]] = []
        store: GameStore | None = None
        batched = 0
        try:
            for number, text in enumerate(lines, start=1):
                if not text.strip():
                    continue
                command = parse_line(number, text)
                if store is None:
                    store = self.games.create(command, source)
                    if said is not None:
                        store.record_import(said)
                    store.begin_batch()
                    continue
                if batched == IMPORT_BATCH:
                    store.commit_batch()
                    store.begin_batch()
                    batched = 0
                batched += 1
                try:
                    store.submit(command, source)
                except Rejected as refused:
                    rejected.append({"line": number, "reason": refused.reason})
                except Malformed as bad:
                    raise Malformed(f"line {number}: {bad.reason}") from None
        except BaseException as exc:
            if store is not None:
                self.games.discard(store)  # a script that cannot be read leaves no half-imported game
            if isinstance(exc, ScriptError):
                raise Malformed(str(exc)) from None
            raise
        if store is None:
            raise Malformed("the script is empty")
        try:
            store.commit_batch()
        except BaseException:
            self.games.discard(store)
            raise
        return store, rejected
