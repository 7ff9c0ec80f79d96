"""The editions a table knows: the shipped ones (companion/rules/editions) and a family's own
files in the data folder, `<data>/editions/*.json` (RULES.md section 3b, docs/editions.md).

Each file is read and checked (rules/edition_check.py) whenever the table is asked, so a file
the family fixes is offered at the next look, with no restart. A file that cannot be read, is
not JSON, does not describe a playable board or takes an id already taken is refused, with
why; it is listed, never offered, never starts a game, and never stops the table.

A game started on a file edition carries the file's content in its first line (`"board"`,
beside `"edition"`): the engine plays it from there, so the game replays the same after the file
is changed or deleted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final

from .i18n.money import Currency
from .rules.edition import Edition, load_edition, parse_edition, piece_ids, shipped_editions
from .rules.edition_check import edition_problems

FOLDER: Final = "editions"  # under the data folder
MAX_FILE: Final = 1_000_000  # bytes: an edition file is some 30 KB; anything far bigger is not one
SHIPPED: Final = "shipped"
SHOWN: Final = 40  # characters of an unknown edition's id said back


@dataclass(frozen=True)
class KnownEdition:
    """An edition a game may be started on."""

    id: str
    names: dict[str, str]  # by language
    source: str  # "shipped", or the file's name in the data folder's editions/
    pieces: tuple[str, ...]
    piece_names: dict[str, dict[str, str]]  # the pieces the file names itself: id -> language -> name
    money: Currency  # its amounts' sign and spoken nouns
    board: dict[str, Any] | None = None  # a file's content (None: shipped, found by its id)

    def edition(self) -> Edition:
        """The board itself, as the engine plays it (a file's content, checked when it was found)."""
        return load_edition(self.id) if self.board is None else parse_edition(self.board)

    def start(self) -> dict[str, Any]:
        """What a new_game command carries to be played on this edition."""
        return {"edition": self.id} if self.board is None else {"edition": self.id, "board": self.board}

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.names, "source": self.source}


@dataclass(frozen=True)
class RefusedFile:
    """A file of the data folder's editions/ that no game may start on, and why."""

    file: str
    problems: tuple[str, ...]

    def public(self) -> dict[str, Any]:
        return {"file": self.file, "problems": list(self.problems)}


@dataclass(frozen=True)
class Editions:
    known: dict[str, KnownEdition] = field(default_factory=dict)  # shipped first, then files by name
    refused: tuple[RefusedFile, ...] = ()

    def get(self, edition_id: Any) -> KnownEdition | None:
        return self.known.get(edition_id) if isinstance(edition_id, str) else None

    def why_not(self, edition_id: Any) -> str:
        """Why a game cannot start on this edition (a sentence for the banker)."""
        refused = next((r for r in self.refused if r.file == f"{edition_id}.json"), None)
        why = f": its file is refused ({refused.problems[0]})" if refused is not None else ""
        shown = str(edition_id)[:SHOWN]  # whatever a request sent, said back only this far
        return (f"there is no edition {shown!r} this table can play{why}; it knows "
                f"{', '.join(self.known)}")

    def files(self) -> list[dict[str, Any]]:
        """The data folder's files: the ones offered and the refused ones, by file name."""
        found: list[dict[str, Any]] = [{"file": e.source, "id": e.id, "problems": []}
                                       for e in self.known.values() if e.source != SHIPPED]
        found += [{"file": r.file, "id": None, "problems": list(r.problems)} for r in self.refused]
        return sorted(found, key=lambda f: f["file"])


def _piece_names(raw: dict[str, Any]) -> dict[str, dict[str, str]]:
    return {p["id"]: dict(p["name"]) for p in raw.get("pieces", ()) if isinstance(p, dict)}


def _known(raw: dict[str, Any], source: str) -> KnownEdition:
    """A family's file (checked: file_problems), offered with its content as the game's board."""
    return KnownEdition(id=raw["id"], names=dict(raw["name"]), source=source, pieces=piece_ids(raw),
                        piece_names=_piece_names(raw), money=Currency.from_data(raw["money"]), board=raw)


@cache
def _shipped() -> dict[str, KnownEdition]:
    """The shipped editions, from the engine's own (parsed once per process: they never change)."""
    found = {}
    for name in shipped_editions():
        edition = load_edition(name)
        found[name] = KnownEdition(id=edition.id, names=edition.names, source=SHIPPED, pieces=edition.pieces,
                                   piece_names={}, money=edition.money)
    return found


def file_problems(path: Path) -> tuple[dict[str, Any] | None, list[str]]:
    """An edition file read and checked: (its content, []) or (None, what is wrong)."""
    try:
        if path.stat().st_size > MAX_FILE:
            return None, [f"the file is larger than {MAX_FILE:,} bytes: it is not an edition file"]
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None, ["the file is not text (UTF-8)"]
    except OSError as exc:
        return None, [f"the file cannot be read: {exc.strerror or exc}"]
    try:
        raw = json.loads(text)
    except ValueError as exc:
        return None, [f"the file is not JSON: {exc}"]
    except RecursionError:
        return None, ["the file is not an edition: its JSON is nested far too deep"]
    problems = [str(p) for p in edition_problems(raw)]
    if problems:
        return None, problems
    try:
        parse_edition(raw)  # the engine takes it as it is (the checker and the engine agree)
    except (ValueError, KeyError, TypeError) as exc:
        return None, [f"the engine cannot play it: {exc}"]
    return raw, []


def table_editions(data_dir: Path | None) -> Editions:
    """Every edition this table knows: the shipped ones, then the data folder's valid files; the
    refused files with why."""
    known = dict(_shipped())
    refused: list[RefusedFile] = []
    folder = Path(data_dir) / FOLDER if data_dir is not None else None
    try:
        paths = sorted(folder.glob("*.json")) if folder is not None and folder.is_dir() else []
    except OSError:
        paths = []
    for path in paths:
        raw, problems = file_problems(path)
        if raw is not None:
            taken = known.get(raw["id"])
            if taken is not None:
                whose = "a shipped edition's" if taken.source == SHIPPED else f"the file {taken.source}'s"
                problems = [f"id: the id {raw['id']!r} is already {whose}; give this edition its own id"]
        if raw is None or problems:
            refused.append(RefusedFile(path.name, tuple(problems)))
            continue
        known[raw["id"]] = _known(raw, path.name)
    return Editions(known, tuple(refused))
