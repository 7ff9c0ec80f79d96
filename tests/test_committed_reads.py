"""Screens see only what is stored: every state anyone reads is a committed (seq, state) pair.

Twenty posters play commands through the HTTP API while readers poll /api/state: every state read
must equal the replay of the table script up to its seq (a state with the next roll already
applied, or half a command, would not). And a commit that fails must never have been shown.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from companion.ledger import StorageError
from companion.replay import replay
from companion.rules import state
from tests.driver import blocking_candidates
from tests.web_support import BANKER, TABLE_ADDS, Rig

# slow: many games, processes or hypothesis examples (`make check` leaves it out)
pytestmark = pytest.mark.slow

# what the state for screens adds to the engine's printed state (web/API.md, GET /api/state)


def test_every_state_read_is_the_replay_of_its_seq(rig: Rig) -> None:
    rig.new_game(players=["Ann", "Bob", "Cat"], seed=5)
    seen: list[dict[str, Any]] = []
    stop = threading.Event()
    failures: list[BaseException] = []

    def poster(n: int) -> None:
        client = rig.client()
        rng = random.Random(n)
        try:
            for _ in range(25):
                current = client.get("/api/state").json
                game_over = current.get("winner") is not None
                if game_over:
                    return
                store = rig.table.store
                assert store is not None
                command = rng.choice(blocking_candidates(store.game))
                client.post("/api/commands", json=command, headers=BANKER)
        except BaseException as exc:  # pragma: no cover - reported below
            failures.append(exc)

    def reader() -> None:
        client = rig.client()
        while not stop.is_set():
            seen.append(client.get("/api/state").json)

    readers = [threading.Thread(target=reader) for _ in range(3)]
    posters = [threading.Thread(target=poster, args=(n,)) for n in range(20)]
    for t in readers + posters:
        t.start()
    for t in posters:
        t.join()
    stop.set()
    for t in readers:
        t.join()
    assert not failures, failures
    store = rig.table.store
    assert store is not None
    script = store.script()
    assert len(script) > 40 and len(seen) > 100
    replays: dict[int, dict[str, Any]] = {}
    for shown in seen:
        seq = shown["seq"]
        if seq not in replays:
            replays[seq] = state(replay(script[:seq]).game)  # no undos here: seq = script length
        printed = {k: v for k, v in shown.items() if k not in TABLE_ADDS}
        assert printed == replays[seq], f"state read at seq {seq} is not the stored game"


def test_a_failed_commit_is_never_shown(rig: Rig, monkeypatch: pytest.MonkeyPatch) -> None:
    rig.new_game()
    before = rig.client().get("/api/state").json
    store = rig.table.store
    assert store is not None

    def disk_full(*_args: Any, **_kwargs: Any) -> int:
        raise StorageError("The disk is full; the command was not recorded")

    monkeypatch.setattr(store.writing, "append", disk_full)
    answer = rig.client().post("/api/commands", json={"do": "roll", "dice": [1, 2]}, headers=BANKER)
    assert answer.status_code == 503
    assert rig.client().get("/api/state").json == before  # not the roll that was never stored
    shown = TABLE_ADDS
    assert state(store.game) == {k: v for k, v in before.items() if k not in shown}
