"""English a reader would not correct (issue 42's English findings), as properties of every English
message: one name for the jail card, a percentage written "10%", no "only 0 houses"."""

from __future__ import annotations

import re
from pathlib import Path

from companion.rules.texts import Plural, Text

EN = (Path(__file__).parent.parent / "companion" / "i18n" / "en.ftl").read_text(encoding="utf-8")
MESSAGES = re.findall(r"^(-?[\w-]+) =(.*(?:\n[ \t]+.*)*)", EN, re.M)


def test_the_messages_were_read() -> None:
    assert len(MESSAGES) > 500  # the control: the pattern finds the catalogue's messages


def test_the_jail_card_has_one_name() -> None:
    wrong = [key for key, text in MESSAGES if re.search(r"Get out of Jail(?! Free)", text)]
    assert wrong == []


def test_a_percentage_is_written_without_a_space() -> None:
    wrong = [key for key, text in MESSAGES if re.search(r"[\d}] %", text)]
    assert wrong == []


def test_no_building_count_reads_only_none() -> None:
    evenly = Text("build.evenly", "Ann", "Mayfair", "Park Lane", Plural(0, "house")).words("en")
    assert evenly.endswith("Park Lane has no houses") and "only" not in evenly
    assert Plural(1, "house").words("en") == "1 house" and Plural(3, "house").words("en") == "3 houses"
    assert Plural(0, "house").words("ru") == "ни одного дома" and Plural(5, "house").words("ru") == "5 домов"
