"""A command in words, in every language ("bid" an amount "for" a lot, the amount in the game's
money): what the Table page shows of a command that waits for a token to confirm it, so whoever
taps knows what they confirm."""

from __future__ import annotations

import re
from typing import Any

from .. import i18n
from ..i18n.persons import square
from ..rules import Game
from .words import LANGS, people_of, words

# A command's name as the engine spells them (a message id is made of it, so nothing else is).
_NAME = re.compile(r"[a-z][a-z0-9_]*")


def said(do: Any) -> bool:
    """Whether the texts word this command: its message table-cmd-<do> (a new command needs only
    that message, no list here); any other command is shown by its bare name."""
    return isinstance(do, str) and _NAME.fullmatch(do) is not None and i18n.has(f"table-cmd-{do}")


def _square(game: Game | None, square_id: Any, lang: str) -> dict[str, Any]:
    """The square's name and its cases ("купить Электрическую компанию"), as the engine's own
    sentences have them (companion/i18n/persons.py)."""
    if game is not None and isinstance(square_id, str) and square_id in game.edition.by_id:
        found = game.edition.by_id[square_id]
        return square("square", found.names.get(lang, square_id), found.cases, lang)
    return square("square", str(square_id) if square_id else "", None, lang)


def _group(game: Game | None, group: Any, lang: str) -> str:
    """A colour group as the edition names it in this language (the command holds its key)."""
    info = game.edition.group_info.get(group) if game is not None and isinstance(group, str) else None
    return str(info["name"].get(lang, group)) if info else str(group or "")


def _auctioned(game: Game | None) -> str | None:
    """The id of the deed under the hammer, if an auction of a deed runs."""
    if game is None or not game.auctions or game.auctions[0].square is None:
        return None
    return game.squares[game.auctions[0].square].id


def describe(game: Game | None, command: dict[str, Any]) -> dict[str, str]:
    """The command as a person says it, in every language; a player it names is left out (who
    confirms it is said beside it)."""
    do = command.get("do")
    if not said(do):
        return {lang: str(do) for lang in LANGS}
    out = {}
    money = game.edition.money if game is not None else None  # the default edition's without a game
    for lang in LANGS:
        square_id = command.get("square") or (_auctioned(game) if do in ("bid", "pass") else None)
        deck = command.get("deck")
        deck_name = deck
        if game is not None and deck:
            deck_name = game.edition.deck_names.get(deck, {}).get(lang, deck)
        give, take = command.get("give") or {}, command.get("take") or {}
        values = {
            "amount": i18n.money(command.get("amount"), lang, money),
            **_square(game, square_id, lang),
            "group": _group(game, command.get("group", ""), lang),
            "option": command.get("option", ""),
            "deck": deck_name or "",
            "card": command.get("card", ""),
            "to": command.get("to", ""),
            "give": i18n.money(give.get("cash", 0), lang, money) if isinstance(give, dict) else "",
            "take": i18n.money(take.get("cash", 0), lang, money) if isinstance(take, dict) else "",
        }
        key = f"cmd.{do}"
        if do in ("buy", "decline") and not values["square"]:
            key = f"cmd.{do}_offer"
        out[lang] = words(key, people_of(game), **values)[lang]
    return out
