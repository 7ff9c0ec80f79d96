"""The table: every input (a tap, a press, a roll from the dice unit, a tablet's decision) becomes
one command through one writer thread: applied, stored durably, and only then shown to anyone.
Screens and the API read nothing but the last committed (seq, state) pair, published whole after
each commit. The devices get their feedback (beeps, lights, ACK/NAK) from the same place.

Whatever goes wrong inside a command leaves the game and the file as they were. A rule's refusal
is answered as such; anything else is a bug: answered as an internal error with a report id, and
written down under the data folder's reports/ as a table script that reproduces it.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from ..hardware.device import Event, Press, Tap, UnitRoll
from ..ledger import DataFolder, GameStore, LedgerError
from ..rules import CommandError, Game, Malformed, Rejected, Text, legal, state
from ..rules.taps import resolve
from ..rules.texts import Sentence
from .meaning import TapMeaning, what_tap_means
from .reports import write_report
from .waits import MAX_WAITS, PAIR, TokenWait
from .words import words

log = logging.getLogger(__name__)

Listener = Callable[[dict[str, Any]], None]
# Adds to a state about to be published (e.g. the auction's deadline): (state, command, kind).
Publishing = Callable[[dict[str, Any], dict[str, Any] | None, str], None]
Roller = Callable[[], tuple[int, int]]
Gone = Callable[[], bool]  # has the client that asked gone away (its connection closed)?
POLL_GONE = 0.05  # seconds between looks at whether a waiting client has gone


@dataclass
class Result:
    """What became of one input: stored (seq), refused (a reason a player can read), or nothing."""

    ok: bool
    reason: str = ""
    seq: int | None = None
    state: dict[str, Any] | None = None
    messages: list[str] = field(default_factory=list)
    kind: str = "command"  # "command", "new_game", "open_game", "paired", "waiting", "show_deed", ...
    detail: dict[str, Any] = field(default_factory=dict)
    # As HTTP would say it: 422 refused by the rules, 400 malformed, 503 storage, 500 a bug.
    status: int = 200
    words: dict[str, str] | None = None  # the reason in every language, when the rules gave one

INTERNAL_ERROR = "internal error: nothing changed"
BUSY = "The table is busy and did not get to this in time; nothing was done, try again"
GONE = "The screen that sent this went away before the table got to it; nothing was done"


def _nak_word(store: GameStore | None, reason: str) -> str:
    """DICE-PROTOCOL's NAK words: OFF (no game), BUSY (a decision waits), NOTURN (no roll due)."""
    decision = store.game.decision() if store is not None else None
    if decision is None:
        return "OFF"
    return "BUSY" if decision.blocking else "NOTURN"


