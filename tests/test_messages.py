"""Every message in both languages (issue 23): companion/i18n/en.ftl and ru.ftl hold the same ids,
a Russian message uses only variables its English one has (the call sites follow the English
message), every message formats without a Fluent error, the code asks only for messages that exist
with the values they need, and tests/messages.md is the current list of them all."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
from fluent.syntax import ast as ftl
from fluent.syntax import parse
from hypothesis import given
from hypothesis import strategies as st

from companion import i18n
from companion.rules.texts import Plural, Text, message_id
from tests.message_list import COMMAND, LIST, listing
from tests.web_support import rig_fixture

ROOT = Path(__file__).resolve().parents[1]
CODE = ROOT / "companion"
FORMS = re.compile(r"_(gen|dat|acc|ins|pre|gender)$")


def problems(sources: dict[str, str]) -> list[str]:
    """What is wrong between the languages' .ftl texts: a parse error, an id one language lacks or
    gives twice (the second silently wins), a variable a translation uses that the English message
    does not have."""
    found: list[str] = []
    variables: dict[str, dict[str, set[str]]] = {}
    for lang, source in sources.items():
        variables[lang] = {}
        for entry in parse(source).body:
            if isinstance(entry, ftl.Junk):
                found.append(f"{lang}: not Fluent: {entry.content.strip()[:80]}")
            elif isinstance(entry, ftl.Message):
                # (a player's or a square's forms, $player_gen, $player_gender, are of $player:
                # companion/i18n/persons.py gives them wherever the value is given)
                names = {FORMS.sub("", n) for n in re.findall(r"\{\s*\$(\w+)", source_of(source, entry))}
                if entry.id.name in variables[lang]:
                    found.append(f"{entry.id.name} ({lang}) is given twice")
                variables[lang][entry.id.name] = names
    english = variables["en"]
    for lang, messages in variables.items():
        for missing in sorted(set(english) - set(messages)):
            found.append(f"{missing} has no {lang} text")
        for extra in sorted(set(messages) - set(english)):
            found.append(f"{extra} has no en text")
        for name, names in messages.items():
            unknown = names - english.get(name, names)
            if unknown:
                found.append(f"{name} ({lang}) uses {sorted(unknown)}, unknown to its English message")
    return found


def source_of(source: str, entry: ftl.Message) -> str:
    assert entry.span is not None
    return source[entry.span.start:entry.span.end]


def real_sources() -> dict[str, str]:
    return {lang: i18n.ftl_path(lang).read_text(encoding="utf-8") for lang in i18n.LANGUAGES}


def test_every_message_is_in_both_languages_with_the_same_variables() -> None:
    assert problems(real_sources()) == []
    assert len(i18n.ids("en")) > 700  # the engine's, the story's, the table's and the pages' messages


def test_the_check_finds_a_missing_translation_an_unknown_variable_and_bad_syntax() -> None:
    """The positive control: each fault the check is for, made on purpose, is found."""
    en = "a = A { $player }\nb = B\n"
    assert problems({"en": en, "ru": "a = А { $player }\nb = Б\n"}) == []
    assert problems({"en": en, "ru": "a = А { $player }\n"}) == ["b has no ru text"]
    assert problems({"en": en, "ru": "a = А { $name }\nb = Б\n"}) == [
        "a (ru) uses ['name'], unknown to its English message"]
    assert problems({"en": en, "ru": "a = А { $player\nb = Б\n"})[0].startswith("ru: not Fluent")
    assert problems({"en": en, "ru": "a = А { $player }\nb = Б\na = А2\n"}) == ["a (ru) is given twice"]


def test_the_list_of_messages_is_current() -> None:
    assert LIST.read_text(encoding="utf-8") == listing(), f"tests/messages.md is out of date: run {COMMAND}"


def test_every_message_formats_in_both_languages_without_an_error() -> None:
    """Each message with text for every variable and a number where it selects a plural or is
    money: no Fluent error (an unknown function, a selector without a default) and no variable
    left unfilled."""
    for lang in i18n.LANGUAGES:
        bundle = i18n.bundle(lang)
        for message in i18n.ids(lang):
            names = i18n.variables(message, lang)
            for number in (0, 1, 2, 5, 21, 1500):
                args = {name: i18n._fluent(number) if numeric(message, name) else "Ann" for name in names}
                pattern = bundle.get_message(message).value
                assert pattern is not None, message
                text, errors = bundle.format_pattern(pattern, args)
                assert errors == [], (lang, message, errors)
                assert "{" not in str(text) or "{" in source_text(message, lang), (lang, message, text)


def numeric(message: str, name: str) -> bool:
    source = "".join(source_text(message, lang) for lang in i18n.LANGUAGES)
    return bool(re.search(rf"MONEY\(\${name}\)|\${name}\s*->", source))


@cache
def sources(lang: str) -> dict[str, str]:
    """Each message's own lines of the .ftl."""
    source = i18n.ftl_path(lang).read_text(encoding="utf-8")
    return {entry.id.name: source_of(source, entry) for entry in parse(source).body
            if isinstance(entry, ftl.Message)}


def source_text(message: str, lang: str) -> str:
    return sources(lang).get(message, "")


@given(st.integers(min_value=0, max_value=10**6))
def test_plurals_follow_cldr_in_both_languages(n: int) -> None:
    """The engine's counted nouns: Fluent picks the form by CLDR's rules (1, 21 дом; 2-4, 22 дома;
    5-20, 11-14, 25 домов), never an English word in Russian or a Russian one in English."""
    ru = Plural(n, "house").words("ru")
    en = Plural(n, "house").words("en")
    if n == 0:  # none is said as a word ("has no houses"), never "has only 0 houses"
        assert (en, ru) == ("no houses", "ни одного дома")
        return
    assert en == (f"{n} house" if n == 1 else f"{n} houses")
    if n % 10 == 1 and n % 100 != 11:
        assert ru == f"{n} дом"
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        assert ru == f"{n} дома"
    else:
        assert ru == f"{n} домов"


