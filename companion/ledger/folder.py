"""The data folder: one file per game, archived games, backups, and a lock so one companion owns it.

    DIR/companion.lock          held while a companion process uses the folder
    DIR/table.key               this table's secret (mode 0600): seals its games, signs exports
    DIR/games/<id>.sqlite       games being played or finished
    DIR/games/<id>.journal      each game's second record of its entries (journal.py)
    DIR/archive/<id>.sqlite     games put away
    DIR/backups/<id>/*.sqlite   consistent copies: at each game's end and daily (the last 7 kept),
                                and rolling, every 50 entries (the last 3 kept), also written to
                                the configured backup_copy folder (a USB stick) when it is there
"""

from __future__ import annotations

import fcntl
import json
import os
import secrets
import shutil
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..rules import Malformed, Rejected
from ..scriptfile import ScriptError, parse_line
from .clock import Clock
from .errors import (
    FolderLocked,
    GameDamaged,
    GameFromAnotherTable,
    GameNotFound,
    GameUnsealed,
    LedgerError,
    StorageError,
    StorageReadOnly,
    storage_error,
)
from .journal import journal_path, write_whole
from .key import TableKey
from .problems import Problem, problem
from .readcopy import read_put_right
from .readonly import blocked as blocked_by
from .readonly import connect_read_only, unwritable
from .recovery import rebuild, recoverable
from .reseal import seal_folder
from .schema import FORMAT, UNKEYED, sync_folder
from .store import GameStore, Receipt

