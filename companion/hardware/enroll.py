"""Enrolment: tap each deed, token and deck in turn, so the table learns which tag is which.

The banker does this once per set of stickers, maybe over several sittings: every tag is saved as
soon as it is tapped, so Ctrl-C or a flat battery loses nothing and the next run carries on where
this one stopped. Where the UIDs come from (the reader, or typed lines) is passed in.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from .device import Device, Event, Tap
from .tags import BANKER, TagError, TagInUse, TagRegistry, describe, normalize_uid

if TYPE_CHECKING:
    from ..rules import Edition

log = logging.getLogger(__name__)

Say = Callable[[str], None]
NextUid = Callable[[str], "str | None"]  # shows the prompt, answers a UID (None: no more input)


@dataclass(frozen=True)
class Step:
    meaning: str  # what the tag will stand for: deed:<square id>, token:<piece>, card:<deck>
    prompt: str  # "Tap <the deed's name> (1/28)"


@dataclass(frozen=True)
class Outcome:
    enrolled: int  # tags enrolled by this run
    already: int  # steps skipped because the registry had them (a resumed enrolment)
    total: int
    interrupted: bool = False  # stopped by Ctrl-C

    @property
    def remaining(self) -> int:
        return self.total - self.enrolled - self.already


def enrolment_steps(edition: Edition, cards: bool = False, banker: bool = False) -> list[Step]:
    """Every deed in board order, then the token pieces, then (for physical decks) every card,
    then (asked for) the banker's tag."""
    deeds = edition.ownable
    steps = [Step(f"deed:{sq.id}", f"Tap {sq.name} ({n}/{len(deeds)})") for n, sq in enumerate(deeds, 1)]
    pieces = edition.pieces
    steps += [Step(f"token:{piece}", f"Tap the {piece} token ({n}/{len(pieces)})")
              for n, piece in enumerate(pieces, 1)]
    if cards:
        for deck in edition.decks:
            printed = edition.decks[deck]
            steps += [
                Step(f"card:{deck}:{card.number}",
                     f"Tap {edition.deck_names[deck]['en']} card {card.number}: {card.text} "
                     f"({card.number}/{len(printed)})")
                for card in printed
            ]
    if banker:
        steps.append(Step(BANKER, "Tap the banker's tag (laid on the reader, it logs in the one screen "
                                  "waiting for the banker: keep it with the banker)"))
    return steps


def enroll(
    registry: TagRegistry,
    steps: list[Step],
    next_uid: NextUid,
    say: Say,
    edition: Edition | None = None,
) -> Outcome:
    """Ask for each step's tag until it gets one not used elsewhere on this edition's board (a
    tag of another board's deed may be this board's too); save after every tag."""
    board = edition.id if edition is not None else None
    todo = [step for step in steps if not registry.has(step.meaning, board)]
    already = len(steps) - len(todo)
    if already and todo:
        say(f"{already} of {len(steps)} tags already enrolled; carrying on with "
            f"{describe(todo[0].meaning, edition)}.")
    enrolled = 0
    try:
        for step in todo:
            while True:
                typed = next_uid(step.prompt)
                if typed is None:
                    say(f"Stopped: {already + enrolled} of {len(steps)} tags enrolled and saved in "
                        f"{registry.path}; run enroll again to carry on.")
                    return Outcome(enrolled, already, len(steps))
                try:
                    uid = normalize_uid(typed)
                except TagError as exc:
                    say(str(exc))
                    continue
                existing = registry.lookup(uid, board)
                if existing is not None:
                    say(f"That tag is already {describe(existing, edition)}: use another one.")
                    continue
                try:
                    _add_and_save(registry, uid, step.meaning, board)
                except TagInUse as exc:  # a token's tag is no board's deed, nor the other way
                    say(f"{exc}: use another one.")
                    continue
                enrolled += 1
                say(f"  {describe(step.meaning, edition)}: tag {uid}")
                break
    except KeyboardInterrupt:
        say(f"\nInterrupted: {already + enrolled} of {len(steps)} tags enrolled and saved in "
            f"{registry.path}; run enroll again to carry on.")
        return Outcome(enrolled, already, len(steps), interrupted=True)
    say(f"All {len(steps)} tags enrolled, saved in {registry.path}.")
    return Outcome(enrolled, already, len(steps))


def _add_and_save(registry: TagRegistry, uid: str, meaning: str, board: str | None = None) -> None:
    """A tag is enrolled once it is on disk; if saving fails the registry is left as it was."""
    registry.add(uid, meaning, board)
    try:
        registry.save()
    except BaseException:
        registry.remove(uid, board)
        raise


def typed_uids(lines: TextIO, say: Say) -> NextUid:
    """UIDs typed one a line (`--simulate`, and tests); blank lines are skipped, the end stops."""

    def next_uid(prompt: str) -> str | None:
        say(prompt)
        for line in lines:
            if line.strip():
                return line.strip()
        return None

    return next_uid


