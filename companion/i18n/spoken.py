"""Numbers said aloud, for the table's voice (companion/voice): 7 as "seven" / "семь", 22 pounds
as "twenty-two pounds" / "двадцать два фунта", by num2words; the pound's noun agrees with the
number by the "voice-pound-noun" message's plural selector (CLDR's rules: фунт, фунта, фунтов).
They are the WORDS() and POUNDS() functions of every language's bundle."""

from __future__ import annotations

from . import LANGUAGES


def number_words(n: object, lang: str) -> str:
    """7 as "seven" / "семь"; 1500 as "one thousand five hundred" (no comma to pause on); what is
    not a whole number, as it is written."""
    if not isinstance(n, int) and not str(n).isdigit():
        return str(n)
    from num2words import num2words  # type: ignore[import-untyped]  # it ships no types

    return str(num2words(int(str(n)), lang=lang if lang in LANGUAGES else "en")).replace(",", "")


def pounds_words(amount: object, lang: str) -> str:
    """22 as "twenty-two pounds" / "двадцать два фунта"."""
    from . import say

    if not isinstance(amount, int) and not str(amount).isdigit():
        return str(amount)
    amount = int(str(amount))
    return f"{number_words(amount, lang)} {say(lang, 'voice-pound-noun', {'amount': int(amount)})}"
