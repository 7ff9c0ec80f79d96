"""A burst of moments becomes one sentence, never a queue that runs behind the game.

The planner collects moments as the table stores commands and gives one utterance when asked
(`take`) once the burst has settled (`SETTLE` seconds without news) or has lasted `LONGEST`: at
most `PARTS` moments, always the newest one (what the table is at now) and, before it, the ones
that matter most (a winner before a roll), said in the order they happened. An undo drops the
moments of the commands it took back before they are said. Pure: time is an argument.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from .moments import KINDS, RANK, Moment
from .words import LANGUAGES, say, spoken_amounts

SETTLE = 0.3  # seconds without a new moment after which a burst is said
LONGEST = 1.0  # a burst that goes on is said after this long anyway
PARTS = 3  # moments in one utterance at most
KEEP = 32  # moments waiting at most (while a sentence is being said): the newest and the weightiest


@dataclass(frozen=True)
class Utterance:
    """What is said at once: its moments, and the sentence in every language."""

    moments: tuple[Moment, ...]
    text: dict[str, str]

    @property
    def seqs(self) -> tuple[int, ...]:
        return tuple(sorted({m.seq for m in self.moments}))

    def to_json(self) -> dict[str, Any]:
        return {"seq": max(self.seqs), "seqs": list(self.seqs), "kinds": [m.kind for m in self.moments],
                "text": self.text}


def aloud(value: Any) -> Any:
    """A name as the voice reads it: a slash between two names is a pause, never the word "slash"
    («Тюрьма / Только визит»: «Тюрьма, только визит» said)."""
    return value.replace(" / ", ", ") if isinstance(value, str) else value


def sentence(moment: Moment, lang: str) -> str:
    """One moment in one language: names in that language, amounts (a card's printed ones too)
    as words in the money of the moment's game."""
    values = {name: aloud((value.get(lang) or value.get("en", "")) if isinstance(value, dict) else value)
              for name, value in moment.values.items()}
    money = moment.currency
    if moment.kind == "card":
        values["card"] = spoken_amounts(str(values["card"]), lang, money)
    if moment.kind == "computer":  # a card read for a computer: its printed amounts said in words too
        values["text"] = spoken_amounts(str(values["text"]), lang, money)
    return say(lang, moment.message, values, money)


def utterance(moments: Iterable[Moment]) -> Utterance:
    said = tuple(moments)
    return Utterance(said, {lang: " ".join(sentence(m, lang) for m in said) for lang in LANGUAGES})


def choose(pending: list[Moment], parts: int = PARTS) -> list[Moment]:
    """The moments one utterance keeps of a burst: the newest, and the most important of the
    rest (the newer of two alike), in the order they happened."""
    if len(pending) <= parts:
        return list(pending)
    newest = len(pending) - 1
    rest = sorted(range(newest), key=lambda i: (RANK.get(pending[i].kind, 0), i), reverse=True)
    kept = sorted([*rest[: parts - 1], newest])
    return [pending[i] for i in kept]


class Planner:
    """The moments not yet said, and when their burst began and last grew."""

    def __init__(self, kinds: Collection[str] | None = None, settle: float = SETTLE,
                 longest: float = LONGEST, parts: int = PARTS) -> None:
        self.kinds = None if kinds is None else frozenset(kinds)
        self.settle, self.longest, self.parts = settle, longest, parts
        self.pending: list[Moment] = []
        self.began = self.grew = 0.0

    @property
    def kinds_said(self) -> frozenset[str]:
        return frozenset(KINDS) if self.kinds is None else self.kinds

    def add(self, moments: Iterable[Moment], now: float) -> None:
        """Moments of a stored command (only the kinds this table says)."""
        wanted = [m for m in moments if self.kinds is None or m.kind in self.kinds]
        if not wanted:
            return
        if not self.pending:
            self.began = now
        self.pending.extend(wanted)
        if len(self.pending) > KEEP:  # bounded: stale news is dropped, never queued
            self.pending = choose(self.pending, KEEP // 2)
        self.grew = now

    def undo(self, seqs: Collection[int]) -> None:
        """The commands an undo took back: what they would have said is no longer true."""
        self.pending = [m for m in self.pending if m.seq not in seqs]

    def clear(self) -> None:
        """Another game: nothing of the old one is said."""
        self.pending = []

    def due(self, now: float) -> float | None:
        """Seconds until the burst is to be said (0: now), or None with nothing to say."""
        if not self.pending:
            return None
        return max(0.0, min(self.grew + self.settle, self.began + self.longest) - now)

    def take_moments(self, now: float) -> list[Moment] | None:
        """The moments of the utterance due now, if one is (and the moments it leaves out are
        dropped: the newest matters most, and the old news is no longer worth saying)."""
        wait = self.due(now)
        if wait is None or wait > 0:
            return None
        kept = choose(self.pending, self.parts)
        self.pending = []
        return kept

    def take(self, now: float) -> Utterance | None:
        """The utterance due now, worded in every language, if one is."""
        kept = self.take_moments(now)
        return None if kept is None else utterance(kept)
