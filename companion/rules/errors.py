"""The two ways a command can fail, named for what went wrong.

Anything else a command raises is a bug in the companion, never a rule: callers must not report it
as a refusal (the game is rolled back all the same, see `Game.apply`).
"""

from __future__ import annotations

from ..errors import CompanionError
from ..i18n import default_money
from ..i18n.money import Currency
from ..i18n.persons import People
from .texts import Sentence


class CommandError(CompanionError):
    """Base of every error a command can raise; the message is meant for people."""

    def __init__(self, text: Sentence | str) -> None:
        super().__init__(str(text))
        self.text = text

    @property
    def reason(self) -> str:
        """The sentence in English (what scripts, logs and `companion replay` print)."""
        return str(self.args[0]) if self.args else ""

    def reason_in(self, money: Currency | None) -> str:
        """The English sentence with its amounts in `money` (the game's edition's): `reason`
        itself when that is the default edition's, which the sentence was worded in when made."""
        if money is None or money == default_money() or not isinstance(self.text, Sentence):
            return self.reason
        return self.text.words("en", None, money)

    def words(self, lang: str = "en", people: People | None = None, money: Currency | None = None) -> str:
        """The sentence in `lang`, agreeing with the players' forms when the game's are given, its
        amounts in the game's edition's `money` (the default edition's when None)."""
        return self.text.words(lang, people, money) if isinstance(self.text, Sentence) else str(self.text)


class Malformed(CommandError):
    """The input cannot be read as a command: not an object, unknown command, missing or bad field."""


class Rejected(CommandError):
    """A well-formed command that the rules refuse now; the game is unchanged."""
