"""Is this edition file a playable classic board? (RULES.md section 3b)

`edition_problems(raw)` reads the parsed JSON of an edition file and returns every problem found,
each as the place in the file (a JSON path: `squares[7].rents`, `decks.chance.cards[4].action`)
and what is wrong there in plain words; an empty list is a board the engine can play. Pure: the
caller reads the file (companion/editions.py, the command line), this only looks at its data, so
the engine can check a board a game carries inline as surely as one read from a folder.

The languages a file is written in are the keys of its `"name"` (English always among them):
every square, group, deck, card and named piece, and the money's nouns, need a name in each.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any, Final, NamedTuple

from .edition import CARD_ACTIONS, edition_json, shipped_editions

BOARD_SIZE: Final = 40
SQUARE_KINDS: Final = frozenset({
    "go", "lot", "station", "utility", "tax", "chance", "community_chest", "jail", "free_parking",
    "go_to_jail",
})
PRICED_KINDS: Final = frozenset({"lot", "station", "utility"})
DECKS: Final = ("chance", "community_chest")  # the square kind that draws from each is its name
KNOWN_ACTIONS: Final = frozenset(CARD_ACTIONS)  # RULES.md 3 and 3a: the card kinds the engine plays


@cache
def classic_pieces() -> frozenset[str]:
    """The pieces the companion draws and names itself: those of the shipped editions (by their
    ids alone); any other piece names itself in the file."""
    return frozenset(piece for name in shipped_editions() for piece in edition_json(name)["pieces"]
                     if type(piece) is str)


# CLDR plural categories a language's money noun needs (a language not listed: "one" and "other").
PLURALS: Final = {"en": ("one", "other"), "ru": ("one", "few", "many", "other")}
RENTS: Final = 6  # bare lot, 1 to 4 houses, hotel
STATION_RENTS: Final = 4
UTILITY_MULTIPLIERS: Final = 2


class Problem(NamedTuple):
    """One thing wrong with an edition file: where (a JSON path) and what."""

    path: str
    what: str

    def __str__(self) -> str:
        return f"{self.path}: {self.what}"


def _whole(value: Any) -> bool:
    return type(value) is int and value > 0


def _slug(value: Any) -> bool:
    """An id as the engine and the table scripts take it: lower-case letters, digits, hyphens."""
    return (type(value) is str and value != "" and value.isascii() and value == value.lower()
            and value.replace("-", "").isalnum())


class _Check:
    """One pass over a file, gathering its problems in file order."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.problems: list[Problem] = []
        self.languages: tuple[str, ...] = ("en",)
        self.square_ids: set[str] = set()
        self.group_ids: set[str] = set()

    def bad(self, path: str, what: str) -> None:
        self.problems.append(Problem(path, what))

    def names(self, path: str, value: Any, what: str = "a name") -> None:
        """A {language: text} object with a non-empty text in every language the file claims."""
        if type(value) is not dict:
            self.bad(path, f"should be {what} in each language, as {{\"en\": ..., ...}}")
            return
        for lang in self.languages:
            text = value.get(lang)
            if type(text) is not str or not text.strip():
                self.bad(f"{path}.{lang}", f"{what} in the language {lang!r} is missing (the file "
                                            f"is written in {', '.join(self.languages)})")

    def whole(self, path: str, value: Any, what: str) -> None:
        if not _whole(value):
            self.bad(path, f"{what} should be a positive whole number, not {json_word(value)}")

    def numbers(self, path: str, value: Any, length: int, what: str) -> None:
        if type(value) is not list or len(value) != length:
            count = f"{len(value)}" if type(value) is list else json_word(value)
            self.bad(path, f"{what} should be a list of {length} positive whole numbers, not {count}")
            return
        for i, n in enumerate(value):
            self.whole(f"{path}[{i}]", n, "each number")

    # ---- the parts of a file -------------------------------------------------------------------

    def run(self) -> list[Problem]:
        raw = self.raw
        if type(raw) is not dict:
            self.bad("$", "an edition file is one JSON object ({...})")
            return self.problems
        self.edition_name(raw.get("name"))
        if not _slug(raw.get("id")):
            self.bad("id", "the edition's id should be lower-case letters, digits and hyphens "
                           "(as in \"my-city\")")
        self.money(raw.get("money"))
        self.pieces(raw.get("pieces"))
        self.groups(raw.get("groups"))
        self.numbers("station_rents", raw.get("station_rents"), STATION_RENTS,
                     "the station rents (1 to 4 stations owned)")
        self.numbers("utility_multipliers", raw.get("utility_multipliers"), UTILITY_MULTIPLIERS,
                     "the utility multipliers (1 or 2 utilities owned)")
        self.squares(raw.get("squares"))
        self.decks(raw.get("decks"))
        return self.problems

    def edition_name(self, name: Any) -> None:
        if type(name) is not dict or not name:
            self.bad("name", "the edition's name, in each language it is played in, is missing "
                             "(as {\"en\": \"My city\", \"ru\": ...})")
            return
        if "en" not in name:
            self.bad("name.en", "every edition has an English name (the ledger's language)")
        self.languages = languages_of({"name": name})
        for lang in self.languages:
            if not (type(lang) is str and lang.isascii() and lang.isalpha() and lang.islower()):
                self.bad("name", f"{lang!r} is not a language code (as \"en\", \"ru\")")
        self.names("name", name, "the edition's name")

    def money(self, money: Any) -> None:
        if type(money) is not dict:
            self.bad("money", "the money is missing: {\"sign\": ..., \"nouns\": {...}}")
            return
        sign = money.get("sign")
        if type(sign) is not str or not sign.strip():
            self.bad("money.sign", "the money's sign (the one printed on the notes and the board) is missing")
        nouns = money.get("nouns")
        if type(nouns) is not dict:
            self.bad("money.nouns", "the money's nouns, by language and plural form, are missing")
            return
        for lang in self.languages:
            forms = nouns.get(lang)
            if type(forms) is not dict:
                self.bad(f"money.nouns.{lang}", f"the money's noun in the language {lang!r} is missing")
                continue
            for form in PLURALS.get(lang, ("one", "other")):
                word = forms.get(form)
                if type(word) is not str or not word.strip():
                    self.bad(f"money.nouns.{lang}.{form}",
                             f"the money's noun for the plural form {form!r} is missing")

    def pieces(self, pieces: Any) -> None:
        if type(pieces) is not list or not pieces:
            self.bad("pieces", "the playing pieces should be a list of at least one piece")
            return
        seen: set[str] = set()
        for i, piece in enumerate(pieces):
            path = f"pieces[{i}]"
            if type(piece) is dict:
                self.names(f"{path}.name", piece.get("name"), "the piece's name")
                piece = piece.get("id")
            elif type(piece) is str and piece not in classic_pieces():
                classic = ", ".join(sorted(classic_pieces()))
                self.bad(path, f"{piece!r} is not one of the classic pieces ({classic}); another piece "
                               "is written {\"id\": ..., \"name\": {...}}")
            if not _slug(piece):
                self.bad(path, "a piece's id should be lower-case letters, digits and hyphens")
                continue
            if piece in seen:
                self.bad(path, f"the piece {piece!r} is listed twice")
            seen.add(piece)

    def groups(self, groups: Any) -> None:
        if type(groups) is not dict or not groups:
            self.bad("groups", "the colour groups are missing: {\"brown\": {\"name\": {...}}, ...}")
            return
        for key, group in groups.items():
            path = f"groups.{key}"
            self.group_ids.add(key)
            if type(group) is not dict:
                self.bad(path, "a group should be {\"name\": {...}, \"colour\": \"#RRGGBB\"}")
                continue
            self.names(f"{path}.name", group.get("name"), "the group's name")

    def squares(self, squares: Any) -> None:
        if type(squares) is not list:
            self.bad("squares", f"the board should be a list of {BOARD_SIZE} squares")
            return
        if len(squares) != BOARD_SIZE:
            self.bad("squares", f"a classic board has {BOARD_SIZE} squares, this one has {len(squares)}")
        ids = Counter(sq.get("id") for sq in squares if type(sq) is dict and type(sq.get("id")) is str)
        kinds: dict[str, list[int]] = {}
        house_costs: dict[str, dict[int, int]] = {}
        for i, sq in enumerate(squares):
            path = f"squares[{i}]"
            if type(sq) is not dict:
                self.bad(path, "a square should be an object ({\"id\": ..., \"kind\": ...})")
                continue
            sq_id: Any = sq.get("id")
            if not _slug(sq_id):
                self.bad(f"{path}.id", "a square's id should be lower-case letters, digits and hyphens")
            else:
                self.square_ids.add(sq_id)
                if ids[sq_id] > 1:
                    self.bad(f"{path}.id", f"the id {sq_id!r} is used by {ids[sq_id]} squares")
            self.names(f"{path}.name", sq.get("name"), "the square's name")
            kind = sq.get("kind")
            if type(kind) is not str or kind not in SQUARE_KINDS:
                self.bad(f"{path}.kind", f"unknown kind of square {json_word(kind)} (one of "
                                         f"{', '.join(sorted(SQUARE_KINDS))})")
                continue
            kinds.setdefault(kind, []).append(i)
            if kind in PRICED_KINDS:
                self.whole(f"{path}.price", sq.get("price"), "the price")
            if kind == "tax":
                self.whole(f"{path}.amount", sq.get("amount"), "the tax")
            if kind == "lot":
                group = sq.get("group")
                if type(group) is not str or group not in self.group_ids:
                    self.bad(f"{path}.group", f"the group {json_word(group)} is not one of the file's "
                                              "groups")
                self.numbers(f"{path}.rents", sq.get("rents"), RENTS,
                             "the rents (bare lot, 1 to 4 houses, hotel)")
                cost: Any = sq.get("house_cost")
                self.whole(f"{path}.house_cost", cost, "the house cost")
                if type(group) is str and _whole(cost):
                    house_costs.setdefault(group, {})[i] = cost
        self.landmarks(kinds)
        for group, costs in house_costs.items():
            if len(set(costs.values())) > 1:
                first = min(costs)
                for i, cost in costs.items():
                    if cost != costs[first]:
                        self.bad(f"squares[{i}].house_cost",
                                 f"a house costs {cost} here but {costs[first]} on squares[{first}]: "
                                 f"the lots of the {group!r} group must cost the same")
        for group in sorted(self.group_ids - house_costs.keys()):
            if not any(type(sq) is dict and sq.get("group") == group for sq in squares):
                self.bad(f"groups.{group}", "no lot of the board is in this group")

    def landmarks(self, kinds: dict[str, list[int]]) -> None:
        """One GO (the first square), one jail, one go-to-jail."""
        gos = kinds.get("go", [])
        if not gos:
            self.bad("squares[0].kind", "the board has no GO (the first square is GO)")
        for i in gos:
            if i != 0:
                self.bad(f"squares[{i}].kind", "a second GO: the board has one, the first square"
                         if 0 in gos else "GO must be the first square (squares[0])")
        for kind, word in (("jail", "jail"), ("go_to_jail", "go-to-jail square")):
            found = kinds.get(kind, [])
            if not found:
                self.bad("squares", f"the board has no {word}")
            for i in found[1:]:
                self.bad(f"squares[{i}].kind", f"a second {word}: the board has one")
        for deck in DECKS:
            if kinds.get(deck) and type(self.raw.get("decks")) is dict and deck not in self.raw["decks"]:
                self.bad("decks", f"squares[{kinds[deck][0]}] draws from the deck {deck!r}, which "
                                  "the file lacks")

    def decks(self, decks: Any) -> None:
        if type(decks) is not dict:
            self.bad("decks", "the decks are missing: {\"chance\": {...}, \"community_chest\": {...}}")
            return
        for name, deck in decks.items():
            path = f"decks.{name}"
            if name not in DECKS:
                self.bad(path, f"unknown deck (the decks are {' and '.join(DECKS)})")
                continue
            if type(deck) is not dict:
                self.bad(path, "a deck should be {\"name\": {...}, \"cards\": [...]}")
                continue
            self.names(f"{path}.name", deck.get("name"), "the deck's name")
            cards = deck.get("cards")
            if type(cards) is not list or not cards:
                self.bad(f"{path}.cards", "a deck should have a list of at least one card")
                continue
            for n, card in enumerate(cards):
                self.card(f"{path}.cards[{n}]", card, decks)

    def card(self, path: str, card: Any, decks: dict[str, Any]) -> None:
        if type(card) is not dict:
            self.bad(path, "a card should be {\"text\": {...}, \"action\": {...}}")
            return
        self.names(f"{path}.text", card.get("text"), "the card's text")
        action = card.get("action")
        if type(action) is not dict or len(action) != 1:
            self.bad(f"{path}.action", "a card's action should be one kind and its value, as "
                                       "{\"collect\": 100}")
            return
        (kind, value), = action.items()
        if kind not in KNOWN_ACTIONS:
            known = ", ".join(sorted(KNOWN_ACTIONS))
            self.bad(f"{path}.action", f"unknown kind of card {kind!r} (one of {known})")
            return
        wrong = _card_value(kind, value, self.square_ids, decks)
        if wrong:
            self.bad(f"{path}.action.{kind}", wrong)


