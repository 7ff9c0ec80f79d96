"""The table's voice in a process of its own, at low priority: it plans what to say (planner.py),
words it (words.py) and has espeak-ng say it (espeak.py), so the table never waits for it.

The daemon (runtime.py) starts it with `nice` and hands it, on one pipe, JSON messages, each a
list [name, value]: first ["start", {settings, wav_dir, said, wavs}], then

- ["add", [moment, ...]]: the moments of a stored command (moments.py's plain data);
- ["undo", [seq, ...]]: the commands an undo took back (what they would say is dropped);
- ["clear", null]: another game, or news lost on the way (nothing pending is said);
- ["auction", [deadline s, lot, seq] | null]: the open auction's clock (its last seconds are said);
- ["language", "ru"]: the language the table speaks from now on (its own screen's: web/voice.py),
  in that language's espeak-ng voice (the configured voice for the configured language);
- ["ping", n]: answered at once with ["pong", n, moments pending] (the daemon's look at it).

It answers on another pipe: ["said", utterance] as soon as it is worded (for the screens),
["kept", utterance] once said (with its WAV in simulated mode: GET /api/voice lists it), and
["failed", why] when the speaker falls silent. Its input ending (the daemon closing it, or dying:
the kernel kills it then, companion/lifetime.py) ends it.
"""

from __future__ import annotations

import json
import logging
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES
from .espeak import VoiceUnavailable, play, render
from .moments import Moment, last_seconds
from .planner import Planner, Utterance, utterance
from .settings import VoiceSettings

log = logging.getLogger("companion.voice")

LAST_SECONDS = 5.0  # an auction's "last seconds" are said this long before the table closes it
RECENT = 30  # utterances the daemon keeps for GET /api/voice (and their WAVs, in simulated mode)
NICE = 10  # the process's niceness (espeak-ng's own `nice` lowers it further)

# The process's command line: the package the daemon runs from first on sys.path (-P: not the
# working directory), then the pipes' descriptors and the daemon's pid.
BOOT = ("import sys; sys.path.insert(0, sys.argv[1]); from companion.voice.process import main; "
        "main(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))")

Tell = Callable[[list[Any]], None]


