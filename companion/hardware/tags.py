"""The tag registry: which RFID tag (its UID) stands for which deed, token, card or the banker at
this table, and for which board.

A TOML file in the data folder, written by `companion enroll` and safe to edit by hand. A tag means
one thing only on a board, so a sticker re-used by mistake is caught at enrolment, not mid-game; one
thing may have several tags (a spare sticker for a worn deed).

Deeds and cards belong to a board (an edition): the same physical deed tag may stand for the last
deed of the London board in a London game and for the US board's last in a US one (a family that
re-stickers, or plays two boards with one set of tagged cards). The file keeps one section per
board, each line as it always was:

    [tags]                              # tokens, the banker's tag, and London's deeds and cards
    "04a1b2c3d4e5f6" = "token:dog"
    "04a1b2c3d4e5f7" = "deed:<a London square id>"

    [tags.us]                           # the US board's deeds and cards
    "04a1b2c3d4e5f7" = "deed:boardwalk"

Why sections, not an edition written into each line ("us:deed:boardwalk"): a person editing the
file sees one board at a time, a UID appears at most once in a section (TOML refuses a repeated key,
so two meanings for one UID could not be two lines of one table anyway), and a file written before
editions, with its single [tags] table, is read exactly as it was: its deeds and cards are London's,
the default edition, with no migration; a London-only table's file keeps its one [tags] table.
Tokens and the banker's tag are the table's whatever the board (a piece is a piece), so they live
under [tags] only; a token line under [tags.us] is refused, naming the line.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..rules.edition import DEFAULT_EDITION, EDITIONS, load_edition
from ..rules.taps import split_card, split_meaning
from .errors import TagError

if TYPE_CHECKING:
    from ..rules import Edition

log = logging.getLogger(__name__)

KINDS = ("deed", "token", "card", "banker")
BOARD_KINDS = ("deed", "card")  # a board's own tags: the others (tokens, banker) are every board's
# DEFAULT_EDITION (the engine's): what a deed or card line of [tags] (an edition-free line) is for
BANKER = "banker"  # the banker's own tag: the banker's step at the table (logs a screen in)
UID_BYTES = (4, 7, 10)  # ISO 14443-A single, double and triple size UIDs
_SQUARE_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")
_SEPARATORS = re.compile(r"[\s:.-]")
_HEX = re.compile(r"[0-9a-f]+")
_EDITION_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


class BadTag(TagError):
    """A UID or a meaning that is not well formed."""


class TagInUse(TagError):
    """The tag already stands for something else."""

    def __init__(self, uid: str, meaning: str, edition: str | None = None) -> None:
        board = f" on the {edition} board" if edition not in (None, DEFAULT_EDITION) else ""
        super().__init__(f"The tag {uid} is already {describe(meaning)}{board}")
        self.uid = uid
        self.meaning = meaning
        self.edition = edition


class TagFileError(TagError):
    """The tags file cannot be read as a registry."""


def normalize_uid(text: str) -> str:
    """A UID as the reader reports it (lower-case hex, no separators), from what a person typed."""
    uid = _SEPARATORS.sub("", text).lower()
    if uid.startswith("0x"):
        uid = uid[2:]
    if not _HEX.fullmatch(uid) or len(uid) not in (2 * n for n in UID_BYTES):
        raise BadTag(f"{text.strip()!r} is not a tag UID: 4, 7 or 10 bytes in hex, like 04a1b2c3d4e5f6")
    return uid


@cache
def editions() -> tuple[Edition, ...]:
    """Every edition in the data folder, the default one first (a table's tags outlive its
    games, of any edition)."""
    default = load_edition()
    return (default, *(load_edition(path.stem) for path in sorted(EDITIONS.glob("*.json"))
                       if path.stem != default.id))


def pieces_of(edition: Edition | None = None) -> tuple[str, ...]:
    """The pieces a token tag may stand for: the edition's (its data names them), or, without
    one, those of every edition (a registry is the table's, whatever game it plays)."""
    if edition is not None:
        return edition.pieces
    return tuple(dict.fromkeys(piece for known in editions() for piece in known.pieces))


def decks_of(edition: Edition | None = None) -> tuple[str, ...]:
    """The decks a card tag may name: the edition's, or, without one, those of every edition."""
    if edition is not None:
        return tuple(edition.decks)
    return tuple(dict.fromkeys(deck for known in editions() for deck in known.decks))


def check_meaning(meaning: str, edition: Edition | None = None) -> str:
    """The meaning if it is "deed:<square id>", "token:<piece>", "card:<deck>:<number>" or
    "banker" (a piece and a deck of the edition's; of any edition's without one)."""
    if meaning == BANKER:
        return meaning
    kind, value = split_meaning(meaning)
    if kind == "deed" and _SQUARE_ID.fullmatch(value):
        return meaning
    pieces, decks = pieces_of(edition), decks_of(edition)
    if kind == "token" and value in pieces:
        return meaning
    deck, number = split_card(value)
    if kind == "card" and deck in decks and number.isdigit() and 1 <= int(number) <= 99:
        return meaning
    raise BadTag(
        f"{meaning!r} is not a tag meaning: use deed:<square id>, token:<{'|'.join(pieces)}>"
        f", card:<{'|'.join(decks)}>:<card number> or banker"
    )


def describe(meaning: str, edition: Edition | None = None) -> str:
    """A meaning in words for a prompt or a refusal: the deed's name, "the <piece> token"."""
    if meaning == BANKER:
        return "the banker's tag"
    kind, value = split_meaning(meaning)
    if kind == "deed":
        if edition is not None and value in edition.by_id:
            return edition.by_id[value].name
        return f"the deed {value}"
    if kind == "token":
        return f"the {value} token"
    if kind == "card":
        deck, number = split_card(value)
        name = deck.replace("_", " ").title()
        if edition is not None and deck in edition.deck_names:
            name = edition.deck_names[deck]["en"]
            cards = edition.decks[deck]
            if number.isdigit() and 1 <= int(number) <= len(cards):
                return f"{name} card {number} ({cards[int(number) - 1].text})"
        return f"{name} card {number}"
    return repr(meaning)


def registry_path(tags_setting: str, data_dir: Path) -> Path:
    """Where the tags file is: the config's `tags`, relative to the data folder unless absolute."""
    path = Path(tags_setting).expanduser()
    return path if path.is_absolute() else data_dir / path


class TagRegistry:
    """UID -> meaning, loaded from and saved to one file; saving never leaves half a file.

    The tokens and the banker's tag are the table's (`free`); each deed and card tag is an
    edition's (`board`): one UID may be a deed of London and another deed of the US board.
    `edition` None is the default edition, London.
    """

    def __init__(self, path: Path, tags: dict[str, str] | None = None,
                 boards: dict[str, dict[str, str]] | None = None) -> None:
        self.path = path
        self._free: dict[str, str] = {}  # tokens and the banker's tag: whatever the board
        self._boards: dict[str, dict[str, str]] = {}  # edition -> UID -> deed or card
        for uid, meaning in (tags or {}).items():
            self.add(uid, meaning)
        for edition, tags_of in (boards or {}).items():
            for uid, meaning in tags_of.items():
                self.add(uid, meaning, edition)

    @classmethod
    def load(cls, path: Path) -> TagRegistry:
        """The registry in `path`; an empty one if there is no file yet."""
        try:
            with open(path, "rb") as f:
                raw = tomllib.load(f)
        except FileNotFoundError:
            return cls(path)
        except tomllib.TOMLDecodeError as exc:
            raise TagFileError(f"{path} is not valid TOML: {exc}") from None
        except OSError as exc:
            raise TagFileError(f"Cannot read {path}: {exc.strerror}") from None
        tags = raw.get("tags", {})
        if not isinstance(tags, dict):
            raise TagFileError(f"{path}: [tags] must be a table of \"UID\" = \"meaning\" lines")
        registry = cls(path)
        sections = {key: value for key, value in tags.items() if isinstance(value, dict)}
        try:
            registry._read(path, {k: v for k, v in tags.items() if k not in sections}, None)
            for edition, lines in sections.items():
                if not _EDITION_ID.fullmatch(edition):
                    raise TagFileError(f"{path}: [tags.{edition}] does not name an edition (its id: "
                                       f"lower-case letters, digits and hyphens, like [tags.us])")
                registry._read(path, lines, edition)
        except TagFileError:
            raise
        except TagError as exc:
            raise TagFileError(f"{path}: {exc}") from None
        return registry

    def _read(self, path: Path, lines: dict[str, object], edition: str | None) -> None:
        for uid, meaning in lines.items():
            if not isinstance(meaning, str):
                raise TagFileError(f"{path}: the tag {uid} must map to text, not {meaning!r}")
            if edition is not None and split_meaning(meaning)[0] not in BOARD_KINDS:
                raise TagFileError(f"{path}: the tag {uid} is {meaning!r} under [tags.{edition}]: "
                                   f"only deeds and cards are a board's; write tokens and the "
                                   f"banker's tag under [tags]")
            self.add(uid, meaning, edition)

    def save(self) -> None:
        """Write the file whole: a temporary file beside it, then an atomic rename."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lines = [
            "# The table's RFID tags: UID (hex, as the reader reports it) = what the tag stands for.",
            "# Written by `companion enroll`; safe to edit by hand.",
            "# Meanings: deed:<square id>, token:<piece>, card:<deck>:<number>, banker.",
            f"# [tags]: the tokens, the banker's tag and the {DEFAULT_EDITION} board's deeds and cards;",
            "# [tags.<edition id>]: another board's deeds and cards (the same tag may be in several).",
            "",
            "[tags]",
        ]
        lines += _lines({**self._free, **self._boards.get(DEFAULT_EDITION, {})})
        for edition in sorted(e for e, tags in self._boards.items() if tags and e != DEFAULT_EDITION):
            lines += ["", f"[tags.{edition}]", *_lines(self._boards[edition])]
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        log.debug("saved %d tags to %s", len(self), self.path)

    def add(self, uid: str, meaning: str, edition: str | None = None) -> str:
        """Enrol a tag (a deed or a card for `edition`, London by default; a token or the banker's
        tag for every board); refuses (TagInUse) a tag that already stands for something else
        there, and a token's tag as any deed or card (and the other way round)."""
        uid = normalize_uid(uid)
        check_meaning(meaning)
        clash = self.clash(uid, meaning, edition)
        if clash is not None:
            raise clash
        if split_meaning(meaning)[0] in BOARD_KINDS:
            self._boards.setdefault(_edition_id(edition), {})[uid] = meaning
        else:
            self._free[uid] = meaning
        return uid

    def clash(self, uid: str, meaning: str, edition: str | None = None) -> TagInUse | None:
        """Why this tag cannot be enrolled as this meaning (for this edition), or None."""
        uid = normalize_uid(uid)
        if split_meaning(meaning)[0] in BOARD_KINDS:
            board = _edition_id(edition)
            if uid in self._free:
                return TagInUse(uid, self._free[uid])
            existing = self._boards.get(board, {}).get(uid)
            return TagInUse(uid, existing, board) if existing not in (None, meaning) else None
        existing = self._free.get(uid)
        if existing is not None:
            return TagInUse(uid, existing) if existing != meaning else None
        return next((TagInUse(uid, tags[uid], e) for e, tags in sorted(self._boards.items(),
                     key=lambda kv: _board_order(kv[0])) if uid in tags), None)

    def remove(self, uid: str, edition: str | None = None) -> str | None:
        """Forget a tag (a lost or damaged sticker): a token or banker's tag, or the edition's deed
        or card; its meaning, or None if it was not known."""
        try:
            uid = normalize_uid(uid)
        except BadTag:
            return None
        if uid in self._free:
            return self._free.pop(uid)
        return self._boards.get(edition or DEFAULT_EDITION, {}).pop(uid, None)

    def lookup(self, uid: str, edition: str | None = None) -> str | None:
        """What a tag stands for at a game of this edition; None for an unknown (or malformed) UID."""
        try:
            uid = normalize_uid(uid)
        except BadTag:
            return None
        return self._free.get(uid) or self._boards.get(edition or DEFAULT_EDITION, {}).get(uid)

    def elsewhere(self, uid: str, edition: str | None = None) -> dict[str, str]:
        """The other editions a tag is a deed or card of (edition -> meaning), for a tag this
        edition does not know: "that is a deed of the US board"."""
        try:
            uid = normalize_uid(uid)
        except BadTag:
            return {}
        here = edition or DEFAULT_EDITION
        return {e: tags[uid] for e, tags in sorted(self._boards.items(), key=lambda kv: _board_order(kv[0]))
                if e != here and uid in tags}

    def has(self, meaning: str, edition: str | None = None) -> bool:
        """Whether some tag already stands for this meaning at a game of this edition (enrolment
        skips it)."""
        return meaning in self.as_dict(edition).values()

    def uids_for(self, meaning: str, edition: str | None = None) -> list[str]:
        return sorted(uid for uid, m in self.as_dict(edition).items() if m == meaning)

    def as_dict(self, edition: str | None = None) -> dict[str, str]:
        """A copy of UID -> meaning at a game of this edition: the tokens, the banker's tag, and
        the edition's deeds and cards."""
        return {**self._free, **self._boards.get(edition or DEFAULT_EDITION, {})}

    def boards(self) -> tuple[str, ...]:
        """The editions some deed or card tag is enrolled for, the default one first."""
        return tuple(sorted((e for e, tags in self._boards.items() if tags), key=_board_order))

    def __len__(self) -> int:
        return len(self._free) + sum(len(tags) for tags in self._boards.values())

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*self._free, *(uid for tags in self._boards.values() for uid in tags)]))


def _board_order(edition: str) -> tuple[bool, str]:
    return edition != DEFAULT_EDITION, edition


def _edition_id(edition: str | None) -> str:
    if edition is None:
        return DEFAULT_EDITION
    if not _EDITION_ID.fullmatch(edition):
        raise BadTag(f"{edition!r} is not an edition id: lower-case letters, digits and hyphens")
    return edition


def _lines(tags: dict[str, str]) -> list[str]:
    order = sorted(tags.items(), key=lambda kv: (KINDS.index(kv[1].split(":")[0]), kv[1], kv[0]))
    return [f"{json.dumps(uid)} = {json.dumps(meaning)}" for uid, meaning in order]
