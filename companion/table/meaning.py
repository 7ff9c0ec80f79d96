"""What a tag means: the game's own tag map first (tokens of its players, its deeds), then the
table's registry of enrolled tags (pieces not in this game, deeds, physical cards)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules import Game


@dataclass(frozen=True)
class TapMeaning:
    kind: str  # "token", "deed", "card" or "unknown"
    value: str = ""  # the player or piece, the square id, the deck
    player: str | None = None  # for a token: the player it stands for in this game
    in_game: bool = False  # the game's own tag map knows it, so a tap may be a game command

    @property
    def text(self) -> str:
        return f"{self.kind}:{self.value}" if self.value else self.kind


def _split(written: str) -> tuple[str, str]:
    kind, _, value = written.partition(":")
    return kind, value


def what_tap_means(uid: str, game: Game | None, registry: Any) -> TapMeaning:
    uid = uid.lower()
    if game is not None and uid in game.tags:
        kind, value = _split(game.tags[uid])
        player = value if kind == "token" and value in game.seats else None
        return TapMeaning(kind, value, player, in_game=True)
    written = None
    if registry is not None:
        lookup = getattr(registry, "lookup", None) or registry.get  # a TagRegistry, or a plain dict
        written = lookup(uid)
    if written:
        kind, value = _split(written)
        return TapMeaning(kind, value)
    return TapMeaning("unknown")


def game_tags(registry: dict[str, str], tokens: dict[str, str]) -> dict[str, str]:
    """The tag map of a new game: every enrolled deed and card, and each player's piece as
    their token. registry: UID -> "deed:<square>" / "token:<piece>" / "card:<deck>:<n>";
    tokens: player -> piece.
    """
    piece_owner = {piece: player for player, piece in tokens.items()}
    tags = {}
    for uid, written in registry.items():
        kind, value = _split(written)
        if kind in ("deed", "card"):
            tags[uid] = written
        elif kind == "token" and value in piece_owner:
            tags[uid] = f"token:{piece_owner[value]}"
    return tags
