"""The ledger's problems (companion/ledger/problems.py: a kind and its values) in words, in every
language, from the "table-ledger-" messages of companion/i18n/<lang>.ftl: for the Banker page
(with "words", as refusals), `companion games`, `companion recover`, the doctor and the log."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .. import i18n
from ..rules import CommandError
from .words import LANGS


def _say(key: str, lang: str, values: Mapping[str, Any]) -> str | None:
    """The ledger message `key` ("read_only.file": table-ledger-read_only-file), or None if none."""
    message = "table-ledger-" + key.replace(".", "-")
    return i18n.say(lang, message, values) if i18n.has(message) else None


def _record(found: Mapping[str, Any], form: str, lang: str) -> str:
    """A record ({"record": "journal"}) as the subject ("record") or after "from" ("from")."""
    said = _say(f"{form}.{found.get('record')}", lang, {"backup": found.get("backup", "")})
    return said if said is not None else str(found.get("record"))


def problem_text(found: Mapping[str, Any], lang: str = "en") -> str:
    """One problem in one language (a kind this catalog does not know: its kind and values)."""
    kind = str(found.get("kind"))
    values = {k: v for k, v in found.items() if k != "kind"}
    filled: dict[str, Any] = dict(values)
    for key in ("cause", "what", "doing"):
        if isinstance(values.get(key), Mapping):
            filled[key] = problem_text(values[key], lang)
    for key in ("first", "second"):
        if isinstance(values.get(key), Mapping):
            filled[key] = _record(values[key], "record", lang)
    if isinstance(values.get("source"), Mapping):
        filled["source"] = _record(values["source"], "record" if kind == "will_repair" else "from", lang)
    if isinstance(values.get("first"), int) and isinstance(values.get("last"), int):
        one = values["first"] == values["last"]
        filled["span"] = _say(f"span.{'one' if one else 'many'}", lang, values) or ""
    if isinstance(values.get("entries"), list):
        filled["entries"] = ", ".join(str(seq) for seq in values["entries"])
    key = kind
    if kind in ("read_only", "unwritable"):  # unwritable: read_only without its fix (the doctor's)
        key = f"{kind}.{values.get('what', 'file')}"
        filled["name"] = Path(str(values.get("path", ""))).name
    said = _say(key, lang, {name: value for name, value in filled.items() if isinstance(value, str | int)})
    return said if said is not None else _unworded(kind, values)


def _unworded(kind: str, values: Mapping[str, Any]) -> str:
    return f"{kind} {dict(values)}"


def problem_words(found: Mapping[str, Any]) -> dict[str, str]:
    """One problem in every language, as a screen picks from ("words")."""
    return {lang: problem_text(found, lang) for lang in LANGS}


def worded(problem: Any, lang: str = "en") -> str:
    """A ledger Problem (or its as_json) in one language."""
    found = problem.as_json() if hasattr(problem, "as_json") else problem
    return problem_text(found, lang)


def reason_of(exc: BaseException, lang: str = "en") -> str:
    """An error's sentence: its problem worded when it carries one (GameDamaged), a refusal's
    sentence in `lang` (Rejected), else its reason."""
    found = getattr(exc, "problem", None)
    if found is not None:
        return worded(found, lang)
    if isinstance(exc, CommandError):
        return exc.words(lang)
    return str(getattr(exc, "reason", exc))


def terminal_lang() -> str:
    """The language of the terminal a command runs in (LC_ALL, LC_MESSAGES, LANG): ru or en."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in LANGS else "en"
    return "en"
