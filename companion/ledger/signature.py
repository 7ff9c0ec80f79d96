"""Signed exports: which table wrote an export, and whether it is still what that table wrote.

An export stays exactly what it was (a table script is every line a command, TABLE-SCRIPT.md; a
CSV is rows a spreadsheet sums), so the signature lives beside it, in FILE.sig: one JSON object
naming the table by its public id (derived from its secret, never the secret), the game and the
format, the SHA-256 of the export, and an HMAC-SHA256 over all of these with the table's export
key. A table checks its own signatures fully. Another table's HMAC it cannot check (it lacks
that secret): it can only tell whether the file still matches the SHA-256 the signature names.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .key import TableKey

SIGNATURE = "companion-signature/1"
SUFFIX = ".sig"


class Verdict(Enum):
    """The four cases `companion import` tells apart (the value is what a game's history says)."""

    THIS_TABLE = "this table"
    OTHER_TABLE = "another table"
    UNSIGNED = "unsigned"
    ALTERED = "altered"


@dataclass(frozen=True)
class Checked:
    verdict: Verdict
    table: str | None = None  # the public id the signature names
    game: str | None = None
    why: str = ""  # for ALTERED: what does not match

    def sentence(self, name: str) -> str:
        """One line saying what the file is, as `companion import` and `verify` print it."""
        if self.verdict is Verdict.THIS_TABLE:
            return (f"{name}: signed by this table ({self.table}), unchanged since game {self.game} "
                    "was exported.")
        if self.verdict is Verdict.OTHER_TABLE:
            return (f"{name}: signed by another table ({self.table}); it matches that signature, which "
                    "only that table can check fully.")
        if self.verdict is Verdict.UNSIGNED:
            return f"{name}: unsigned (no {name}{SUFFIX} beside it): nothing says where it comes from."
        return f"{name}: altered: {self.why}."


def _signed_text(table: str, game: str, kind: str, content: bytes) -> bytes:
    return "\x1f".join((SIGNATURE, table, game, kind, "")).encode() + content


def sign(key: TableKey, content: bytes, game: str, kind: str) -> str:
    """The text of FILE.sig for an export of `game` in format `kind` (jsonl or csv)."""
    return json.dumps({
        "signature": SIGNATURE, "table": key.table_id, "game": game, "format": kind,
        "sha256": hashlib.sha256(content).hexdigest(),
        "hmac": key.sign(_signed_text(key.table_id, game, kind, content)),
    }) + "\n"


def check(key: TableKey | None, content: bytes | Iterable[bytes], signature: bytes | None) -> Checked:
    """What the signature (FILE.sig's bytes, None when there is none) says of these bytes (given
    whole, or as chunks read one after another: a file of any size in little memory)."""
    if signature is None:
        return Checked(Verdict.UNSIGNED)
    try:
        said = json.loads(signature)
        table, game, kind = said["table"], said["game"], said["format"]
        digest, mac = said["sha256"], said["hmac"]
        if said["signature"] != SIGNATURE or not all(
            isinstance(v, str) for v in (table, game, kind, digest, mac)
        ):
            raise ValueError
    except (ValueError, KeyError, TypeError, RecursionError):
        return Checked(Verdict.ALTERED, why="its signature file cannot be read")
    ours = key is not None and table == key.table_id
    sealed = (hmac.new(key.export, _signed_text(table, game, kind, b""), hashlib.sha256)
              if key is not None and ours else None)
    summed = hashlib.sha256()
    for chunk in [content] if isinstance(content, bytes) else content:
        summed.update(chunk)
        if sealed is not None:
            sealed.update(chunk)
    if sealed is not None:
        if hmac.compare_digest(mac, sealed.hexdigest()):
            return Checked(Verdict.THIS_TABLE, table, game)
        return Checked(Verdict.ALTERED, table, game,
                       f"it no longer matches the signature this table ({table}) made")
    if not hmac.compare_digest(digest, summed.hexdigest()):
        return Checked(Verdict.ALTERED, table, game,
                       f"it no longer matches the signature of table {table}")
    return Checked(Verdict.OTHER_TABLE, table, game)
