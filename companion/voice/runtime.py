"""The voice in the daemon: the table's listener, and the voice's own process kept running.

The listener runs on the writer thread after each command is stored: it reads the story into
moments (microseconds) and puts them in a hand-off that never waits (handoff.py). A feeder thread
sends them down a pipe to the voice's process (process.py, started under `nice`), which plans,
words and says them, so the table never waits for it. A keeper thread reads what the process
answers (each utterance goes to the screens as `event: voice` and to GET /api/voice) and watches
it: a process that stops, or answers nothing for `hang_after` seconds, is killed and started
again; one that keeps stopping (more than `restarts` times in WINDOW seconds) is given up, and
the table goes on silent with /api/voice saying why. `close` ends the process; if the daemon
dies, the kernel kills it (companion/lifetime.py).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules import Sentence
from ..rules.corrections import banker_set_dice
from .handoff import Handoff
from .moments import Moment, moments, named, offered, prompted
from .process import BOOT, NICE, RECENT
from .settings import VoiceSettings

if TYPE_CHECKING:
    from ..table import Table

__all__ = ["Voice", "VoiceSettings"]
log = logging.getLogger("companion.voice")

ROOT = Path(__file__).resolve().parents[2]  # the folder the companion package is in
HANG = 15.0  # seconds without an answer after which the process is taken for hung
STARTS_WITHIN = 60.0  # ... and before its first answer (a Pi starting Python beside the table)
PING = 2.0  # seconds between two looks at the process, at most
RESTARTS = 3  # times the process may stop within WINDOW seconds and be started again
WINDOW = 60.0
RESTART_AFTER = 1.0  # seconds between a process stopping and the next one starting
STOP_WITHIN = 3.0  # seconds a process told to end has before it is killed


class Voice:
    """The table's voice; `listen` is the table's listener, `close` ends it."""

    def __init__(self, settings: VoiceSettings, table: Table,
                 send: Callable[[dict[str, Any]], None] | None = None,
                 wav_dir: Path | None = None, hang_after: float = HANG, restarts: int = RESTARTS) -> None:
        self.settings = settings
        self.table = table
        self.send = send
        self.wav_dir = wav_dir
        self.hang_after, self.restarts_allowed = hang_after, restarts
        self.recent: deque[dict[str, Any]] = deque(maxlen=RECENT)  # as said, newest last
        self.said = 0  # utterances said (numbered across the process's restarts)
        self.failed = ""  # why the table is silent, once it is
        self.restarts = 0  # times the process was started again
        self.process: subprocess.Popen[bytes] | None = None  # the voice's process, while it runs
        self._to: Connection | None = None
        self._effective: list[int] = []  # seqs of the commands that make the game now
        self._positions: list[int] | None = None
        self._last_call: list[Any] | None = None  # [deadline s, lot, seq] of the open auction
        self._offers: dict[Any, Any] = {}  # each open choice's code last read aloud
        self._prompted: set[str] = set()  # the computer's prompts open when last told (each said once)
        self._prompts_due: list[Moment] = []  # ... said after the state they came with
        self._seq = 0  # the last state's seq heard
        # The language the table's own screen shows (web/voice.py sets it), else [voice] language's.
        self.language: Callable[[], str | None] = lambda: None
        self._handoff = Handoff()
        self._closing = threading.Event()
        self._answers = threading.Condition()
        self._sending = threading.Lock()  # held by the feeder while it writes to the pipe
        self._asked = self._answered = self._pending = 0
        # The keeper starts each process: for the kernel, the thread that started a process is its
        # parent, and the keeper lives as long as the voice does.
        self._keeper = threading.Thread(target=self._keep, name="table-voice", daemon=True)
        self._feeder = threading.Thread(target=self._feed, name="table-voice-feed", daemon=True)
        self._keeper.start()
        self._feeder.start()

    @property
    def running(self) -> bool:
        return self.process is not None

    @property
    def speaks(self) -> str:
        """The language the table speaks now: its own screen's, else the configured one."""
        return self.language() or self.settings.speech.lang

    @property
    def status(self) -> str:
        """The voice's line among the devices, in their words (companion/hardware): offline and why
        once it is given up (the screens' voices go silent too), off when the Pi's speaker is not
        used, simulated when it writes WAVs, ok while its process runs, starting until then."""
        if self.failed:
            return f"offline: {self.failed}"
        if not self.settings.enabled:
            return "off"
        if not self.running:
            return "starting"
        return "simulated" if self.wav_dir is not None else "ok"

    # ---- on the writer thread ----------------------------------------------------------------

    def listen(self, event: dict[str, Any]) -> None:
        if event.get("type") == "choice":
            self._choices(event)
            return
        if event.get("type") == "prompts":
            self._prompts(event)
            return
        if event.get("type") == "computer":
            self._computer_says(event)
            return
        if event.get("type") != "state":
            return
        state = event.get("state") or {}
        kind, command = event.get("kind"), event.get("command") or {}
        seq = int(event.get("seq") or 0)
        if kind == "command" and command.get("do") == "undo":
            count = int(command.get("count", 1))
            taken, self._effective = self._effective[-count:], self._effective[:-count]
            self._handoff.put("undo", taken)
        elif kind == "command" and command.get("do") == "redo":
            self._effective.append(seq)
        elif kind == "command" and event.get("outcome") is not None:
            self._effective.append(seq)
            game = self.table.store.game if self.table.store is not None else None
            found = moments(seq, event["outcome"], game, self._positions, banker_set_dice(command))
            if found:
                self._handoff.put("add", found)
        elif kind != "restamp":  # a new, opened or recovered game: nothing of before is said
            self._effective = [seq]
            self._handoff.put("clear", None)
        self._positions = [p.get("position", 0) for p in state.get("players") or []]
        self._auction(state, seq)
        self._seq = seq
        if self._prompts_due and kind != "restamp":
            self._handoff.put("add", self._prompts_due)
        self._prompts_due = []

    def _choices(self, event: dict[str, Any]) -> None:
        """A choice at the table offers another code: it is read aloud, once per offer."""
        said = {}
        for choice in event.get("choices") or []:
            key = (choice.get("choice"), choice.get("offered"))
            said[choice.get("choice")] = key
            if choice.get("offered") and self._offers.get(choice.get("choice")) != key:
                seq = self._effective[-1] if self._effective else 0
                self._handoff.put("add", [offered(seq, choice)])
        self._offers = said

    def _prompts(self, event: dict[str, Any]) -> None:
        """What the people must move for a computer: each prompt said once, after the moments of
        the command it came with (the table tells its prompts before the state itself)."""
        shown = [p for p in event.get("prompts") or [] if isinstance(p, dict)]
        new = [p for p in shown if p.get("id") not in self._prompted]
        self._prompted = {str(p.get("id")) for p in shown}
        seq = int(event.get("seq") or 0)
        moment = prompted(seq, new)
        if moment is None:
            return
        if seq > self._seq:
            self._prompts_due.append(moment)  # its command's own moments first
        else:
            self._handoff.put("add", [moment])

    def _computer_says(self, event: dict[str, Any]) -> None:
        """Why the computer answered a trade as it did (the toast on every page), said aloud too:
        the people across the table hear why their offer was turned down."""
        words = event.get("words")
        if not isinstance(words, dict):
            return
        moment = prompted(int(event.get("seq") or 0), [{"words": words}])
        if moment is not None:
            self._handoff.put("add", [moment])

    def _auction(self, state: dict[str, Any], seq: int) -> None:
        clock = state.get("auction_clock")
        pending = state.get("pending") or {}
        call = None
        if clock and pending.get("kind") == "auction":
            game = self.table.store.game if self.table.store is not None else None
            square = next((sq for sq in getattr(game, "squares", ()) if sq.id == pending.get("square")), None)
            building = pending.get("building") or "house"
            lot = square if square is not None else Sentence(f"auction.bank_{building}")
            call = [float(clock["deadline"]) / 1000, named(lot), seq]
        if call != self._last_call:
            self._last_call = call
            self._handoff.ready.set()

    # ---- the feeder: the hand-off down the pipe ----------------------------------------------

    def _feed(self) -> None:
        sent_to: Connection | None = None
        sent_call: list[Any] | None = None
        sent_lang = ""
        pinged = 0.0
        every = min(PING, self.hang_after / 4)
        while not self._closing.is_set():
            self._handoff.ready.wait(every)
            to = self._to
            if to is None:  # between two processes: the news waits in the hand-off (bounded)
                self._closing.wait(0.1)
                continue
            asked = self._asked  # before the news is taken: its answer comes after all of it
            messages = self._handoff.take()
            call, lang = self._last_call, self.speaks
            if to is not sent_to or lang != sent_lang:  # said before the news: in the table's language
                messages.insert(0, ("language", lang))
            if to is not sent_to or call != sent_call:  # a new process is told the auction's clock
                messages.append(("auction", call))
            sent_to, sent_call, sent_lang = to, call, lang
            now = time.monotonic()
            if asked > self._answered or now - pinged >= every:
                messages.append(("ping", asked))
                pinged = now
            lines = [json.dumps([name, [m.to_json() for m in value] if name == "add" else value],
                                ensure_ascii=False).encode() for name, value in messages]
            with self._sending:  # never a write into a pipe the keeper closed (its number reused)
                try:
                    for line in lines:
                        if not to.closed:
                            to.send_bytes(line)
                except OSError:
                    pass  # the process is gone: the keeper starts another

    def round_trip(self, timeout: float = 30.0) -> int | None:
        """Moments the process has not said yet, as it answers after all the news handed over
        before this call; None if it does not answer within `timeout` seconds."""
        with self._answers:
            self._asked += 1
            asked = self._asked
        self._handoff.ready.set()
        with self._answers:
            if not self._answers.wait_for(lambda: self._answered >= asked, timeout):
                return None
            return self._pending

    # ---- the keeper: the process started, read and watched -----------------------------------

    def _keep(self) -> None:
        stops: deque[float] = deque()
        while not self._closing.is_set():
            try:
                process, to, back = self._start()
            except OSError as exc:
                self._give_up(f"the voice's process could not start: {exc}")
                return
            why = self._serve(process, back)
            self._to = self.process = None
            if why.startswith("answered nothing"):
                process.kill()
            self._end(process, to, back)
            if self._closing.is_set():
                return
            why = f"{why} (exit status {process.returncode})"
            now = time.monotonic()
            stops.append(now)
            while stops and stops[0] < now - WINDOW:
                stops.popleft()
            if len(stops) > self.restarts_allowed:
                self._give_up(f"the voice's process keeps stopping: it {why}")
                return
            log.warning("the voice's process %s: starting it again", why)
            self.restarts += 1
            self._closing.wait(RESTART_AFTER)

    def _start(self) -> tuple[subprocess.Popen[bytes], Connection, Connection]:
        child_reads, parent_writes = os.pipe()
        parent_reads, child_writes = os.pipe()
        # Started low, its start-up too: `nice` where there is one.
        prefix = ["nice", "-n", str(NICE)] if shutil.which("nice") else []
        try:
            process = subprocess.Popen(
                [*prefix, sys.executable, "-P", "-c", BOOT, str(ROOT), str(child_reads), str(child_writes),
                 str(os.getpid())],
                pass_fds=(child_reads, child_writes), stdin=subprocess.DEVNULL, stdout=2)
        except OSError:
            for fd in (parent_reads, parent_writes):
                os.close(fd)
            raise
        finally:
            os.close(child_reads)
            os.close(child_writes)
        to = Connection(parent_writes, readable=False)
        back = Connection(parent_reads, writable=False)
        start = {"settings": self.settings.to_json(), "said": self.said,
                 "wav_dir": str(self.wav_dir) if self.wav_dir is not None else None,
                 "wavs": [item["wav"] for item in self.recent if item.get("wav")]}
        to.send_bytes(json.dumps(["start", start], ensure_ascii=False).encode())
        self.process, self._to = process, to
        self._handoff.ready.set()
        return process, to, back

    def _serve(self, process: subprocess.Popen[bytes], back: Connection) -> str:
        """Read the process's answers until it stops or hangs (what happened) or the voice closes."""
        last, heard = time.monotonic(), False
        while not self._closing.is_set():
            try:
                if not back.poll(0.25):
                    if time.monotonic() - last > (self.hang_after if heard else STARTS_WITHIN):
                        return f"answered nothing for {self.hang_after if heard else STARTS_WITHIN:g} s"
                    continue
                message = json.loads(back.recv_bytes())
            except (EOFError, OSError):
                return "stopped"
            except ValueError:
                log.exception("the voice's process said something that is not JSON")
                continue
            last, heard = time.monotonic(), True
            try:
                self._heard(message)
            except Exception:  # the voice must never take the table down
                log.exception("the voice's answer %r could not be used", message)
        return "was closed"

    def _heard(self, message: list[Any]) -> None:
        name, value = message[0], message[1]
        if name == "said":
            self.said = max(self.said, int(value["n"]))
            if self.send is not None:
                self.send(value)
        elif name == "kept":
            self.recent.append(value)
        elif name == "failed":
            self.failed = str(value)
        elif name == "pong":
            with self._answers:
                self._answered = max(self._answered, int(value))
                self._pending = int(message[2])
                self._answers.notify_all()

    def _end(self, process: subprocess.Popen[bytes], to: Connection, back: Connection) -> None:
        """The pipe closed (the process's input ends: it returns), then it is waited for."""
        if not self._sending.acquire(timeout=STOP_WITHIN):
            process.kill()  # the feeder waits to write into its full pipe: that ends with it
            self._sending.acquire()
        try:
            to.close()
        finally:
            self._sending.release()
        try:
            process.wait(timeout=STOP_WITHIN)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        back.close()

    def _give_up(self, why: str) -> None:
        log.error("the table's voice is silent: %s", why)
        self.failed = why

    def close(self) -> None:
        """The process ended and waited for (a second call does nothing more)."""
        self._closing.set()
        self._handoff.ready.set()
        self._keeper.join(timeout=STOP_WITHIN + 5)
        self._feeder.join(timeout=5)
