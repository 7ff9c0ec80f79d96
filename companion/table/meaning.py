"""What a tag means, in one place: the game's own tag map first (tokens of its players, its
deeds, its cards: rules/taps.py reads it), then the table's registry of enrolled tags (pieces,
deeds, physical cards). Everything that asks "whose token is this", "which piece does Ann hold",
"who holds the dog" or "which tag is the car" asks here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..hardware.tags import TagRegistry
from ..rules import Game
from ..rules.taps import game_meaning, split_meaning

# The table's enrolled tags: the registry file, or (tests, scripts) a plain dict UID -> meaning.
Registry = TagRegistry | Mapping[str, str]


@dataclass(frozen=True)
class TapMeaning:
    kind: str  # "token", "deed", "card", "banker", "elsewhere" (another board's tag) or "unknown"
    value: str = ""  # the player or piece, the square id, the deck; for "elsewhere", the edition
    player: str | None = None  # for a token: the player it stands for in this game
    in_game: bool = False  # the game's own tag map knows it, so a tap may be a game command
    written: str = ""  # for "elsewhere": what the tag is on that board ("deed:boardwalk")

    @property
    def text(self) -> str:
        return f"{self.kind}:{self.value}" if self.value else self.kind


def enrolled(uid: str, registry: Registry | None, edition: str | None = None) -> str | None:
    """What the registry says a tag is (at a game of this edition: its deeds and cards)."""
    if registry is None:
        return None
    if isinstance(registry, TagRegistry):
        return registry.lookup(uid, edition)
    return registry.get(uid.lower()) or registry.get(uid) or registry.get(uid.upper())


def _items(registry: Registry | None, edition: str | None = None) -> list[tuple[str, str]]:
    if registry is None:
        return []
    return list((registry.as_dict(edition) if isinstance(registry, TagRegistry) else registry).items())


def what_tap_means(uid: str, game: Game | None, registry: Registry | None) -> TapMeaning:
    uid = uid.lower()
    known = game_meaning(game, uid) if game is not None else None
    if game is not None and known is not None:
        kind, value = known
        player = value if kind == "token" and value in game.seats else None
        return TapMeaning(kind, value, player, in_game=True)
    edition = game.edition.id if game is not None else None
    written = enrolled(uid, registry, edition)
    if written:
        kind, value = split_meaning(written)
        return TapMeaning(kind, value)
    if isinstance(registry, TagRegistry):
        for board, meaning in registry.elsewhere(uid, edition).items():
            return TapMeaning("elsewhere", board, written=meaning)  # another board's deed or card
    return TapMeaning("unknown")


def piece_of_tag(uid: str, registry: Registry | None) -> str | None:
    """The piece a token's tag is enrolled as (an id of the edition's pieces), or None for any
    other tag."""
    written = enrolled(uid, registry)
    if not written:
        return None
    kind, value = split_meaning(written)
    return value if kind == "token" and value else None


def pieces(game: Game, registry: Registry | None) -> dict[str, str]:
    """Each player's piece in this game: the piece whose tag taps as that player's token."""
    found: dict[str, str] = {}
    for uid in game.tags:
        known = game_meaning(game, uid)
        piece = piece_of_tag(uid, registry)
        if known is not None and known[0] == "token" and known[1] in game.seats and piece:
            found.setdefault(known[1], piece)
    return found


def player_of_piece(game: Game, registry: Registry | None, piece: str) -> str | None:
    """Who holds this piece in this game, or None."""
    return next((player for player, held in pieces(game, registry).items() if held == piece), None)


def tag_for(written: str, game: Game | None, registry: Registry | None) -> str | None:
    """A tag that stands for this meaning ("token:Ann" in the game, "token:car" enrolled), or None."""
    candidates = list(game.tags.items()) if game is not None else []
    candidates += _items(registry, game.edition.id if game is not None else None)
    return next((uid for uid, meaning in candidates if meaning == written), None)


def game_tags(registry: Registry | None, tokens: dict[str, str],
              edition: str | None = None) -> dict[str, str]:
    """The tag map of a new game: every deed and card enrolled for its edition (London's when
    None; a plain mapping is taken as that edition's already), and each player's piece as their
    token. registry: UID -> "deed:<square>" / "token:<piece>" / "card:<deck>:<n>";
    tokens: player -> piece.
    """
    piece_owner = {piece: player for player, piece in tokens.items()}
    tags = {}
    for uid, written in _items(registry, edition):
        kind, value = split_meaning(written)
        if kind in ("deed", "card"):
            tags[uid] = written
        elif kind == "token" and value in piece_owner:
            tags[uid] = f"token:{piece_owner[value]}"
    return tags
