"""What is wrong with a game's records, or was put right, as a kind and its values: no sentence.

The ledger only says what it found (`Problem("db_extended", {"game": ..., "first": 3, ...})`);
whoever shows it words it, in every language (companion/table/problem_words.py: the Banker page,
`companion games`, `companion recover`, the doctor, the log). A value is plain JSON: a number, a
string, a list, or another problem's `as_json()` (its cause).

Kinds, with their values (`game` is the game's id wherever it appears):
  what stops one record's reading (a cause): header_unreadable, line_unreadable {line},
    entry_missing {entry}, entry_changed {entry}, file_unopenable {detail}, file_unreadable
    {detail}, file_damaged {detail}, written_further {entry}, entry_out_of_place {entry},
    redo_not_undone {entry}, no_history, stray_rows, entry_refused {entry, reason}
  whose file it is (verify.py): unsealed {game}, not_a_game_file {game, format}, key_missing
    {game, key_file}, table_changed {game}, another_table {game, table, here}; key_damaged {path}
  a game that cannot be opened: history_damaged {game, cause} (its file alone), records_disagree
    {game, first, second, entry}, unreadable_everywhere {game, cause}, damaged_everywhere {game,
    cause, first, last, readable, kept}, nothing_to_recover {game}, not_damaged_everywhere {game}
  put right on opening: db_extended {game, first, last, source}, db_rebuilt {game, cause,
    source, entries, kept_as}, after_backup_lost {game}, journal_rewritten {game, good, entries},
    snapshot_dropped {game, entries}
  for the doctor, before opening: will_repair {game, what, source, entries}, with `what` one of
    db_damaged {cause}, db_lacks {first, last}, no_journal, journal_short {good, entries}
  a game this user cannot write: read_only {game, what ("folder" or "file"), path, user, owner,
    mode, fix (the shell command that fixes it)}; unwritable {the same}: said without the fix
  a write that failed (errors.storage_error): storage_full {doing}, storage_read_only {doing},
    storage_failed {doing, detail}, with `doing` one of doing_record, doing_start, doing_open
    {game}, doing_use_folder {path}, doing_make_key, doing_move, doing_recover, doing_backup;
    file_exists {name}
  the folder's own refusals: no_game {game}, game_archived {game}, no_archived_game {game},
    folder_locked {holder, path}, folder_read_only {path, doing}, no_table_key {path},
    unreadable_now {game, detail}
A record (`source`, `first`, `second`) is "database", "journal" or "backup" (then `backup`, the
backup's file name, is among the values).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Problem:
    kind: str
    values: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.values}

    def __str__(self) -> str:
        """A compact form for a place that has no words for it (never shown to a player)."""
        return f"{self.kind} {json.dumps(self.values, ensure_ascii=False, sort_keys=True)}"


def problem(kind: str, **values: Any) -> Problem:
    return Problem(kind, {k: (v.as_json() if isinstance(v, Problem) else v) for k, v in values.items()})


def record(where: str) -> dict[str, str]:
    """The values naming a record: "database", "journal", or a backup's file name."""
    if where in ("database", "journal"):
        return {"record": where}
    return {"record": "backup", "backup": where}
