"""The stored game replayed to word it: every log entry with its events and money movements in
every language, read one entry at a time and never twice.

The ledger holds the commands and the English reasons; replaying the log on a game of our own
(`apply(..., guarded=False)` on a fresh `new_game`) gives back each movement's `why` as a
sentence. Wording costs far more than replaying, and worded entries cost memory, so a chronicle
words only what screens show: the game's chronicle (`Chronicles.of`) catches up on a long game by
replaying it and words only its last TAIL entries and every entry stored from then on, and keeps
the newest KEEP worded entries; a page of older entries (`Chronicles.page`) is worded by a
cursor that replays the game up to it and goes on from there for the next page. Undo entries
rebuild the game from the effective commands, so the story follows undo as the game does; the
reversing movements an undo posts are worded from the movements they reverse.
"""

from __future__ import annotations

import json
import logging
import threading
from array import array
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ...ledger.committed import CommittedRead
from ...rules import Game, Outcome, Transfer, new_game
from ...rules.corrections import banker_set_dice
from . import (
    Words,
    both,
    event_words,
    first_turn_item,
    money_words,
    new_game_item,
    story_items,
    story_key,
    template,
    undone_words,
)

log = logging.getLogger(__name__)

READ_PAGE = 2000  # entries read at a time while catching up
TAIL = 400  # entries worded at the end of a game the chronicle catches up on
KEEP = 2500  # worded entries a chronicle keeps (more than a page: see common.PAGE_MAX)
CURSORS = 2  # cursors kept for screens reading old pages


@dataclass
class Told:
    """One log entry in words."""

    seq: int
    time: str
    source: str
    kind: str  # new, play, redo, undo, clock, import
    text: Words  # the entry in one sentence
    items: list[dict[str, Any]] = field(default_factory=list)  # what it adds to the story
    money: list[Words] = field(default_factory=list)  # each ledger movement of this entry, in order
    took_back: list[int] = field(default_factory=list)  # an undo's: the seqs it took back


