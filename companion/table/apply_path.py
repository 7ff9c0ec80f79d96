"""The apply path, on the writer thread: a command checked (authority.py), applied, stored
durably, and only then published whole and told to the listeners and the table's feedback. A
rule's refusal is answered as such; anything else is a bug, answered with a report id and written
down under the data folder's reports/ as a table script that reproduces it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..ledger import DataFolder, GameStore, LedgerError
from ..rules import CommandError, Game, Malformed, Rejected, Text, legal, state
from ..rules.texts import Sentence
from .authority import Speaker, check
from .churn import Churn
from .problem_words import problem_words, reason_of
from .reports import write_report
from .result import BUG, INTERNAL_ERROR, MALFORMED, RULES, STORAGE, Result
from .words import people_of, refusal_words

if TYPE_CHECKING:
    from ..hardware.feedback import Signals

log = logging.getLogger(__name__)

Listener = Callable[[dict[str, Any]], None]
# Adds to a state about to be published (e.g. the auction's deadline): (state, command, kind).
Publishing = Callable[[dict[str, Any], dict[str, Any] | None, str], None]
Roller = Callable[[], tuple[int, int]]


class ApplyPath:
    """The current game's store and what was last published of it; every command, refusal and
    notice goes out through here (writer thread only, but `published`, read from any thread)."""

    def __init__(self, folder: DataFolder, roll: Roller, feedback: Signals | None = None) -> None:
        self.folder = folder
        self.roll_dice = roll
        self.feedback = feedback
        self.store: GameStore | None = None
        self.published: dict[str, Any] | None = None  # the last committed state, with its seq
        self.listeners: list[Listener] = []
        self.publishing: list[Publishing] = []
        self.churn = Churn()

    def apply(self, command: dict[str, Any], source: str, speaker: Speaker | None = None) -> Result:
        """One command: `speaker` (None for the banker and the table's own actors) is checked
        against the state it applies to; a roll without dice is rolled here, from `secrets`."""
        store = self.store
        if store is None:
            return self.refused(Text("table.no_game"), source=source, refusal=RULES)
        if speaker is not None:
            command, refused = check(store.game, store.game_id, command, speaker, source)
            if refused is None:
                refused = self.churn.check(command, speaker.player)
            if refused is not None:
                if self.feedback is not None:
                    self.feedback.rejected()
                return refused
        if command.get("do") == "roll" and "dice" not in command:
            command = {**command, "dice": list(self.roll_dice())}  # the table rolls, from secrets
        try:
            receipt = store.submit(command, source, prepare=self.view)
        except Malformed as bad:
            return self.refused(bad.reason, source=source, refusal=MALFORMED)
        except CommandError as refused:
            money = store.game.edition.money
            words = refusal_words(refused, store.game.forms, money)
            return self.refused(refused.reason_in(money), words=words, source=source)
        except LedgerError as exc:
            return self.refused(reason_of(exc), words=ledger_words(exc), source=source, refusal=STORAGE)
        except Exception as exc:
            return self.bug(exc, command, source)
        if speaker is not None:
            self.churn.stored(command, speaker.player)
        return self.accepted(receipt.seq, receipt.prepared, _messages(receipt, store), command=command,
                             source=source, outcome=receipt.outcome)

    def ledger_action(self, action: Callable[[GameStore], Any], command: dict[str, Any]) -> Result:
        """The banker's undo or redo: the ledger's own step, published like a command."""
        store = self.store
        if store is None:
            return self.refused(Text("table.no_game"), source="banker", refusal=RULES)
        try:
            receipt = action(store)
        except Rejected as refused:
            money = store.game.edition.money
            words = refusal_words(refused, store.game.forms, money)
            return self.refused(refused.reason_in(money), words=words, source="banker")
        except LedgerError as exc:
            return self.refused(reason_of(exc), words=ledger_words(exc), source="banker", refusal=STORAGE)
        except Exception as exc:
            return self.bug(exc, command, "banker")
        return self.accepted(receipt.seq, receipt.prepared, _messages(receipt, store), command=command,
                             source="banker")

    def bug(self, exc: Exception, command: object, source: str) -> Result:
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

    # ---- answers: stored state pushed to screens, feedback to the table -----------------------

    @staticmethod
    def view(game: Game) -> dict[str, Any]:
        """What screens are shown of a game: worked out before the commit, so that a failure
        here stores nothing."""
        shown = state(game)
        shown["legal"] = legal(game)
        # The dice of the current player's turn (none yet after the dice passed on): a screen shows
        # these beside whose turn it is, never the previous player's roll.
        shown["turn_roll"] = list(game.last_roll) if game.rolled and game.last_roll else None
        # How sentences name each player (gender, Russian cases), as the new_game line keeps them.
        shown["forms"] = game.forms
        # The edition's money (its sign, its nouns): the pages and the story write amounts in it.
        shown["money"] = game.edition.money.to_data()
        return shown

    def push(self, event: dict[str, Any]) -> None:
        """A notice to every listener (the screens' streams, the voice, the log): one failing
        listener never keeps it from the others."""
        for listener in list(self.listeners):
            try:
                listener(event)
            except Exception:
                log.exception("a listener failed")

    def accepted(
        self, seq: int, view: dict[str, Any], messages: list[str], kind: str = "command",
        command: dict[str, Any] | None = None, source: str = "banker", outcome: Any = None,
    ) -> Result:
        """A committed state, published whole (after the publishing hooks stamped it) and told."""
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
        self.push({"type": "state", "seq": seq, "state": shown, "messages": messages,
                   "command": command, "source": source, "kind": kind, "outcome": outcome})
        return result

    def restamp(self, kind: str) -> Result:
        """The committed state sent again with its stamps renewed (the auction clock's deadline
        after a wait); nothing is stored, the seq stays."""
        published, store = self.published, self.store
        if published is None or store is None:
            return self.refused(Text("table.no_game"), source="banker", refusal=RULES)
        shown = dict(published)
        for add in self.publishing:
            try:
                add(shown, None, kind)
            except Exception:
                log.exception("a publishing hook failed")
        self.published = shown
        seq = shown.get("seq")
        self.push({"type": "state", "seq": seq, "state": shown, "messages": [], "command": None,
                   "source": "table", "kind": kind, "outcome": None})
        return Result(True, seq=seq, state=shown, kind=kind)

    def refused(
        self, reason: str | Sentence, kind: str = "command", detail: dict[str, Any] | None = None,
        words: dict[str, str] | None = None, source: str = "reader", refusal: str = RULES,
    ) -> Result:
        """A refusal. A screen's own command is answered to that screen alone; what the devices
        were refused (a tap, a press, a roll of the unit) is shown on every screen."""
        if isinstance(reason, Sentence):
            store = self.store
            game = store.game if store is not None else None
            words = reason.both(people_of(game),
                                game.edition.money if game is not None else None)
            reason = str(reason)
        if self.feedback is not None:
            self.feedback.rejected()
        if source not in ("tablet", "banker"):
            self.push({"type": "refused", "reason": reason, "words": words or {"en": reason},
                       "kind": kind, **(detail or {})})
        return Result(False, reason, kind=kind, detail=detail or {}, refusal=refusal, words=words)

    def ok(self, kind: str, detail: dict[str, Any]) -> Result:
        """An input that stores nothing but is shown (a deed tapped, a tag that means nothing)."""
        if self.feedback is not None:
            self.feedback.accepted()
        self.push({"type": kind, **detail})
        return Result(True, kind=kind, detail=detail)


def ledger_words(exc: LedgerError) -> dict[str, str] | None:
    """The ledger's problem in every language (None: it said a sentence, in English)."""
    found = getattr(exc, "problem", None)
    return problem_words(found.as_json()) if found is not None else None


def _messages(receipt: Any, store: GameStore) -> list[str]:
    """The command's events in English, their amounts in the game's edition's money."""
    return receipt.outcome.words("en", store.game.edition.money) if receipt.outcome else []
