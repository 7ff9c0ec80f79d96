"""Auctions that close by themselves: `auction_seconds` after the opening or the last bid, the table
passes for every bidder still silent (everyone but the high bidder), so an auction nobody answers
ends, as a real table's banker would call "going, going, gone".

The passes are ordinary stored commands, `{"do": "pass", "player": ...}` from the source "table",
applied on the single writer like any input (so history says the table passed, and undo takes them
back). Each published state carries the deadline, `"auction_clock": {"deadline": <ms since the
epoch, this machine's clock>, "seconds": <the setting>}` (null with no auction), so every screen
counts down to the moment the table acts; `GET /api/time` gives screens this machine's clock.

A new bid, or the state coming back by undo, redo, a new or resumed game, starts the count again.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from .controller import Table
from .result import Result

log = logging.getLogger(__name__)

SOURCE = "table"


class AuctionClock:
    """Watches what the table publishes; when an auction's time is up, passes for the silent."""

    def __init__(self, table: Table, seconds: float, clock: Callable[[], float] = time.time) -> None:
        self.table = table
        self.seconds = seconds
        self.clock = clock
        self.key: str | None = None  # the auction and its high bid the deadline belongs to
        self.deadline = 0.0  # seconds since the epoch
        self.timer: threading.Timer | None = None
        self._lock = threading.Lock()
        table.publishing.append(self.stamp)

    def close(self) -> None:
        with self._lock:
            if self.timer is not None:
                self.timer.cancel()
            self.timer = None

    # ---- on the writer thread, as each state is published ---------------------------------------

    def stamp(self, shown: dict[str, Any], command: dict[str, Any] | None, kind: str) -> None:
        pending = shown.get("pending") or {}
        if pending.get("kind") != "auction":
            self._arm(None, 0.0)
            shown["auction_clock"] = None
            return
        key = json.dumps([shown.get("game"), pending.get("square"), pending.get("building"),
                          pending.get("high_bid"), pending.get("high_bidder")])
        again = kind != "command" or (command or {}).get("do") in ("undo", "redo")
        if key != self.key or again:
            self._arm(key, self.clock() + self.seconds)
        shown["auction_clock"] = {"deadline": round(self.deadline * 1000), "seconds": self.seconds}

    def _arm(self, key: str | None, deadline: float) -> None:
        with self._lock:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            self.key, self.deadline = key, deadline
            if key is None:
                return
            self.timer = threading.Timer(max(0.0, deadline - self.clock()), self._due, args=(key,))
            self.timer.daemon = True
            self.timer.start()

    # ---- the time is up ----------------------------------------------------------------------------

    def _due(self, key: str) -> None:
        """The timer's thread: the passes are the writer's work, like any input."""
        try:
            self.table.call(lambda: self._close(key))
        except Exception:
            log.exception("the auction clock could not close the auction")

    def _close(self, key: str) -> Result:
        """Pass for every bidder still silent, if this is still the auction whose time is up."""
        if key != self.key or self.clock() < self.deadline - 0.05:
            return Result(True, kind="ignored")  # a bid (or an undo) came first
        store = self.table.store
        if store is None:
            return Result(True, kind="ignored")
        game = store.game
        result = Result(True, kind="ignored")
        for name in list(game.names):
            if key != self.key:  # the auction ended (or the state moved on) with the last pass
                break
            entry = next((e for e in game.legal_commands(name) if e.do == "pass"), None)
            if entry is None:  # the high bidder, or out of the auction already
                continue
            result = self.table._apply(dict(entry.command), SOURCE)
            if not result.ok:
                log.warning("the table could not pass for %s: %s", name, result.reason)
                break
        return result
