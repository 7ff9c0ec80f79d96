"""A square after a verb or a noun takes its case in every Russian message (issue 42: «покупает
Станция Кингс Кросс», «выкупить Станция Кингс Кросс из залога», «залог Станция Кингс Кросс даст»)."""

from __future__ import annotations

import re
from pathlib import Path

from companion.rules import new_game
from companion.rules.texts import Text

RU = (Path(__file__).parent.parent / "companion" / "i18n" / "ru.ftl").read_text(encoding="utf-8")
# The verbs that take the accusative, and the nouns that take the genitive, before a square.
ACCUSATIVE = r"(?:купить|покупает|заложить|закладывает|выкупить|выкупает|продать|продаёт|получает|отдаёт)"
GENITIVE = r"(?:залог|выкуп|продажа|владелец)"


def test_no_square_after_such_a_verb_or_noun_is_left_in_the_nominative() -> None:
    square = r"\{ \$(?:square|lot|other_square) \}"  # the nominative: no case suffix
    wrong = re.findall(rf"^([\w-]+) =.*\b(?:{ACCUSATIVE}|{GENITIVE}) {square}", RU, re.M)
    assert wrong == []


def test_the_sentences_the_reader_quoted_read_in_their_cases() -> None:
    game = new_game({"do": "new_game", "players": ["Анна", "Борис"]})
    kings_cross = game.squares[5]
    assert Text("doing.lift", kings_cross).words("ru") == "выкупить Станцию Кингс Кросс из залога"
    assert Text("raise.mortgage", kings_cross, 100).words("ru").startswith("залог Станции Кингс Кросс даст")
    assert Text("doing.buy", game.squares[12]).words("ru") == "купить Электрическую компанию"
