"""The table's own sentences (token waits, pairings) in every language, from words.json: what
a screen shows comes with "words" (en, ru), like the rules' refusals."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("en", "ru")


@cache
def _catalog() -> dict[str, dict[str, str]]:
    return json.loads((Path(__file__).with_name("words.json")).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def words(key: str, **values: Any) -> dict[str, str]:
    """The sentence `key` in every language, its {names} filled in."""
    return {lang: text.format(**values) for lang, text in _catalog()[key].items()}
