"""Every amount the engine words carries its £, in English and Russian (issue 22, item 12: the
banker's undo list said "Bob wins Whitechapel Road for 200"): the events, the refusals and the
decisions of every rule-book script, and each log entry's sentence (what undo lists)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from companion.rules import Rejected, Sentence, new_game
from companion.rules.raising import debt_advice
from companion.rules.texts import LANGUAGES, Plural
from companion.web.story.chronicle import Chronicle

SCRIPTS = sorted((Path(__file__).parent / "scripts").rglob("*.jsonl"))
# Values that are counts or numbers, not money: a die, a card's number, a note's length, a
# percentage, a try of three, a building limit, a utility card's multiplier (a Plural says its noun
# itself).
NOT_MONEY = {"roll.bad_die": (0,), "card.no_number": (1, 2), "correct.note_long": (0,),
             "now.choice_tax": (2,), "now.jail": (2,), "now.jail_card": (2,),
             "card.utility_roll": (2,), "now.utility_roll": (2,)}
DIE = 6  # ints up to a die's face are dice, tries and counts in every sentence


def sentences(said: Any) -> Iterator[Sentence]:
    """A sentence and every sentence among its values."""
    if isinstance(said, Sentence):
        yield said
        for value in said.values:
            yield from sentences(value)


def amounts(part: Sentence) -> list[int]:
    skip = NOT_MONEY.get(part.key, ())
    return [v for i, v in enumerate(part.values) if type(v) is int and v > DIE and i not in skip]


def unpriced(said: Sentence) -> list[str]:
    """The amounts of a sentence written without £ in any language."""
    missing = []
    for part in sentences(said):
        for lang in LANGUAGES:
            words = part.words(lang)
            missing += [f"{part.key} ({lang}): {words!r}"
                        for v in amounts(part) if i18n.money(v, lang) not in words]
    return missing


def played(script: Path) -> Iterator[Sentence]:
    """The events, refusals and decisions of one script, as it is replayed."""
    lines = [json.loads(line) for line in script.read_text(encoding="utf-8").splitlines() if line.strip()]
    try:
        game = new_game(lines[0])
    except Exception:  # noqa: BLE001 - a script about a malformed first line
        return
    for command in lines[1:]:
        try:
            yield from game.apply(command, guarded=False).events
        except Rejected as refused:
            if isinstance(refused.text, Sentence):
                yield refused.text
        except Exception:  # noqa: BLE001 - a malformed line (test_scripts checks those)
            return
        decision = game.decision()
        if decision is not None:
            yield decision.text(game)
        advice = debt_advice(game)
        if advice is not None:
            yield advice


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_amount_the_engine_words_has_its_pound_sign(script: Path) -> None:
    missing = [line for said in played(script) for line in unpriced(said)]
    assert not missing, "\n".join(missing)


def test_the_check_finds_an_amount_without_its_pound_sign() -> None:
    """The positive control: a sentence whose amount is bare is caught, one with £ is not."""
    bare = Sentence("auction.wins", ("Bob", "Whitechapel Road", 200))
    assert not unpriced(bare)
    assert unpriced(Sentence("roll.rolls", ("Ann", 200, 3)))  # "Ann rolls 200 and 3": no £
    assert not unpriced(Sentence("build.turn_limit", ("Ann", "Mayfair", Plural(3, "building"))))


class Log:
    """A log in memory, read as a committed reading is (seq, time, source, kind, line)."""

    def __init__(self, rows: list[tuple[str, dict[str, Any]]]) -> None:
        self.game_id = "g"
        self.rows = [(i + 1, "t", "banker", kind, json.dumps(cmd)) for i, (kind, cmd) in enumerate(rows)]
        self.seq = len(self.rows)

    def entries(self, after: int, upto: int) -> list[tuple[int, str, str, str, str]]:
        return [row for row in self.rows if after < row[0] <= upto]


def test_the_undo_list_says_the_auction_price_with_its_pound_sign() -> None:
    rows = [("new", {"do": "new_game", "players": ["Ann", "Bob"], "rules": {"shuffle": False}}),
            ("play", {"do": "roll", "dice": [1, 2]}), ("play", {"do": "decline"}),
            ("play", {"do": "bid", "player": "Bob", "amount": 200}),
            ("play", {"do": "pass", "player": "Ann"})]
    chronicle = Chronicle("g")
    chronicle.update(Log(rows))  # type: ignore[arg-type]
    won = chronicle.told[5].text
    assert won["en"] == "Ann passes; Bob wins Whitechapel Road for £200", won
    assert "£200" in won["ru"] and " 200" not in won["ru"].replace("£200", ""), won
    assert "£200" in chronicle.told[4].text["en"]  # "Bob bids £200 for Whitechapel Road"


def test_the_scripts_word_many_amounts() -> None:
    """The scripts replay here and word amounts (a check over none would pass vacuously)."""
    worded = [key for script in SCRIPTS for said in played(script) for part in sentences(said)
              if amounts(part) for key in [part.key]]
    assert len(worded) > 200, len(worded)
    assert {"auction.wins", "auction.bids", "buy.may", "debt.owes"} <= set(worded), sorted(set(worded))
