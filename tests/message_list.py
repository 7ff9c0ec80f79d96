"""tests/messages.md: every message id of companion/i18n with its English and Russian text, made from
the .ftl files (`python -m tests.message_list` writes it; tests/test_messages.py checks it is current).

A reviewer reads the two languages side by side here; a selector (a plural, a gender) is shown as
Fluent writes it, on one line.
"""

from __future__ import annotations

import re
from pathlib import Path

from fluent.syntax import ast, parse
from fluent.syntax.serializer import serialize_pattern

from companion import i18n

LIST = Path(__file__).with_name("messages.md")
COMMAND = ".venv/bin/python -m tests.message_list"
HEAD = f"""# Every message of the table companion

Made from companion/i18n/en.ftl and ru.ftl by `{COMMAND}`; do not edit by hand.
An id says where the message is used: rules (the engine), story, table, banker, enrol, page.

| id | English | Russian |
| --- | --- | --- |
"""


def patterns(lang: str) -> dict[str, str]:
    """Each message's text as the .ftl writes it, on one line."""
    found: dict[str, str] = {}
    for entry in parse(i18n.ftl_path(lang).read_text(encoding="utf-8")).body:
        if isinstance(entry, ast.Message) and entry.value is not None:
            text = serialize_pattern(entry.value)
            found[entry.id.name] = re.sub(r"\s+", " ", text).strip()
    return found


def cell(text: str | None) -> str:
    return "(missing)" if text is None else text.replace("|", "\\|")


def listing() -> str:
    en, ru = patterns("en"), patterns("ru")
    ids = list(en) + [m for m in ru if m not in en]
    rows = [f"| {m} | {cell(en.get(m))} | {cell(ru.get(m))} |" for m in ids]
    return HEAD + "\n".join(rows) + "\n"


if __name__ == "__main__":
    LIST.write_text(listing(), encoding="utf-8")
    print(f"wrote {LIST}")


def page_texts(lang: str) -> dict[str, str]:
    """The pages' messages by the keys the pages use ("nav.table" for page-nav-table), each with its
    variables left as "{name}", for a browser test to fill in and look for."""
    found = {}
    for message in i18n.ids(lang):
        if message.startswith("page-"):
            holes = {name: "{" + name + "}" for name in i18n.variables(message, lang)}
            found[message.removeprefix("page-").replace("-", ".")] = i18n.say(lang, message, holes)
    return found