class Table:
    """One game at a time, one writer; everything else (devices, web) calls in through here."""

    def __init__(
        self,
        folder: DataFolder,
        roll: Roller,
        registry: Any = None,
        feedback: Any = None,
        dice_unit: Any = None,
    ) -> None:
        self.folder = folder
        self.roll_dice = roll
        self.registry = registry  # UID -> meaning ("deed:...", "token:<piece>", ...) or None
        self.feedback = feedback
        self.dice_unit = dice_unit
        self.store: GameStore | None = None
        self.published: dict[str, Any] | None = None  # the last committed state, with its seq
        self.listeners: list[Listener] = []
        # Told the moment an input arrives, on the caller's thread, before the writer takes it up:
        # background work (the odds' workers) steps aside so the table never waits for it.
        self.stirring: list[Callable[[], None]] = []
        self.publishing: list[Publishing] = []
        self.waits: list[TokenWait] = []  # screens waiting for a token tap (writer thread only)
        self.banker_steps: list[Callable[[str], None]] = []  # told of the banker's tag or held button
        self._inbox: queue.Queue[tuple[Callable[[], Result], Future[Result]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="table-writer", daemon=True)
        self._thread.start()

    # ---- the single writer -------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            try:
                item = self._inbox.get(timeout=self._until_next_deadline())
            except queue.Empty:
                self._expire_waits()
                continue
            if item is None:
                self._end_waits("token.closing", 503)
                return
            work, reply = item
            if not reply.set_running_or_notify_cancel():  # its caller has gone: never applied
                continue
            try:
                result = work()
            except Exception as exc:  # a bug must not stop the table: report it and answer
                result = self._bug(exc, None, "")
            reply.set_result(result)

    def _call(self, work: Callable[[], Result]) -> Future[Result]:
        reply: Future[Result] = Future()
        self._inbox.put((work, reply))
        return reply

    def call(self, work: Callable[[], Result], timeout: float = 10.0, gone: Gone | None = None) -> Result:
        """Run work on the writer thread and wait for its result.

        Work that has not started within the timeout, or whose client has gone meanwhile (`gone`:
        its connection closed), is withdrawn, never run later, and answered 503; work already
        running is waited for (it may be stored, so its answer must come).
        """
        self._stir()
        reply = self._call(work)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                return reply.result(max(0.0, min(left, POLL_GONE)) if gone is not None else max(0.0, left))
            except TimeoutError:
                pass
            if left <= 0 or (gone is not None and gone()):
                if reply.cancel():
                    return Result(False, BUSY if left <= 0 else GONE, status=503)
                return reply.result()

    def _stir(self) -> None:
        for stirred in list(self.stirring):
            try:
                stirred()
            except Exception:  # background work must never keep an input from the table
                log.exception("a stirring hook failed")

    def close(self) -> None:
        self._inbox.put(None)
        self._thread.join(timeout=5)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def responsive(self, timeout: float = 10.0) -> bool:
        """The writer answers: a no-op goes through its queue and back within the timeout.

        What the watchdog asks; a writer stuck in a command (or dead) fails it, so systemd
        restarts the companion instead of keeping a table that acknowledges nothing.
        """
        if not self._thread.is_alive():
            return False
        reply = self._call(lambda: Result(True, kind="ignored"))
        try:
            reply.result(timeout)
        except TimeoutError:
            reply.cancel()
            return False
        return True

    # ---- games -------------------------------------------------------------------------------

    def new_game(self, start: dict[str, Any], source: str = "banker") -> Result:
        def work() -> Result:
            try:
                store = self.folder.create(start, source)
            except Malformed as bad:
                return Result(False, bad.reason, status=422, words=_both(bad))
            except LedgerError as exc:
                return Result(False, exc.reason, status=503)
            self._switch(store)
            return self._accepted(store.seq, self._view(store.game), [f"New game {store.game_id}"],
                                  kind="new_game", command=start, source=source)

        return self.call(work)

    def open_game(self, game_id: str) -> Result:
        def work() -> Result:
            try:
                store = self.folder.open(game_id)
            except LedgerError as exc:
                return Result(False, exc.reason, status=404 if "no game" in exc.reason else 503)
            self._switch(store)
            return self._accepted(store.seq, self._view(store.game), [f"Game {game_id} resumed"],
                                  kind="open_game")

        return self.call(work)

    def _switch(self, store: GameStore) -> None:
        if self.store is not None and self.store is not store:
            self.folder.close_game(self.store.game_id)
        self.store = store
        self.published = None
        self._end_waits("token.game_changed", 409)  # asked of another game

    # ---- inputs ------------------------------------------------------------------------------

    def submit(self, command: dict[str, Any], source: str = "tablet", gone: Gone | None = None) -> Result:
        """A decision from a tablet (or the banker): applied and stored, or refused with a reason.
        A roll without dice is rolled by the table (from `secrets`, as for the dice button)."""
        return self.call(lambda: self._apply(command, source), gone=gone)

    def undo(self, count: int = 1, by: str = "banker") -> Result:
        return self.call(lambda: self._ledger_action(
            lambda s: s.undo(count, by, prepare=self._view), {"do": "undo", "count": count, "by": by}))

    def redo(self, by: str = "banker") -> Result:
        return self.call(lambda: self._ledger_action(
            lambda s: s.redo(by, prepare=self._view), {"do": "redo", "by": by}))

    def on_event(self, event: Event) -> None:
        """The devices' callback: queued for the writer, never blocking a device thread."""
        self._stir()
        if isinstance(event, Tap):
            self._call(lambda: self._tap(event.uid))
        elif isinstance(event, Press):
            self._call(lambda: self._banker_step("button") if event.held else self._press(event.long))
        elif isinstance(event, UnitRoll):
            self._call(lambda: self._unit_roll(event))

    def wait_for_token(self, wait: TokenWait) -> Result:
        """A screen asks to be told whose token is tapped next (to pair it, or to confirm its
        command): answered at once, `waiting` with the request's id, and the outcome goes to
        wait.answer later (see waits.py). A screen's new wait replaces its old one."""
        return self.call(lambda: self._add_wait(wait))

    def cancel_wait(self, screen: str) -> Result:
        """The screen no longer waits (it is told so through its callback)."""
        return self.call(lambda: self._end_waits("token.cancelled", 409, screen=screen))

    def _add_wait(self, wait: TokenWait) -> Result:
        if self.store is None:
            return self._refused(Text("table.no_game"), status=409, source="tablet")
        self._end_waits("token.replaced", 409, screen=wait.screen)
        if len(self.waits) >= MAX_WAITS:
            said = words("token.too_many")
            return Result(False, said["en"], status=429, words=said)
        wait.start()
        self.waits.append(wait)
        said = words("token.wait_pair") if wait.kind == PAIR else words("token.wait_confirm",
                                                                            player=wait.player)
        return Result(True, said["en"], kind="waiting", words=said,
                      detail={"request": wait.id, "player": wait.player})

    def _until_next_deadline(self) -> float | None:
        if not self.waits:
            return None
        return max(0.0, min(w.deadline for w in self.waits) - time.monotonic())

    def _expire_waits(self) -> None:
        now = time.monotonic()
        for wait in [w for w in self.waits if w.deadline <= now]:
            self.waits.remove(wait)
            key = "token.expired_pair" if wait.kind == PAIR else "token.expired_confirm"
            self._answer(wait, self._said(key, 408, player=wait.player))

    def _end_waits(self, key: str, status: int, screen: str | None = None) -> Result:
        for wait in [w for w in self.waits if screen is None or w.screen == screen]:
            self.waits.remove(wait)
            self._answer(wait, self._said(key, status))
        return Result(True, kind="ignored")

    @staticmethod
    def _said(key: str, status: int, **values: Any) -> Result:
        said = words(key, **values)
        return Result(False, said["en"], status=status, words=said)

    @staticmethod
    def _answer(wait: TokenWait, result: Result) -> None:
        result.detail = {**result.detail, "request": wait.id}
        try:
            wait.answer(result)
        except Exception:
            log.exception("a screen's token wait could not be answered")

    def _token_tapped(self, player: str, uid: str) -> Result:
        """A token of a player in this game, while screens wait for one (see waits.py)."""
        candidates = [w for w in self.waits if w.could_take(player)]
        if len(candidates) > 1:
            for wait in candidates:
                self.waits.remove(wait)
                self._answer(wait, self._said("token.ambiguous", 409, count=len(candidates)))
            if self.feedback is not None:
                self.feedback.rejected()
            return Result(False, words("token.ambiguous", count=len(candidates))["en"], kind="identify")
        if not candidates:  # only confirmations by other players wait: this was not their token
            for wait in list(self.waits):
                self.waits.remove(wait)
                self._answer(wait, self._said("token.wrong", 403, tapped=player, player=wait.player))
            if self.feedback is not None:
                self.feedback.rejected()
            return Result(False, kind="identify")
        wait = candidates[0]
        self.waits.remove(wait)
        if wait.kind == PAIR:
            if self.feedback is not None:
                self.feedback.accepted()
            piece = what_tap_means(uid, None, self.registry)
            result = Result(True, kind="paired", detail={
                "player": player, "piece": piece.value if piece.kind == "token" else None})
        else:
            result = self._confirmed(wait, player)
        self._answer(wait, result)
        return result

    def _confirmed(self, wait: TokenWait, player: str) -> Result:
        """The right token for a shared tablet's command: applied now, if it is still theirs."""
        store = self.store
        assert store is not None and wait.command is not None
        probe = wait.command
        if probe.get("do") == "roll" and "dice" not in probe:
            probe = {**probe, "dice": [1, 1]}  # whose roll it is does not depend on the dice
        try:
            seat = store.game.actor(probe)
        except CommandError:
            seat = None
        if seat is None or store.game.names[seat] != player:
            if self.feedback is not None:
                self.feedback.rejected()
            return self._said("token.not_their_move", 422, player=player)
        return self._apply(wait.command, "tablet")

    # ---- what each input does (on the writer thread) -----------------------------------------

    def _apply(self, command: dict[str, Any], source: str) -> Result:
        store = self.store
        if store is None:
            return self._refused(Text("table.no_game"), source=source)
        if command.get("do") == "roll" and "dice" not in command:
            command = {**command, "dice": list(self.roll_dice())}  # the table rolls, from secrets
        try:
            receipt = store.submit(command, source, prepare=self._view)
        except Malformed as bad:
            return self._refused(bad.reason, status=400, source=source)
        except CommandError as refused:
            return self._refused(refused.reason, words=_both(refused), source=source)
        except LedgerError as exc:
            return self._refused(exc.reason, status=503, source=source)
        except Exception as exc:
            return self._bug(exc, command, source)
        return self._accepted(receipt.seq, receipt.prepared, _messages(receipt), command=command,
                              source=source, outcome=receipt.outcome)

    def _ledger_action(self, action: Callable[[GameStore], Any], command: dict[str, Any]) -> Result:
        store = self.store
        if store is None:
            return self._refused(Text("table.no_game"), source="banker")
        try:
            receipt = action(store)
        except Rejected as refused:
            return self._refused(refused.reason, words=_both(refused), source="banker")
        except LedgerError as exc:
            return self._refused(exc.reason, status=503, source="banker")
        except Exception as exc:
            return self._bug(exc, command, "banker")
        return self._accepted(receipt.seq, receipt.prepared, _messages(receipt), command=command,
                              source="banker")

    def _bug(self, exc: Exception, command: dict[str, Any] | None, source: str) -> Result:
        """A bug, never a rule: nothing changed (the game and the file roll back by themselves);
        the table says so, with the id of a report a developer can replay."""
        store = self.store
        script = store.script() if store is not None else []
        report = write_report(self.folder.path / "reports", exc, script, command, source)
        log.error("internal error (report %s) on %s from %s", report, command, source,
                  exc_info=(type(exc), exc, exc.__traceback__))
        if self.feedback is not None:
            self.feedback.rejected()
        return Result(False, INTERNAL_ERROR, status=500, detail={"report": report})

    def _tap(self, uid: str) -> Result:
        store = self.store
        meaning: TapMeaning = what_tap_means(uid, store.game if store else None, self.registry)
        if meaning.kind == "unknown":
            log.info("unknown tag %s", uid)
            return self._refused(Text("tap.unknown", uid), kind="unknown_tag", detail={"uid": uid})
        if meaning.kind == "banker":  # the banker's own tag: the banker's step at the table
            return self._banker_step("tag")
        # A screen asking "who are you?" (pairing, or a shared tablet confirming a decision)
        # takes the next token tap, before any meaning the tap would have in the game.
        if meaning.kind == "token" and self.waits and meaning.player:
            return self._token_tapped(meaning.player, uid)
        if store is not None and meaning.in_game:
            try:
                command = resolve(store.game, uid)
            except Rejected as refused:
                return self._refused(refused.reason, words=_both(refused))
            if command is not None:
                return self._apply({"do": "tap", "tag": uid}, "reader")
        if meaning.kind == "deed":
            return self._ok(kind="show_deed", detail={"square": meaning.value})
        return self._ok(kind="ignored", detail={"uid": uid, "meaning": meaning.text})

    def _banker_step(self, how: str) -> Result:
        """The banker at the table ("tag" or "button"): for whoever waits for it (web/presence.py)."""
        for listener in list(self.banker_steps):
            listener(how)
        if self.feedback is not None:
            self.feedback.accepted()
        return Result(True, kind="banker_step", detail={"by": how})  # told to no screen: none can time it

    def _press(self, long: bool) -> Result:
        if long:
            return self._apply({"do": "end_turn"}, "button")
        store = self.store
        if store is None:
            return self._refused(Text("table.no_game"))
        d1, d2 = self.roll_dice()
        result = self._apply({"do": "roll", "dice": [d1, d2]}, "button")
        if result.ok and self.dice_unit is not None:
            try:
                self.dice_unit.show(d1, d2)
            except Exception:  # the unit is optional: its trouble never costs a roll
                log.warning("could not show the roll on the dice unit", exc_info=True)
        return result

    def _unit_roll(self, roll: UnitRoll) -> Result:
        result = self._apply({"do": "roll", "dice": list(roll.dice)}, "dice")
        unit = self.dice_unit
        if unit is not None:
            if result.ok:
                unit.ack(roll.unit, roll.seq)
            else:
                unit.nak(roll.unit, roll.seq, _nak_word(self.store, result.reason))
        return result

    # ---- answers: stored state pushed to screens, feedback to the table -----------------------

    def snapshot(self) -> dict[str, Any] | None:
        """The last committed state: the printed state with "seq", "game" and "legal" (what each
        player may do now). Safe from any thread: it is replaced whole, never changed."""
        return self.published

    @staticmethod
    def _view(game: Game) -> dict[str, Any]:
        """What screens are shown of a game: worked out before the commit, so that a failure
        here stores nothing."""
        shown = state(game)
        shown["legal"] = legal(game)
        # The dice of the current player's turn (none yet after the dice passed on): a screen shows
        # these beside whose turn it is, never the previous player's roll.
        shown["turn_roll"] = list(game.last_roll) if game.rolled and game.last_roll else None
        return shown

    def _push(self, event: dict[str, Any]) -> None:
        for listener in list(self.listeners):
            try:
                listener(event)
            except Exception:
                log.exception("a listener failed")

    def _accepted(
        self, seq: int, view: dict[str, Any], messages: list[str], kind: str = "command",
        command: dict[str, Any] | None = None, source: str = "banker", outcome: Any = None,
    ) -> Result:
        store = self.store
        assert store is not None
        # "redo": how many undone commands the banker may redo (their button shows only then).
        shown = {**view, "seq": seq, "game": store.game_id, "redo": len(store.redo_stack)}
        for add in self.publishing:
            try:
                add(shown, command, kind)
            except Exception:
                log.exception("a publishing hook failed")
        self.published = shown  # one assignment: readers see the old state or this one, whole
        result = Result(True, seq=seq, state=shown, messages=messages, kind=kind)
        if self.feedback is not None:
            self.feedback.accepted()
            pending = shown.get("pending") if shown else None
            if pending and pending.get("kind") != "rent_claim":
                self.feedback.decision_needed()
            else:
                self.feedback.clear()
        self._push({"type": "state", "seq": seq, "state": shown, "messages": messages,
                    "command": command, "source": source, "kind": kind, "outcome": outcome})
        return result

    def _refused(
        self, reason: str | Sentence, kind: str = "command", detail: dict[str, Any] | None = None,
        status: int = 422, words: dict[str, str] | None = None, source: str = "reader",
    ) -> Result:
        """A refusal. A screen's own command is answered to that screen alone; what the devices
        were refused (a tap, a press, a roll of the unit) is shown on every screen."""
        if isinstance(reason, Sentence):
            words, reason = reason.both(), str(reason)
        if self.feedback is not None:
            self.feedback.rejected()
        if source not in ("tablet", "banker"):
            self._push({"type": "refused", "reason": reason, "words": words or {"en": reason},
                        "kind": kind, **(detail or {})})
        return Result(False, reason, kind=kind, detail=detail or {}, status=status, words=words)

    def _ok(self, kind: str, detail: dict[str, Any]) -> Result:
        if self.feedback is not None:
            self.feedback.accepted()
        self._push({"type": kind, **detail})
        return Result(True, kind=kind, detail=detail)


def _both(error: CommandError) -> dict[str, str]:
    return {lang: error.words(lang) for lang in ("en", "ru")}


def _messages(receipt: Any) -> list[str]:
    return receipt.outcome.messages if receipt.outcome else []
