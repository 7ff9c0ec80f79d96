"""A data folder's games: listed without being opened, created, opened (and kept open, one store
a game), archived and restored.

    DIR/games/<id>.sqlite       games being played or finished (and <id>.journal beside each)
    DIR/archive/<id>.sqlite     games put away
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .clock import Clock
from .errors import (
    GameDamaged,
    GameFromAnotherTable,
    GameNotFound,
    GameUnsealed,
    StorageReadOnly,
    storage_error,
)
from .journal import journal_path
from .key import TableKey
from .problems import Problem, problem
from .readcopy import read_put_right
from .readonly import blocked as blocked_by
from .readonly import connect_read_only, unwritable
from .schema import FORMAT, UNKEYED
from .store import GameStore, Receipt


@dataclass
class GameInfo:
    id: str
    players: list[str]
    started: str
    last_move: str
    status: str  # "playing", "over: Ann won", "archived", or why it is damaged
    archived: bool = False
    # What opening it found (recovery.py): "" (nothing), "repaired", "damaged" (recoverable with
    # `companion recover`) or "read-only"; `problems` says what, as kinds and values (problems.py)
    condition: str = ""
    problems: list[dict[str, Any]] = field(default_factory=list)


class GameList:
    """The games of a data folder, and the stores of those open (at most one store a game).

    `after_commit` is given every store it opens or creates (the folder's backups).
    """

    def __init__(self, path: Path, clock: Clock, key: TableKey | None, *, read_only: bool,
                 after_commit: Callable[[GameStore, Receipt], None]) -> None:
        self.path = path
        self.clock = clock
        self.key = key
        self.read_only = read_only
        self.after_commit = after_commit
        self.open_games: dict[str, GameStore] = {}
        self.conditions: dict[str, tuple[str, list[Problem]]] = {}  # game id: see GameInfo

    def writing(self, doing: Problem) -> None:
        """Refuses, saying what could not be done, in a folder opened only to read."""
        if self.read_only:
            raise StorageReadOnly.found(problem("folder_read_only", path=str(self.path), doing=doing))

    @property
    def own_key(self) -> TableKey:
        """The table's key, which a folder open for writing always holds (made on opening)."""
        if self.key is None:
            raise StorageReadOnly.found(problem("no_table_key", path=str(self.path)))
        return self.key

    def file(self, game_id: str, archived: bool = False) -> Path:
        """Where a game's file is; an id that could name another place is no game."""
        if not game_id or "/" in game_id or game_id.startswith("."):
            raise GameNotFound.found(problem("no_game", game=str(game_id)))
        return self.path / ("archive" if archived else "games") / f"{game_id}.sqlite"

    def new_id(self) -> str:
        return f"{self.clock.stamp()[:8]}-{secrets.token_hex(3)}"

    def create(self, start: dict[str, Any], source: str = "banker") -> GameStore:
        """Start a new game from a new_game command (Malformed if it is not a valid one)."""
        self.writing(problem("doing_start"))
        game_id = self.new_id()
        store = GameStore.create(self.file(game_id), start, self.clock, source, key=self.own_key)
        self._attach(store)
        return store

    def open(self, game_id: str) -> GameStore:
        """Resume a game (verified on opening; GameDamaged says what is wrong, nothing is changed).

        In a read-only folder the game is opened for reading: anything it is asked to store fails.
        """
        if game_id in self.open_games:
            return self.open_games[game_id]
        path = self.file(game_id)
        if not path.exists():
            if self.file(game_id, archived=True).exists():
                raise GameNotFound.found(problem("game_archived", game=game_id))
            raise GameNotFound.found(problem("no_game", game=str(game_id)))
        try:
            store = GameStore.open(path, self.clock, self.key, writable=not self.read_only)
        except (GameFromAnotherTable, GameUnsealed):
            raise
        except GameDamaged as damaged:
            if self.read_only and self.key is not None:  # read as the table reads it: put right
                try:
                    store = read_put_right(path, self.clock, self.key)
                except GameDamaged:
                    pass
                else:
                    self.conditions[game_id] = ("repaired", list(store.repairs))
                    self._attach(store)
                    return store
            self.conditions[game_id] = ("damaged", [damaged.problem or problem(
                "history_damaged", game=game_id, cause=problem("file_unreadable", detail=damaged.reason))])
            raise
        if store.repairs:
            self.conditions[game_id] = ("repaired", list(store.repairs))
        else:
            self.conditions.pop(game_id, None)
        self._attach(store)
        return store

    def _attach(self, store: GameStore) -> None:
        store.after_commit.append(self.after_commit)
        self.open_games[store.game_id] = store

    def close_game(self, game_id: str) -> None:
        store = self.open_games.pop(game_id, None)
        if store is not None:
            store.close()

    def close_all(self) -> None:
        for game_id in list(self.open_games):
            self.close_game(game_id)

    def discard(self, store: GameStore) -> None:
        """A game that must not stay (an import that failed): closed, and its files removed."""
        self.close_game(store.game_id)
        for suffix in ("", "-wal", "-shm"):
            store.path.with_name(store.path.name + suffix).unlink(missing_ok=True)
        journal_path(store.path).unlink(missing_ok=True)

    def listed(self, archived: bool = False) -> list[GameInfo]:
        """Every game, newest first, read without opening them as games (a damaged one says so)."""
        infos = []
        folder = self.path / ("archive" if archived else "games")
        for path in folder.glob("*.sqlite"):
            infos.append(self._info(path, archived))
        return sorted(infos, key=lambda i: (i.started, i.id), reverse=True)

    def _info(self, path: Path, archived: bool) -> GameInfo:
        try:
            meta, last = self._peek(path)
            status = "archived" if archived else meta.get("status", "playing")
            if meta.get("format") == UNKEYED:
                status += " (no key)"
            elif meta.get("format") == FORMAT and meta.get("table") != (self.key and self.key.table_id):
                status += " (another table's)" if self.key else " (this table's key is missing)"
            condition, found = self.conditions.get(path.stem, ("", []))
            blocked = unwritable(path, journal_path(path))
            if blocked is not None:
                status += " (read-only)"  # why, and the fix: its problem
                why = blocked_by(path, journal_path(path)) or {}
                condition, found = "read-only", [problem("read_only", game=path.stem, **why)]
            return GameInfo(path.stem, json.loads(meta["players"]), meta["created"],
                            last[0] if last else meta["created"], status, archived, condition,
                            [p.as_json() for p in found])
        except (sqlite3.Error, OSError, KeyError, ValueError) as exc:
            condition, found = self.conditions.get(path.stem, ("damaged", [problem(
                "history_damaged", game=path.stem, cause=problem("file_unreadable", detail=str(exc)))]))
            return GameInfo(path.stem, [], "", "", f"damaged: {exc}", archived, condition,
                            [p.as_json() for p in found])

    @staticmethod
    def _peek(path: Path) -> tuple[dict[str, str], Any]:
        conn = connect_read_only(path)
        try:
            conn.execute("BEGIN")
            meta = dict(conn.execute("SELECT key, value FROM meta"))
            last = conn.execute("SELECT time FROM log ORDER BY seq DESC LIMIT 1").fetchone()
            conn.execute("COMMIT")
        finally:
            conn.close()
        return meta, last

    def archive(self, game_id: str) -> None:
        """Put a game away (it stays listed with --archived and can be restored)."""
        self.writing(problem("doing_move"))
        self.close_game(game_id)
        source = self.file(game_id)
        if not source.exists():
            raise GameNotFound.found(problem("no_game", game=str(game_id)))
        self._move(source, self.file(game_id, archived=True))

    def restore(self, game_id: str) -> None:
        self.writing(problem("doing_move"))
        source = self.file(game_id, archived=True)
        if not source.exists():
            raise GameNotFound.found(problem("no_archived_game", game=str(game_id)))
        self._move(source, self.file(game_id))

    @staticmethod
    def _move(source: Path, target: Path) -> None:
        # A closed WAL database has folded its -wal file back; move any leftovers with it.
        try:
            for suffix in ("-wal", "-shm"):
                extra = source.with_name(source.name + suffix)
                if extra.exists():
                    extra.rename(target.with_name(target.name + suffix))
            if journal_path(source).exists():
                journal_path(source).rename(journal_path(target))
            source.rename(target)
        except OSError as exc:
            raise storage_error(exc, problem("doing_move")) from None
