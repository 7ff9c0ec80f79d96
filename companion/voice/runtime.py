"""The voice in the daemon: the table's listener and the voice's own thread.

The listener runs on the writer thread after each command is stored, so it only reads the story
into moments (microseconds) and hands them over; the voice's thread plans (planner.py), sends each
utterance to the screens (`event: voice`, both languages: a screen that speaks says the same) and
has espeak-ng say it in its own low-priority process (or write it to a WAV in simulated mode).
While a sentence is being said, new moments wait in the planner, which keeps only what is worth
saying when the speaker is free: the table never waits, and the voice never runs behind.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules import Sentence
from .espeak import Speech, VoiceUnavailable, play, render
from .moments import SAID, Moment, last_seconds, moments, named
from .planner import Planner, Utterance, utterance

log = logging.getLogger(__name__)

LAST_SECONDS = 5.0  # an auction's "last seconds" are said this long before the table closes it
RECENT = 30  # utterances kept for GET /api/voice (and their WAVs, in simulated mode)


@dataclass(frozen=True)
class VoiceSettings:
    """[voice] as the runtime reads it (companion.config.VoiceConfig gives it)."""

    enabled: bool = True  # the Pi's own speaker (screens switch their own voice on themselves)
    speech: Speech = Speech()
    moments: tuple[str, ...] = SAID


class Voice:
    """Plans what the table says and says it; `listen` is the table's listener."""

    def __init__(self, settings: VoiceSettings, table: Any,
                 send: Callable[[dict[str, Any]], None] | None = None,
                 wav_dir: Path | None = None, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.table = table
        self.send = send
        self.wav_dir = wav_dir
        self.clock, self.wall = clock, wall
        self.planner = Planner(settings.moments)
        self.recent: deque[dict[str, Any]] = deque(maxlen=RECENT)
        self.said = 0
        self.failed = ""  # why the speaker is silent, once it failed
        self._effective: list[int] = []  # seqs of the commands that make the game now
        self._positions: list[int] | None = None
        self._last_call: tuple[float, dict[str, str], int] | None = None  # (deadline s, lot, seq)
        self._called: float | None = None
        self._cond = threading.Condition()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="table-voice", daemon=True)
        self._thread.start()

    # ---- on the writer thread ----------------------------------------------------------------

    def listen(self, event: dict[str, Any]) -> None:
        if event.get("type") != "state":
            return
        state = event.get("state") or {}
        kind, command = event.get("kind"), event.get("command") or {}
        seq = int(event.get("seq") or 0)
        now = self.clock()
        with self._cond:
            if kind == "command" and command.get("do") == "undo":
                count = int(command.get("count", 1))
                taken, self._effective = self._effective[-count:], self._effective[:-count]
                self.planner.undo(set(taken))
            elif kind == "command" and command.get("do") == "redo":
                self._effective.append(seq)
            elif kind == "command" and event.get("outcome") is not None:
                self._effective.append(seq)
                game = self.table.store.game if self.table.store is not None else None
                self.planner.add(moments(seq, event["outcome"], game, self._positions), now)
            elif kind != "restamp":  # a new, opened or recovered game: nothing of before is said
                self._effective = [seq]
                self.planner.clear()
            self._positions = [p.get("position", 0) for p in state.get("players") or []]
            self._auction(state, seq)
            self._cond.notify()

    def _auction(self, state: dict[str, Any], seq: int) -> None:
        clock = state.get("auction_clock")
        pending = state.get("pending") or {}
        if not clock or pending.get("kind") != "auction":
            self._last_call = None
            return
        game = self.table.store.game if self.table.store is not None else None
        square = next((sq for sq in getattr(game, "squares", ()) if sq.id == pending.get("square")), None)
        lot = square if square is not None else Sentence(f"auction.bank_{pending.get('building') or 'house'}")
        self._last_call = (float(clock["deadline"]) / 1000, named(lot), seq)

    # ---- on the voice's thread ---------------------------------------------------------------

    def _next(self) -> tuple[list[Moment] | None, float | None]:
        """What to say now, or how long to wait for something to say (None: until told). Under
        the lock the listener takes too: it only picks moments, the wording comes after."""
        now = self.clock()
        if self._last_call is not None:
            deadline, lot, seq = self._last_call
            left = deadline - self.wall()
            if self._called != deadline and 0 < left <= LAST_SECONDS and "auction" in self.planner.kinds_said:
                self._called = deadline
                self.planner.add([last_seconds(seq, lot)], now)
                self.planner.began = self.planner.grew = now - self.planner.longest  # said at once
        taken = self.planner.take_moments(now)
        if taken is not None:
            return taken, 0
        waits = [w for w in (self.planner.due(now),) if w is not None]
        if self._last_call is not None and self._called != self._last_call[0]:
            left = self._last_call[0] - self.wall() - LAST_SECONDS
            if left > -LAST_SECONDS:
                waits.append(max(0.05, left))
        return None, min(waits) if waits else None

    def _run(self) -> None:
        try:  # the messages parsed before the first moment, not while a game waits for it
            utterance([last_seconds(0, {"en": "", "ru": ""})])
        except Exception:
            log.exception("the voice's messages do not load")
        while True:
            with self._cond:
                if self._stop:
                    return
                said, wait = self._next()
                if said is None:
                    self._cond.wait(timeout=wait)
                    continue
            try:
                self._say(utterance(said))
            except Exception:  # the voice must never take the table down
                log.exception("the table's voice failed")

    def _say(self, said: Utterance) -> None:
        self.said += 1
        shown = said.to_json() | {"n": self.said, "lang": self.settings.speech.lang}
        text = said.text.get(self.settings.speech.lang) or said.text["en"]
        if self.send is not None:
            self.send(shown)
        if self.wav_dir is not None and self.settings.enabled:
            try:
                self.wav_dir.mkdir(parents=True, exist_ok=True)
                wav = render(text, self.settings.speech, self.wav_dir / f"{self.said:06d}.wav")
                shown["wav"] = wav.name
            except VoiceUnavailable as exc:
                self._fail(str(exc))
            self._prune()
        self.recent.append(shown)
        if self.settings.enabled and self.wav_dir is None:
            try:
                play(text, self.settings.speech)
            except VoiceUnavailable as exc:
                self._fail(str(exc))

    def _fail(self, why: str) -> None:
        if why != self.failed:
            log.warning("the table's voice is silent: %s", why)
        self.failed = why

    def _prune(self) -> None:
        kept = {item.get("wav") for item in self.recent} | {f"{self.said:06d}.wav"}
        for old in self.wav_dir.glob("*.wav") if self.wav_dir is not None else ():
            if old.name not in kept:
                old.unlink(missing_ok=True)

    def say_now(self, moment: Moment) -> Utterance:
        """One moment said at once, past the planner (the doctor's test sentence)."""
        said = utterance([moment])
        self._say(said)
        return said

    def close(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify()
        self._thread.join(timeout=5)