@given(st.integers(min_value=0, max_value=10**7))
def test_money_is_written_once_the_same_way_in_every_sentence(amount: int) -> None:
    """£1,500 in English and £1 500 in Russian (no-break space), in the engine's sentences as in
    the story's."""
    en = f"£{amount:,}"
    ru = "£" + f"{amount:,}".replace(",", "\u00a0")
    assert i18n.money(amount, "en") == en and i18n.money(amount, "ru") == ru
    said = Text("buy.may", "Ann", "Mayfair", amount)
    assert said.words("en") == f"Ann may buy Mayfair for {en}"
    assert ru in said.words("ru")


def test_an_amount_that_is_not_a_whole_number_is_written_as_it_came() -> None:
    """A bid of 12.5 typed by a phone waits on the Table page for its refusal: shown as £12.5, not
    rounded into a bid of £12 that nobody made; a whole 1500.0 is £1,500."""
    assert i18n.money(12.5, "en") == "£12.5" and i18n.money(12.5, "ru") == "£12.5"
    assert i18n.money(1500.0, "en") == "£1,500" and i18n.money("abc", "ru") == "£abc"
    assert i18n.money(True, "en") == "£True"


def test_no_isolation_marks_in_plain_text() -> None:
    text = Text("buy.buys", "Ann", "Mayfair")
    assert text.words("en") == "Ann buys Mayfair"
    assert "\u2068" not in text.words("ru") and "\u2069" not in text.words("ru")


# ---- the code asks only for messages that exist, with the values they need ---------------------

SENTENCE_MAKERS = {"Text": 1, "tell": 1}  # name -> index of the key argument (after self for tell)


def engine_calls() -> list[tuple[str, str, int, bool]]:
    """(where, key, number of values, whether the values are spread with *) of every engine
    sentence made with a literal key."""
    calls = []
    for path in sorted(CODE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in SENTENCE_MAKERS or not node.args:
                continue
            key = node.args[0]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                spread = any(isinstance(a, ast.Starred) for a in node.args[1:])
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                calls.append((where, key.value, len(node.args) - 1, spread))
    return calls


def test_every_engine_sentence_names_a_message_and_fills_each_of_its_variables() -> None:
    calls = engine_calls()
    assert len(calls) > 150  # the control: the scan finds the engine's sentences
    wrong = []
    for where, key, count, spread in calls:
        message = message_id(key)
        if not i18n.has(message):
            wrong.append(f"{where}: no message {message}")
        elif not spread and count != len(i18n.variables(message)):
            wrong.append(f"{where}: {key} given {count} values for {i18n.variables(message)}")
    assert wrong == []


# The functions that word a named sentence, by the module that defines them: the prefix of their ids.
NAMED_MAKERS = {("table.words", "words"): "table-", ("table.token_waits", "said"): "table-",
                ("web.acting", "refused"): "table-", ("web.presence", "said"): "banker-",
                ("web.enrolment", "refused"): "enrol-"}


def makers_in(path: Path, tree: ast.Module) -> dict[str, str]:
    """Which of those functions a module calls by a plain name, defined there or imported."""
    module = ".".join(path.relative_to(CODE).with_suffix("").parts)
    found = {name: prefix for (where, name), prefix in NAMED_MAKERS.items() if where == module}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                for (where, name), prefix in NAMED_MAKERS.items():
                    if alias.name == name and node.module.endswith(where.split(".")[-1]):
                        found[alias.asname or name] = prefix
    return found


def test_every_named_sentence_exists_and_gets_exactly_its_variables() -> None:
    """words("token.wait_confirm", player=...) and the banker's and enrolment's own: each key is a
    message, and the names given are the names the English message uses."""
    wrong, seen = [], 0
    for path in sorted(CODE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        makers = makers_in(path, tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            prefix = makers.get(node.func.id)
            if prefix is None or not node.args or not isinstance(node.args[0], ast.Constant):
                continue
            if any(k.arg is None for k in node.keywords):
                continue  # **values: checked where they are made
            seen += 1
            message = prefix + str(node.args[0].value).replace(".", "-")
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            given_names = {k.arg for k in node.keywords if k.arg not in ("status", "refusal")}
            if not i18n.has(message):
                wrong.append(f"{where}: no message {message}")
            elif given_names != set(i18n.variables(message)):
                uses = list(i18n.variables(message))
                wrong.append(f"{where}: {message} given {sorted(given_names)}, uses {uses}")
    assert seen > 20
    assert wrong == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_language_the_table_does_not_speak_reads_english(lang: str) -> None:
    assert i18n.say("de", "rules-buy-buys", {"player": "Ann", "square": "Mayfair"}) == "Ann buys Mayfair"
    assert i18n.say(lang, "rules-the_bank") == {"en": "the bank", "ru": "банк"}[lang]


def test_the_pages_are_served_the_same_file(tmp_path: Path) -> None:
    """One .ftl per language for both sides: /i18n/<lang>.ftl is the very file fluent.runtime reads
    (and @fluent/bundle's syntax is fluent.syntax's); a language the table does not speak is none."""
    for rig in rig_fixture(tmp_path):
        for lang in i18n.LANGUAGES:
            answer = rig.client().get(f"/i18n/{lang}.ftl")
            assert answer.status_code == 200 and answer.mimetype == "text/plain"
            assert answer.data == i18n.ftl_path(lang).read_bytes()
        assert rig.client().get("/i18n/de.ftl").status_code == 404
        assert rig.client().get("/i18n/..%2Fen.ftl").status_code == 404
