"""Undo and redo, as entries of the log like any other: history shows what was undone, when and
by whom, and the money is put back by reversing transfers, so the transfers alone always add up
to every balance.
"""

from __future__ import annotations

import json

from ..rules import Game, Rejected, Text, Transfer
from .open_game import OpenGame
from .schema import line_of
from .writing import Prepare, Receipt, Writing


class Undoing:
    """Takes back the last commands of an open game, and plays them again until a new one is played."""

    def __init__(self, store: OpenGame, writing: Writing) -> None:
        self.store = store
        self.writing = writing

    def undo(self, count: int = 1, by: str = "banker", prepare: Prepare | None = None) -> Receipt:
        """Take back the last `count` commands: popped off the game when it still keeps them,
        else the game is rebuilt without them."""
        store = self.store
        with store.lock:
            played = len(store.effective) - 1
            if count < 1:
                raise Rejected(Text("ledger.undo_count"))
            if played < count:
                raise Rejected(Text("ledger.undo_too_many", played))
            undone = store.effective[-count:]
            rows = []
            for _line, applied_seq in reversed(undone):
                rows += store.conn.execute(
                    "SELECT source, target, amount, reason FROM transfers WHERE seq = ? ORDER BY id DESC",
                    (applied_seq,),
                ).fetchall()
            reversing = [Transfer(t, s, a, f"undone: {r}") for s, t, a, r in rows]
            keep = len(store.effective) - count
            saved_hashes = store.hashes
            was_over = store.game.over
            store.hashes = store.hashes[:keep]
            game: Game | None = None
            try:
                game = self._taken_back(count, keep)
                prepared = prepare(game) if prepare is not None else None
                line = line_of({"do": "undo", "count": count, "by": by})
                seq = self.writing.append("undo", line, "banker", reversing, applied=False,
                                          status="playing" if was_over and not game.over else None)
            except BaseException:
                store.hashes = saved_hashes
                if game is store.game:
                    store.game = store.game_after(len(store.effective))
                raise
            assert game is not None
            store.game = game
            store.effective = store.effective[:keep]
            store.redo_stack.extend(line for line, _seq in reversed(undone))
            return Receipt(seq, None, prepared=prepared)

    def _taken_back(self, count: int, keep: int) -> Game:
        """The game without its last `count` commands (a new game object when rebuilt)."""
        game = self.store.game
        if count <= len(game.undo_stack):
            for _ in range(count):
                game.pop()
            return game
        return self.store.game_after(keep)

    def redo(self, by: str = "banker", prepare: Prepare | None = None) -> Receipt:
        """Apply again the last command undone (possible until a new command is played)."""
        store = self.store
        with store.lock:
            if not store.redo_stack:
                raise Rejected(Text("ledger.redo_nothing"))
            line = store.redo_stack[-1]
            receipt = self.writing.play("redo", json.loads(line), line, "banker", prepare)
            store.redo_stack.pop()
        self.writing.after(receipt)
        return receipt
