"""The stored game replayed to word it: every log entry with its events and money movements in
every language, kept up to date one entry at a time.

The ledger holds the commands and the English reasons; replaying the log on a game of our own
(`apply(..., guarded=False)` on a fresh `new_game`: about 0.03 s for 10,000 commands) gives back
each movement's `why` as a sentence. Undo entries rebuild that game from the effective commands,
so the story follows undo as the game does; the reversing movements an undo posts are worded from
the movements they reverse.
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from ...ledger.committed import CommittedRead
from ...rules import Game, Outcome, Transfer, new_game
from . import Words, both, money_words, new_game_item, story_items, template, undone_words

log = logging.getLogger(__name__)

READ_PAGE = 2000  # entries read at a time while wording a game


@dataclass
class Told:
    """One log entry in words."""

    seq: int
    time: str
    source: str
    kind: str  # new, play, redo, undo, clock, import
    command: dict[str, Any]
    text: Words  # the entry in one sentence
    items: list[dict[str, Any]] = field(default_factory=list)  # what it adds to the story
    money: list[Words] = field(default_factory=list)  # each ledger movement of this entry, in order
    undone: bool = False  # taken back by a later undo (and not put back)
    took_back: list[int] = field(default_factory=list)  # an undo's: the seqs it took back


class Chronicle:
    """One stored game in words. `update(store)` reads the entries stored since the last call."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.seen = 0  # the last seq read
        self.told: dict[int, Told] = {}
        self.effective: list[int] = []  # seqs of the entries that make the game now
        self.game: Game | None = None
        self.broken = False  # a stored command did not replay here: words fall back to English

    def update(self, reading: CommittedRead) -> None:
        """Word the entries stored since the last call, up to the reading's seq (a page at a
        time: what was worded stays worded, and is never read again)."""
        while self.seen < reading.seq:
            upto = min(reading.seq, self.seen + READ_PAGE)
            for seq, time, source, kind, line in reading.entries(self.seen, upto):
                try:
                    self._read(seq, time, source, kind, json.loads(line))
                except Exception:  # never a reason to fail a page: the English reasons remain
                    log.exception("could not word entry %s of game %s", seq, self.game_id)
                    self.broken = True
            self.seen = upto

    # ---- reading one entry -------------------------------------------------------------------

    def _read(self, seq: int, time: str, source: str, kind: str, command: dict[str, Any]) -> None:
        told = Told(seq, time, source, kind, command, both(lambda lang: template("log.nothing", lang)))
        self.told[seq] = told
        if kind == "new":
            self.game = new_game(command)
            self.effective = [seq]
            names = list(self.game.names)
            told.money = [both(lambda lang, n=name, c=cash: money_words(
                Transfer("bank", n, c, "starting cash"), lang))
                for name, cash in zip(names, self.game.cash, strict=True) if cash]
            told.items = [new_game_item(seq, names, self.game.cash[0])]
            told.text = both(lambda lang: template("log.new", lang).format(players=", ".join(names)))
        elif kind in ("play", "redo"):
            if self.game is None:
                return
            outcome = self.game.apply(command, guarded=False)
            self.effective.append(seq)
            self._tell(told, outcome)
            if kind == "redo":
                said = told.text
                told.text = {lang: template("log.redo", lang).format(said[lang]) for lang in said}
        elif kind == "undo":
            count = int(command.get("count", 1))
            undone = self.effective[-count:]
            told.took_back = list(undone)
            reversing: list[Words] = []
            for taken in reversed(undone):
                self.told[taken].undone = True
                reversing += [undone_words(words) for words in reversed(self.told[taken].money)]
            told.money = reversing
            self.effective = self.effective[:-count]
            self._rebuild()
            key = "log.undo_one" if count == 1 else "log.undo_many"
            told.text = both(lambda lang: template(key, lang).format(n=count))
        elif kind in ("clock", "import"):
            told.text = both(lambda lang: template(f"log.{kind}", lang))

    def _tell(self, told: Told, outcome: Outcome) -> None:
        told.items = story_items(told.seq, outcome)
        told.money = [item["text"] for item in told.items if item["kind"] == "money"]
        said = [e.words for e in outcome.events]
        if said:
            told.text = {lang: "; ".join(w(lang) for w in said) for lang in told.text}

    def _rebuild(self) -> None:
        """The game again from the effective commands (after an undo)."""
        first = self.told[self.effective[0]].command
        game = new_game(first)
        for seq in self.effective[1:]:
            game.apply(self.told[seq].command, guarded=False)
        self.game = game

    # ---- what screens read -------------------------------------------------------------------

    def story(self, limit: int) -> list[dict[str, Any]]:
        """The newest `limit` lines of the game as it stands, in order (undone moves are gone
        from it); read from the end, so a long game costs no more than a short one."""
        chunks: list[list[dict[str, Any]]] = []
        count = 0
        for seq in reversed(self.effective):
            if count >= limit:
                break
            chunks.append(self.told[seq].items)
            count += len(chunks[-1])
        lines = [item for chunk in reversed(chunks) for item in chunk]
        return lines[-limit:] if limit else []

    def entries(self, after: int, upto: int) -> list[Told]:
        """The entries after `after` up to `upto`, in order."""
        return [self.told[seq] for seq in range(after + 1, upto + 1) if seq in self.told]

    def money_words(self, seq: int) -> list[Words]:
        told = self.told.get(seq)
        return told.money if told is not None else []


class Chronicles:
    """The chronicle of the game the table plays, shared by every request (one lock)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()  # the requests' own: the writer never takes it
        self._current: Chronicle | None = None

    def of(self, reading: CommittedRead) -> Chronicle:
        """The game's chronicle, worded at least up to the reading's seq (it may be further on, if
        another request read later: answers then say the chronicle's own seq). Hold `lock` while
        using it."""
        chronicle = self._current
        if chronicle is None or chronicle.game_id != reading.game_id:
            chronicle = self._current = Chronicle(reading.game_id)
        chronicle.update(reading)
        return chronicle
