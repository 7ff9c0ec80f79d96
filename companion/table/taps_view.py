"""What the next tap will do, and every screen waiting for a token, as everyone may see it
(`GET /api/taps`, and a `taps` notice whenever it changes). Worked out on the writer thread from
the same waits and game that routing.py decides by, so what is shown is what a tap does."""

from __future__ import annotations

from typing import Any

from ..i18n.persons import square
from ..rules import Game
from ..rules.taps import token_taps_wanted
from .describe import describe
from .routing import confirmations
from .waits import CONFIRM, PAIR, TokenWait
from .words import words


def waiting_record(game: Game | None, wait: TokenWait) -> dict[str, Any]:
    """One wait as the Table page lists it."""
    if wait.kind == PAIR:
        said = words("taps.waits_pair", screen=wait.label)
    else:
        assert wait.command is not None
        command = describe(game, wait.command)
        if wait.player is None:
            said = _each("taps.waits_confirm_any", command, screen=wait.label)
        else:
            said = _each("taps.waits_confirm", command, screen=wait.label, player=wait.player)
    return {"request": wait.id, "kind": wait.kind, "screen": f"screen {wait.label}", "player": wait.player,
            "command": dict(wait.command) if wait.command is not None else None, "words": said,
            "deadline": wait.deadline_ms}


def next_tap(game: Game | None, waits: list[TokenWait]) -> dict[str, Any]:
    """What the next token tap does: "pair", "confirm", "game" or "none", in words."""
    unbound = confirmations(waits, None)
    unbound = [w for w in unbound if w.player is None]
    bound = [w for w in waits if w.kind == CONFIRM and w.player is not None]
    pairs = [w for w in waits if w.kind == PAIR]
    held = game is not None and token_taps_wanted(game)
    if len(unbound) > 1 or (unbound and pairs and not held):
        count = len(unbound) + (len(pairs) if not held else 0)
        return {"kind": "none", "words": words("taps.next_ambiguous", count=count)}
    if unbound:
        wait = unbound[0]
        assert wait.command is not None
        return {"kind": "confirm", "words": _each("taps.next_confirm_any", describe(game, wait.command),
                                                  screen=wait.label)}
    if bound:
        wait = bound[0]
        assert wait.command is not None
        return {"kind": "confirm", "words": _each("taps.next_confirm", describe(game, wait.command),
                                                  player=wait.player)}
    if held:
        assert game is not None
        lot = game.squares[game.auctions[0].square]  # type: ignore[index]
        key = "taps.next_bid_pairing_held" if pairs else "taps.next_bid"
        named = {lang: square("square", lot.names[lang], lot.cases, lang) for lang in lot.names}
        return {"kind": "game", "words": {lang: words(key, **named[lang])[lang]
                                          for lang in lot.names}}
    if len(pairs) > 1:
        return {"kind": "none", "words": words("taps.next_ambiguous", count=len(pairs))}
    if pairs:
        return {"kind": "pair", "words": words("taps.next_pair", screen=pairs[0].label)}
    if game is not None and game.draw_due is not None:
        deck = game.edition.deck_names[game.draw_due.deck]
        said = {lang: words("taps.next_draw", deck=deck[lang])[lang] for lang in deck}
        return {"kind": "game", "words": said}
    return {"kind": "none", "words": words("taps.next_none")}


def taps_view(game: Game | None, waits: list[TokenWait]) -> dict[str, Any]:
    return {"next": next_tap(game, waits), "waiting": [waiting_record(game, w) for w in waits]}


def _each(key: str, command: dict[str, str], **values: Any) -> dict[str, str]:
    """A sentence with the command's words in each language."""
    return {lang: words(key, command=text, **values)[lang] for lang, text in command.items()}
