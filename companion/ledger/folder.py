"""The data folder: one file per game, archived games, backups, and a lock so one companion owns it.

    DIR/companion.lock          held while a companion process uses the folder
    DIR/games/<id>.sqlite       games being played or finished
    DIR/archive/<id>.sqlite     games put away
    DIR/backups/<id>/*.sqlite   consistent copies: at each game's end and daily, the last 7 kept
"""

from __future__ import annotations

import fcntl
import json
import os
import secrets
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..rules import Malformed, Rejected
from .clock import Clock
from .errors import FolderLocked, GameNotFound, LedgerError, StorageError, storage_error
from .store import GameStore, Receipt

KEEP_BACKUPS = 7
DAY = 24 * 3600.0


def default_data_dir() -> Path:
    """systemd's StateDirectory when run as the service, else the user's data folder."""
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return Path(state.split(":")[0])
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "companion"


@dataclass
class GameInfo:
    id: str
    players: list[str]
    started: str
    last_move: str
    status: str  # "playing", "over: Ann won", "archived", or why it is damaged
    archived: bool = False


class DataFolder:
    """Owns a data folder for as long as it is open (a second process is refused)."""

    def __init__(self, path: Path, clock: Clock | None = None) -> None:
        self.path = Path(path)
        self.clock = clock or Clock()
        try:
            for sub in ("games", "archive", "backups"):
                (self.path / sub).mkdir(parents=True, exist_ok=True)
            self._lock_file = open(self.path / "companion.lock", "a+")  # noqa: SIM115 - held open
        except OSError as exc:
            raise storage_error(exc, f"use the data folder {self.path}") from None
        try:
            fcntl.flock(self._lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock_file.seek(0)
            holder = self._lock_file.read().strip() or "unknown"
            self._lock_file.close()
            raise FolderLocked(
                f"Another companion (process {holder}) is already using {self.path}; "
                "stop it first, or give this one another --data folder."
            ) from None
        self._lock_file.seek(0)
        self._lock_file.truncate()
        self._lock_file.write(str(os.getpid()))
        self._lock_file.flush()
        self.open_games: dict[str, GameStore] = {}
        self._sweep()

    def _sweep(self) -> None:
        """Remove what a crash can leave half-made: games being created, backups being written."""
        for leftover in [*self.path.glob("games/*.creating*"), *self.path.glob("backups/*/*.partial*")]:
            try:
                leftover.unlink()
            except OSError:
                pass

    # ---- games -------------------------------------------------------------------------------

    def _file(self, game_id: str, archived: bool = False) -> Path:
        if not game_id or "/" in game_id or game_id.startswith("."):
            raise GameNotFound(f"There is no game {game_id!r}")
        return self.path / ("archive" if archived else "games") / f"{game_id}.sqlite"

    def new_id(self, players: Iterable[str]) -> str:
        stamp = datetime.fromtimestamp(self.clock.timestamp(), UTC).strftime("%Y%m%d")
        return f"{stamp}-{secrets.token_hex(3)}"

    def create(self, start: dict[str, Any], source: str = "banker") -> GameStore:
        """Start a new game from a new_game command (Malformed if it is not a valid one)."""
        players = start.get("players") if isinstance(start, dict) else None
        game_id = self.new_id(players or [])
        store = GameStore.create(self._file(game_id), start, self.clock, source)
        self._attach(store)
        return store

    def open(self, game_id: str) -> GameStore:
        """Resume a game (verified on opening; GameDamaged says what is wrong, nothing is changed)."""
        if game_id in self.open_games:
            return self.open_games[game_id]
        path = self._file(game_id)
        if not path.exists():
            if self._file(game_id, archived=True).exists():
                raise GameNotFound(f"Game {game_id} is archived; restore it first")
            raise GameNotFound(f"There is no game {game_id!r} in {self.path}")
        store = GameStore.open(path, self.clock)
        self._attach(store)
        return store

    def _attach(self, store: GameStore) -> None:
        store.after_commit.append(self._after_commit)
        self.open_games[store.game_id] = store

    def close_game(self, game_id: str) -> None:
        store = self.open_games.pop(game_id, None)
        if store is not None:
            store.close()

    def games(self, archived: bool = False) -> list[GameInfo]:
        """Every game, newest first, read without opening them as games (a damaged one says so)."""
        infos = []
        folder = self.path / ("archive" if archived else "games")
        for path in folder.glob("*.sqlite"):
            infos.append(self._info(path, archived))
        return sorted(infos, key=lambda i: (i.started, i.id), reverse=True)

    def _info(self, path: Path, archived: bool) -> GameInfo:
        try:
            try:
                meta, last = self._peek(path, "mode=ro")
            except sqlite3.OperationalError as exc:
                if "readonly" not in str(exc).lower():
                    raise
                # A read-only folder: WAL cannot make its side files; a closed game reads as is.
                meta, last = self._peek(path, "mode=ro&immutable=1")
            status = "archived" if archived else meta.get("status", "playing")
            if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
                status += " (read-only)"
            return GameInfo(path.stem, json.loads(meta["players"]), meta["created"],
                            last[0] if last else meta["created"], status, archived)
        except (sqlite3.Error, KeyError, ValueError) as exc:
            return GameInfo(path.stem, [], "", "", f"damaged: {exc}", archived)

    @staticmethod
    def _peek(path: Path, mode: str) -> tuple[dict[str, str], Any]:
        conn = sqlite3.connect(f"file:{path}?{mode}", uri=True)
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta"))
            last = conn.execute("SELECT time FROM log ORDER BY seq DESC LIMIT 1").fetchone()
        finally:
            conn.close()
        return meta, last

    def archive(self, game_id: str) -> None:
        """Put a game away (it stays listed with --archived and can be restored)."""
        self.close_game(game_id)
        source = self._file(game_id)
        if not source.exists():
            raise GameNotFound(f"There is no game {game_id!r} to archive")
        self._move(source, self._file(game_id, archived=True))

    def restore(self, game_id: str) -> None:
        source = self._file(game_id, archived=True)
        if not source.exists():
            raise GameNotFound(f"There is no archived game {game_id!r}")
        self._move(source, self._file(game_id))

    @staticmethod
    def _move(source: Path, target: Path) -> None:
        # A closed WAL database has folded its -wal file back; move any leftovers with it.
        try:
            for suffix in ("-wal", "-shm"):
                extra = source.with_name(source.name + suffix)
                if extra.exists():
                    extra.rename(target.with_name(target.name + suffix))
            source.rename(target)
        except OSError as exc:
            raise storage_error(exc, "move the game") from None

    def import_script(
        self, lines: Iterable[str], source: str = "import"
    ) -> tuple[GameStore, list[dict[str, Any]]]:
        """Start a stored game from a table script; lines the rules reject are skipped and returned."""
        rejected: list[dict[str, Any]] = []
        commands: list[tuple[int, Any]] = []
        for number, text in enumerate(lines, start=1):
            if not text.strip():
                continue
            try:
                commands.append((number, json.loads(text)))
            except json.JSONDecodeError as exc:
                raise Malformed(f"line {number}: not JSON ({exc.msg})") from None
        if not commands:
            raise Malformed("the script is empty")
        store = self.create(commands[0][1], source)
        try:
            for number, command in commands[1:]:
                try:
                    store.submit(command, source)
                except Rejected as refused:
                    rejected.append({"line": number, "reason": refused.reason})
                except Malformed as bad:
                    raise Malformed(f"line {number}: {bad.reason}") from None
        except BaseException:
            self._discard(store)  # a script that cannot be read leaves no half-imported game
            raise
        return store, rejected

    def _discard(self, store: GameStore) -> None:
        self.close_game(store.game_id)
        for suffix in ("", "-wal", "-shm"):
            store.path.with_name(store.path.name + suffix).unlink(missing_ok=True)

    # ---- time and backups --------------------------------------------------------------------

    def tablet_time(self, tablet: float, by: str = "tablet") -> tuple[str, str] | None:
        """A tablet says what time it is; a clearly stale clock is corrected and that is recorded."""
        corrected = self.clock.correct(tablet)
        if corrected is not None:
            for store in self.open_games.values():
                try:
                    store.record_clock(*corrected, by=by)
                except StorageError:
                    pass  # the correction holds in memory; the next entries carry the right time
        return corrected

    def _after_commit(self, store: GameStore, receipt: Receipt) -> None:
        try:
            if receipt.game_over:
                self.backup(store, "end")
            elif self._last_backup_age(store.game_id) > DAY:
                self.backup(store, "daily")
        except LedgerError:
            pass  # a failed backup never costs the game a command; `companion doctor` reports it

    def _backups(self, game_id: str) -> list[Path]:
        """A game's backups, oldest first by the game's sequence number (never by the clock)."""
        return sorted((self.path / "backups" / game_id).glob("*.sqlite"))

    def _last_backup_age(self, game_id: str) -> float:
        backups = self._backups(game_id)
        if not backups:
            return float("inf")
        stamp = backups[-1].name.split("_")[2]
        try:
            made = datetime.strptime(stamp, "%Y%m%dT%H%M%S%f").replace(tzinfo=UTC).timestamp()
        except ValueError:
            return float("inf")
        age = self.clock.timestamp() - made
        return age if age >= 0 else float("inf")  # the clock went back: take a backup now

    def backup(self, store: GameStore, reason: str) -> Path:
        """A consistent copy of the game now; only the newest 7 of a game are kept."""
        folder = self.path / "backups" / store.game_id
        stamp = datetime.fromtimestamp(self.clock.timestamp(), UTC).strftime("%Y%m%dT%H%M%S%f")
        made_before = len(list(folder.glob(f"{store.seq:08d}_*.sqlite"))) if folder.exists() else 0
        target = folder / f"{store.seq:08d}_{made_before:02d}_{stamp}_{reason}.sqlite"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            store.backup_to(target)
        except (OSError, sqlite3.Error) as exc:
            target.unlink(missing_ok=True)
            raise storage_error(exc, "make a backup") from None
        for old in self._backups(store.game_id)[:-KEEP_BACKUPS]:
            old.unlink(missing_ok=True)
        return target

    def close(self) -> None:
        for game_id in list(self.open_games):
            self.close_game(game_id)
        try:
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)
        finally:
            self._lock_file.close()

    def __enter__(self) -> DataFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()



