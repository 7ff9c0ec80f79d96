"""An edition is the board and the two decks, read from a data file.

The engine never names a street: prices, rents, groups and card texts all come from here, so another
edition (US names, a Russian edition) is another JSON file with the same shape.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..i18n.money import Currency

EDITIONS = Path(__file__).parent / "editions"
DEFAULT_EDITION = "london"  # the board a game is played on when it names none (TABLE-SCRIPT.md)

OWNABLE_KINDS = ("lot", "station", "utility")
CARD_ACTIONS = (
    "advance_to", "collect", "pay", "repairs", "go_to_jail", "jail_card",
    "back", "back_to", "birthday", "pay_or_draw",
    "advance_to_nearest", "pay_each_player",  # RULES.md 3a: the US decks' own kinds
)
# What "advance_to_nearest" may name, and the one number each kind of square takes with it:
# {"kind": "station", "rent_times": 2} or {"kind": "utility", "dice_times": 10}.
NEAREST_TIMES = {"station": "rent_times", "utility": "dice_times"}


class Immutable:
    """Edition data never changes, so copying a game shares it instead of duplicating it."""

    __slots__ = ()

    def __copy__(self) -> Immutable:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Immutable:
        return self


@dataclass(frozen=True, slots=True)
class Square(Immutable):
    index: int
    id: str
    name: str
    names: dict[str, str]
    kind: str
    group: str | None = None
    price: int = 0
    rents: tuple[int, ...] = ()
    house_cost: int = 0
    tax: int = 0
    income_tax: bool = False
    ownable: bool = False  # a deed: lot, station or utility
    # language -> case ("gen", "dat", "acc", "ins", "pre") -> the name in it (companion/i18n)
    cases: dict[str, dict[str, str]] | None = None

    @property
    def mortgage_value(self) -> int:
        return self.price // 2


@dataclass(frozen=True, slots=True)
class Card(Immutable):
    deck: str
    number: int  # 1-based, as printed
    texts: dict[str, str]
    action: str
    value: Any

    @property
    def text(self) -> str:
        return self.texts["en"]

    @property
    def names(self) -> dict[str, str]:
        """The card as players read it, by language (how texts name a card)."""
        return self.texts


@dataclass(frozen=True, slots=True)
class Edition(Immutable):
    id: str
    names: dict[str, str]  # the board's own name, by language ("London (classic)")
    squares: tuple[Square, ...]
    groups: dict[str, tuple[int, ...]]  # group name -> square indices, board order
    group_info: dict[str, dict[str, Any]]
    station_rents: tuple[int, ...]
    utility_multipliers: tuple[int, ...]
    decks: dict[str, tuple[Card, ...]]
    deck_names: dict[str, dict[str, str]]
    by_id: dict[str, Square]
    pieces: tuple[str, ...]  # the playing pieces of the set (tokens), by id
    money: Currency  # its sign and its noun in each language, as the table writes and says amounts

    @property
    def size(self) -> int:
        return len(self.squares)

    @property
    def ownable(self) -> tuple[Square, ...]:
        return tuple(sq for sq in self.squares if sq.ownable)

    @property
    def jail(self) -> int:
        return next(sq.index for sq in self.squares if sq.kind == "jail")

    def square(self, square_id: str) -> Square:
        return self.by_id[square_id]


def _square(index: int, raw: dict[str, Any]) -> Square:
    names = dict(raw["name"])
    return Square(
        index=index,
        id=raw["id"],
        name=names["en"],
        names=names,
        kind=raw["kind"],
        group=raw.get("group"),
        price=int(raw.get("price", 0)),
        rents=tuple(raw.get("rents", ())),
        house_cost=int(raw.get("house_cost", 0)),
        tax=int(raw.get("amount", 0)) if raw["kind"] == "tax" else 0,
        income_tax=bool(raw.get("income_tax", False)),
        ownable=raw["kind"] in OWNABLE_KINDS,
        cases={lang: dict(forms) for lang, forms in raw.get("cases", {}).items()},
    )


def _card(deck: str, number: int, raw: dict[str, Any]) -> Card:
    (action, value), = raw["action"].items()
    if action not in CARD_ACTIONS:
        raise ValueError(f"{deck} card {number}: unknown action {action!r}")
    return Card(deck=deck, number=number, texts=dict(raw["text"]), action=action, value=value)


def _check_nearest(card: Card, squares: tuple[Square, ...]) -> None:
    """{"kind": "station", "rent_times": 2} or {"kind": "utility", "dice_times": 10}, of a kind
    the board has: the card can always find its square."""
    value = card.value
    kind = value.get("kind") if isinstance(value, dict) else None
    times = NEAREST_TIMES.get(kind) if isinstance(kind, str) else None
    if times is None or set(value) != {"kind", times} or type(value[times]) is not int or value[times] < 1:
        raise ValueError(f"{card.deck} card {card.number}: advance_to_nearest needs "
                         '{"kind": "station", "rent_times": N} or {"kind": "utility", "dice_times": N}')
    if not any(sq.kind == kind for sq in squares):
        raise ValueError(f"{card.deck} card {card.number}: the board has no {kind}")


def parse_edition(raw: dict[str, Any]) -> Edition:
    """Build an edition from its JSON form (checked enough that a typo fails at load, not mid-game)."""
    squares = tuple(_square(i, sq) for i, sq in enumerate(raw["squares"]))
    by_id = {sq.id: sq for sq in squares}
    if len(by_id) != len(squares):
        raise ValueError("square ids must be unique")
    groups: dict[str, list[int]] = {}
    for sq in squares:
        if sq.kind == "lot":
            groups.setdefault(sq.group or "", []).append(sq.index)
    decks = {
        name: tuple(_card(name, n, card) for n, card in enumerate(deck["cards"], start=1))
        for name, deck in raw["decks"].items()
    }
    for deck in decks.values():
        for card in deck:
            if card.action in ("advance_to", "back_to") and card.value not in by_id:
                raise ValueError(f"{card.deck} card {card.number}: no square {card.value!r}")
            if card.action == "advance_to_nearest":
                _check_nearest(card, squares)
    return Edition(
        id=raw["id"],
        names=dict(raw.get("name", {})),
        squares=squares,
        groups={g: tuple(ix) for g, ix in groups.items()},
        group_info=dict(raw.get("groups", {})),
        station_rents=tuple(raw["station_rents"]),
        utility_multipliers=tuple(raw["utility_multipliers"]),
        decks=decks,
        deck_names={name: dict(deck["name"]) for name, deck in raw["decks"].items()},
        by_id=by_id,
        pieces=piece_ids(raw),
        money=Currency.from_data(raw["money"]),
    )


def piece_ids(raw: dict[str, Any]) -> tuple[str, ...]:
    """The pieces of an edition's JSON by id: a classic piece is its id, a file's own piece
    `{"id", "name"}` (rules/edition_check.py)."""
    return tuple(p if isinstance(p, str) else p["id"] for p in raw["pieces"])


@cache
def shipped_editions() -> tuple[str, ...]:
    """The ids of the editions that come with the companion (london first, the default): the
    package's own files, listed once per process."""
    found = sorted(path.stem for path in EDITIONS.glob("*.json"))
    return tuple(sorted(found, key=lambda name: name != DEFAULT_EDITION))


def edition_json(name: str) -> dict[str, Any]:
    """A shipped edition as its file says it (FileNotFoundError for an edition not shipped)."""
    if name not in shipped_editions():
        raise FileNotFoundError(name)
    with open(EDITIONS / f"{name}.json", encoding="utf-8") as f:
        raw: dict[str, Any] = json.load(f)
    return raw


@cache
def load_edition(name: str = DEFAULT_EDITION) -> Edition:
    """Read an edition once per process; editions are immutable, so sharing them is safe."""
    return parse_edition(edition_json(name))
