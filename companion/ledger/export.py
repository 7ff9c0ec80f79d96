"""A stored game written out: the table script (replayable) or the money ledger (CSV)."""

from __future__ import annotations

import csv
import io

from .store import GameStore


def export_jsonl(store: GameStore) -> str:
    """The effective commands, one per line: `companion replay` on it gives this very game."""
    return "".join(line + "\n" for line in store.script())


def export_csv(store: GameStore) -> str:
    """Every money movement in order, with each player's balance after it."""
    names = [p.name for p in store.game.players]
    balances = dict.fromkeys(names, 0)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["seq", "time", "from", "to", "amount", "reason", *names])
    for seq, time, source, target, amount, reason in store.transfers():
        if source in balances:
            balances[source] -= amount
        if target in balances:
            balances[target] += amount
        writer.writerow([seq, time, source, target, amount, reason, *(balances[n] for n in names)])
    return out.getvalue()
