"""Auctions that close by themselves, as a real table's banker calls "going, going, gone": when an
auction's time is up (auction_timing.py: a long opening wait, a countdown from the first bid, time
added by each bid, one "wait" per auction), the table passes for every bidder still silent
(everyone but the high bidder), so an auction nobody answers ends.

The passes are ordinary stored commands, `{"do": "pass", "player": ...}` from the source "table",
applied on the single writer like any input (so the story says the time ran out, and undo takes
them back). Each published state carries the deadline, `"auction_clock": {"deadline": <ms since
the epoch, this machine's clock>, "seconds", "opening", "phase": "opening"|"bidding", "waited"}`
(null with no auction, or when the game's clock is off), so every screen counts down to the moment
the table acts; `GET /api/time` gives screens this machine's clock. `wait()` (POST
/api/auction/wait) is the "wait" button: the deadline is not stored, so neither is a wait; the
state goes out again with the new deadline.

The state coming back by undo, redo, a new or resumed game starts the auction's count again.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from .auction_timing import Countdown, Timing, timing_of
from .controller import Table
from .result import Result
from .words import words

log = logging.getLogger(__name__)

SOURCE = "table"
RESTAMP = "restamp"  # the kind of a state sent again with new stamps (a wait), nothing stored


class AuctionClock:
    """Watches what the table publishes; when an auction's time is up, passes for the silent.

    `seconds` (and `opening`, the same unless said) are the table's own timing ([table]
    auction_seconds), for games that store none: a game from before the setting, or one started
    by a script or an API client that sent none, keeps the count it always had."""

    def __init__(self, table: Table, seconds: float, clock: Callable[[], float] = time.time,
                 opening: float | None = None) -> None:
        self.table = table
        self.fallback = Timing(seconds, opening if opening is not None else seconds)
        self.clock = clock
        self.lot: str | None = None  # the auction the countdown belongs to
        self.high: str | None = None  # its high bid, as last seen
        self.countdown: Countdown | None = None
        self.generation = 0  # every new deadline (or none) gets a new number: an old timer is stale
        self.timer: threading.Timer | None = None
        self._timings: dict[str, Timing] = {}
        self._lock = threading.Lock()
        table.publishing.append(self.stamp)

    @property
    def seconds(self) -> float:
        return self.fallback.seconds

    @property
    def deadline(self) -> float:
        return self.countdown.deadline if self.countdown is not None else 0.0

    def close(self) -> None:
        with self._lock:
            if self.timer is not None:
                self.timer.cancel()
            self.timer = None

    def timing(self, game: str | None) -> Timing:
        """The timing the current game was started with (read once per game, on the writer)."""
        store = self.table.store
        if game is None or store is None or store.game_id != game:
            return self.fallback
        if game not in self._timings:
            try:
                start = json.loads(store.effective[0][0])
            except (IndexError, ValueError, TypeError):
                start = {}
            self._timings[game] = timing_of(start if isinstance(start, dict) else {}, self.fallback)
        return self._timings[game]

    # ---- on the writer thread, as each state is published ---------------------------------------

    def stamp(self, shown: dict[str, Any], command: dict[str, Any] | None, kind: str) -> None:
        pending = shown.get("pending") or {}
        timing = self.timing(shown.get("game"))
        if pending.get("kind") != "auction" or timing.seconds <= 0:
            self._end()
            shown["auction_clock"] = None
            return
        lot = json.dumps([shown.get("game"), pending.get("square"), pending.get("building")])
        high = json.dumps([pending.get("high_bid"), pending.get("high_bidder")])
        now = self.clock()
        again = kind not in ("command", RESTAMP) or (command or {}).get("do") in ("undo", "redo")
        if self.countdown is None or lot != self.lot or again:
            self.countdown = Countdown(timing, now)
            if pending.get("high_bidder"):  # back to an auction already bid in (undo, resume)
                self.countdown.bid(now)
            self.lot, self.high = lot, high
            self._arm()
        elif high != self.high:
            self.countdown.bid(now)
            self.high = high
            self._arm()
        countdown = self.countdown
        shown["auction_clock"] = {"deadline": round(countdown.deadline * 1000), **timing.to_json(),
                                  "phase": countdown.phase(), "waited": countdown.waited}

    def _end(self) -> None:
        if self.countdown is not None or self.timer is not None:
            self.countdown = self.lot = self.high = None
            self._arm()

    def _arm(self) -> None:
        with self._lock:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            self.generation += 1
            if self.countdown is None:
                return
            self.timer = threading.Timer(self.countdown.left(self.clock()), self._due,
                                         args=(self.generation,))
            self.timer.daemon = True
            self.timer.start()

    # ---- the "wait" button ---------------------------------------------------------------------------

    def wait(self) -> Result:
        """Everyone gets more time, once per auction: on the writer thread, like any input."""
        return self.table.call(self._wait)

    def _wait(self) -> Result:
        countdown = self.countdown
        if countdown is None:
            said = words("auction.wait_none")
            return Result(False, said["en"], words=said)
        if not countdown.wait(self.clock()):
            said = words("auction.wait_used")
            return Result(False, said["en"], words=said)
        self._arm()
        return self.table.restamp(RESTAMP)

    # ---- the time is up ----------------------------------------------------------------------------

    def _due(self, generation: int) -> None:
        """The timer's thread: the passes are the writer's work, like any input."""
        try:
            self.table.call(lambda: self._close(generation))
        except Exception:
            log.exception("the auction clock could not close the auction")

    def _close(self, generation: int) -> Result:
        """Pass for every bidder still silent, if this is still the auction whose time is up."""
        if generation != self.generation or self.clock() < self.deadline - 0.05:
            return Result(True, kind="ignored")  # a bid, a wait (or an undo) came first
        store = self.table.store
        if store is None:
            return Result(True, kind="ignored")
        game = store.game
        result = Result(True, kind="ignored")
        for name in list(game.names):
            if generation != self.generation:  # the auction ended (or moved on) with the last pass
                break
            entry = next((e for e in game.legal_commands(name) if e.do == "pass"), None)
            if entry is None:  # the high bidder, or out of the auction already
                continue
            result = self.table.apply_path.apply(dict(entry.command), SOURCE)
            if not result.ok:
                log.warning("the table could not pass for %s: %s", name, result.reason)
                break
        return result
