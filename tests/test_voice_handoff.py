"""The writer thread's hand-off to the voice (issue 27): it never grows past its size, drops the
oldest news first, always delivers the newest, and tells the taker when some was lost."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.voice.handoff import LOST, Handoff


def test_a_full_hand_off_drops_the_oldest_and_says_so_once() -> None:
    handoff = Handoff(size=4)
    for n in range(10):
        handoff.put("add", n)
    assert len(handoff) == 4 and handoff.ready.is_set()
    assert handoff.take() == [LOST, ("add", 6), ("add", 7), ("add", 8), ("add", 9)]
    assert not handoff.ready.is_set()
    handoff.put("undo", [9])  # positive control: nothing lost now, nothing said of a loss
    assert handoff.take() == [("undo", [9])]
    assert handoff.take() == []


@given(st.lists(st.one_of(st.integers(0, 10_000), st.none()), max_size=200), st.integers(1, 16))
def test_whatever_comes_the_newest_is_delivered_in_order_within_the_size(
        script: list[int | None], size: int) -> None:
    """`script`: numbers put in rising order, None a take between them."""
    handoff = Handoff(size)
    put: list[int] = []
    got: list[int] = []
    for number, step in enumerate(script):
        if step is None:
            taken = handoff.take()
            got += [value for name, value in taken if (name, value) != LOST]
            continue
        handoff.put("add", number)
        put.append(number)
        assert len(handoff) <= size
    got += [value for name, value in handoff.take() if (name, value) != LOST]
    assert got == sorted(got) and set(got) <= set(put)  # in order, nothing made up
    if put:
        assert got[-1] == put[-1]  # the newest always arrives
    if None not in script:  # taken once at the end: the newest `size`, exactly
        assert got == put[-size:]
