"""The chart's turn axis (ledger/turns.py) against the store's own idea of what is in effect: after
any mix of plays, undos of any depth and redos, each entry's turn is 1 + the end_turns the store
held in effect once it was made (an end_turn's own entry still in the turn it ends), whichever
pages the screen asked for."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.ledger.committed import CommittedRead
from companion.ledger.turns import TURNS, turns_in
from tests.ledger_support import new_folder, recorded_game

SCRIPT = recorded_game(4)[:80]

steps = st.lists(st.one_of(st.just(("play", 0)), st.tuples(st.just("undo"), st.integers(1, 12)),
                           st.just(("redo", 0))), min_size=5, max_size=60)


def ended(effective: list[tuple[str, int]]) -> int:
    return sum(json.loads(line).get("do") == "end_turn" for line, _seq in effective)


@settings(max_examples=25, deadline=None)
@given(steps=steps, size=st.integers(1, 8))
def test_each_entry_is_in_the_turn_the_store_held(tmp_path_factory, steps, size) -> None:
    tmp: Path = tmp_path_factory.mktemp("turns")
    folder, _time = new_folder(tmp)
    store = folder.create(SCRIPT[0])
    expected = {1: 1}
    for step, count in steps:
        before = ended(store.effective)
        if step == "play" and len(store.effective) < len(SCRIPT):
            command = SCRIPT[len(store.effective)]  # after an undo: the same command, played anew
            receipt = store.submit(command)
        elif step == "undo" and len(store.effective) > count:
            receipt = store.undo(count)
        elif step == "redo" and store.redo_stack:
            line = store.redo_stack[-1]
            receipt = store.redo()
            command = json.loads(line)
        else:
            continue
        now = ended(store.effective)
        own = step != "undo" and command.get("do") == "end_turn"
        assert now == before + own or step == "undo"
        expected[receipt.seq] = 1 + (before if own else now)
    assert len(expected) == store.seq  # every entry accounted for
    TURNS._known.clear()
    pages = [*range(0, store.seq, size), store.seq]  # a screen's pages of `size` entries
    got: dict[int, int] = {}
    with CommittedRead(store.path, store.game_id) as reading:
        for after, upto in zip(pages, pages[1:], strict=False):
            got.update(turns_in(reading.conn, store.game_id, after, upto))
        TURNS._known.clear()  # a cold reading of the newest page alone, from nothing remembered
        last = turns_in(reading.conn, store.game_id, pages[-2], store.seq)
    assert got == expected
    assert last == {seq: turn for seq, turn in expected.items() if seq > pages[-2]}
    folder.close()
