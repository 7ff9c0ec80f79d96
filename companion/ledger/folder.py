"""The data folder: one file per game, archived games, backups, and a lock so one companion owns it.

    DIR/companion.lock          held while a companion process uses the folder
    DIR/table.key               this table's secret (mode 0600): seals its games, signs exports
    DIR/games/<id>.sqlite       games being played or finished
    DIR/games/<id>.journal      each game's second record of its entries (journal.py)
    DIR/archive/<id>.sqlite     games put away
    DIR/backups/<id>/*.sqlite   consistent copies: at each game's end and daily (the last 7 kept),
                                and rolling, every 50 entries (the last 3 kept), also written to
                                the configured backup_copy folder (a USB stick) when it is there

`DataFolder` owns the folder (its lock, its key) and is the face the table, the web and the command
line use; each job is its own class: game_list.py keeps the games and opens them,
script_import.py imports scripts, salvage.py recovers, tablet_clock.py keeps the clock right and
backups.py makes, copies and prunes the backups.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from .backups import Backups
from .clock import Clock
from .errors import FolderLocked, storage_error
from .game_list import GameInfo, GameList
from .key import TableKey
from .problems import problem
from .reseal import seal_folder
from .salvage import Salvage
from .script_import import ScriptImport
from .store import GameStore
from .tablet_clock import TabletClock

__all__ = ["DataFolder", "GameInfo", "default_data_dir"]


def default_data_dir() -> Path:
    """systemd's StateDirectory when run as the service, else the user's data folder."""
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return Path(state.split(":")[0])
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "companion"


class DataFolder:
    """Owns a data folder for as long as it is open (a second process is refused).

    With read_only=True it only reads: no lock, no key made, games opened without writing a
    byte (readonly.py), so the games of a folder that cannot be written can still be listed,
    read and exported, even while another companion plays on it.
    """

    def __init__(self, path: Path, clock: Clock | None = None, *, read_only: bool = False,
                 backup_copy: Path | None = None) -> None:
        self.path = Path(path)
        self.backup_copy = backup_copy
        self.clock = clock or Clock()
        self.read_only = read_only
        self._lock_file: TextIO | None = None
        self.key = TableKey.read(self.path) if read_only else self._own()
        self.backups = Backups(self.path, self.clock, backup_copy)
        self.game_list = GameList(self.path, self.clock, self.key, read_only=read_only,
                                  after_commit=self.backups.after_commit)
        self.importing = ScriptImport(self.game_list)
        self.salvage = Salvage(self.game_list)
        self.tablet_clock = TabletClock(self.clock, self.game_list)

    def _own(self) -> TableKey:
        """Take the folder: its lock, what a crash left half-made swept away, and its key."""
        try:
            for sub in ("games", "archive", "backups"):
                (self.path / sub).mkdir(parents=True, exist_ok=True)
            lock = open(self.path / "companion.lock", "a+")  # noqa: SIM115 - held open
        except OSError as exc:
            raise storage_error(exc, problem("doing_use_folder", path=str(self.path))) from None
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.seek(0)
            holder = lock.read().strip() or "unknown"
            lock.close()
            raise FolderLocked.found(problem("folder_locked", holder=holder, path=str(self.path))) from None
        lock.seek(0)
        lock.truncate()
        lock.write(str(os.getpid()))
        lock.flush()
        self._lock_file = lock
        self._sweep()
        try:
            return TableKey.load(self.path, prepare=self._seal_unkeyed)
        except BaseException as exc:
            self._unlock()
            if isinstance(exc, OSError | sqlite3.Error):
                raise storage_error(exc, problem("doing_make_key")) from None
            raise

    def _seal_unkeyed(self, key: TableKey) -> None:
        """A new key: seal with it the games stored before keys (before it is in place)."""
        seal_folder([self.path / "games", self.path / "archive"], key, self.clock)

    def _sweep(self) -> None:
        """Remove what a crash can leave half-made: games being created, backups being written."""
        for leftover in [*self.path.glob("games/*.creating*"), *self.path.glob("games/*.rebuilding*"),
                         *self.path.glob("backups/*/*.partial*")]:
            try:
                leftover.unlink()
            except OSError:
                pass

    @property
    def own_key(self) -> TableKey:
        """The table's key, which a folder open for writing always holds (made on opening)."""
        return self.game_list.own_key

    @property
    def open_games(self) -> dict[str, GameStore]:
        return self.game_list.open_games

    # ---- games (game_list.py, script_import.py, salvage.py) ---------------------------------

    def create(self, start: dict[str, Any], source: str = "banker") -> GameStore:
        """Start a new game from a new_game command (Malformed if it is not a valid one)."""
        return self.game_list.create(start, source)

    def open(self, game_id: str) -> GameStore:
        """Resume a game (verified on opening; GameDamaged says what is wrong, nothing is changed)."""
        return self.game_list.open(game_id)

    def close_game(self, game_id: str) -> None:
        self.game_list.close_game(game_id)

    def games(self, archived: bool = False) -> list[GameInfo]:
        """Every game, newest first, read without opening them as games (a damaged one says so)."""
        return self.game_list.listed(archived)

    def archive(self, game_id: str) -> None:
        """Put a game away (it stays listed with --archived and can be restored)."""
        self.game_list.archive(game_id)

    def restore(self, game_id: str) -> None:
        self.game_list.restore(game_id)

    def import_script(
        self, lines: Iterable[str | bytes], source: str = "import", said: dict[str, Any] | None = None
    ) -> tuple[GameStore, list[dict[str, Any]]]:
        """Start a stored game from a table script; lines the rules reject are skipped and returned."""
        return self.importing.store(lines, source, said)

    def recover(self, game_id: str) -> tuple[GameStore, int, list[str]]:
        """A game damaged in every record goes on as a new game: (it, entries lost, their lines)."""
        return self.salvage.recover(game_id)

    # ---- time and backups (tablet_clock.py, backups.py) --------------------------------------

    def tablet_time(self, tablet: float, by: str = "tablet") -> tuple[str, str] | None:
        """A tablet says what time it is; a clearly stale clock is corrected and that is recorded."""
        return self.tablet_clock.tablet_time(tablet, by)

    def backup(self, store: GameStore, reason: str) -> Path:
        """A consistent copy of the game now; only the newest 7 of a game are kept."""
        return self.backups.backup(store, reason)

    def close(self) -> None:
        self.game_list.close_all()
        self._unlock()

    def _unlock(self) -> None:
        if self._lock_file is None or self._lock_file.closed:
            return
        try:
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)
        finally:
            self._lock_file.close()

    def __enter__(self) -> DataFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
