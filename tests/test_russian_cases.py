"""A square after a verb or a noun takes its case in every Russian message (issue 42: «покупает
Станция Кингс Кросс», «выкупить Станция Кингс Кросс из залога», «залог Станция Кингс Кросс даст»)."""

from __future__ import annotations

import re
from pathlib import Path

from companion.i18n.grammar import forms_for
from companion.rules import new_game
from companion.rules.texts import Text
from companion.table.words import words
from companion.web.story import money_words

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


def test_no_arrow_and_no_ledger_column_inside_a_russian_sentence() -> None:
    """The game's sentences say who pays whom with the dative («платит Никите»), never a ledger's
    arrow or «(кому: банк)»; a figure that moved moved «с 24 % до 31 %» (every message: the
    engine's, the story's, the voice's, the pages' and the table's)."""
    said = re.findall(r"^([\w-]+) =(.*(?:\n[ \t]+.*)*)", RU, re.M)
    assert len(said) > 900 and any(key.startswith("page-odds-") for key, _text in said)
    assert [key for key, text in said if "→" in text or "кому:" in text or "получатель:" in text] == []


def test_the_money_story_reads_as_sentences_with_the_dative() -> None:
    names = ["Никита", "Анна", "Илья"]
    game = new_game({"do": "new_game", "players": names, "rules": {"shuffle": False},
                     "forms": forms_for(names)})
    said = []
    for command in ({"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
                    {"do": "roll", "dice": [1, 2]}, {"do": "end_turn"}, {"do": "roll", "dice": [2, 2]}):
        said += [money_words(t, "ru", game.forms) for t in game.apply(command).transfers]
    assert "Анна платит Никите £4 ренты за Уайтчепел-роуд" in said
    assert "Илья платит банку £200: Подоходный налог" in said


def test_a_square_is_never_forced_into_one_gender() -> None:
    """«Водопровод … уже заложена» (issue 42): a participle about a square agrees with the thing
    the sentence names («собственность … заложена», «карточку … (заложена)»), never with a square
    whose gender it does not know; a lot won at auction is «выигрыш», not «выигранную»."""
    said = re.findall(r"^([\w-]+) =(.*(?:\n[ \t]+.*)*)", RU, re.M)
    participles = re.compile(r"\b(?:заложена|выкуплена|выигранную|куплена)\b")
    wrong = [key for key, text in said if participles.search(text)
             and not re.search(r"собственност|карточк", text[:participles.search(text).start()], re.I)]
    assert wrong == []


def test_a_number_and_its_percent_sign_never_part() -> None:
    """«15 %» on one line: a no-break space before the sign (a phone broke «15» from «%»)."""
    assert re.findall(r"^([\w-]+) =.*(?:\d|\}) %", RU, re.M) == []


def test_a_bankrupts_money_is_from_her_in_the_genitive() -> None:
    """«Борис получает £120 от Веры: банкротство», never «£120 игрока Вера» (issue 42)."""
    from companion.rules.core import Transfer

    forms = forms_for(["Вера", "Борис", "Bob"])
    moved = Transfer("Вера", "Борис", 120, Text("why.bankruptcy", "Вера"))
    assert money_words(moved, "ru", forms) == "Борис получает £120 от Веры: банкротство"
    latin = Transfer("Bob", "Борис", 120, Text("why.bankruptcy", "Bob"))
    assert money_words(latin, "ru", forms) == "Борис получает £120 от игрока Bob: банкротство"


def test_the_tables_own_sentences_decline_the_players_names() -> None:
    """The table's messages (pairing, token waits, refusals) name a player in the case the
    sentence needs when the game knows the name's forms: «Это фишка Бориса; подтвердить нужно
    Ане», not «фишка игрока Борис … игроку Аня»; a name it cannot decline keeps «игрока»."""
    forms = forms_for(["Аня", "Борис"])
    assert words("token.wrong", forms, tapped="Борис", player="Аня")["ru"] == \
        "Это фишка Бориса; подтвердить нужно Ане"
    not_yours = words("authority.not_yours", forms, owner="Аня", player="Борис")
    assert not_yours["ru"] == "Это ход Ани, а не Бориса"
    assert words("authority.computer_seat", forms, player="Аня")["ru"].startswith("За Аню играет стол")
    assert words("paired.banker", forms, player="Борис", screen=3)["ru"] == "Банкир привязал экран 3 к Борису"
    assert words("token.wrong", None, tapped="Bob", player="Ann")["ru"] == \
        "Это фишка игрока Bob; подтвердить нужно игроку Ann"
