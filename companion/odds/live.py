"""The table's odds, kept up to date beside the daemon and never in its way.

One thread of the daemon plans; worker processes (niced, and on Linux in the idle scheduling
class, yielding their core every few commands: see odds/jobs.py) play the continuations on every
core. The thread never touches the live game nor the store's own lists: it reads the committed
script from the game's file (script.py, on a connection of its own, the entries since its last
reading), asks the engine where each turn ended and who ended it (`Game.turn`), and hands the
script to the workers, who rebuild the position themselves. The table only calls `stir` when
an input arrives (the workers stop where they are until the table has been still a moment, and
never for long: step_aside.py, pauses.py) and `listen` once it is stored (which notes what happened and
wakes the thread). The workers die with the daemon,
however it ends (workers.py), and are let go on (SIGCONT) first thing on its way out.

What it works out, most urgent first:
1. an open trade proposal: both players' chances if the partner accepts and if not (the advisor);
2. the position after the last turn (the bars on the Table page);
3. every earlier turn not worked out yet (the game review's chart), newest first;
4. once the game is over, the review: the turns that moved the chances most, named in words.
Each result is published to the screens as a notice (`odds`, `odds_trade`, `odds_review`) and
kept for `GET /api/odds`. A higher task arriving stops a lower one between two slices of
continuations; it is taken up again later.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..compiled.modules import read_source
from ..compiled.store import Build, fresh_build
from ..ledger.errors import GameDamaged
from ..simulate.workers import Pool, default_jobs
from .estimate import Odds, Refused, estimate
from .pauses import QUIET
from .review import Review, moments
from .script import End, Script, Turns
from .standing import players_in, still_in
from .step_aside import StepAside

log = logging.getLogger("companion.odds")

Publish = Callable[[dict[str, Any]], None]
PREEMPTING = {"end_turn", "trade", "accept", "reject", "undo", "redo", "bankrupt", "end_game"}
__all__ = ["QUIET", "LiveOdds", "started"]
SLICE = 5  # continuations a worker plays between two looks at the table (tens of milliseconds)


@dataclass
class Point:
    """The chances after one turn (turn 0: the start)."""

    turn: int
    length: int  # commands of the script up to here (the new_game line included)
    player: str  # whose turn it was (the one who ended it); at the start, who plays first
    odds: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "player": self.player, "length": self.length, **self.odds}


@dataclass
class GameOdds:
    """What is known of one game: its points by running hash, the advice, the review."""

    game: str
    points: dict[str, Point] = field(default_factory=dict)
    advice: dict[str, Any] | None = None
    advice_key: str = ""
    review: dict[str, Any] | None = None
    review_key: str = ""


def choose_build() -> Build | None:
    """The compiled engine when it is built for this source (never compiled here), else pure."""
    try:
        return fresh_build(read_source())
    except OSError:
        return None


class LiveOdds:
    """Plans and runs the table's odds; `listen` is the table's listener, `publish` the broker's."""

    def __init__(self, table: Any, publish: Publish, samples: int = 1000, jobs: int = 0, nice: int = 19,
                 build: Build | None = None, bot: str = "smart") -> None:
        self.table = table
        self.publish = publish
        self.samples = max(1, samples)
        self.jobs = jobs or default_jobs()
        self.nice = nice
        self.build = build
        self.bot = bot
        self.pool: Pool | None = None
        self.current: GameOdds | None = None
        self.busy = ""  # what is being worked out now ("" when idle)
        self._doing = ""  # the key of the position being worked out
        self._failed: set[str] = set()  # positions whose odds failed: not tried again
        self._script = Script()  # the committed script, read on from the last reading
        self._turns = Turns()  # its turns, as the engine ends them
        self._counted = (Script(), Turns())  # the same, read for the web's readers
        self._counting = threading.Lock()
        self._wake = threading.Event()
        self._preempt = threading.Event()
        self._stopping = threading.Event()
        self._lock = threading.Lock()  # guards `current` for the web's readers
        self.aside = StepAside(lambda: self.pool)  # the workers giving way to the table
        self._thread = threading.Thread(target=self._run, name="odds", daemon=True)

    # ---- the daemon's side -------------------------------------------------------------------

    def start(self) -> LiveOdds:
        self._thread.start()
        self.aside.start()
        return self

    def stir(self) -> None:
        """The table stirs: an input has just reached it (a tap, a press, a request; any thread,
        before the writer takes it up). The workers stop where they are (`SIGSTOP`, a system call
        each), so the command and the news to the screens run on cores of their own; they go on
        once the table has been still for QUIET seconds, or after MAX_PAUSE whatever comes."""
        self.aside.stir()

    def listen(self, event: dict[str, Any]) -> None:
        """The table's listener (on its writer thread): note it, wake the planner, nothing more."""
        self.stir()
        if event.get("type") != "state" or event.get("kind") == "restamp":
            return  # the same position sent again (an auction's wait): nothing to work out
        command = event.get("command") or {}
        if command.get("do") in PREEMPTING or event.get("command") is None:
            self._preempt.set()
        self._wake.set()

    def resume(self) -> None:
        """Let every stopped worker go on (SIGCONT), and stop none again: the daemon is ending,
        and a stopped process would outlive it (a stopped process handles no signal but SIGKILL)."""
        self._stopping.set()
        self.aside.resume()

    def close(self) -> None:
        """Stop at once: the workers hold nothing worth waiting for (on a busy machine an idle-class
        worker may not run again for a while), so they are killed and the planner let go."""
        self.resume()
        self._preempt.set()
        self._wake.set()
        pool = self.pool
        if pool is not None:
            for worker in pool.workers:
                worker.process.kill()
        self._thread.join(timeout=5)
        if self.pool is not None:
            self.pool.close()
            self.pool = None

    def view(self) -> dict[str, Any]:
        """What `GET /api/odds` answers: the latest chances, every turn's, the advice, the review."""
        with self._lock:
            current = self.current
            if current is None:
                return {"enabled": True, "game": None, "latest": None, "turns": 0, "history": [],
                        "trade": None, "review": None, "busy": self.busy, "samples": self.samples}
            history = sorted((p.to_json() for p in current.points.values()), key=lambda p: p["turn"])
        latest, turns = history[-1] if history else None, 0
        published = self.table.snapshot()
        if published is not None and published.get("game") == current.game:
            if latest is not None:  # who is in now, whatever the figure was worked out for
                latest = still_in(latest, players_in(published))
            turns = self._turns_ended(current.game)
        return {"enabled": True, "game": current.game, "latest": latest, "turns": turns,
                "history": history, "trade": current.advice, "review": current.review,
                "busy": self.busy, "samples": self.samples}

    def trade_advice(self) -> dict[str, Any] | None:
        """The advice on the open proposal, as last published (the computer seats' answers use it)."""
        with self._lock:
            return self.current.advice if self.current is not None else None

    def _turns_ended(self, game_id: str) -> int:
        """The turns the engine has ended so far in the committed game (0 when it cannot be read)."""
        store = self.table.store
        if store is None or store.game_id != game_id:
            return 0
        with self._counting:
            script, turns = self._counted
            try:
                script.read(store.path, game_id)
            except GameDamaged:
                return 0
            if not script.lines:
                return 0
            turns.of(script.lines, script.hashes)
            return turns.now

    # ---- the planner -------------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stopping.is_set():
            self._wake.wait(timeout=5)
            self._wake.clear()
            self._preempt.clear()
            try:
                while not self._stopping.is_set() and self._step():
                    if self._wake.is_set():
                        self._wake.clear()
                        self._preempt.clear()
            except Exception:  # the odds must never take the table down: say so, start afresh
                if self._stopping.is_set():
                    return
                log.exception("the odds of %s failed; starting their workers again", self.busy)
                self._failed.add(self._doing)
                if self.pool is not None:
                    self.pool.close()
                    self.pool = None
                self._stopping.wait(2)
            finally:
                self.busy = ""

    def _read(self) -> tuple[str, list[str], list[str], dict[str, Any]] | None:
        """The current game's id, effective script, running hashes and published state."""
        table = self.table
        store = table.store
        published = table.snapshot()
        if store is None or published is None or published.get("game") != store.game_id:
            return None
        game_id = store.game_id
        try:
            script = self._script.read(store.path, game_id)
        except GameDamaged:  # not readable now (being replaced, say): the next wake reads again
            return None
        if not script.lines:
            return None
        return game_id, list(script.lines), list(script.hashes), published

    def _step(self) -> bool:
        """Do the most urgent thing not done yet; False when there is nothing left to do."""
        read = self._read()
        if read is None:
            return False
        game_id, lines, hashes, published = read
        with self._lock:
            if self.current is None or self.current.game != game_id:
                self.current = GameOdds(game_id)
        current = self.current
        ends = self._turns.of(lines, hashes)
        pending = published.get("pending") or {}
        # 1. the trade advisor
        failed = self._failed
        if pending.get("kind") == "trade" and current.advice_key != hashes[-1] and \
                "trade" + hashes[-1] not in failed:
            self._doing = "trade" + hashes[-1]
            return self._advise(current, lines, hashes[-1], pending)
        # 2. the latest turn, then 3. the earlier ones, newest first
        for end in reversed(ends):
            key = hashes[end.length - 1]
            if key not in current.points and key not in failed:
                self._doing = key
                return self._point(current, lines[:end.length], key, end)
        # 4. the review, once the game is over and every turn is worked out
        if published.get("turn") is None and current.review_key != hashes[-1] and \
                "review" + hashes[-1] not in failed:
            self._doing = "review" + hashes[-1]
            return self._review(current, lines, hashes, ends)
        return False

    def _pool(self) -> Pool:
        if self.pool is None:
            self.pool = Pool(self.jobs, self.build, nice=self.nice)
        return self.pool

    def _estimate(self, lines: list[str], seed_key: str,
                  then: tuple[dict[str, Any], ...] = ()) -> Odds | None:
        """The odds of a position; its seed comes from its key, so it is the same every time."""
        return estimate(lines, self.samples, int(seed_key[:8], 16), self._pool(), then=then,
                        bot=self.bot, cancelled=self._preempt.is_set, hold=self._hold, size=SLICE,
                        give_way=True)

    def _hold(self) -> float:
        """While the table is busy (a tap, a roll, a bid in the last moment), the workers wait:
        they take up the next slice once it has been still for QUIET seconds (or the pause has
        lasted its longest)."""
        return self.aside.hold()

    def _point(self, current: GameOdds, lines: list[str], key: str, end: End) -> bool:
        self.busy = f"turn {end.turn}"
        odds = self._estimate(lines, key)
        if odds is None:
            return True  # stopped for something more urgent: plan again
        point = Point(end.turn, end.length, end.player, _shown(odds))
        with self._lock:
            current.points[key] = point
        self.publish({"type": "odds", "game": current.game, **point.to_json()})
        return True

    def _advise(self, current: GameOdds, lines: list[str], key: str, pending: dict[str, Any]) -> bool:
        self.busy = "trade"
        partner = pending.get("to")
        answers: dict[str, Any] = {}
        for answer in ("accept", "reject"):
            try:
                odds = self._estimate(lines, key, ({"do": answer, "player": partner},))
            except Refused as refused:
                answers[answer] = {"refused": str(refused)}
                continue
            if odds is None:
                return True
            answers[answer] = _shown(odds)
        advice = {"from": pending.get("from"), "to": partner, "give": pending.get("give"),
                  "take": pending.get("take"), "samples": self.samples, **answers}
        with self._lock:
            current.advice, current.advice_key = advice, key
        self.publish({"type": "odds_trade", "game": current.game, **advice})
        return True

    def _review(self, current: GameOdds, lines: list[str], hashes: list[str], ends: list[End]) -> bool:
        self.busy = "review"
        ends = [end for end in ends if hashes[end.length - 1] in current.points]
        turns = self._pool().run(Review(tuple(lines), tuple(end.length for end in ends)), [[0]],
                                 hold=self._hold)
        if turns is None:
            return True
        points = [current.points[hashes[end.length - 1]] for end in ends]
        review = {"points": [p.to_json() for p in points], "moments": moments(points, turns[0])}
        with self._lock:
            current.review, current.review_key = review, hashes[-1]
        self.publish({"type": "odds_review", "game": current.game})
        return True




def _shown(odds: Odds) -> dict[str, Any]:
    shown = odds.to_json(digits=4)
    kept = ("chances", "interval", "undecided", "samples", "seconds", "net_worth")
    return {**{key: shown[key] for key in kept}, "over": odds.over}


def started(config: Any, table: Any, publish: Publish) -> LiveOdds | None:
    """The table's odds as the config says (None when switched off)."""
    if not config.enabled:
        return None
    build = choose_build()
    log.info("odds: %d continuations a turn, %s engine, %s", config.samples,
             "compiled" if build is not None else "pure", f"{config.jobs or default_jobs()} processes")
    return LiveOdds(table, publish, samples=config.samples, jobs=config.jobs, nice=config.nice,
                    build=build).start()
