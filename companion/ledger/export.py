"""A stored game written out: the table script (replayable) or the money ledger (CSV), and the
signature that goes beside either (signature.py)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

from .key import TableKey
from .signature import sign
from .store import GameStore


def money_trail(store: GameStore) -> Iterator[dict[str, Any]]:
    """Every money movement in order, each with every player's balance after it."""
    balances = dict.fromkeys(store.game.names, 0)
    for seq, time, source, target, amount, reason in store.transfers():
        if source in balances:
            balances[source] -= amount
        if target in balances:
            balances[target] += amount
        yield {"seq": seq, "time": time, "from": source, "to": target, "amount": amount,
               "reason": reason, "balances": dict(balances)}


def export_jsonl(store: GameStore) -> str:
    """The effective commands, one per line: `companion replay` on it gives this very game."""
    return "".join(line + "\n" for line in store.script())


def export_csv(store: GameStore) -> str:
    """Every money movement in order, with each player's balance after it."""
    names = list(store.game.names)
    columns = ["seq", "time", "from", "to", "amount", "reason"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*columns, *names])
    for row in money_trail(store):
        writer.writerow([*(row[c] for c in columns), *(row["balances"][n] for n in names)])
    return out.getvalue()


def signature_of(store: GameStore, key: TableKey | None, text: str, kind: str) -> str | None:
    """The text of FILE.sig for this export, or None when the game carries no key of this table
    (a file of the first format): a signature would vouch for what no key has checked."""
    if key is None or store.chain_key != key.chain:
        return None
    return sign(key, text.encode(), store.game_id, kind)
