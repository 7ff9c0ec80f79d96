"""The table: every input (a tap, a press, a roll from the dice unit, a screen's decision) becomes
one command through one writer thread (writer.py): checked (authority.py), applied, stored
durably, and only then shown to anyone. Screens and the API read nothing but the last committed
(seq, state) pair, published whole after each commit. The devices' inputs are in inputs.py, the
screens waiting for a token in token_waits.py.

Whatever goes wrong inside a command leaves the game and the file as they were. A rule's refusal
is answered as such; anything else is a bug: answered as an internal error with a report id, and
written down under the data folder's reports/ as a table script that reproduces it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..ledger import DataFolder, GameNotFound, GameStore, LedgerError
from ..rules import CommandError, Game, Malformed, Rejected, Text, legal, state
from ..rules.texts import Sentence
from .authority import Speaker, check
from .choice import Choice
from .churn import Churn
from .inputs import DeviceInputs
from .meaning import Registry, piece_of_tag
from .problem_words import problem_words, reason_of, worded
from .reports import write_report
from .result import (
    BUG,
    INTERNAL_ERROR,
    MALFORMED,
    NOT_FOUND,
    RULES,
    STORAGE,
    Result,
)
from .taps_view import taps_view
from .token_waits import TokenWaiting
from .waits import TokenWait
from .words import refusal_words
from .writer import Gone, Writer

if TYPE_CHECKING:
    from ..hardware.dice_unit import DiceUnit
    from ..hardware.feedback import Signals

log = logging.getLogger(__name__)

Listener = Callable[[dict[str, Any]], None]
# Adds to a state about to be published (e.g. the auction's deadline): (state, command, kind).
Publishing = Callable[[dict[str, Any], dict[str, Any] | None, str], None]
Roller = Callable[[], tuple[int, int]]


class Table(DeviceInputs, TokenWaiting, Writer):
    """One game at a time, one writer; everything else (devices, web) calls in through here."""

    def __init__(
        self,
        folder: DataFolder,
        roll: Roller,
        registry: Registry | None = None,
        feedback: Signals | None = None,
        dice_unit: DiceUnit | None = None,
    ) -> None:
        super().__init__()
        self.folder = folder
        self.roll_dice = roll
        self.registry = registry  # UID -> meaning ("deed:...", "token:<piece>", ...) or None
        self.feedback = feedback
        self.dice_unit = dice_unit
        self.store: GameStore | None = None
        self.published: dict[str, Any] | None = None  # the last committed state, with its seq
        self.listeners: list[Listener] = []
        self.publishing: list[Publishing] = []
        self.waits: list[TokenWait] = []  # screens waiting for a physical act (writer thread only)
        self.choices: dict[str, Choice] = {}  # the choices at the table among them, by act
        self.published_taps: dict[str, Any] = taps_view(None, [])
        self.published_choices: dict[str, Any] = {"choices": []}
        self._taps_pushed = self.published_taps
        self.churn = Churn()
        self._start_writer()

    # ---- the writer's hooks ------------------------------------------------------------------

    def _timer(self) -> None:
        self._expire_waits()
        self._publish_taps()

    def _after(self) -> None:
        self._tick_choices()
        self._publish_taps()

    def _stopping(self) -> None:
        self._end_all_waits("token.closing")

    # ---- games -------------------------------------------------------------------------------

    def new_game(self, start: dict[str, Any], source: str = "banker") -> Result:
        def work() -> Result:
            try:
                store = self.folder.create(start, source)
            except Malformed as bad:
                return Result(False, bad.reason, refusal=RULES, words=refusal_words(bad))
            except LedgerError as exc:
                return _ledger_refusal(exc)
            self._switch(store)
            return self._accepted(store.seq, self._view(store.game), [f"New game {store.game_id}"],
                                  kind="new_game", command=start, source=source)

        return self.call(work)

    def open_game(self, game_id: str) -> Result:
        def work() -> Result:
            try:
                store = self.folder.open(game_id)
            except LedgerError as exc:
                return _ledger_refusal(exc)
            for repaired in store.repairs:  # the log says what opening it put right
                log.warning("%s", worded(repaired))
            self._switch(store)
            return self._accepted(store.seq, self._view(store.game), [f"Game {game_id} resumed"],
                                  kind="open_game")

        return self.call(work)

    def recover_game(self, game_id: str) -> Result:
        """A game damaged in every record goes on as a new game from its last good entry
        (DataFolder.recover); the table is not switched to it: the banker resumes it."""
        def work() -> Result:
            try:
                store, lost, _unread = self.folder.recover(game_id)
            except LedgerError as exc:
                return _ledger_refusal(exc)
            recovered = store.game_id
            self.folder.close_game(recovered)
            return Result(True, detail={"game": recovered, "from": game_id, "entries": store.seq - 1,
                                        "lost": lost})

        return self.call(work)

    def _switch(self, store: GameStore) -> None:
        if self.store is not None and self.store is not store:
            self.folder.close_game(self.store.game_id)
        self.store = store
        self.published = None
        self.churn.clear()
        self._end_game_waits()  # asked of another game

    # ---- inputs ------------------------------------------------------------------------------

    def submit(self, command: dict[str, Any], source: str = "tablet", gone: Gone | None = None,
               speaker: Speaker | None = None) -> Result:
        """A decision from a screen (or the banker): checked, applied and stored, or refused with
        a reason. `speaker`: the seat the screen speaks for (from its session), checked by the
        writer against the state it applies the command to; None for the banker. A roll without
        dice is rolled by the table (from `secrets`, as for the dice button)."""
        return self.call(lambda: self._apply(command, source, speaker=speaker), gone=gone)

    def undo(self, count: int = 1, by: str = "banker") -> Result:
        return self.call(lambda: self._ledger_action(
            lambda s: s.undo(count, by, prepare=self._view), {"do": "undo", "count": count, "by": by}))

    def redo(self, by: str = "banker") -> Result:
        return self.call(lambda: self._ledger_action(
            lambda s: s.redo(by, prepare=self._view), {"do": "redo", "by": by}))

    # ---- what each input does (on the writer thread) -----------------------------------------

    def _apply(self, command: dict[str, Any], source: str, speaker: Speaker | None = None) -> Result:
        store = self.store
        if store is None:
            return self._refused(Text("table.no_game"), source=source, refusal=RULES)
        if speaker is not None:
            command, refused = check(store.game, store.game_id, command, speaker)
            if refused is None:
                refused = self.churn.check(command, speaker.player)
            if refused is not None:
                if self.feedback is not None:
                    self.feedback.rejected()
                return refused
        if command.get("do") == "roll" and "dice" not in command:
            command = {**command, "dice": list(self.roll_dice())}  # the table rolls, from secrets
        try:
            receipt = store.submit(command, source, prepare=self._view)
        except Malformed as bad:
            return self._refused(bad.reason, source=source, refusal=MALFORMED)
        except CommandError as refused:
            words = refusal_words(refused, store.game.forms)
            return self._refused(refused.reason, words=words, source=source)
        except LedgerError as exc:
            return self._refused(reason_of(exc), words=_ledger_words(exc), source=source, refusal=STORAGE)
        except Exception as exc:
            return self._bug(exc, command, source)
        if speaker is not None:
            self.churn.stored(command, speaker.player)
        return self._accepted(receipt.seq, receipt.prepared, _messages(receipt), command=command,
                              source=source, outcome=receipt.outcome)

    def _ledger_action(self, action: Callable[[GameStore], Any], command: dict[str, Any]) -> Result:
        store = self.store
        if store is None:
            return self._refused(Text("table.no_game"), source="banker", refusal=RULES)
        try:
            receipt = action(store)
        except Rejected as refused:
            words = refusal_words(refused, store.game.forms)
            return self._refused(refused.reason, words=words, source="banker")
        except LedgerError as exc:
            return self._refused(reason_of(exc), words=_ledger_words(exc), source="banker", refusal=STORAGE)
        except Exception as exc:
            return self._bug(exc, command, "banker")
        return self._accepted(receipt.seq, receipt.prepared, _messages(receipt), command=command,
                              source="banker")

    def _bug(self, exc: Exception, command: object, source: str) -> Result:
        """A bug, never a rule: nothing changed (the game and the file roll back by themselves);
        the table says so, with the id of a report a developer can replay."""
        store = self.store
        script = store.script() if store is not None else []
        report = write_report(self.folder.path / "reports", exc, script,
                              command if isinstance(command, dict) else None, source)
        log.error("internal error (report %s) on %s from %s", report, command, source,
                  exc_info=(type(exc), exc, exc.__traceback__))
        if self.feedback is not None:
            self.feedback.rejected()
        return Result(False, INTERNAL_ERROR, refusal=BUG, detail={"report": report})

    def _piece(self, uid: str) -> str | None:
        return piece_of_tag(uid, self.registry)

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
        # How sentences name each player (gender, Russian cases), as the new_game line keeps them.
        shown["forms"] = game.forms
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
            decision = shown.get("decision") if shown else None
            if decision and decision.get("blocks"):  # the engine's word: a rent claim blocks nothing
                self.feedback.decision_needed()
            else:
                self.feedback.clear()
        self._push({"type": "state", "seq": seq, "state": shown, "messages": messages,
                    "command": command, "source": source, "kind": kind, "outcome": outcome})
        return result

    def restamp(self, kind: str) -> Result:
        """On the writer thread: the committed state sent again with its stamps renewed (the
        auction clock's deadline after a wait); nothing is stored, the seq stays."""
        published, store = self.published, self.store
        if published is None or store is None:
            return self._refused(Text("table.no_game"), source="banker", refusal=RULES)
        shown = dict(published)
        for add in self.publishing:
            try:
                add(shown, None, kind)
            except Exception:
                log.exception("a publishing hook failed")
        self.published = shown
        seq = shown.get("seq")
        self._push({"type": "state", "seq": seq, "state": shown, "messages": [], "command": None,
                    "source": "table", "kind": kind, "outcome": None})
        return Result(True, seq=seq, state=shown, kind=kind)

    def _refused(
        self, reason: str | Sentence, kind: str = "command", detail: dict[str, Any] | None = None,
        words: dict[str, str] | None = None, source: str = "reader", refusal: str = RULES,
    ) -> Result:
        """A refusal. A screen's own command is answered to that screen alone; what the devices
        were refused (a tap, a press, a roll of the unit) is shown on every screen."""
        if isinstance(reason, Sentence):
            store = self.store
            words, reason = reason.both(store.game.forms if store is not None else None), str(reason)
        if self.feedback is not None:
            self.feedback.rejected()
        if source not in ("tablet", "banker"):
            self._push({"type": "refused", "reason": reason, "words": words or {"en": reason},
                        "kind": kind, **(detail or {})})
        return Result(False, reason, kind=kind, detail=detail or {}, refusal=refusal, words=words)

    def _ok(self, kind: str, detail: dict[str, Any]) -> Result:
        if self.feedback is not None:
            self.feedback.accepted()
        self._push({"type": kind, **detail})
        return Result(True, kind=kind, detail=detail)


def _ledger_refusal(exc: LedgerError) -> Result:
    """A game the ledger cannot open or recover: its problem worded in every language."""
    return Result(False, reason_of(exc), refusal=NOT_FOUND if isinstance(exc, GameNotFound) else STORAGE,
                  words=_ledger_words(exc))


def _ledger_words(exc: LedgerError) -> dict[str, str] | None:
    """The ledger's problem in every language (None: it said a sentence, in English)."""
    found = getattr(exc, "problem", None)
    return problem_words(found.as_json()) if found is not None else None


def _messages(receipt: Any) -> list[str]:
    return receipt.outcome.messages if receipt.outcome else []
