"""What the next tap will do, and every screen waiting for a token, as everyone may see it
(`GET /api/taps`, and a `taps` notice whenever it changes), and the choices open at the table with
the codes to choose among, for the table's own screens alone (`GET /api/choices`, a `choice`
notice). Worked out on the writer thread from the same waits, choices and game that routing.py
decides by, so what is shown is what a tap does. No code is in the public view, and no wait for
the banker's step (nobody can time the banker)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from ..i18n.persons import square
from ..rules import Game
from ..rules.taps import token_taps_wanted
from .choice import Choice
from .describe import describe
from .routing import confirmations
from .waits import CONFIRM, PAIR, TokenWait
from .words import people_of, words


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
            said = _each("taps.waits_confirm", command, game, screen=wait.label, player=wait.player)
    return {"request": wait.id, "kind": wait.kind, "screen": f"screen {wait.label}", "player": wait.player,
            "command": dict(wait.command) if wait.command is not None else None, "words": said,
            "deadline": wait.deadline_ms}


def next_tap(game: Game | None, waits: list[TokenWait], choice: Choice | None = None) -> dict[str, Any]:
    """What the next token tap does: "pair", "choice", "confirm", "game" or "none", in words."""
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
        return {"kind": "confirm", "words": _each("taps.next_confirm", describe(game, wait.command), game,
                                                  player=wait.player)}
    if held:
        assert game is not None
        on_sale = game.auctions[0].square
        assert on_sale is not None  # a deed's auction: only then does the game want token taps
        lot = game.squares[on_sale]
        key = "taps.next_bid_pairing_held" if pairs else "taps.next_bid"
        named = {lang: square("square", lot.names[lang], lot.cases, lang) for lang in lot.names}
        return {"kind": "game", "words": {lang: words(key, **named[lang])[lang]
                                          for lang in lot.names}}
    if choice is not None and choice.order:
        return {"kind": "choice", "player": choice.player,
                "words": words("taps.next_choice", people_of(game),
                               player=choice.player)}
    if pairs:
        return {"kind": "pair", "words": words("taps.next_pair", count=len(pairs))}
    if game is not None and game.draw_due is not None:
        deck = game.edition.deck_names[game.draw_due.deck]
        said = {lang: words("taps.next_draw", deck=deck[lang])[lang] for lang in deck}
        return {"kind": "game", "words": said}
    return {"kind": "none", "words": words("taps.next_none")}


def taps_view(game: Game | None, waits: list[TokenWait], choice: Choice | None = None) -> dict[str, Any]:
    shown = [w for w in waits if w.kind in (PAIR, CONFIRM)]
    return {"next": next_tap(game, shown, choice), "waiting": [waiting_record(game, w) for w in shown]}


def choices_view(choices: Iterable[Choice], now: float) -> dict[str, Any]:
    """The open choices as the table's own screens show them: whose act, the codes of the screens
    it chooses among (in no telling order), the one offered now and until when."""
    listed = []
    for choice in choices:
        if not choice.order:
            continue
        until = choice.until(now)
        listed.append({
            "choice": choice.id, "act": choice.kind, "player": choice.player,
            "codes": sorted(({"code": w.code, "screen": f"screen {w.label}"} for w in choice.order),
                            key=lambda c: c["code"]),
            "offered": choice.offered.code if choice.offered is not None else None,
            "until": None if until is None else round((time.time() + until) * 1000),
        })
    return {"choices": listed}


def _each(key: str, command: dict[str, str], game: Game | None = None, **values: Any) -> dict[str, str]:
    """A sentence with the command's words in each language (a player in the cases `game` keeps)."""
    people = people_of(game)
    return {lang: words(key, people, command=text, **values)[lang] for lang, text in command.items()}
