"""One line of a table script read into a command, the same way for `companion replay` and
`companion import` (and whatever streams a script): TABLE-SCRIPT.md's "cannot be read" is decided
here alone, as a ScriptError naming the line (exit status 2), never a traceback.

A line is UTF-8 text holding one JSON object, nested no deeper than any command needs, with no
text that cannot be stored (a lone surrogate such as "\\ud800") and no NaN or Infinity (not JSON).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from .errors import CompanionError

MAX_DEPTH = 20  # a trade is 3 deep; anything near Python's recursion limit is an attack
MAX_LINE = 1 << 20  # bytes; the longest real line (a new game with its tag map) is a few kB


class ScriptError(CompanionError):
    """The script cannot be read (exit status 2); names the line."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


def parse_line(number: int, text: str | bytes) -> dict[str, Any]:
    """Line `number` (counted from 1) as a command object, or ScriptError saying why not."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ScriptError(number, "not UTF-8 text") from None
    if (text.count("[") + text.count("{") > MAX_DEPTH) and _depth(text) > MAX_DEPTH:
        raise ScriptError(number, f"nested more than {MAX_DEPTH} deep")
    try:
        command = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise ScriptError(number, f"not JSON ({exc.msg})") from None
    except (ValueError, RecursionError) as exc:  # a number too long to read, NaN, ...
        raise ScriptError(number, f"not JSON ({exc})") from None
    if not isinstance(command, dict):
        raise ScriptError(number, "a line must be a JSON object")
    if ("\\u" in text or not text.isascii()) and not _storable(command):
        raise ScriptError(number, "holds text that is not Unicode (a lone surrogate such as \\ud800)")
    return command


@contextmanager
def script_lines(path: str) -> Iterator[Iterator[bytes]]:
    """The lines of the script at `path` (`-`: standard input), read as they are used; OSError
    when the file cannot be opened."""
    if path == "-":
        yield read_lines(sys.stdin.buffer)
    else:
        with open(path, "rb") as f:
            yield read_lines(f)


def read_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[bytes]:
    """The lines of a script as they are read (a script of any length in little memory); a line
    longer than `limit` is refused without being held."""
    number = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit and not line.endswith(b"\n"):
            raise ScriptError(number, f"longer than {limit // 1024} kB; no command is that long")
        yield line


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


# Made once: json.loads(text, parse_constant=...) would build a decoder for every line.
_DECODER = json.JSONDecoder(parse_constant=_not_json)


def _depth(text: str) -> int:
    """How deep arrays and objects nest, strings skipped (only for lines with many brackets)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _storable(value: Any) -> bool:
    """No string in it (keys included) that UTF-8 cannot encode."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str) and not item.isascii():
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
    return True
