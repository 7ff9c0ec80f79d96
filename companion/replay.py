"""Replaying a table script: lines in, the final game and the rejected lines out (TABLE-SCRIPT.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .rules import Game, Malformed, Rejected, new_game, state


class ScriptError(Exception):
    """The script cannot be read (exit status 2); names the line."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass
class Replay:
    game: Game
    rejected: list[dict[str, Any]] = field(default_factory=list)

    def state(self) -> dict[str, Any]:
        shown = state(self.game)
        shown["rejected"] = self.rejected
        return shown


def parse_line(number: int, text: str) -> dict[str, Any]:
    try:
        command = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScriptError(number, f"not JSON ({exc.msg})") from None
    if not isinstance(command, dict):
        raise ScriptError(number, "a line must be a JSON object")
    return command


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
