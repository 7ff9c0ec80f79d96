"""`companion recover`: a game damaged in every record goes on as a new game from its longest
verified run of entries (README.md, "Opening a game"); the damaged one is archived as it was.
"""

from __future__ import annotations

import sqlite3

from .errors import GameDamaged, GameNotFound, storage_error
from .game_list import GameList
from .journal import journal_path, write_whole
from .problems import problem
from .recovery import rebuild, recoverable
from .schema import sync_folder
from .store import GameStore


class Salvage:
    """Recovers the games of a folder's list that opening refused as damaged everywhere."""

    def __init__(self, games: GameList) -> None:
        self.games = games

    def recover(self, game_id: str) -> tuple[GameStore, int, list[str]]:
        """A game damaged in every record: its longest verified run of entries as a new game
        (the entries are copied as they are, so their seals still hold), the damaged one archived
        with its files as they are. Answers the new game, how many entries were lost, and the
        lines of the lost ones that could still be read (not trusted, for the banker to replay)."""
        games = self.games
        games.writing(problem("doing_recover"))
        path = games.file(game_id)
        if not path.exists():
            raise GameNotFound.found(problem("no_game", game=str(game_id)))
        found, unread = recoverable(path, games.own_key.chain, games.own_key.table_id)
        if found.damaged is None:
            raise GameDamaged.found(problem("not_damaged_everywhere", game=game_id))
        games.close_game(game_id)
        entries = found.best.entries
        new_id = games.new_id()
        new_path = games.file(new_id)
        header = {**found.header, "id": new_id}
        try:
            rebuild(new_path, header, entries)
            write_whole(journal_path(new_path), header, entries)
            sync_folder(new_path.parent)
        except (OSError, sqlite3.Error) as exc:
            for leftover in (new_path, journal_path(new_path)):
                leftover.unlink(missing_ok=True)
            raise storage_error(exc, problem("doing_recover")) from None
        store = games.open(new_id)
        games.conditions.pop(game_id, None)
        lost = found.readable - len(entries)
        store.record_import({"recovered_from": game_id, "entries": len(entries), "lost": lost})
        games.archive(game_id)
        return store, lost, [entry.line for entry in unread]
