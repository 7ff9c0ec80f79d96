"""A whole game as plain JSON data and back, so storage can resume without replaying from the start.

Generic: every field of `State` is written as it is (numbers, flags, lists, the frozen records of
state.py by name, texts by catalog key), and read back the same way, so a new field needs no
code here. `restore(snapshot(game))` plays on exactly as `game` would.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .edition import Card, Edition, Square, load_edition
from .game import Game
from .house_rules import HouseRules
from .state import RECORDS, State
from .texts import Sentence

FORMAT = 5  # 3: the turn number; 4: a utility card's roll (State.roll_due, RULES.md 3a); 5: computer seats
STATE_FIELDS = tuple(f.name for f in fields(State))
# Fields a snapshot of an older format still readable lacks: they keep their value at a new game
# (format 4 knew no computer seat: every seat is a person's).
NEWER: dict[int, frozenset[str]] = {4: frozenset({"computer"})}


def encode(value: Any) -> Any:
    """A state value as JSON data (tuples and lists alike become lists; `decode` knows which)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, Sentence):
        return {"text": value.key, "values": [encode(v) for v in value.values]}
    if isinstance(value, Square):
        return {"square": value.index}
    if isinstance(value, Card):
        return {"card": [value.deck, value.number]}
    if isinstance(value, dict):
        return {"names": dict(value)}
    name = type(value).__name__
    if RECORDS.get(name) is type(value):
        record: Any = value
        return {"record": name, "fields": [encode(getattr(record, f.name)) for f in fields(record)]}
    raise TypeError(f"a game's state cannot hold a {name}")


def decode(data: Any, edition: Edition) -> Any:
    """The value `encode` wrote; every list comes back as a tuple (the state's lists are
    made lists again by `restore`, which knows the fields)."""
    if isinstance(data, list):
        return tuple(decode(v, edition) for v in data)
    if not isinstance(data, dict):
        return data
    if "record" in data:
        return RECORDS[data["record"]](*(decode(v, edition) for v in data["fields"]))
    if "text" in data:
        return Sentence(data["text"], tuple(decode(v, edition) for v in data["values"]))
    if "square" in data:
        return edition.squares[data["square"]]
    if "card" in data:
        deck, number = data["card"]
        return edition.decks[deck][number - 1]
    return dict(data["names"])


def snapshot(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "edition": game.edition.id,
        "players": list(game.names),
        "seed": game.seed,
        "rules": game.rules.changed(),
        "tags": dict(game.tags),
        "forms": dict(game.forms),
        "state": {name: encode(getattr(game, name)) for name in STATE_FIELDS},
    }


def restore(data: dict[str, Any], edition: Edition | None = None) -> Game:
    """The game a snapshot describes (ValueError for a snapshot of another format, a KeyError or
    TypeError means it is damaged). A game on a board it carries (an edition file's, game.py's
    `inline_edition`) is given its edition: the snapshot names it only by its id."""
    if data.get("format") != FORMAT and data.get("format") not in NEWER:
        raise ValueError(f"unknown snapshot format {data.get('format')!r}")
    if edition is None or edition.id != data["edition"]:
        try:
            edition = load_edition(data["edition"])
        except FileNotFoundError:
            raise ValueError(f"no shipped edition {data['edition']!r}: the game carries its board") from None
    game = Game(data["players"], seed=data["seed"], rules=HouseRules.from_dict(data["rules"]),
                edition=edition, tags=data["tags"], forms=data.get("forms"))
    state = data["state"]
    missing = NEWER.get(data["format"], frozenset())
    for name in STATE_FIELDS:
        if name in missing and name not in state:
            continue
        value = decode(state[name], edition)
        if isinstance(getattr(game, name), list):
            value = list(value)
        setattr(game, name, value)
    game.ownership_version += 1
    return game
