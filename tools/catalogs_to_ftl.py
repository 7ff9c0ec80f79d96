"""Converted the JSON catalogs of issue 22 into companion/i18n/<lang>.ftl (issue 23), once.

Kept for the record of how ids and variables were named. The JSON files it reads are gone; it
reads them from git, at the last commit that had them (`python tools/catalogs_to_ftl.py [commit]`),
and overwrites the .ftl files, so it is of use only to redo the conversion (later edits of the
.ftl files are not in it). Ids: "<where>-<key, . as ->", where is rules, story, table, banker,
enrol or page. Positional {0} of the engine's and the story's
sentences became the named variables listed in rules_names.txt beside this script.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "ru")
MONEY = {"amount", "cost", "cash", "price", "bid", "high", "fine", "tax", "percent_tax", "short", "owed",
         "raises", "offered", "balance"}
PLURAL_ENDS = ("one", "few", "many", "other")


def fid(where: str, key: str) -> str:
    return f"{where}-{key.replace('.', '-')}"


def names_table() -> dict[str, list[str]]:
    table = {}
    for line in (Path(__file__).with_name("rules_names.txt")).read_text().splitlines():
        if line.strip():
            key, names = line.split(":", 1)
            table[key.strip()] = names.split()
    return table


RULE_NAMES = names_table()


def escape(text: str) -> str:
    return text.replace("{", "\0").replace("}", '{ "}" }').replace("\0", '{ "{" }')


def var(name: str) -> str:
    return f"{{ MONEY(${name}) }}" if name in MONEY else f"{{ ${name} }}"


def convert(text: str, positional: list[str] | None = None, money_named: bool = False) -> str:
    """A str.format template as a Fluent pattern: {0} by the positional names, {name} as $name;
    "£{x}" and money-named variables through MONEY()."""
    out = []
    pos = 0
    for m in re.finditer(r"£?\{(\w*)\}", text):
        out.append(escape(text[pos:m.start()]))
        name = m.group(1)
        if name.isdigit():
            assert positional is not None, text
            name = positional[int(name)]
        if m.group(0).startswith("£") or (money_named and name in MONEY) or name in MONEY and positional:
            out.append(f"{{ MONEY(${name}) }}")
        else:
            out.append(f"{{ ${name} }}")
        pos = m.end()
    out.append(escape(text[pos:]))
    pattern = "".join(out)
    if "\n" in pattern:
        return "\n" + "\n".join("    " + line if line else "" for line in pattern.split("\n"))
    return pattern


def selector(variable: str, forms: dict[str, str], lang: str) -> str:
    """One message from a plural family: CLDR categories as Fluent variants."""
    if lang != "ru" and "many" in forms and "other" not in forms:  # the engine's English nouns
        forms = {"one": forms["one"], "other": forms["many"]}
    order = ["one", "few", "many", "other"] if lang == "ru" else ["one", "other"]
    present = [f for f in order if f in forms]
    default = "many" if lang == "ru" and "many" in forms else present[-1]
    if lang == "ru" and "other" in forms and "many" in forms:
        present.remove("other")
    lines = [f"{{ ${variable} ->"]
    for form in present:
        star = "*" if form == default else " "
        lines.append(f"   {star}[{form}] {forms[form]}")
    lines.append("}")
    return "\n    " + "\n    ".join(lines)


def family(flat: dict[str, str]) -> dict[str, dict[str, str]]:
    """Keys like banker.moves_stored.one ... grouped by their stem."""
    stems: dict[str, dict[str, str]] = {}
    for key, text in flat.items():
        stem, _, end = key.rpartition(".")
        if end in PLURAL_ENDS and stem:
            stems.setdefault(stem, {})[end] = text
    return {s: f for s, f in stems.items() if len(f) >= 2 and "one" in f}


def section(title: str, where: str, catalogs: dict[str, dict[str, str]], positional: dict | None = None,
            money_named: bool = False) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {lang: [f"\n## {title}\n"] for lang in LANGS}
    en = catalogs["en"]
    fams = {lang: family(catalogs[lang]) for lang in LANGS}
    done: set[str] = set()
    for key in en:
        if where == "story" and key.startswith("event."):
            continue  # the engine's own sentences say £ now (MONEY)
        stem, _, end = key.rpartition(".")
        if stem in fams["en"] and end in PLURAL_ENDS:
            if stem in done:
                continue
            done.add(stem)
            for lang in LANGS:
                forms = fams[lang].get(stem) or fams["en"][stem]
                variables = sorted({v for t in forms.values() for v in re.findall(r"\{(\w+)\}", t)})
                count = "n" if "n" in variables else (variables[0] if variables else "count")
                conv = {f: convert(t, None, money_named) for f, t in forms.items()}
                if not variables:  # the engine's nouns: the number is said before them
                    said = selector("count", conv, lang).lstrip()
                    out[lang].append(f"{fid(where, stem)} = {{ $count }} {said}")
                else:
                    out[lang].append(f"{fid(where, stem)} ={selector(count, conv, lang)}")
            continue
        names = (positional or {}).get(key)
        for lang in LANGS:
            text = catalogs[lang].get(key)
            if text is None:
                print(f"{where}: {key} has no {lang}", file=sys.stderr)
                text = en[key]
            out[lang].append(f"{fid(where, key)} = {convert(text, names, money_named)}")
    return out


BEFORE = sys.argv[1] if len(sys.argv) > 1 else "9a2780f"  # main just before issue 23's conversion


def load(path: str) -> dict:
    shown = subprocess.run(["git", "-C", str(ROOT), "show", f"{BEFORE}:{path}"], check=True,
                           capture_output=True)
    return json.loads(shown.stdout.decode("utf-8"))


def split(by_key: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    return {lang: {k: v[lang] for k, v in by_key.items() if lang in v} for lang in LANGS}


def main() -> None:
    rules = {lang: load(f"companion/rules/texts/{lang}.json") for lang in LANGS}
    story = {lang: load(f"companion/web/story/{lang}.json") for lang in LANGS}
    # the story's money sentences name the reason's own values as the reason's message does
    story_names: dict[str, list[str]] = {}
    for key in story["en"]:
        if key.startswith("money.why."):
            reason = key.removeprefix("money.").removesuffix(".in").removesuffix(".out")
            reason = re.sub(r"\.(in|out|between|bank)$", "", reason)
            story_names[key] = RULE_NAMES.get(reason, [])
    story_names["money.undone"] = ["line"]
    story_names["log.redo"] = ["line"]
    story_names["timer.passes"] = ["player"]
    sections = [
        section("The engine (companion/rules): refusals, events, decisions and the reasons money moves",
                "rules", rules, RULE_NAMES),
        section("The story (companion/web/story): money movements and the log", "story", story,
                story_names, money_named=True),
        section("The table (companion/table): token waits, pairings, commands said", "table",
                split(load("companion/table/words.json"))),
        section("The banker's sign-in, presence and clock (companion/web/presence.py)", "banker",
                split(load("companion/web/banker_words.json"))),
        section("Enrolling tags (companion/web/enrolment.py)", "enrol",
                split(load("companion/web/enrolment_words.json"))),
        section("The pages (companion/web/site): every word the browser shows", "page",
                {lang: load(f"companion/web/site/static/i18n/{lang}.json") for lang in LANGS}),
    ]
    heads = {"en": "English", "ru": "Russian"}
    for lang in LANGS:
        lines = [f"### Every sentence of the table companion in {heads[lang]}: the engine's, the story's,",
                 "### the table's and the pages' (Python reads it with fluent.runtime, the browser with",
                 "### @fluent/bundle). How to add a message: README, \"Languages\" (under \"The rule engine\")."]
        for s in sections:
            lines += s[lang]
        (ROOT / "companion" / "i18n" / f"{lang}.ftl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