class Speaker:
    """The planner, fed by the daemon's messages (`handle`, on the reading thread) and said on a
    thread of its own (`run`): while a sentence is being said, news waits in the planner, which
    keeps only what is worth saying when the speaker is free."""

    def __init__(self, settings: VoiceSettings, tell: Tell, wav_dir: Path | None = None, said: int = 0,
                 wavs: list[str] | None = None, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.configured = settings.speech  # [voice]: its language, and its voice for that language
        self.tell = tell
        self.wav_dir = wav_dir
        self.said = said  # utterances said so far (the daemon's count, across restarts)
        self.clock, self.wall = clock, wall
        self.planner = Planner(settings.moments, settle=settings.settle, longest=settings.longest)
        self.kept: deque[str] = deque(wavs or (), maxlen=RECENT)  # the WAVs GET /api/voice lists
        self.failed = ""
        self.busy = False  # moments taken from the planner and not yet said
        self._last_call: tuple[float, dict[str, str], int] | None = None  # (deadline s, lot, seq)
        self._called: float | None = None
        self._cond = threading.Condition()
        self._stop = False

    def handle(self, name: str, value: Any) -> None:
        """One message of the daemon's; one it does not know is logged and changes nothing."""
        with self._cond:
            if name == "add":
                self.planner.add([Moment.from_json(m) for m in value], self.clock())
            elif name == "undo":
                self.planner.undo({int(seq) for seq in value})
            elif name == "clear":
                self.planner.clear()
            elif name == "auction":
                self._last_call = None if value is None else (float(value[0]), value[1], int(value[2]))
            elif name == "language":
                self._speak_in(value)
            elif name == "ping":
                self.tell(["pong", value, len(self.planner.pending) + self.busy])
            else:
                log.warning("the voice was told %r: not a message it knows", name)
            self._cond.notify()

    def _speak_in(self, lang: Any) -> None:
        if lang not in LANGUAGES:
            log.warning("the voice was told to speak %r: not a language the table speaks", lang)
            return
        speech = self.configured
        if lang != speech.lang:  # that language's own voice: the configured one speaks its own
            speech = replace(speech, lang=lang, voice="")
        self.settings = replace(self.settings, speech=speech)

    def stop(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify()

    def _next(self) -> tuple[list[Moment] | None, float | None]:
        """What to say now, or how long to wait for something to say (None: until told)."""
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

    def run(self) -> None:
        try:  # the messages parsed before the first moment, not while a game waits for it
            utterance([last_seconds(0, dict.fromkeys(LANGUAGES, ""))])
        except Exception:
            log.exception("the voice's messages do not load")
        while True:
            with self._cond:
                if self._stop:
                    return
                taken, wait = self._next()
                if taken is None:
                    self._cond.wait(timeout=wait)
                    continue
                self.busy = True
            try:
                self._say(utterance(taken))
            except Exception:  # one sentence that fails is not said; the voice goes on
                log.exception("the table's voice failed")
            finally:
                with self._cond:
                    self.busy = False

    def _say(self, said: Utterance) -> None:
        self.said += 1
        speech = self.settings.speech
        shown = said.to_json() | {"n": self.said, "lang": speech.lang}
        text = said.text.get(speech.lang) or said.text["en"]
        self.tell(["said", shown])
        if self.wav_dir is not None and self.settings.enabled:
            try:
                self.wav_dir.mkdir(parents=True, exist_ok=True)
                wav = render(text, speech, self.wav_dir / f"{self.said:06d}.wav")
                shown = shown | {"wav": wav.name}
                self.kept.append(wav.name)
            except VoiceUnavailable as exc:
                self._fail(str(exc))
            self._prune()
        elif self.settings.enabled:
            try:
                play(text, speech)
            except VoiceUnavailable as exc:
                self._fail(str(exc))
        self.tell(["kept", shown])

    def _fail(self, why: str) -> None:
        if why != self.failed:
            log.warning("the table's voice is silent: %s", why)
            self.tell(["failed", why])
        self.failed = why

    def _prune(self) -> None:
        kept = set(self.kept)
        for old in self.wav_dir.glob("*.wav") if self.wav_dir is not None else ():
            if old.name not in kept:
                old.unlink(missing_ok=True)


def main(reads: int, writes: int, parent: int) -> None:
    """The process's life: read the start, then each message until the daemon closes the pipe."""
    from ..lifetime import die_with_parent

    die_with_parent(parent)  # killed by the kernel when the daemon dies, however it ends
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C and the service's stop are the daemon's
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # to handle: it closes the pipe, this process ends
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s", stream=sys.stderr)
    inbox = Connection(reads, writable=False)
    outbox = Connection(writes, readable=False)
    lock = threading.Lock()

    def tell(message: list[Any]) -> None:
        with lock:
            outbox.send_bytes(json.dumps(message, ensure_ascii=False).encode())

    try:
        name, start = json.loads(inbox.recv_bytes())
        assert name == "start", name
        wav_dir = Path(start["wav_dir"]) if start.get("wav_dir") else None
        speaker = Speaker(VoiceSettings.from_json(start["settings"]), tell, wav_dir,
                          int(start.get("said", 0)), list(start.get("wavs") or ()))
        threading.Thread(target=speaker.run, name="table-voice", daemon=True).start()
        while True:
            message = inbox.recv_bytes()
            try:
                name, value = json.loads(message)
                speaker.handle(name, value)
            except (ValueError, TypeError, KeyError, IndexError):  # a bug of the daemon's: said, not fatal
                log.exception("the voice could not read %r", message[:200])
    except (EOFError, OSError):
        return  # the daemon closed the pipe (or is gone)


if __name__ == "__main__":
    sys.exit("the table's voice is started by the daemon (companion run), not by hand")
