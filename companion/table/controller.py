"""The table: every input (a tap, a press, a roll from the dice unit, a screen's decision) becomes
one command through one writer thread (writer.py): checked (authority.py), applied, stored
durably, and only then shown to anyone (apply_path.py). Screens and the API read nothing but the
last committed (seq, state) pair, published whole after each commit. The devices' inputs are in
inputs.py, the screens waiting for a token in token_waits.py: `Table` owns all four and is the
one face the web, the daemon and the table's actors call.

Whatever goes wrong inside a command leaves the game and the file as they were. A rule's refusal
is answered as such; anything else is a bug: answered as an internal error with a report id, and
written down under the data folder's reports/ as a table script that reproduces it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..hardware.device import Event
from ..ledger import DataFolder, GameNotFound, GameStore, LedgerError
from ..rules import Malformed
from .apply_path import ApplyPath, Listener, Publishing, Roller, ledger_words
from .authority import Speaker
from .computer_prompts import ComputerPrompts
from .inputs import DeviceInputs
from .meaning import Registry, pieces
from .problem_words import reason_of, worded
from .result import CONFLICT, NOT_FOUND, RULES, STORAGE, Result
from .token_waits import TokenWaits
from .waits import TokenWait
from .words import refusal_words
from .writer import Gone, Writer

if TYPE_CHECKING:
    from ..hardware.dice_unit import DiceUnit
    from ..hardware.enroll import Enrolment
    from ..hardware.feedback import Signals

log = logging.getLogger(__name__)


class Table:
    """One game at a time, one writer; everything else (devices, web) calls in through here.

    Its parts: `writer` (the queue and its thread), `apply_path` (a command applied, stored and
    published), `token_waits` (screens waiting for a physical act), `prompts` (what the people
    must move for a computer player: its first listener) and `inputs` (the devices')."""

    def __init__(
        self,
        folder: DataFolder,
        roll: Roller,
        registry: Registry | None = None,
        feedback: Signals | None = None,
        dice_unit: DiceUnit | None = None,
    ) -> None:
        self.folder = folder
        self.registry = registry  # UID -> meaning ("deed:...", "token:<piece>", ...) or None
        self.feedback = feedback
        self.dice_unit = dice_unit
        self.apply_path = ApplyPath(folder, roll, feedback)
        self.token_waits = TokenWaits(self.apply_path)
        self.prompts = ComputerPrompts(self.apply_path, pieces=lambda game: pieces(game, self.registry))
        self.apply_path.listeners.append(self.prompts.listen)
        self.writer = Writer(bug=self.apply_path.bug,
                             until_next_deadline=self.token_waits.until_next_deadline,
                             timer=self._timer, after=self._after, stopping=self._stopping)
        self.inputs = DeviceInputs(self.writer, self.apply_path, self.token_waits, registry, dice_unit,
                                   prompts=self.prompts)
        self.writer.start()

    # ---- the writer's hooks ------------------------------------------------------------------

    def _timer(self) -> None:
        self.token_waits.expire()
        self.token_waits.publish_taps()

    def _after(self) -> None:
        self.token_waits.tick_choices()
        self.token_waits.publish_taps()

    def _stopping(self) -> None:
        self.token_waits.end_all_waits("token.closing")

    # ---- games -------------------------------------------------------------------------------

    def new_game(self, start: dict[str, Any], source: str = "banker") -> Result:
        def work() -> Result:
            try:
                store = self.folder.create(start, source)
            except Malformed as bad:
                return Result(False, bad.reason, refusal=RULES, words=refusal_words(bad))
            except LedgerError as exc:
                return _ledger_refusal(exc)
            path = self.apply_path
            view = path.view(store.game)
            self._switch(store)
            return path.accepted(store.seq, view, [f"New game {store.game_id}"],
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
            path = self.apply_path
            view = path.view(store.game)
            self._switch(store)
            return path.accepted(store.seq, view, [f"Game {game_id} resumed"], kind="open_game")

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
        """The table plays `store`'s game from now; the caller publishes its state at once (until
        then readers see the last game's, whole: never no game at all, which a screen polling
        just then showed as "no game" and a script waiting for the new game took for it)."""
        path = self.apply_path
        if path.store is not None and path.store is not store:
            self.folder.close_game(path.store.game_id)
        path.store = store
        path.churn.clear()
        self.token_waits.end_game_waits()  # asked of another game

    # ---- inputs ------------------------------------------------------------------------------

    def submit(self, command: dict[str, Any], source: str = "tablet", gone: Gone | None = None,
               speaker: Speaker | None = None) -> Result:
        """A decision from a screen (or the banker): checked, applied and stored, or refused with
        a reason. `speaker`: the seat the screen speaks for (from its session), checked by the
        writer against the state it applies the command to; None for the banker. A roll without
        dice is rolled by the table (from `secrets`, as for the dice button)."""
        return self.call(lambda: self.apply_path.apply(command, source, speaker=speaker), gone=gone)

    def undo(self, count: int = 1, by: str = "banker") -> Result:
        path = self.apply_path
        return self.call(lambda: path.ledger_action(
            lambda s: s.undo(count, by, prepare=path.view), {"do": "undo", "count": count, "by": by}))

    def redo(self, by: str = "banker") -> Result:
        path = self.apply_path
        return self.call(lambda: path.ledger_action(
            lambda s: s.redo(by, prepare=path.view), {"do": "redo", "by": by}))

    def on_event(self, event: Event) -> None:
        """The devices' callback: queued for the writer, never blocking a device thread."""
        self.inputs.on_event(event)

    @property
    def enrolment(self) -> Enrolment | None:
        """The Banker page's enrolment while it runs: the reader's taps go to it, not the game."""
        return self.inputs.enrolment

    @enrolment.setter
    def enrolment(self, enrolment: Enrolment | None) -> None:
        self.inputs.enrolment = enrolment

    # ---- the screens waiting for a physical act ----------------------------------------------

    def wait_for_token(self, wait: TokenWait) -> Result:
        """A screen asks to be told of the next physical act for it (a token tap to pair it or to
        confirm its command, the banker's step): answered at once, `waiting` with the request's
        id (and the code the screen shows), and the outcome goes to wait.answer later. A screen's
        new wait replaces its old one."""
        return self.call(lambda: self.token_waits.add(wait))

    def cancel_wait(self, screen: str) -> Result:
        """The screen no longer waits (it is told so through its callback)."""
        return self.call(lambda: self.token_waits.end_waits("token.cancelled", CONFLICT, screen=screen))

    def choose(self, choice_id: str, code: str | None, by: str) -> Result:
        """The people's choice, made on the table's own screen (or the banker's): the screen
        showing `code` gets the act that opened the choice; code None: nobody (the choice ends,
        the screens go on waiting). The web checks that the screen asking may choose."""
        return self.call(lambda: self.token_waits.choose(choice_id, code, by))

    def confirm_prompts(self, by: str) -> Result:
        """The people say they moved the computer's things (the Table page's button): its open
        prompts close, and the computer goes on (companion/table/computer_prompts.py)."""
        return self.call(lambda: self.prompts.confirm(by))

    def computer_prompts(self) -> dict[str, Any]:
        """What the people are asked to move for a computer now, as last published (any thread)."""
        return self.prompts.published

    def taps(self) -> dict[str, Any]:
        """What the next tap will do and who waits for one, as last published (any thread)."""
        return self.token_waits.published_taps

    def open_choices(self) -> dict[str, Any]:
        """The choices open at the table, with the codes to choose among (any thread; for the
        table's own screens and the banker's only)."""
        return self.token_waits.published_choices

    # ---- what was committed, and who hears of it ---------------------------------------------

    @property
    def store(self) -> GameStore | None:
        """The current game's store (None before a game is started or resumed)."""
        return self.apply_path.store

    @property
    def published(self) -> dict[str, Any] | None:
        return self.apply_path.published

    def snapshot(self) -> dict[str, Any] | None:
        """The last committed state: the printed state with "seq", "game" and "legal" (what each
        player may do now). Safe from any thread: it is replaced whole, never changed."""
        return self.apply_path.published

    @property
    def listeners(self) -> list[Listener]:
        """Told every notice (a committed state, a refusal shown at the table, the taps view)."""
        return self.apply_path.listeners

    @property
    def publishing(self) -> list[Publishing]:
        """Add to each state about to be published (the auction clock's deadline)."""
        return self.apply_path.publishing

    def restamp(self, kind: str) -> Result:
        """On the writer thread: the committed state sent again with its stamps renewed (the
        auction clock's deadline after a wait); nothing is stored, the seq stays."""
        return self.apply_path.restamp(kind)

    # ---- the writer --------------------------------------------------------------------------

    def call(self, work: Callable[[], Result], timeout: float = 10.0, gone: Gone | None = None) -> Result:
        """Run work on the writer thread and wait for its result (writer.py says how long)."""
        return self.writer.call(work, timeout, gone)

    @property
    def stirring(self) -> list[Callable[[], None]]:
        """Told the moment an input arrives, before the writer takes it up (the odds step aside)."""
        return self.writer.stirring

    def close(self) -> None:
        self.writer.close()

    @property
    def alive(self) -> bool:
        return self.writer.alive

    def responsive(self, timeout: float = 10.0) -> bool:
        """The writer answers a no-op within the timeout (what the watchdog asks)."""
        return self.writer.responsive(timeout)


def _ledger_refusal(exc: LedgerError) -> Result:
    """A game the ledger cannot open or recover: its problem worded in every language."""
    return Result(False, reason_of(exc), refusal=NOT_FOUND if isinstance(exc, GameNotFound) else STORAGE,
                  words=ledger_words(exc))

