"""The second record of a game: an append-only journal of its sealed entries, beside its file.

    games/<id>.journal   one JSON line per entry: a header, then every entry of the log with its
                         money movements and its seal, exactly as the SQLite file holds them

Each entry is written and fsynced here *before* its SQLite transaction commits, so a command is
acknowledged only once both records are on the card. The journal lives in its own file, written by
plain appends: a page SQLite loses or tears (a zeroed -wal frame, a cut -wal, a flipped byte in the
main file) cannot take a journal line with it, and a torn journal line can only be the last one,
the entry in flight. The lines carry the same HMAC seals as the log, so a changed journal byte
shows as surely as a changed log byte. README.md says why this design.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .problems import Problem, problem
from .schema import GENESIS, entry_hash, sealable

SUFFIX = ".journal"
VERSION = 1

Moved = list[tuple[str, str, int, str]]


@dataclass(frozen=True)
class Sealed:
    """One entry of a game's log as both records hold it."""

    seq: int
    time: str
    source: str
    kind: str
    line: str
    moved: tuple[tuple[str, str, int, str], ...]
    prev: str
    hash: str

    def record(self) -> str:
        return json.dumps({"seq": self.seq, "time": self.time, "source": self.source, "kind": self.kind,
                           "line": self.line, "moved": [list(m) for m in self.moved], "prev": self.prev,
                           "hash": self.hash}, ensure_ascii=False, separators=(",", ":")) + "\n"


@dataclass
class Reading:
    """What one record holds: its entries up to the first that fails, and what stopped it there."""

    header: dict[str, Any] = field(default_factory=dict)
    entries: list[Sealed] = field(default_factory=list)  # the verified prefix
    problem: Problem | None = None  # why it stops where it does (None: whole)
    readable: int = 0  # entries that could be read at all, damaged ones included

    @property
    def head(self) -> str:
        return self.entries[-1].hash if self.entries else GENESIS


def journal_path(game_file: Path) -> Path:
    return game_file.with_suffix(SUFFIX)


def well_formed(entry: Sealed) -> bool:
    """Every field of the entry and of its money movements holds its type (see schema.sealable)."""
    return sealable((entry.seq, entry.time, entry.source, entry.kind, entry.line, entry.prev, entry.hash),
                    entry.moved)


def verified(entries: Iterable[Sealed], key: bytes | None) -> tuple[list[Sealed], Problem | None]:
    """The longest prefix whose seals hold, and what is wrong with the entry after it."""
    good: list[Sealed] = []
    prev = GENESIS
    for expected, entry in enumerate(entries, start=1):
        if entry.seq != expected:
            return good, problem("entry_missing", entry=expected)
        if not well_formed(entry):
            return good, problem("entry_changed", entry=expected)
        again = entry_hash(prev, entry.seq, entry.time, entry.source, entry.kind, entry.line,
                           entry.moved, key=key)
        if entry.prev != prev or again != entry.hash:
            return good, problem("entry_changed", entry=entry.seq)
        good.append(entry)
        prev = entry.hash
    return good, None


def read_journal(path: Path, key: bytes | None) -> Reading | None:
    """The journal's verified entries (None: there is no journal). A last line cut short is the
    entry in flight when the power went, never acknowledged: it is not counted as damage."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    reading = Reading()
    lines = data.split(b"\n")
    whole_end = data.endswith(b"\n")
    entries: list[Sealed] = []
    stopped = None
    for number, raw in enumerate(lines):
        if not raw:
            continue
        last = number == len(lines) - 1 and not whole_end
        try:
            record = json.loads(raw)
            if number == 0:
                reading.header = dict(record)
                continue
            entries.append(Sealed(int(record["seq"]), record["time"], record["source"], record["kind"],
                                  record["line"], tuple(tuple(m) for m in record["moved"]),
                                  record["prev"], record["hash"]))
        except (ValueError, KeyError, TypeError):
            if number == 0:
                stopped = problem("header_unreadable")
            elif not last:
                stopped = problem("line_unreadable", line=number + 1)
            break
    reading.readable = len(entries)
    reading.entries, chain = verified(entries, key)
    reading.problem = stopped if chain is None else chain
    return reading


def last_entry(path: Path) -> tuple[int, str] | None:
    """The (seq, seal) of the journal's last whole line, read from its end only (None: no
    journal, a torn last line, or one that cannot be read)."""
    try:
        with open(path, "rb") as journal:
            size = journal.seek(0, os.SEEK_END)
            journal.seek(max(0, size - 65536))
            tail = journal.read()
    except OSError:
        return None
    if not tail.endswith(b"\n"):
        return None
    try:
        record = json.loads(tail[:-1].rsplit(b"\n", 1)[-1])
        return int(record["seq"]), str(record["hash"])
    except (ValueError, KeyError, TypeError):
        return None


def write_whole(path: Path, header: dict[str, Any], entries: Iterable[Sealed]) -> None:
    """A whole journal, under a temporary name, fsynced, then renamed into place."""
    building = path.with_name(path.name + ".creating")
    with open(building, "w", encoding="utf-8") as out:
        out.write(json.dumps({"journal": VERSION, **header}, ensure_ascii=False) + "\n")
        for entry in entries:
            out.write(entry.record())
        out.flush()
        os.fsync(out.fileno())
    os.replace(building, path)


def whole_lines_end(fd: int, size: int, chunk: int = 65536) -> int:
    """Where the journal's last whole line ends: after its last newline, read from the end."""
    end = size
    while end > 0:
        start = max(0, end - chunk)
        at = os.pread(fd, end - start, start).rfind(b"\n")
        if at >= 0:
            return start + at + 1
        end = start
    return 0


class Journal:
    """The open journal of a game being played: appends, each fsynced before SQLite commits."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd = os.open(path, os.O_RDWR | os.O_APPEND)
        self.size = os.fstat(self.fd).st_size
        whole = whole_lines_end(self.fd, self.size)
        if 0 < whole < self.size:  # a line torn by a power cut: the entry in flight, never acknowledged
            self.cut(whole)  # else the next line would be glued to it, and both lost to a reader

    def append(self, entry: Sealed, *, sync: bool = True) -> None:
        """Write one entry and wait until it is on the card (a failure leaves no part of it).
        sync=False (a batch): written, not yet waited for; `sync` does that once for the batch,
        before its commit."""
        encoded = entry.record().encode()
        data = memoryview(encoded)
        size = self.size
        try:
            while data:
                data = data[os.write(self.fd, data):]
            if sync:
                os.fdatasync(self.fd)
        except OSError:
            self.cut(size)
            raise
        self.size = size + len(encoded)

    def sync(self) -> None:
        """Wait until every line written so far is on the card (a batch's, before its commit)."""
        os.fdatasync(self.fd)

    def cut(self, size: int) -> None:
        """Back to `size` bytes: the SQLite commit of the last entry failed, so it is not kept."""
        self.size = size
        try:
            os.ftruncate(self.fd, size)
            os.fdatasync(self.fd)
        except OSError:
            pass

    def close(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass
