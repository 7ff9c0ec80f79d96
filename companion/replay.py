"""Replaying a table script: lines in, the final game and the rejected lines out (TABLE-SCRIPT.md)."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .rules import Game, Malformed, Rejected, new_game, state
from .scriptfile import ScriptError, parse_line

if TYPE_CHECKING:
    from .editions import Editions

__all__ = ["Replay", "ScriptError", "parse_line", "replay", "with_board"]


def with_board(command: dict[str, Any], editions: Editions | None) -> dict[str, Any]:
    """A new_game naming an edition file by its id alone, given that file's board (when the
    editions know it; otherwise as it was, and an unknown edition cannot start a game)."""
    edition = command.get("edition")
    if editions is None or command.get("do") != "new_game" or "board" in command:
        return command
    known = editions.get(edition)
    return {**command, **known.start()} if known is not None and known.board is not None else command


@dataclass
class Replay:
    game: Game
    # The rejected lines' numbers and reasons, kept small: a script of a million refused lines
    # costs 16 bytes a line (each reason is stored once and shared).
    lines: array[int] = field(default_factory=lambda: array("q"))
    reasons: list[str] = field(default_factory=list)
    _known: dict[str, str] = field(default_factory=dict, repr=False)

    def refuse(self, line: int, reason: str) -> None:
        self.lines.append(line)
        self.reasons.append(self._known.setdefault(reason, reason))

    @property
    def refusals(self) -> Iterator[tuple[int, str]]:
        return zip(self.lines, self.reasons, strict=True)

    @property
    def rejected(self) -> list[dict[str, Any]]:
        return [{"line": line, "reason": reason} for line, reason in self.refusals]

    def state(self) -> dict[str, Any]:
        shown = state(self.game)
        shown["rejected"] = self.rejected
        return shown


def replay(lines: Iterable[str | bytes], editions: Editions | None = None) -> Replay:
    """Apply every line in order; rules refusals are collected, unreadable input raises ScriptError.
    editions: the ones a table knows (`companion replay --data DIR`: its edition files), so a first
    line that names a file's edition by its id alone is played on that file's board."""
    result: Replay | None = None
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        command = parse_line(number, text)
        if result is None:
            command = with_board(command, editions)
            try:
                result = Replay(new_game(command))
            except Malformed as exc:
                raise ScriptError(number, exc.reason) from None
            continue
        try:
            # Unguarded: a refusal changes nothing anyway (every check comes first), and a bug
            # ends the replay, so there is no half-changed game to keep.
            result.game.apply(command, guarded=False)
        except Malformed as exc:
            raise ScriptError(number, exc.reason_in(result.game.edition.money)) from None
        except Rejected as exc:
            result.refuse(number, exc.reason_in(result.game.edition.money))
    if result is None:
        raise ScriptError(1, 'the script is empty; it starts with {"do": "new_game", ...}')
    return result
