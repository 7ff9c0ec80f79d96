"""Reading a game file without writing anything: for a data folder that cannot be written (an SD
card the kernel remounted read-only), or that another companion is writing.

A file closed cleanly has no -wal: it is the whole game and is read as it is (`immutable=1`),
so not even SQLite's side files are made (made by root, they would lock the service out). A
file with a -wal (a running companion's, or left by a crash) is read through it with `mode=ro`,
which needs the -shm index beside it; SQLite cannot make one in a read-only folder, so a file
left with a -wal and no index is copied, WAL and all, to a private temporary folder and read
into memory from there: the last commands are in that WAL.
"""

from __future__ import annotations

import getpass
import os
import pwd
import shutil
import sqlite3
import tempfile
from pathlib import Path
from urllib.parse import quote


def _uri(path: Path, options: str) -> str:
    return f"file:{quote(str(path.resolve()))}?{options}"


def _readable(target: str) -> sqlite3.Connection:
    conn = sqlite3.connect(target, uri=target.startswith("file:"), isolation_level=None,
                           check_same_thread=False, timeout=0.5)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # SQLite opens lazily
        conn.execute("PRAGMA query_only = 1")  # a write is refused, even to a copy in memory
    except sqlite3.Error:
        conn.close()
        raise
    return conn


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that never writes the file, its WAL, its index or the folder."""
    if not path.exists():
        raise sqlite3.OperationalError("unable to open database file")
    wal = path.with_name(path.name + "-wal")
    if not wal.exists():  # closed cleanly: the file is the whole game; make no side files
        return _readable(_uri(path, "mode=ro&immutable=1"))
    try:  # open (by a running companion, or left by a crash): read through its WAL
        return _readable(_uri(path, "mode=ro"))
    except sqlite3.OperationalError:
        if wal.stat().st_size == 0:
            return _readable(_uri(path, "mode=ro&immutable=1"))
    with tempfile.TemporaryDirectory(prefix="companion-rescue-") as tmp:
        copy = Path(tmp) / path.name
        shutil.copyfile(path, copy)
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
        source = sqlite3.connect(copy)
        memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            source.backup(memory)
        finally:
            source.close()
    memory.execute("PRAGMA query_only = 1")
    return memory


def _owner(path: Path) -> str:
    try:
        return pwd.getpwuid(path.stat().st_uid).pw_name
    except (KeyError, OSError):
        return "another user"


def unwritable(game_file: Path, *companions: Path) -> str | None:
    """Why this game cannot be written by this process (None: it can), with the fix, in a line
    for the log and the refusal (`blocked` has it as values)."""
    why = blocked(game_file, *companions)
    if why is None:
        return None
    folder = why["what"] == "folder"
    return (f"its {why['what']} {why['path'] if folder else Path(why['path']).name} cannot be "
            f"written by {why['user']} (owner {why['owner']}, mode {why['mode']}); fix: {why['fix']}"
            + (", or check that the disk is not read-only" if folder else ""))


def blocked(game_file: Path, *companions: Path) -> dict[str, str] | None:
    """What keeps this process from writing this game (None: nothing): the folder, the file, its
    -wal and -shm (a crash under another user, or a copy made as root, leaves them so) and its
    journal, with the owner, the mode and the command that fixes it."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = str(os.getuid())
    folder = game_file.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        return {"what": "folder", "path": str(folder), "user": user, "owner": _owner(folder),
                "mode": f"{folder.stat().st_mode & 0o777:o}",
                "fix": f"sudo chown {user}: {folder} && sudo chmod u+rwx {folder}"}
    side = [game_file.with_name(game_file.name + suffix) for suffix in ("-wal", "-shm")]
    for path in [game_file, *side, *companions]:
        if path.exists() and not os.access(path, os.R_OK | os.W_OK):
            return {"what": "file", "path": str(path), "user": user, "owner": _owner(path),
                    "mode": f"{path.stat().st_mode & 0o777:o}",
                    "fix": f"sudo chown {user}: {path} && sudo chmod u+rw {path}"}
    return None
