"""Numbers said aloud, for the table's voice (companion/voice): 7 as "seven" / "семь", by
num2words. It is the WORDS() function of every language's bundle; an amount with the money's noun
("twenty-two" and the edition's noun in the form the number asks for) is money.py's
`Currency.say`, the SPOKEN_MONEY() function."""

from __future__ import annotations

from . import LANGUAGES


def number_words(n: object, lang: str) -> str:
    """7 as "seven" / "семь"; 1500 as "one thousand five hundred" (no comma to pause on); what is
    not a whole number, as it is written."""
    if not isinstance(n, int) and not str(n).isdigit():
        return str(n)
    from num2words import num2words  # type: ignore[import-untyped]  # it ships no types

    said = str(num2words(int(str(n)), lang=lang if lang in LANGUAGES else "en")).replace(",", "")
    for written, spoken in AS_PEOPLE_SAY.get(lang, ()):
        if said.startswith(written):
            said = spoken + said[len(written):]
    return said


# What num2words writes out in full where people say less: a Russian says «тысяча пятьсот», never
# «одна тысяча пятьсот» (a native reader's finding, issue 42); «миллион» likewise.
AS_PEOPLE_SAY: dict[str, tuple[tuple[str, str], ...]] = {
    "ru": (("одна тысяча", "тысяча"), ("один миллион", "миллион")),
}
