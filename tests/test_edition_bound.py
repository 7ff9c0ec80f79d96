"""Everything an edition decides lives in the edition (issue 40): no code outside the edition data
names a currency, a square of the board or a piece of the set, and money is worded through the
game's edition wherever a player reads or hears it.

The scan reads companion/ (Python, JavaScript, HTML, Fluent) outside companion/rules/editions/ for
a currency sign (an edition's, or "$" before a digit: never JavaScript's `${`), the default
edition's deeds (their ids and English names) and its pieces used as data (a quoted id); a find is
named file:line. Then what a player notices: a game on a dollar edition writes "$1,500" in English
and "$1 500" in Russian, says «двадцать один доллар», and a London game is worded as before.
"""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from companion.i18n.money import Currency
from companion.rules import Game, Rejected, Text, Transfer, load_edition
from companion.rules.edition import EDITIONS, parse_edition
from companion.table.apply_path import ApplyPath
from companion.voice.moments import Moment
from companion.voice.planner import sentence
from companion.web.story import money_words, story_items

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "companion"
SCANNED = (".py", ".js", ".html", ".ftl")
SKIPPED = ("companion/rules/editions/", "companion/web/site/static/vendor/")
# Files that may name a default edition's piece, and why (nothing else may).
PIECE_ART = {
    # the pictures of pieces by id: a piece of any edition finds its drawing here, or its player's
    # initials stand for it
    "companion/web/site/static/js/pieces.js",
}
DOLLARS = {"sign": "$", "nouns": {"en": {"one": "dollar", "other": "dollars"},
                                  "ru": {"one": "доллар", "few": "доллара", "many": "долларов",
                                         "other": "доллара"}}}


def files() -> list[Path]:
    return sorted(path for path in COMPANION.rglob("*") if path.suffix in SCANNED and path.is_file()
                  and not any(str(path.relative_to(ROOT)).startswith(skip) for skip in SKIPPED))


@cache
def patterns() -> dict[str, re.Pattern[str]]:
    editions = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(EDITIONS.glob("*.json"))]
    signs = {raw["money"]["sign"] for raw in editions if "money" in raw} - {"$"}
    default = load_edition()
    deeds = [sq for sq in default.squares if sq.ownable]
    names = sorted({sq.name for sq in deeds}, key=len, reverse=True)
    ids = sorted({sq.id for sq in deeds}, key=len, reverse=True)
    return {
        "a currency sign": re.compile("|".join(map(re.escape, sorted(signs))) + r"|\$(?=\d)"),
        "a square's id": re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w-])"),
        "a square's name": re.compile("|".join(map(re.escape, names))),
        "a piece": re.compile(r"""["'](?:""" + "|".join(map(re.escape, default.pieces)) + r""")["']"""),
    }


def finds(path: Path) -> list[str]:
    where = str(path.relative_to(ROOT))
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for what, pattern in patterns().items():
            if what == "a piece" and (where in PIECE_ART or path.suffix == ".ftl"):
                continue  # a .ftl names a piece by its message's id ("page-piece-<id>"), never quoted
            if pattern.search(line):
                found.append(f"{where}:{number}: {what}: {line.strip()[:120]}")
    return found


