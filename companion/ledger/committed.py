"""Reading a game as it was committed, beside the writer and never in its way.

Each reading opens the game's file on a connection of its own and holds one read transaction
from its first query to its last: SQLite's WAL gives it the file as of its start, whatever the
writer commits (or whichever game the table starts) meanwhile, and the writer never waits for
it. Pages ask for a window of entries (`after` a seq, at most `limit` of them), so a reading
costs what it returns, not what the game holds.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import OrderedDict
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import quote

from .errors import GameDamaged
from .problems import problem
from .readonly import connect_read_only

Row = tuple[int, int, str, str, str, int, str]  # id, seq, time, from, to, amount, reason


class CommittedRead:
    """One consistent reading of one game's file (use as a context manager)."""

    def __init__(self, path: Path, game_id: str) -> None:
        self.path = path
        self.game_id = game_id
        try:
            self.conn = self._connect(path)
            self.conn.execute("BEGIN")
            # The snapshot is taken by the first read; everything after sees the same file.
            last = self.conn.execute("SELECT max(seq) FROM log").fetchone()[0]
            self.players: list[str] = json.loads(self._meta("players") or "[]")
        except (sqlite3.Error, ValueError) as exc:
            self.close()
            raise GameDamaged.found(problem("unreadable_now", game=game_id, detail=str(exc))) from None
        self.seq: int = int(last or 0)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        """Read-only through the writer's WAL; in a folder that cannot be written (no index can
        be made there), as readonly.py reads such a file."""
        conn = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, isolation_level=None,
                               check_same_thread=False, timeout=2.0)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # SQLite opens lazily
            return conn
        except sqlite3.OperationalError:
            conn.close()
            return connect_read_only(path)

    def _meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def __enter__(self) -> CommittedRead:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        conn = getattr(self, "conn", None)
        if conn is not None:
            try:
                conn.close()
            except sqlite3.Error:
                pass

    # ---- windows of the game -----------------------------------------------------------------

    def window(self, after: int, limit: int) -> tuple[int, int]:
        """The seqs (after, upto] a page covers: at most `limit` entries, none past this reading."""
        after = max(0, min(after, self.seq))
        return after, min(self.seq, after + max(1, limit))

    def entries(self, after: int, upto: int) -> list[tuple[int, str, str, str, str]]:
        """(seq, time, source, kind, line) of the entries after `after` up to `upto`."""
        return self.conn.execute(
            "SELECT seq, time, source, kind, line FROM log WHERE seq > ? AND seq <= ? ORDER BY seq",
            (after, upto),
        ).fetchall()

    def transfers(self, after: int, upto: int) -> list[Row]:
        """The money movements of the entries after `after` up to `upto`, in the order made."""
        return self.conn.execute(
            "SELECT t.id, t.seq, l.time, t.source, t.target, t.amount, t.reason FROM transfers t "
            "JOIN log l ON l.seq = t.seq WHERE t.seq > ? AND t.seq <= ? ORDER BY t.id",
            (after, upto),
        ).fetchall()

    def balances_at(self, seq: int) -> dict[str, int]:
        """Every player's cash once the entries up to `seq` were made (remembered: see Balances)."""
        if seq <= 0:
            return dict.fromkeys(self.players, 0)
        known = BALANCES.get(self.game_id, seq)
        if known is not None:
            return dict(known)
        cash = dict.fromkeys(self.players, 0)
        for source, target, amount in self.conn.execute(
            "SELECT source, target, sum(amount) FROM transfers WHERE seq <= ? GROUP BY source, target",
            (seq,),
        ):
            if source in cash:
                cash[source] -= amount
            if target in cash:
                cash[target] += amount
        BALANCES.put(self.game_id, seq, cash)
        return dict(cash)

    def money_trail(self, after: int, upto: int) -> list[dict[str, Any]]:
        """Each movement of the window with every player's cash after it (as export.money_trail)."""
        cash = self.balances_at(after)
        out = []
        for _id, seq, time, source, target, amount, reason in self.transfers(after, upto):
            if source in cash:
                cash[source] -= amount
            if target in cash:
                cash[target] += amount
            out.append({"seq": seq, "time": time, "from": source, "to": target, "amount": amount,
                        "reason": reason, "balances": dict(cash)})
        BALANCES.put(self.game_id, upto, cash)
        return out


class Balances:
    """The players' cash at the seqs pages last ended on (a bounded cache: a screen's next page
    starts where its last ended, so it never sums the game again). Committed entries never
    change, so a remembered figure stays true."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._known: OrderedDict[tuple[str, int], dict[str, int]] = OrderedDict()

    def get(self, game: str, seq: int) -> dict[str, int] | None:
        with self._lock:
            found = self._known.get((game, seq))
            if found is not None:
                self._known.move_to_end((game, seq))
            return found

    def put(self, game: str, seq: int, cash: dict[str, int]) -> None:
        with self._lock:
            self._known[(game, seq)] = dict(cash)
            self._known.move_to_end((game, seq))
            while len(self._known) > self.size:
                self._known.popitem(last=False)


BALANCES = Balances()