class ReaderUids:
    """UIDs tapped on a reader; while the reader is offline the banker is told why and it waits."""

    def __init__(self, reader: Device, say: Say, check_every: float = 0.25) -> None:
        self.reader = reader
        self.say = say
        self.check_every = check_every
        self._taps: queue.Queue[str] = queue.Queue()
        reader.start(self._take)

    def _take(self, event: Event) -> None:
        if isinstance(event, Tap):
            self._taps.put(event.uid)

    def __call__(self, prompt: str) -> str | None:
        self.say(prompt)
        told = "ok"
        while True:
            status = self.reader.status
            if status != told and status not in ("ok", "starting"):
                self.say(f"  The reader is {status}; waiting for it.")
            if status != "starting":
                told = status
            try:
                return self._taps.get(timeout=self.check_every)
            except queue.Empty:
                continue

    def close(self) -> None:
        self.reader.stop()


@dataclass(frozen=True)
class Enrolled:
    """One tag the Banker page enrolled, with what undoing it must put back."""

    uid: str
    meaning: str
    replaced: tuple[str, ...] = ()  # the tags that stood for this meaning before (a redone tag)
    had: bool = False  # the tag already stood for it (tapped again): undo leaves it


class Enrolment:
    """An enrolment run from the Banker page: its steps asked in turn, each tap saved at once,
    the last one undone on request. Used on the table's writer thread only.

    again=False asks only the steps no tag stands for yet (carrying on, like `companion enroll`);
    again=True asks every step and each tap replaces that meaning's old tags (a damaged sticker
    redone, a new set), so nothing is forgotten before its new tag is tapped.

    edition: the board whose deeds and cards are enrolled (None: the default edition's); a tag
    of another board's deed may become this board's.
    """

    def __init__(self, registry: TagRegistry, steps: list[Step], again: bool = False,
                 edition: str | None = None) -> None:
        self.registry = registry
        self.again = again
        self.edition = edition
        self.total = len(steps)
        self.steps = steps if again else [s for s in steps if not registry.has(s.meaning, edition)]
        self.done: list[Enrolled] = []
        self.last: dict[str, str] = {}  # what the last tap or undo did, for the page to say
        self.stopped = False

    @property
    def step(self) -> Step | None:
        """The step waiting for a tap, or None once every step is done (or the run stopped)."""
        if self.stopped or len(self.done) >= len(self.steps):
            return None
        return self.steps[len(self.done)]

    @property
    def running(self) -> bool:
        return self.step is not None

    def tapped(self, uid: str) -> bool:
        """A tag for the current step: saved and the run moves on, or refused (in use, malformed)."""
        step = self.step
        if step is None:
            return False
        try:
            uid = normalize_uid(uid)
        except TagError:
            self.last = {"outcome": "bad_uid", "uid": uid[:40]}
            return False
        existing = self.registry.lookup(uid, self.edition)
        clash = self.registry.clash(uid, step.meaning, self.edition)
        if clash is not None:  # another thing here, or another board's deed asked to be a token
            self.last = {"outcome": "in_use", "uid": uid, "meaning": clash.meaning}
            return False
        replaced = (tuple(u for u in self.registry.uids_for(step.meaning, self.edition) if u != uid)
                    if self.again else ())
        entry = Enrolled(uid, step.meaning, replaced, had=existing is not None)
        self._apply(entry)
        self.done.append(entry)
        self.last = {"outcome": "enrolled", "uid": uid, "meaning": step.meaning}
        return True

    def undo(self) -> Enrolled | None:
        """Take back the last tag enrolled (the step is asked again); None if there is none."""
        if not self.done:
            return None
        entry = self.done[-1]
        self._unapply(entry)
        self.done.pop()
        self.stopped = False
        self.last = {"outcome": "undone", "uid": entry.uid, "meaning": entry.meaning}
        return entry

    def stop(self) -> None:
        self.stopped = True

    def _apply(self, entry: Enrolled) -> None:
        """The registry with this tag, saved; left as it was if saving fails."""
        for old in entry.replaced:
            self.registry.remove(old, self.edition)
        if not entry.had:
            self.registry.add(entry.uid, entry.meaning, self.edition)
        try:
            self.registry.save()
        except BaseException:
            self._restore(entry)
            raise

    def _unapply(self, entry: Enrolled) -> None:
        self._restore(entry)
        try:
            self.registry.save()
        except BaseException:
            self._apply_in_memory(entry)
            raise

    def _restore(self, entry: Enrolled) -> None:
        if not entry.had:
            self.registry.remove(entry.uid, self.edition)
        for old in entry.replaced:
            self.registry.add(old, entry.meaning, self.edition)

    def _apply_in_memory(self, entry: Enrolled) -> None:
        for old in entry.replaced:
            self.registry.remove(old, self.edition)
        if not entry.had:
            self.registry.add(entry.uid, entry.meaning, self.edition)

    def status(self) -> dict[str, object]:
        """What the Banker page shows: the step asked, the progress, the last outcome."""
        step = self.step
        return {
            "running": step is not None,
            "meaning": step.meaning if step is not None else None,
            "done": len(self.done),
            "steps": len(self.steps),
            "total": self.total,
            "already": self.total - len(self.steps),
            "again": self.again,
            "edition": self.edition,
            "stopped": self.stopped,
            "last": dict(self.last),
            "enrolled": [{"uid": e.uid, "meaning": e.meaning} for e in self.done],
        }
