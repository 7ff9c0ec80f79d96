"""The printed cards speak of one board and one currency, and say what they do.

Seen at a Russian table: "Идите на TRAFALGAR SQUARE… 200F" beside a board that says Трафальгар
Сквер and £. Every card text of every edition, in each language, may name only squares of that
board in that language (as the edition names them), may write money only with the edition's sign
(£N for London, $N for the US), and must name exactly the squares and amounts its action uses. Read
as plain JSON, like test_edition_data, so the data is checked even while the loader changes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES
from companion.rules.house_rules import HouseRules

EDITIONS = Path(__file__).parents[1] / "companion/rules/editions"
LONDON = EDITIONS / "london.json"
LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
# Words a card may capitalise or quote that are not squares: the bank, as seed 000 writes «Банк».
NOT_SQUARES = {"en": {"bank"}, "ru": {"банк"}}
# The spaces a "go back N" card counts, the only number on a card that is not money.
SPACES = {"en": r"{n} spaces", "ru": r"{n} клетки"}
HOUSE = {"en": "house", "ru": "дом"}
HOTEL = {"en": "hotel", "ru": "отель"}
JAIL = {"en": "jail", "ru": "тюрьм"}


def load(name: str = "london") -> dict:
    with open(EDITIONS / f"{name}.json", encoding="utf-8") as f:
        return json.load(f)


EDITION = load()
BOARDS = {"london": EDITION, "us": load("us")}
SIGNS = {name: board.get("money", {}).get("sign", "£") for name, board in BOARDS.items()}
CARDS = [
    (edition, deck, number, card)
    for edition, board in BOARDS.items()
    for deck, body in board["decks"].items()
    for number, card in enumerate(body["cards"], start=1)
]
IDS = [f"{edition}-{deck}-{number}" for edition, deck, number, _ in CARDS]


def words(text: str) -> list[str]:
    return re.findall(r"[\w'’]+", text.lower())


def mentions(text: str) -> list[str]:
    """The names a text uses: «quoted» phrases, and runs of capitalised words inside a sentence."""
    found = re.findall(r"«([^»]+)»", text)
    text = re.sub(r"«[^»]+»", " , ", text)
    text = re.sub(r"\bSt\. ", "St ", text)  # "St. Charles Place": an abbreviation ends no sentence
    for sentence in re.split(r"[.;:!?,–—]", text):
        tokens = re.findall(r"[\w'’]+|£\d+", sentence)
        run: list[str] = []
        for position, token in enumerate(tokens + [""]):
            if position > 0 and token[:1].isupper():
                run.append(token)
                continue
            if run:
                found.append(" ".join(run))
            run = []
    return found


def squares_named(mention: str, language: str, board: dict = EDITION) -> set[str]:
    """The square a mention names exactly, else those whose name holds it as whole words (any case).

    The part lets a Russian card decline a name ("на станцию Мэрилебон") and still be checked.
    """
    wanted = words(mention)
    exact = {sq["id"] for sq in board["squares"] if words(sq["name"][language]) == wanted}
    if exact:
        return exact
    named = set()
    for square in board["squares"]:
        forms = {square["name"][language], *square.get("cases", {}).get(language, {}).values()}
        for form in forms:  # the name in any of its cases («на Трафальгарскую площадь»)
            name = words(form)
            if any(name[i : i + len(wanted)] == wanted for i in range(len(name) - len(wanted) + 1)):
                named.add(square["id"])
    return named


def deck_named(mention: str, language: str, board: dict = EDITION) -> str | None:
    for deck, body in board["decks"].items():
        if words(body["name"][language]) == words(mention):
            return deck
    return None


def amounts(text: str, sign: str = "£") -> list[int]:
    return [int(n) for n in re.findall(re.escape(sign) + r"(\d+)", text)]


def expected_squares(action: dict) -> set[str]:
    if "advance_to" in action:
        return {action["advance_to"]}
    if "back_to" in action:
        return {action["back_to"]}
    return set()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("edition", "deck", "number", "card"), CARDS, ids=IDS)
def test_one_alphabet_and_one_money_sign(language: str, edition: str, deck: str, number: int,
                                        card: dict) -> None:
    text = card["text"][language]
    if language == "ru":
        assert not LATIN.search(text), text
    else:
        assert not CYRILLIC.search(text), text
    # Every number is the edition's money (£N, $N), except the spaces a "go back" card counts.
    sign = SIGNS[edition]
    back = card["action"].get("back")
    rest = re.sub(SPACES[language].format(n=back), "", text) if back else text
    rest = re.sub(re.escape(sign) + r"\d+\b", "", rest)
    assert not re.search(r"\d", rest), text
    others = "|".join(re.escape(other) for other in set(SIGNS.values()) - {sign})
    assert not re.search(r"\d\s*F\b|руб|фунт|pound|доллар|dollar|" + others, text, re.IGNORECASE), text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("edition", "deck", "number", "card"), CARDS, ids=IDS)
def test_names_only_squares_of_the_board(language: str, edition: str, deck: str, number: int,
                                         card: dict) -> None:
    text = card["text"][language]
    board = BOARDS[edition]
    for mention in mentions(text):
        if words(mention) and words(mention)[0] in NOT_SQUARES[language]:
            continue
        named = squares_named(mention, language, board) or deck_named(mention, language, board)
        assert named, (mention, text)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("edition", "deck", "number", "card"), CARDS, ids=IDS)
def test_the_text_names_what_the_card_does(language: str, edition: str, deck: str, number: int,
                                           card: dict) -> None:
    text = card["text"][language]
    action = card["action"]
    salary = HouseRules().salary
    board = BOARDS[edition]
    money = amounts(text, SIGNS[edition])
    named = [
        squares_named(m, language, board)
        for m in mentions(text)
        if squares_named(m, language, board) and not deck_named(m, language, board)
    ]
    go_named = any("go" in squares for squares in named)
    # Where it moves: the target is named, and every other square named is GO (for the salary).
    for target in expected_squares(action):
        assert any(target in squares for squares in named), (target, text)
    for squares in named:
        allowed = expected_squares(action) | {"go"}
        if "go_to_jail" in action or "jail_card" in action:
            allowed |= {"jail", "go-to-jail"}
        assert squares & allowed, (squares, text)
    # Amounts: exactly the ones the action pays or charges, in the order the text gives them.
    if "advance_to" in action:
        assert money in ([], [salary]), text
        assert go_named or not money, text  # salary is promised only with GO named
    elif "repairs" in action:
        assert money == [action["repairs"]["house"], action["repairs"]["hotel"]], text
        lowered = text.lower()
        assert HOUSE[language] in lowered and HOTEL[language] in lowered, text
        assert lowered.index(HOUSE[language]) < lowered.index(HOTEL[language]), text
    elif "pay_or_draw" in action:
        assert money == [action["pay_or_draw"]["amount"]], text
        decks = [deck_named(m, language, board) for m in mentions(text)]
        assert action["pay_or_draw"]["deck"] in decks, text
    elif set(action) & {"collect", "pay", "birthday", "pay_each_player"}:
        (amount,) = action.values()
        assert money == [amount], text
    else:
        assert money == [], text
    if "back" in action:
        assert re.search(SPACES[language].format(n=action["back"]), text), text
    if "go_to_jail" in action or "jail_card" in action:
        assert JAIL[language] in text.lower(), text


def test_the_checks_catch_what_the_table_saw() -> None:
    """Positive control: the texts seen at the table fail these checks."""
    seen = "Идите на TRAFALGAR SQUARE. Если пройдете через «старт», получите зарплату 200F."
    assert LATIN.search(seen)
    assert re.search(r"\d\s*F\b", seen)
    assert not squares_named("Трафальгарская улица", "ru")
    assert squares_named("Трафальгарская площадь", "ru") == {"trafalgar-square"}
    assert mentions("Идите на Трафальгарскую площадь.") == ["Трафальгарскую"]
    assert squares_named("Трафальгарскую", "ru") == {"trafalgar-square"}  # its accusative
    assert not squares_named("Трафальгарскую", "ru", {"squares": [{"id": "x", "name": {"ru": "Площадь"}}]})
    assert mentions("Go back to Old Kent Road; if you pass GO collect £200.") == ["Old Kent Road", "GO"]
    assert amounts("за дом – £25, за отель – £100") == [25, 100]


def test_both_languages_say_the_same_of_every_card() -> None:
    """The English and the Russian text of a card name the same squares and the same sums.

    Jail is left out: English capitalises it as a square ("Go to Jail"), Russian writes it as a word.
    """
    for edition, deck, number, card in CARDS:
        board = BOARDS[edition]
        seen = {}
        for language in LANGUAGES:
            text = card["text"][language]
            squares = set()
            for m in mentions(text):
                if not deck_named(m, language, board):
                    squares |= squares_named(m, language, board)
            seen[language] = (sorted(squares - {"jail", "go-to-jail"}), amounts(text, SIGNS[edition]))
        assert all(seen[lang] == seen["en"] for lang in LANGUAGES), (edition, deck, number, seen)
