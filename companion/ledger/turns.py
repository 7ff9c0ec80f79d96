"""The chart's turn axis from a committed reading: the end_turn commands in effect at each entry.

An end_turn the banker undid is no longer in effect (open_game.py's `effective`): from the undo on,
the game is back in the turn it ended, and a redo puts the end_turn back in effect. The count
after an entry is what the game then held, so it never changes once the entry is committed: a
screen's chart pages stay true, and the count at the seq a page ended on is remembered (TURNS),
so the next page costs only its own entries. An undo takes back the newest commands still in
effect; which those were is found by walking the log back from it (undone ones skipped), which
costs the span it walks, not the game.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict

# Per entry: whether it puts a command in effect (new, play, redo), whether that command is an
# end_turn, and how many commands it takes back (an undo's count), told by SQLite's JSON functions.
ROWS = (
    "SELECT seq, kind IN ('new', 'play', 'redo'), "
    "kind IN ('play', 'redo') AND line LIKE '%\"end_turn\"%' AND json_valid(line) "
    "AND json_extract(line, '$.do') = 'end_turn', "
    "CASE WHEN kind = 'undo' AND json_valid(line) THEN json_extract(line, '$.count') ELSE 0 END "
    "FROM log "
)
BACK = 256  # entries fetched at a time while walking the log back from an undo

Row = tuple[int, int, int, int | None]  # seq, puts in effect, is an end_turn, count taken back


class Turns:
    """End_turn counts at seqs pages ended on (a bounded cache, as committed.Balances)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._known: OrderedDict[tuple[str, int], int] = OrderedDict()

    def get(self, game: str, seq: int) -> int | None:
        with self._lock:
            found = self._known.get((game, seq))
            if found is not None:
                self._known.move_to_end((game, seq))
            return found

    def nearest(self, game: str, seq: int) -> tuple[int, int]:
        """The latest remembered (seq, count) at or before `seq` ((0, 0): the game's start)."""
        with self._lock:
            known = [(s, c) for (g, s), c in self._known.items() if g == game and s <= seq]
        return max(known, default=(0, 0))

    def put(self, game: str, seq: int, count: int) -> None:
        with self._lock:
            self._known[(game, seq)] = count
            self._known.move_to_end((game, seq))
            while len(self._known) > self.size:
                self._known.popitem(last=False)


TURNS = Turns()


def _taken_back(conn: sqlite3.Connection, before: int, count: int) -> tuple[int, int]:
    """Of the `count` newest commands in effect after entry `before`: how many are end_turns, and
    the seq just before the oldest of them (what is in effect there is what the undo leaves). The
    log is walked back, a command a later undo took back skipped (a pushdown matched back)."""
    found, skip, upto = 0, 0, before
    while count > 0 and upto > 0:
        rows = conn.execute(ROWS + "WHERE seq <= ? ORDER BY seq DESC LIMIT ?", (upto, BACK)).fetchall()
        if not rows:
            return found, 0
        for seq, pushes, ends, undoes in rows:
            upto = seq - 1
            if undoes:
                skip += int(undoes)
            elif pushes:
                if skip:
                    skip -= 1
                else:
                    found += bool(ends)
                    count -= 1
                    if count == 0:
                        break
    return found, upto


def _walk(conn: sqlite3.Connection, start: int, count: int, upto: int,
          on_entry: list[tuple[int, int]] | None) -> int:
    """The count after entry `upto`, from `count` after entry `start`; each entry of (start,
    upto] with the count after it appended to `on_entry` when asked."""
    pushed: list[bool] = []  # the commands put in effect since `start`, still in effect
    for seq, pushes, ends, undoes in conn.execute(ROWS + "WHERE seq > ? AND seq <= ? ORDER BY seq",
                                                  (start, upto)):
        if undoes:
            taken = int(undoes)
            while taken and pushed:
                count -= pushed.pop()
                taken -= 1
            if taken:  # in effect since before `start`: found in the log itself
                ends_taken, start = _taken_back(conn, start, taken)
                count -= ends_taken
        elif pushes:
            pushed.append(bool(ends))
            count += bool(ends)
        if on_entry is not None:
            on_entry.append((seq, count))
    return count


def ended_after(conn: sqlite3.Connection, game_id: str, seq: int) -> int:
    """The end_turns in effect once entry `seq` was made (remembered for the next page)."""
    if seq <= 0:
        return 0
    known = TURNS.get(game_id, seq)
    if known is not None:
        return known
    start, count = TURNS.nearest(game_id, seq)
    count = _walk(conn, start, count, seq, None)
    TURNS.put(game_id, seq, count)
    return count


def turns_in(conn: sqlite3.Connection, game_id: str, after: int, upto: int) -> dict[int, int]:
    """The turn (counted from 1) of each entry of the window (after, upto]: 1 + the end_turns in
    effect once it was made, an end_turn's own entry still in the turn it ends."""
    count = ended_after(conn, game_id, after)
    each: list[tuple[int, int]] = []
    last = _walk(conn, after, count, upto, each)
    TURNS.put(game_id, upto, last)
    turns, previous = {}, count
    for seq, now in each:
        turns[seq] = 1 + (previous if now == previous + 1 else now)
        previous = now
    return turns