def _card_value(kind: str, value: Any, squares: set[str], decks: dict[str, Any]) -> str:
    """What is wrong with a card's value for its kind ("" when nothing)."""
    if kind in ("advance_to", "back_to"):
        if type(value) is not str:
            return "should name a square by its id"
        return "" if value in squares else f"names the square {value!r}, which the board lacks"
    if kind in ("collect", "pay", "birthday", "pay_each_player"):
        return "" if _whole(value) else "should be an amount: a positive whole number"
    if kind == "back":
        return "" if _whole(value) and value < BOARD_SIZE else \
            f"should be a number of squares, 1 to {BOARD_SIZE - 1}"
    if kind in ("go_to_jail", "jail_card"):
        return "" if value is True else "should be true"
    if kind == "repairs":
        if type(value) is dict and set(value) == {"house", "hotel"} and all(map(_whole, value.values())):
            return ""
        return "should be {\"house\": amount, \"hotel\": amount}, both positive whole numbers"
    if kind == "pay_or_draw":
        if type(value) is dict and set(value) == {"amount", "deck"} and _whole(value["amount"]):
            deck = value["deck"]
            if type(deck) is str and deck in decks:
                return ""
            return f"names the deck {deck!r}, which the file lacks"
        return "should be {\"amount\": amount, \"deck\": \"chance\"}"
    # advance_to_nearest: exactly one of the two shapes of RULES.md section 3a
    if type(value) is dict and value.get("kind") == "station" and set(value) == {"kind", "rent_times"} \
            and _whole(value["rent_times"]):
        return ""
    if type(value) is dict and value.get("kind") == "utility" and set(value) == {"kind", "dice_times"} \
            and _whole(value["dice_times"]):
        return ""
    return ("should be {\"kind\": \"station\", \"rent_times\": 2} or "
            "{\"kind\": \"utility\", \"dice_times\": 10}")


def json_word(value: Any) -> str:
    """A value as the file wrote it, short (what a message quotes)."""
    if value is None:
        return "nothing"
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is list:
        return f"a list of {len(value)}"
    if type(value) is dict:
        return "an object"
    return repr(value)


def edition_problems(raw: Any) -> list[Problem]:
    """Every problem of an edition file's parsed JSON, in file order ([] for a playable board)."""
    return _Check(raw).run()


def languages_of(raw: dict[str, Any]) -> tuple[str, ...]:
    """The languages an edition file is written in (the keys of its name, English first)."""
    name = raw.get("name")
    if type(name) is not dict:
        return ("en",)
    return tuple(["en", *sorted(lang for lang in name if lang != "en")])