class Chronicle:
    """One stored game in words, from the entry after `word_after` on. `update(reading)` reads
    the entries stored since the last call."""

    def __init__(self, game_id: str, word_after: int = 0) -> None:
        self.game_id = game_id
        self.word_after = word_after
        self.seen = 0  # the last seq read
        self.told: OrderedDict[int, Told] = OrderedDict()  # the newest KEEP worded entries
        self.effective = array("q")  # seqs of the entries that make the game now
        self.undone: set[int] = set()  # entries taken back by an undo (and not put back)
        self.game: Game | None = None

    def update(self, reading: CommittedRead, upto: int | None = None) -> None:
        """Read the entries after `seen` up to `upto` (the reading's seq by default), a page of
        the file at a time."""
        end = reading.seq if upto is None else min(upto, reading.seq)
        while self.seen < end:
            stop = min(end, self.seen + READ_PAGE)
            for seq, time, source, kind, line in reading.entries(self.seen, stop):
                try:
                    self._read(reading, seq, time, source, kind, json.loads(line))
                except Exception:  # never a reason to fail a page: the English reasons remain
                    log.exception("could not word entry %s of game %s", seq, self.game_id)
            self.seen = stop

    # ---- reading one entry -------------------------------------------------------------------

    def _read(self, reading: CommittedRead, seq: int, time: str, source: str, kind: str,
              command: dict[str, Any]) -> None:
        worded = seq > self.word_after
        told = Told(seq, time, source, kind, {}) if worded else None
        if kind == "new":
            self.game = new_game(command)
            self.effective = array("q", [seq])
            if told is not None:
                names = list(self.game.names)
                money = self.game.edition.money
                told.money = [both(lambda lang, n=name, c=cash: money_words(
                    Transfer("bank", n, c, "starting cash"), lang, None, money))
                    for name, cash in zip(names, self.game.cash, strict=True) if cash]
                told.items = [new_game_item(seq, names, self.game.cash[0], money),
                              first_turn_item(seq, self.game)]
                told.text = both(lambda lang: template("log.new", lang, players=", ".join(names)))
        elif kind in ("play", "redo"):
            if self.game is None:
                return
            outcome = self.game.apply(command, guarded=False)
            self.effective.append(seq)
            if told is not None:
                self._tell(told, outcome, banker_set_dice(command))
                if kind == "redo":
                    said = told.text
                    told.text = {lang: template("log.redo", lang, line=said[lang]) for lang in said}
        elif kind == "undo":
            count = int(command.get("count", 1))
            undone = list(self.effective[-count:])
            self.undone.update(undone)
            del self.effective[-count:]
            self._rebuild(reading, seq)
            if told is not None:
                told.took_back = undone
                reversing: list[Words] = []
                for taken in reversed(undone):
                    before = self.told.get(taken)
                    if before is None:  # worded long ago, or never: from the ledger's reasons
                        reversing = []
                        break
                    reversing += [undone_words(words) for words in reversed(before.money)]
                told.money = reversing
                key = "log.undo_one" if count == 1 else "log.undo_many"
                told.text = both(lambda lang: template(key, lang, n=count))
        elif kind in ("clock", "import") and told is not None:
            told.text = both(lambda lang: template(f"log.{kind}", lang))
        if told is not None:
            if not told.text:
                told.text = both(lambda lang: template("log.nothing", lang))
            self.told[seq] = told
            while len(self.told) > KEEP:
                self.told.popitem(last=False)

    def _tell(self, told: Told, outcome: Outcome, banker_dice: bool = False) -> None:
        people = self.game.forms if self.game is not None else None
        money = self.game.edition.money if self.game is not None else None
        told.items = story_items(told.seq, outcome, told.source, people, banker_dice, money)
        told.money = [item["text"] for item in told.items if item["kind"] == "money"]
        # the log tells events as the story does (the timer's passes, the banker's dice)
        said = [lambda lang, e=e: event_words(e, lang, story_key(e, told.source, banker_dice), people, money)
                for e in outcome.events]
        told.text = both(lambda lang: template("log.nothing", lang))
        if said:
            told.text = {lang: "; ".join(w(lang) for w in said) for lang in told.text}

    def _rebuild(self, reading: CommittedRead, undo: int) -> None:
        """The game again from the effective commands before the undo at seq `undo`, read from
        the file (up to the undo itself: `seen` is still where this page of entries began)."""
        wanted = set(self.effective)
        game: Game | None = None
        after = 0
        while after < undo:
            upto = min(undo, after + READ_PAGE)
            for seq, _time, _source, _kind, line in reading.entries(after, upto):
                if seq not in wanted:
                    continue
                if game is None:
                    game = new_game(json.loads(line))
                else:
                    game.apply(json.loads(line), guarded=False)
            after = upto
        self.game = game

    # ---- what screens read -------------------------------------------------------------------

    def story(self, limit: int) -> list[dict[str, Any]]:
        """The newest `limit` lines of the game as it stands, in order (undone moves are gone
        from it); read from the end, so a long game costs no more than a short one."""
        chunks: list[list[dict[str, Any]]] = []
        count = 0
        for seq in reversed(self.effective):
            told = self.told.get(seq)
            if count >= limit or told is None:  # older than what was worded
                break
            chunks.append(told.items)
            count += len(told.items)
        lines = [item for chunk in reversed(chunks) for item in chunk]
        return lines[-limit:] if limit else []

    def has(self, after: int, upto: int) -> bool:
        """Whether every entry after `after` up to `upto` is worded here."""
        return upto <= self.seen and all(seq in self.told for seq in range(after + 1, upto + 1))


class Chronicles:
    """The chronicle of the game the table plays, shared by every request, and the cursors
    that word older pages. Hold `lock` while using them (the requests' own lock: the writer
    never takes it)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self._current: Chronicle | None = None
        self._cursors: OrderedDict[tuple[str, int], Chronicle] = OrderedDict()

    def of(self, reading: CommittedRead) -> Chronicle:
        """The game's chronicle, worded at least up to the reading's seq (it may be further on,
        if another request read later: answers then say the chronicle's own seq)."""
        chronicle = self._current
        if chronicle is None or chronicle.game_id != reading.game_id:
            chronicle = self._current = Chronicle(reading.game_id, word_after=reading.seq - TAIL)
            self._cursors.clear()
        chronicle.update(reading)
        return chronicle

    def page(self, reading: CommittedRead, after: int, upto: int) -> list[Told]:
        """The entries after `after` up to `upto` in words, each marked whether an undo took it
        back; from the game's chronicle if it has them, else from a cursor."""
        current = self.of(reading)
        source = current
        if not current.has(after, upto):
            cursor = self._cursors.pop((reading.game_id, after), None)
            if cursor is None:
                cursor = Chronicle(reading.game_id, word_after=after)
            cursor.update(reading, upto)
            self._cursors[(reading.game_id, upto)] = cursor  # where the next page starts
            while len(self._cursors) > CURSORS:
                self._cursors.popitem(last=False)
            source = cursor
        return [source.told[seq] for seq in range(after + 1, upto + 1) if seq in source.told]
