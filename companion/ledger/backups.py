"""Backups: consistent copies of a game, made after the commits that call for one, pruned to the
newest few, and copied to a second place (a USB stick) when it is there (README.md, "Backups").

    DIR/backups/<id>/<seq>_<nn>_<stamp>_<reason>.sqlite   named so that sorting them by name
                                                          sorts them by the game's sequence number
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from .clock import Clock
from .errors import LedgerError, storage_error
from .problems import problem
from .schema import sync_folder
from .store import GameStore, Receipt

KEEP_BACKUPS = 7
ROLLING_EVERY = 50  # entries between two rolling backups of the game in play
KEEP_ROLLING = 3
DAY = 24 * 3600.0


class Backups:
    """Makes, copies and prunes the backups of a data folder's games."""

    def __init__(self, path: Path, clock: Clock, backup_copy: Path | None = None) -> None:
        self.path = path
        self.clock = clock
        self.backup_copy = backup_copy

    def after_commit(self, store: GameStore, receipt: Receipt) -> None:
        """Every open game's commits call this: a backup at the game's end, daily, and rolling."""
        try:
            if receipt.game_over:
                self.backup(store, "end")
            elif self._last_backup_age(store.game_id) > DAY:
                self.backup(store, "daily")
            elif receipt.seq % ROLLING_EVERY == 0:
                self.backup(store, "rolling")
        except LedgerError:
            pass  # a failed backup never costs the game a command; `companion doctor` reports it

    def _backups(self, game_id: str, folder: Path | None = None) -> list[Path]:
        """A game's backups, oldest first by the game's sequence number (never by the clock)."""
        return sorted(((folder or self.path) / "backups" / game_id).glob("*.sqlite"))

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
        stamp = self.clock.stamp()
        made_before = len(list(folder.glob(f"{store.seq:08d}_*.sqlite"))) if folder.exists() else 0
        target = folder / f"{store.seq:08d}_{made_before:02d}_{stamp}_{reason}.sqlite"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            store.backup_to(target)
        except (OSError, sqlite3.Error) as exc:
            target.unlink(missing_ok=True)
            raise storage_error(exc, problem("doing_backup")) from None
        self._prune(self.path, store.game_id)
        if self.backup_copy is not None:
            self._copy_backup(target, store.game_id)
        return target

    def _prune(self, root: Path, game_id: str) -> None:
        """The newest 3 rolling backups and the newest 7 others of a game are kept."""
        backups = self._backups(game_id, root)
        rolling = [b for b in backups if b.stem.endswith("_rolling")]
        others = [b for b in backups if not b.stem.endswith("_rolling")]
        for old in rolling[:-KEEP_ROLLING] + others[:-KEEP_BACKUPS]:
            old.unlink(missing_ok=True)

    def _copy_backup(self, made: Path, game_id: str) -> None:
        """The same backup on the second place (a USB stick), when it is mounted; a stick that is
        missing or full costs nothing but this copy (`companion doctor` shows the backups)."""
        assert self.backup_copy is not None
        if not self.backup_copy.is_dir():
            return
        folder = self.backup_copy / "backups" / game_id
        partial = folder / (made.name + ".partial")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(made, partial)
            with open(partial, "rb") as copied:
                os.fsync(copied.fileno())
            os.replace(partial, folder / made.name)
            sync_folder(folder)
            self._prune(self.backup_copy, game_id)
        except OSError:
            partial.unlink(missing_ok=True)
