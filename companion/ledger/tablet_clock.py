"""A tablet's time against the Pi's clock (which has no battery): a clearly stale clock is
corrected (clock.py says when), and every open game's history says so.
"""

from __future__ import annotations

from .clock import Clock
from .errors import StorageError
from .game_list import GameList


class TabletClock:
    """Puts right the folder's clock from a tablet's, recording each correction in the open games."""

    def __init__(self, clock: Clock, games: GameList) -> None:
        self.clock = clock
        self.games = games

    def tablet_time(self, tablet: float, by: str = "tablet") -> tuple[str, str] | None:
        """A tablet says what time it is; a clearly stale clock is corrected and that is recorded."""
        corrected = self.clock.correct(tablet)
        if corrected is not None:
            for store in self.games.open_games.values():
                try:
                    store.record_clock(*corrected, by=by)
                except StorageError:
                    pass  # the correction holds in memory; the next entries carry the right time
        return corrected
