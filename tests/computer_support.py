"""Shared pieces of the computer seats' tests: a Rig's table with ComputerPlayers at it (pace 0,
no wait for stillness), what was stored and by whom, and the state to wait on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from companion.ledger.committed import CommittedRead
from companion.table.computer import ComputerPlayers
from tests.waiting import wait_for
from tests.web_support import Rig


def start(rig: Rig, players: list[str], computer: dict[str, str], **rules: Any) -> dict[str, Any]:
    """A new game at the rig's table (the banker's), its decks unshuffled unless said."""
    result = rig.table.new_game({"do": "new_game", "players": players, "seed": 1,
                                 "rules": {"shuffle": False, **rules}, "computer": computer})
    assert result.ok, result.reason
    return result.state or {}


@contextmanager
def computers(rig: Rig, **options: Any) -> Iterator[ComputerPlayers]:
    """The computer seats playing at the rig's table while the block runs."""
    players = ComputerPlayers(rig.table, **{"pace": 0.0, "still": 0.0, **options}).start()
    try:
        yield players
    finally:
        players.close()


def entries(rig: Rig) -> list[tuple[str, dict[str, Any]]]:
    """(source, command) of every entry stored in the current game, oldest first."""
    store = rig.table.store
    assert store is not None
    with CommittedRead(store.path, store.game_id) as reading:
        return [(source, json.loads(line)) for _seq, _time, source, _kind, line
                in reading.entries(0, reading.seq)]


def by_computer(rig: Rig) -> list[dict[str, Any]]:
    return [command for source, command in entries(rig) if source == "computer"]


def state(rig: Rig) -> dict[str, Any]:
    shown = rig.table.snapshot()
    assert shown is not None
    return shown


def waits_for(rig: Rig, condition: Any) -> None:
    """Wait (generously) until the published state meets the condition; fail saying where it stood."""
    if not wait_for(lambda: condition(state(rig))):
        shown = state(rig)
        raise AssertionError(f"never came: the table stands at {shown.get('decision')}, "
                             f"stored {[c for _s, c in entries(rig)][-8:]}")


def decider(shown: dict[str, Any]) -> str | None:
    decision = shown.get("decision") or {}
    players = decision.get("players") or []
    return players[0] if players else None


PREFERRED = ("reject", "pass", "decline", "claim_rent", "roll", "end_turn")


def person_move(shown: dict[str, Any], name: str) -> dict[str, Any] | None:
    """A person's plain move when the table waits for them (None: not their move): what commits
    them to least, from what the published state lists for them."""
    decision = shown.get("decision") or {}
    pending = shown.get("pending") or {}
    waiting = decision.get("players") or []
    if shown.get("winner") is not None or name not in waiting and name not in (pending.get("bidders") or ()):
        return None
    if pending.get("kind") == "auction" and pending.get("high_bidder") == name:
        return None
    listed = [entry for entry in shown["legal"]["players"][name]
              if not entry.get("free") or entry["command"]["do"] == "roll"]
    options = decision.get("options") or []
    for do in (*PREFERRED, *options):
        for entry in listed:
            if entry["command"]["do"] == do and (do in options or do in PREFERRED[:3] or name in waiting):
                return dict(entry["command"])
    return None