def test_no_code_outside_the_editions_names_what_an_edition_decides() -> None:
    found = [line for path in files() for line in finds(path)]
    assert not found, "named outside the edition data:\n" + "\n".join(found)


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The positive control: each kind of find, in a file of each kind."""
    default = load_edition()
    deed = next(sq for sq in default.squares if sq.ownable)
    sign = default.money.sign
    lines = {
        "a currency sign": [f"x = '{sign}5'", "const a = `$5`;", "msg = costs $200"],
        "a square's id": [f'go("{deed.id}")'],
        "a square's name": [f"# {deed.name} is dear"],
        "a piece": [f'PIECE = "{default.pieces[0]}"'],
    }
    for what, examples in lines.items():
        for example in examples:
            assert patterns()[what].search(example), (what, example)
    for fine in ("const a = `${x}`;", "{ $amount }", "re.sub(r'$', '', s)"):
        assert not patterns()["a currency sign"].search(fine), fine


# ---- what a player notices ------------------------------------------------------------------------

@cache
def dollar_edition() -> Any:
    """London's board with the dollar's money (until an edition of its own is in the data)."""
    raw = json.loads((EDITIONS / "london.json").read_text(encoding="utf-8"))
    raw = copy.deepcopy(raw) | {"id": "london-dollars", "money": DOLLARS}
    return parse_edition(raw)


def dollar_game() -> Game:
    return Game(["Ann", "Bob"], seed=1, edition=dollar_edition())


def test_a_dollar_edition_writes_its_amounts_in_each_language() -> None:
    money = dollar_edition().money
    assert money == Currency.from_data(DOLLARS)
    assert i18n.money(1500, "en", money) == "$1,500"
    assert i18n.money(1500, "ru", money) == "$1\u00a0500"
    said = Text("buy.may", "Ann", dollar_edition().squares[1], 1500)
    assert said.words("en", None, money).endswith("for $1,500")
    assert "$1\u00a0500" in said.words("ru", None, money)
    assert "£" not in said.words("ru", None, money)


def test_the_story_of_a_dollar_game_writes_dollars() -> None:
    money = dollar_edition().money
    start = Transfer("bank", "Ann", 1500, "starting cash")
    assert money_words(start, "en", None, money) == "Ann gets $1,500 starting cash"
    assert money_words(start, "ru", None, money).count("$1\u00a0500") == 1
    game = dollar_game()
    outcome = game.apply({"do": "roll", "player": game.names[game.current], "dice": [1, 2]})
    items = story_items(1, outcome, people=game.forms, money=game.edition.money)
    assert items and not any("£" in text for item in items for text in item["text"].values())


def test_the_state_words_of_a_dollar_game_are_in_dollars() -> None:
    game = dollar_game()
    game.apply({"do": "roll", "player": game.names[game.current], "dice": [1, 2]})  # to a deed for sale
    shown = ApplyPath.view(game)
    words = shown["decision"]["text"]
    price = game.squares[3].price
    assert f"${price}" in words["en"] and f"${price}" in words["ru"], words
    assert "£" not in json.dumps(shown, ensure_ascii=False)
    assert shown["money"] == DOLLARS  # what the pages write amounts with (i18n.js's MONEY)


@pytest.mark.parametrize(("amount", "ru"), [
    (1, "один доллар"), (2, "два доллара"), (5, "пять долларов"), (21, "двадцать один доллар"),
    (1000, "тысяча долларов"),
])
def test_the_voice_says_dollars_in_the_form_the_number_asks_for(amount: int, ru: str) -> None:
    rent = Moment(1, "rent", "voice-rent", {"payer": "Bob", "owner": "Ann", "amount": amount},
                  DOLLARS)
    assert ru in sentence(rent, "ru")
    assert ("dollar" if amount == 1 else "dollars") in sentence(rent, "en")


def test_the_voice_reads_a_card_printed_in_dollars() -> None:
    card = Moment(1, "card", "voice-card", {"player": "Ann", "deck": {"en": "Chance", "ru": "Случай"},
                                            "card": {"en": "Pay $150.", "ru": "Заплатите $150."}}, DOLLARS)
    assert sentence(card, "en") == "Ann draws Chance: Pay one hundred and fifty dollars."
    assert "сто пятьдесят долларов" in sentence(card, "ru")


def test_a_moment_of_a_game_carries_its_money_to_the_voice_process() -> None:
    rent = Moment(1, "rent", "voice-rent", {"payer": "Bob", "owner": "Ann", "amount": 22}, DOLLARS)
    again = Moment.from_json(json.loads(json.dumps(rent.to_json())))
    assert sentence(again, "en") == "Bob pays Ann twenty-two dollars rent."


def test_london_is_worded_as_before() -> None:
    money = load_edition().money
    assert i18n.money(1500, "en") == i18n.money(1500, "en", money) == "£1,500"
    assert i18n.money(1500, "ru") == "£1\u00a0500"
    assert money.say(22, "ru") == "двадцать два фунта" and money.say(1, "en") == "one pound"
    assert i18n.say("en", "voice-test") == "The table speaks. Ann pays Bob twenty-two pounds rent."


def test_a_refusal_of_a_dollar_game_is_reported_in_dollars() -> None:
    """What the CLI's replay and odds, the API's English reason and the log print of a refusal."""
    game = dollar_game()
    game.apply({"do": "roll", "player": "Ann", "dice": [1, 2]})
    with pytest.raises(Rejected) as refused:
        game.apply({"do": "bid", "player": "Ann", "amount": 10})
    said = refused.value.reason_in(game.edition.money)
    assert "£" not in said
    assert refused.value.reason_in(load_edition().money) == refused.value.reason
    outcome = game.apply({"do": "buy", "player": "Ann"})
    assert outcome.words("en", game.edition.money) == [w.replace("£", "$") for w in outcome.messages]
