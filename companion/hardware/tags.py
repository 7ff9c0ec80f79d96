"""The tag registry: which RFID tag (its UID) stands for which deed, token or deck at this table.

A TOML file in the data folder, written by `companion enroll` and safe to edit by hand. A tag means
one thing only, so a sticker re-used by mistake is caught at enrolment, not mid-game; one thing may
have several tags (a spare sticker for a worn deed).
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

from ..rules.edition import EDITIONS, load_edition
from ..rules.taps import split_card, split_meaning
from .errors import TagError

if TYPE_CHECKING:
    from ..rules import Edition

log = logging.getLogger(__name__)

KINDS = ("deed", "token", "card", "banker")
BANKER = "banker"  # the banker's own tag: the banker's step at the table (logs a screen in)
UID_BYTES = (4, 7, 10)  # ISO 14443-A single, double and triple size UIDs
_SQUARE_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")
_SEPARATORS = re.compile(r"[\s:.-]")
_HEX = re.compile(r"[0-9a-f]+")


class BadTag(TagError):
    """A UID or a meaning that is not well formed."""


class TagInUse(TagError):
    """The tag already stands for something else."""

    def __init__(self, uid: str, meaning: str) -> None:
        super().__init__(f"The tag {uid} is already {describe(meaning)}")
        self.uid = uid
        self.meaning = meaning


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
    """UID -> meaning, loaded from and saved to one file; saving never leaves half a file."""

    def __init__(self, path: Path, tags: dict[str, str] | None = None) -> None:
        self.path = path
        self._tags: dict[str, str] = {}
        for uid, meaning in (tags or {}).items():
            self.add(uid, meaning)

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
        for uid, meaning in tags.items():
            if not isinstance(meaning, str):
                raise TagFileError(f"{path}: the tag {uid} must map to text, not {meaning!r}")
            try:
                registry.add(uid, meaning)
            except TagError as exc:
                raise TagFileError(f"{path}: {exc}") from None
        return registry

    def save(self) -> None:
        """Write the file whole: a temporary file beside it, then an atomic rename."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lines = [
            "# The table's RFID tags: UID (hex, as the reader reports it) = what the tag stands for.",
            "# Written by `companion enroll`; safe to edit by hand.",
            "# Meanings: deed:<square id>, token:<piece>, card:<deck>:<number>, banker.",
            "",
            "[tags]",
        ]
        order = sorted(self._tags.items(), key=lambda kv: (KINDS.index(kv[1].split(":")[0]), kv[1], kv[0]))
        lines += [f"{json.dumps(uid)} = {json.dumps(meaning)}" for uid, meaning in order]
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
        log.debug("saved %d tags to %s", len(self._tags), self.path)

    def add(self, uid: str, meaning: str) -> str:
        """Enrol a tag; refuses (TagInUse) a tag that already stands for something else."""
        uid = normalize_uid(uid)
        check_meaning(meaning)
        existing = self._tags.get(uid)
        if existing is not None and existing != meaning:
            raise TagInUse(uid, existing)
        self._tags[uid] = meaning
        return uid

    def remove(self, uid: str) -> str | None:
        """Forget a tag (a lost or damaged sticker); its meaning, or None if it was not known."""
        try:
            return self._tags.pop(normalize_uid(uid), None)
        except BadTag:
            return None

    def lookup(self, uid: str) -> str | None:
        """What a tag stands for; None for an unknown (or malformed) UID."""
        try:
            return self._tags.get(normalize_uid(uid))
        except BadTag:
            return None

    def has(self, meaning: str) -> bool:
        """Whether some tag already stands for this meaning (enrolment skips it)."""
        return meaning in self._tags.values()

    def uids_for(self, meaning: str) -> list[str]:
        return sorted(uid for uid, m in self._tags.items() if m == meaning)

    def as_dict(self) -> dict[str, str]:
        """A copy of UID -> meaning."""
        return dict(self._tags)

    def __len__(self) -> int:
        return len(self._tags)

    def __iter__(self) -> Iterator[str]:
        return iter(dict(self._tags))
