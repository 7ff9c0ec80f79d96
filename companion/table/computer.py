"""The computer seats play by themselves at a live table (issue 41): an actor beside the writer,
like the auction clock, that stores ordinary commands through the same writer with its own
source, "computer", and speaks only for its own seats (authority.py checks each command as a
screen's, with the seat's name as its speaker).

It never blocks the writer: its listener only notes that something was stored. Its own thread
reads the committed game from the file (committed_game.py), and when a computer seat has
something to answer (computer_moves.py) it waits its turn as a family would (`pace` seconds
after its own last step, the table still after a person's input, nothing `holding` it: a helper
that waits for the people to move its piece), decides within `deadline` seconds with that
seat's own bot (the plain choice when the bot fails or is late), and submits the decision only
if the game is still at the seq it was made on: checked on the writer, in the same step as the
apply. A refusal is logged and followed by the plain choice, once. Auctions do not wait for the
pace or the people: each computer still in one bids or passes before the auction clock's
deadline. Its answers to trades come with a reason (computer_trades.py), published as a
`{"type": "computer", ...}` notice right after the answer's state (web/API.md).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any, Final

from ..bots.player import Bots, Command
from ..bots.seats import make_bot
from ..ledger import GameDamaged
from ..rules import Game
from .authority import Speaker
from .committed_game import Committed, CommittedGame, copy_of
from .computer_moves import bot_answer, plain_choice, to_move, within
from .computer_trades import Manners, answer, chances
from .controller import Table
from .result import TOO_MANY, Result

log = logging.getLogger(__name__)

SOURCE: Final = "computer"
STALE: Final = "stale"  # a decision made on an older seq: never submitted
# Seconds the table is still after a person's input before a computer acts (never more than the
# pace: a table that plays at once, pace 0, does not wait for the people either).
STILL: Final = 1.0
MARGIN: Final = 0.5  # seconds before the auction clock's deadline a computer's bid must be in
LOOK: Final = 0.02  # seconds between looks while waiting (for the pace, the people, the advice)
ASKS: Final = 3  # times a bot is asked again after an answer its manners do not allow

Advice = Callable[[], "dict[str, Any] | None"]  # the trade advisor's latest advice (odds_trade)


class ComputerPlayers:
    """Plays every computer seat of whatever game the table runs, on a thread of its own."""

    def __init__(self, table: Table, pace: float = 3.0, deadline: float = 2.0,
                 holding: Callable[[], bool] = lambda: False, advice: Advice | None = None,
                 still: float | None = None, bot: Callable[[str], Bots] = make_bot) -> None:
        self.table = table
        self.pace = pace
        self.deadline = deadline
        self.holding = holding
        self.advice = advice
        self.still = min(STILL, pace) if still is None else still
        self.make_bot = bot
        self.committed = CommittedGame()
        self.game_id = ""
        self.bots: dict[int, Bots] = {}  # one bot per seat, kept for the game
        self.manners = Manners()
        self._given_up: tuple[str, int] | None = None  # (game, seq) where even the plain choice was refused
        self._last_step = 0.0  # monotonic time of its last stored command
        self._last_stir = 0.0  # monotonic time of the last input not its own
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="computer-players", daemon=True)
        table.listeners.append(self.listen)
        table.stirring.append(self.stir)

    # ---- the table's side (any thread; never waits) --------------------------------------------

    def start(self) -> ComputerPlayers:
        self._thread.start()
        self._wake.set()
        return self

    def listen(self, event: dict[str, Any]) -> None:
        """The table's listener (on the writer thread): a stored state wakes the computers."""
        if event.get("type") == "state":
            self._wake.set()

    def stir(self) -> None:
        """An input reaches the table: a person's unless it is the computers' own."""
        if threading.current_thread() is not self._thread:
            self._last_stir = time.monotonic()

    def close(self) -> None:
        self._stopping.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        if self.listen in self.table.listeners:
            self.table.listeners.remove(self.listen)
        if self.stir in self.table.stirring:
            self.table.stirring.remove(self.stir)

    # ---- its own thread ------------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stopping.is_set():
            self._wake.wait(timeout=1.0)
            self._wake.clear()
            if self._stopping.is_set():
                return
            try:
                if self._step():
                    self._wake.set()  # it acted (or the state moved): look again at once
            except Exception:
                log.exception("the computer players failed a step; they look again at the next state")

    def _read(self) -> Committed | None:
        published = self.table.snapshot()
        store = self.table.store
        if published is None or store is None or published.get("game") != store.game_id:
            return None
        if not any(p.get("computer") for p in published.get("players") or ()):
            return None  # only people at this table: nothing to read
        try:
            committed = self.committed.read(store.path, store.game_id)
        except GameDamaged:
            return None
        if committed is not None and committed.game_id != self.game_id:
            self.manners = Manners.of(committed.game, self.committed.script.lines)
            self.game_id, self.bots = committed.game_id, {}
            self._last_step = time.monotonic()  # a game just begun or resumed: the people look first
        return committed

    def _step(self) -> bool:
        """One look at the committed game, and at most one decision stored: True when it should
        look again at once."""
        committed = self._read()
        if committed is None:
            return False
        game, seq = committed.game, committed.seq
        seat = to_move(game)
        if seat is None or self._given_up == (committed.game_id, seq):
            return False
        auction = game.next_kind() == "auction"
        limit = self._auction_limit() if auction else None
        if not self._ready(committed, auction, limit):
            return not self._stopping.is_set()
        deadline = self.deadline if limit is None else max(0.0, min(self.deadline, limit - time.monotonic()))
        command, note = self._decide(committed, seat, deadline)
        if self._now_seq(committed.game_id) != seq:
            return True
        return self._submit(committed, seat, command, note)

    # ---- waiting as a family does -------------------------------------------------------------

    def _now_seq(self, game_id: str) -> int | None:
        published = self.table.snapshot()
        if published is None or published.get("game") != game_id:
            return None
        return int(published.get("seq") or 0)

    def _auction_limit(self) -> float | None:
        """The monotonic moment its bid must be in by (the clock's deadline less a margin)."""
        clock = (self.table.snapshot() or {}).get("auction_clock")
        if not clock or not clock.get("deadline"):
            return None
        return time.monotonic() + (clock["deadline"] / 1000.0 - time.time()) - MARGIN

    def _ready(self, committed: Committed, auction: bool, limit: float | None) -> bool:
        """Waits for the pace, the people and the helper holding it; False when the state moved
        meanwhile (the decision would be on an old game), the computers stop, or the helper has
        just let it go (the pace is counted again from then)."""
        # In an auction the waits end in time for a whole decision before its bid is due.
        last = None if limit is None else limit - self.deadline

        def before(moment: float) -> Callable[[], bool]:
            return lambda: time.monotonic() < moment and (last is None or time.monotonic() < last)

        held: list[bool] = []

        def holding() -> bool:
            if self.holding():
                held.append(True)
                return True
            return False

        ready = self._wait(committed, before(self._last_step + self.pace)) and \
            self._wait(committed, lambda: before(self._last_stir + self.still)()) and \
            (auction or self._wait(committed, holding))
        if ready and held:  # the people have just moved its things: they see them a pace first
            self._last_step = time.monotonic()
            return False
        return ready

    def _wait(self, committed: Committed, waiting: Callable[[], bool]) -> bool:
        """Waits while `waiting` holds: False (at once) when the state moves or the computers stop."""
        while True:
            if self._stopping.is_set() or self._now_seq(committed.game_id) != committed.seq:
                return False
            if not waiting():
                return True
            self._stopping.wait(LOOK)

    # ---- deciding ----------------------------------------------------------------------------

    def _bot(self, game: Game, seat: int) -> Bots:
        if seat not in self.bots:
            self.bots[seat] = self.make_bot(game.computer[seat])
        return self.bots[seat]

    def _decide(self, committed: Committed, seat: int,
                deadline: float) -> tuple[Command, dict[str, str] | None]:
        """The seat's command and, for a trade answer, its reason in every language."""
        game = committed.game
        bot = self._bot(game, seat)
        started = time.monotonic()
        command: Command | None = None
        for _ in range(ASKS):
            command = within(deadline - (time.monotonic() - started),
                             partial(bot_answer, bot, copy_of(game), seat))
            if command is None or self.manners.allows(game, seat, command):
                break
            command = None  # a proposal it may not make: asked again (its bot proposes once a turn)
        if game.next_kind() == "trade":
            advised = self._advice(committed, seat, started + deadline)
            return answer(game, seat, command, advised)
        return (command if command is not None else plain_choice(game, seat)), None

    def _advice(self, committed: Committed, seat: int, until: float) -> tuple[float, float] | None:
        """The trade advisor's chances for this proposal, if they arrive before `until`."""
        if self.advice is None:
            return None
        while True:
            found = chances(self.advice(), committed.game, seat)
            if found is not None or time.monotonic() >= until or self._stopping.is_set() or \
                    self._now_seq(committed.game_id) != committed.seq:
                return found
            self._stopping.wait(LOOK * 5)

    # ---- storing -----------------------------------------------------------------------------

    def _submit(self, committed: Committed, seat: int, command: Command, note: dict[str, str] | None) -> bool:
        game = committed.game
        name = game.names[seat]
        result = self._store(committed, name, command, note)
        if result.kind == STALE:
            return True
        if not result.ok:
            log.warning("the table refused %s's %s (%s); it takes the plain choice",
                        name, command, result.reason)
            command = plain_choice(game, seat)
            if game.next_kind() == "trade":
                command, note = answer(game, seat, None, None)
            result = self._store(committed, name, command, note)
            if result.kind == STALE:
                return True
            if result.refusal == TOO_MANY:  # its answers' bound (churn.py): answered once it allows
                until = time.monotonic() + float(result.detail.get("retry_after") or 1.0)
                return self._wait(committed, lambda: time.monotonic() < until)
            if not result.ok:
                log.error("the table refused %s's plain choice %s (%s); it waits for the game to move",
                          name, command, result.reason)
                self._given_up = (committed.game_id, committed.seq)
                return False
        self.manners.proposed(game, seat, command)
        self._last_step = time.monotonic()
        return True

    def _store(self, committed: Committed, name: str, command: Command,
               note: dict[str, str] | None) -> Result:
        """On the writer: stored only if the game is still the one decided on, at its seq. Its
        roll is the table's own dice, shown on the dice unit as a press of the button's is."""
        table = self.table
        speaker = Speaker(name, committed.game_id)

        def work() -> Result:
            store = table.store
            if store is None or store.game_id != committed.game_id or store.seq != committed.seq:
                return Result(True, kind=STALE)
            rolled = command.get("do") == "roll" and "dice" not in command
            dice = list(table.apply_path.roll_dice()) if rolled else []
            result = table.apply_path.apply({**command, "dice": dice} if rolled else command, SOURCE,
                                            speaker=speaker)
            if result.ok and rolled and table.dice_unit is not None:
                try:
                    table.dice_unit.show(dice[0], dice[1])
                except Exception:  # the unit is optional: its trouble never costs a roll
                    log.warning("could not show the computer's roll on the dice unit", exc_info=True)
            if result.ok and note is not None:
                table.apply_path.push({"type": "computer", "game": committed.game_id, "seq": result.seq,
                                       "player": name, "do": command["do"], "words": note})
            return result

        return table.call(work)
