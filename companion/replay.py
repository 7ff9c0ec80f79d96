"""Replaying a table script: lines in, the final game and the rejected lines out (TABLE-SCRIPT.md)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .rules import Game, Malformed, Rejected, new_game, state
from .scriptfile import ScriptError, parse_line

__all__ = ["Replay", "ScriptError", "parse_line", "replay"]


@dataclass
class Replay:
    game: Game
    rejected: list[dict[str, Any]] = field(default_factory=list)

    def state(self) -> dict[str, Any]:
        shown = state(self.game)
        shown["rejected"] = self.rejected
        return shown


def replay(lines: Iterable[str]) -> Replay:
    """Apply every line in order; rules refusals are collected, unreadable input raises ScriptError."""
    result: Replay | None = None
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        command = parse_line(number, text)
        if result is None:
            try:
                result = Replay(new_game(command))
            except Malformed as exc:
                raise ScriptError(number, exc.reason) from None
            continue
        try:
            result.game.apply(command)
        except Malformed as exc:
            raise ScriptError(number, exc.reason) from None
        except Rejected as exc:
            result.rejected.append({"line": number, "reason": exc.reason})
    if result is None:
        raise ScriptError(1, 'the script is empty; it starts with {"do": "new_game", ...}')
    return result
