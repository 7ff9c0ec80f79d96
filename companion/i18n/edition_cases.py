"""The Russian cases of an edition's square names, worked out by pymorphy3 and kept in the data.

`python -m companion.i18n.edition_cases [EDITION]` writes them into the edition's JSON file (each
square's line gains `"cases": {"ru": {...}}`, the rest of the file untouched), so the pure engine
and the pages decline squares without pymorphy3; tests/test_grammar.py fails when the stored
cases differ from what this would write (a renamed square, a changed hand fix).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..rules.edition import EDITIONS
from .grammar import CASES, phrase_cases


def square_cases(name: str) -> dict[str, str]:
    """Every case of a square's Russian name; a foreign name that is not declined keeps its form."""
    return phrase_cases(name) or dict.fromkeys(CASES, name)


def with_cases(square: dict[str, Any]) -> dict[str, Any]:
    name = square.get("name", {}).get("ru")
    if not name:
        return square
    return {**square, "cases": {"ru": square_cases(name)}}


def rewrite(text: str) -> str:
    """The edition file's text with every square's cases (one square per line, as the file is)."""
    lines = text.split("\n")
    inside = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith('"squares": ['):
            inside = True
            continue
        if inside and stripped.startswith("]"):
            break
        if inside and stripped.startswith("{"):
            comma = stripped.endswith(",")
            square = json.loads(stripped.rstrip(","))
            indent = line[: len(line) - len(line.lstrip())]
            lines[i] = indent + json.dumps(with_cases(square), ensure_ascii=False) + ("," if comma else "")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    edition = argv[0] if argv else "london"
    path = Path(EDITIONS) / f"{edition}.json"
    text = path.read_text(encoding="utf-8")
    new = rewrite(text)
    json.loads(new)  # still one JSON document
    if new != text:
        path.write_text(new, encoding="utf-8")
    print(f"{path}: {'written' if new != text else 'already up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