KEEP_BACKUPS = 7
ROLLING_EVERY = 50  # entries between two rolling backups of the game in play
KEEP_ROLLING = 3
IMPORT_BATCH = 1000  # commands `companion import` stores per transaction
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
    # What opening it found (recovery.py): "" (nothing), "repaired", "damaged" (recoverable with
    # `companion recover`) or "read-only"; `problems` says what, as kinds and values (problems.py)
    condition: str = ""
    problems: list[dict[str, Any]] = field(default_factory=list)


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
        self.open_games: dict[str, GameStore] = {}
        self.conditions: dict[str, tuple[str, list[Problem]]] = {}  # game id: see GameInfo
        self._lock_file = None
        if read_only:
            self.key = TableKey.read(self.path)
            return
        try:
            for sub in ("games", "archive", "backups"):
                (self.path / sub).mkdir(parents=True, exist_ok=True)
            self._lock_file = open(self.path / "companion.lock", "a+")  # noqa: SIM115 - held open
        except OSError as exc:
            raise storage_error(exc, problem("doing_use_folder", path=str(self.path))) from None
        try:
            fcntl.flock(self._lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock_file.seek(0)
            holder = self._lock_file.read().strip() or "unknown"
            self._lock_file.close()
            raise FolderLocked.found(problem("folder_locked", holder=holder, path=str(self.path))) from None
        self._lock_file.seek(0)
        self._lock_file.truncate()
        self._lock_file.write(str(os.getpid()))
        self._lock_file.flush()
        self._sweep()
        try:
            self.key = TableKey.load(self.path, prepare=self._seal_unkeyed)
        except BaseException as exc:
            self.close()
            if isinstance(exc, OSError | sqlite3.Error):
                raise storage_error(exc, problem("doing_make_key")) from None
            raise

    def _seal_unkeyed(self, key: TableKey) -> None:
        """A new key: seal with it the games stored before keys (before it is in place)."""
        seal_folder([self.path / "games", self.path / "archive"], key, self.clock)

    def _writing(self, doing: Problem) -> None:
        if self.read_only:
            raise StorageReadOnly.found(problem("folder_read_only", path=str(self.path), doing=doing))

    @property
    def own_key(self) -> TableKey:
        """The table's key, which a folder open for writing always holds (made on opening)."""
        if self.key is None:
            raise StorageReadOnly.found(problem("no_table_key", path=str(self.path)))
        return self.key

    def _sweep(self) -> None:
        """Remove what a crash can leave half-made: games being created, backups being written."""
        for leftover in [*self.path.glob("games/*.creating*"), *self.path.glob("games/*.rebuilding*"),
                         *self.path.glob("backups/*/*.partial*")]:
            try:
                leftover.unlink()
            except OSError:
                pass

    # ---- games -------------------------------------------------------------------------------

    def _file(self, game_id: str, archived: bool = False) -> Path:
        if not game_id or "/" in game_id or game_id.startswith("."):
            raise GameNotFound.found(problem("no_game", game=str(game_id)))
        return self.path / ("archive" if archived else "games") / f"{game_id}.sqlite"

    def new_id(self) -> str:
        return f"{self.clock.stamp()[:8]}-{secrets.token_hex(3)}"

    def create(self, start: dict[str, Any], source: str = "banker") -> GameStore:
        """Start a new game from a new_game command (Malformed if it is not a valid one)."""
        self._writing(problem("doing_start"))
        game_id = self.new_id()
        store = GameStore.create(self._file(game_id), start, self.clock, source, key=self.own_key)
        self._attach(store)
        return store

    def open(self, game_id: str) -> GameStore:
        """Resume a game (verified on opening; GameDamaged says what is wrong, nothing is changed).

        In a read-only folder the game is opened for reading: anything it is asked to store fails.
        """
        if game_id in self.open_games:
            return self.open_games[game_id]
        path = self._file(game_id)
        if not path.exists():
            if self._file(game_id, archived=True).exists():
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
        self._writing(problem("doing_move"))
        self.close_game(game_id)
        source = self._file(game_id)
        if not source.exists():
            raise GameNotFound.found(problem("no_game", game=str(game_id)))
        self._move(source, self._file(game_id, archived=True))

    def restore(self, game_id: str) -> None:
        self._writing(problem("doing_move"))
        source = self._file(game_id, archived=True)
        if not source.exists():
            raise GameNotFound.found(problem("no_archived_game", game=str(game_id)))
        self._move(source, self._file(game_id))

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

    def import_script(
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
                    store = self.create(command, source)
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
                self._discard(store)  # a script that cannot be read leaves no half-imported game
            if isinstance(exc, ScriptError):
                raise Malformed(str(exc)) from None
            raise
        if store is None:
            raise Malformed("the script is empty")
        try:
            store.commit_batch()
        except BaseException:
            self._discard(store)
            raise
        return store, rejected

    def recover(self, game_id: str) -> tuple[GameStore, int, list[str]]:
        """A game damaged in every record: its longest verified run of entries as a new game
        (the entries are copied as they are, so their seals still hold), the damaged one archived
        with its files as they are. Answers the new game, how many entries were lost, and the
        lines of the lost ones that could still be read (not trusted, for the banker to replay)."""
        self._writing(problem("doing_recover"))
        path = self._file(game_id)
        if not path.exists():
            raise GameNotFound.found(problem("no_game", game=str(game_id)))
        found, unread = recoverable(path, self.own_key.chain, self.own_key.table_id)
        if found.damaged is None:
            raise GameDamaged.found(problem("not_damaged_everywhere", game=game_id))
        self.close_game(game_id)
        entries = found.best.entries
        new_id = self.new_id()
        new_path = self._file(new_id)
        header = {**found.header, "id": new_id}
        try:
            rebuild(new_path, header, entries)
            write_whole(journal_path(new_path), header, entries)
            sync_folder(new_path.parent)
        except (OSError, sqlite3.Error) as exc:
            for leftover in (new_path, journal_path(new_path)):
                leftover.unlink(missing_ok=True)
            raise storage_error(exc, problem("doing_recover")) from None
        store = self.open(new_id)
        self.conditions.pop(game_id, None)
        lost = found.readable - len(entries)
        store.record_import({"recovered_from": game_id, "entries": len(entries), "lost": lost})
        self.archive(game_id)
        return store, lost, [entry.line for entry in unread]

    def _discard(self, store: GameStore) -> None:
        self.close_game(store.game_id)
        for suffix in ("", "-wal", "-shm"):
            store.path.with_name(store.path.name + suffix).unlink(missing_ok=True)
        journal_path(store.path).unlink(missing_ok=True)

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

    def close(self) -> None:
        for game_id in list(self.open_games):
            self.close_game(game_id)
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



