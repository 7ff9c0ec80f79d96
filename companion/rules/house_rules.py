"""House rules: one frozen settings object, read at the few places where a rule branches."""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from .errors import Malformed


@dataclass(frozen=True, slots=True)
class HouseRules:
    starting_cash: int = 1500
    salary: int = 200
    jail_fine: int = 50
    shuffle: bool = True
    auction_on_decline: bool = True
    decliner_may_bid: bool = True
    auto_collect_rent: bool = True
    jail_doubles_roll_again: bool = True
    building_sellback: float = 0.5
    max_houses_per_turn: int | None = None
    max_houses_per_group_per_turn: int | None = None
    houses: int = 32
    hotels: int = 12
    trade_window: str = "any"
    free_parking_pot: bool = False
    income_tax_percent: int | None = None
    interpol: bool = False
    physical_decks: bool = False  # the table draws printed cards and taps them on the reader

    @classmethod
    def from_dict(cls, raw: dict[str, Any] | None) -> HouseRules:
        """Check every key and type: a misspelt rule must stop the game before it starts."""
        raw = raw or {}
        if not isinstance(raw, dict):
            raise Malformed("rules must be an object of house rules")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in raw.items():
            if key not in known:
                raise Malformed(f"unknown house rule {key!r}; known: {', '.join(sorted(known))}")
            values[key] = _check(key, value)
        return cls(**values)

    @property
    def sellback(self) -> tuple[int, int]:
        """building_sellback as an exact fraction (numerator, denominator): 0.29 is 29/100.

        The number is read as the decimal it was written as, so no binary floating-point error
        creeps into an amount (RULES.md 9: 0.29 of 100 is 29, not 28).
        """
        return _exact(self.building_sellback)

    @property
    def building_limited(self) -> bool:
        """A building limit is set: building then happens only in one's own turn, before the roll."""
        return self.max_houses_per_turn is not None or self.max_houses_per_group_per_turn is not None

    def changed(self) -> dict[str, Any]:
        """The rules that differ from the defaults (what a script's new_game line needs)."""
        default = HouseRules()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }


_EXACT: dict[float, tuple[int, int]] = {}


def _exact(value: float) -> tuple[int, int]:
    """A number as the exact fraction of the decimal written, worked out once per value (every
    game asks it when it starts, and Fraction reads the decimal with a regular expression)."""
    found = _EXACT.get(value)
    if found is None:
        if len(_EXACT) >= 64:  # a table trying many values over the months: keep a few
            _EXACT.clear()
        exact = Fraction(repr(value))
        found = _EXACT[value] = (exact.numerator, exact.denominator)
    return found


_AMOUNTS = ("starting_cash", "salary", "jail_fine", "houses", "hotels")
MAX_AMOUNT = 10**9  # far beyond any table's money, well inside what SQLite stores (2**63)
_FLAGS = (
    "shuffle", "auction_on_decline", "decliner_may_bid", "auto_collect_rent",
    "jail_doubles_roll_again", "free_parking_pot", "interpol", "physical_decks",
)


# What each house rule may be, for screens that set them (GET /api/rules) and the API's schema:
# its kind, and the range of a number (the checks below refuse anything else).
KINDS: dict[str, str] = {
    **dict.fromkeys(_AMOUNTS, "int"),
    **dict.fromkeys(_FLAGS, "bool"),
    "building_sellback": "fraction",
    "max_houses_per_turn": "optint",
    "max_houses_per_group_per_turn": "optint",
    "income_tax_percent": "optint",
    "trade_window": "choice",
}
RANGES: dict[str, tuple[float, float | None]] = {
    **dict.fromkeys(_AMOUNTS, (0, MAX_AMOUNT)),
    "building_sellback": (0, 1),
    "max_houses_per_turn": (1, None),
    "max_houses_per_group_per_turn": (1, None),
    "income_tax_percent": (1, 100),
}
CHOICES: dict[str, tuple[str, ...]] = {"trade_window": ("any", "before_roll")}


def definitions() -> list[dict[str, Any]]:
    """Every house rule, in the rule book's order: key, kind (int, bool, fraction, optint: a whole
    number or none, choice), default, and the range or the choices it may take."""
    default = HouseRules()
    out = []
    for f in fields(HouseRules):
        kind = KINDS[f.name]
        rule: dict[str, Any] = {"key": f.name, "kind": kind, "default": getattr(default, f.name)}
        if f.name in RANGES:
            rule["min"], rule["max"] = RANGES[f.name]
        if f.name in CHOICES:
            rule["choices"] = list(CHOICES[f.name])
        out.append(rule)
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(key: str, value: Any) -> Any:
    if key in _AMOUNTS:
        if not _is_int(value) or not 0 <= value <= MAX_AMOUNT:
            raise Malformed(f"house rule {key} must be a whole number from 0 to {MAX_AMOUNT:,}")
        return value
    if key in _FLAGS:
        if not isinstance(value, bool):
            raise Malformed(f"house rule {key} must be true or false")
        return value
    if key == "building_sellback":
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            raise Malformed("house rule building_sellback must be a fraction from 0 to 1")
        return float(value)
    if key in ("max_houses_per_turn", "max_houses_per_group_per_turn"):
        if value is not None and (not _is_int(value) or value < 1):
            raise Malformed(f"house rule {key} must be a whole number of 1 or more")
        return value
    if key == "income_tax_percent":
        if value is not None and (not _is_int(value) or not 1 <= value <= 100):
            raise Malformed("house rule income_tax_percent must be a whole percent from 1 to 100")
        return value
    if key == "trade_window":
        if value not in CHOICES[key]:
            raise Malformed('house rule trade_window must be "any" or "before_roll"')
        return value
    raise AssertionError(key)
