"""The choice at the table (companion/table/choice.py, issue 36): a physical act never goes to a
screen because it was the only one, or the first, to ask. The act opens a choice among the
screens waiting for it; the people pick by the code their screen shows (on the table's own
screen, or by the act again while the table offers that code). On the pure choice, then on a real
table with a clock the test moves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.hardware.device import Press, Tap
from companion.ledger import DataFolder
from companion.table import Result, Table, game_tags
from companion.table.choice import GRACE, NOTHING, OFFER, OFFER_BANKER, PICKED, ROUND, TOO_SOON, Choice
from companion.table.waits import BANKER, CONFIRM, PAIR, STRANGERS, STRANGERS_PER_ADDRESS, TokenWait
from tests.clocks import FakeClock

REGISTRY = {"0a0b0c0d": "token:car", "0a0b0c0e": "token:dog", "0a0b0c0f": "token:hat", "0b0b0b0b": "banker",
            "04a1b2c3d4e5f6": "deed:whitechapel-road"}
CAR, DOG, BANKER_TAG = "0a0b0c0d", "0a0b0c0e", "0b0b0b0b"
START = {"do": "new_game", "players": ["Ann", "Bob"], "seed": 1, "rules": {"shuffle": False},
         "tags": game_tags(REGISTRY, {"Ann": "car", "Bob": "dog"})}


def screen(name: str, kind: str = PAIR, code: str = "", known: bool = False) -> TokenWait:
    return TokenWait(screen=name, kind=kind, answer=lambda _r: None, code=code or name, known=known)


# ---- the choice itself -------------------------------------------------------------------------


def test_one_waiting_screen_is_offered_at_once_and_taken_by_the_act_again() -> None:
    phone = screen("472")
    choice = Choice.open(PAIR, "Ann", [phone], now=0.0)
    assert choice.offered is phone and choice.next_change() is None  # it stays offered
    assert choice.repeated(0.2) == (PICKED, phone)  # the reader already counts a re-lay as one tap


def test_several_screens_are_offered_in_turn_and_an_act_just_after_a_change_takes_none() -> None:
    a, b, c = screen("111"), screen("222"), screen("333")
    choice = Choice.open(PAIR, "Ann", [a, b, c], now=0.0)
    first = choice.offered
    assert choice.repeated(OFFER - 0.1) == (PICKED, first)
    assert choice.tick(OFFER) and choice.offered is not first
    second = choice.offered
    assert choice.repeated(OFFER + GRACE / 2) == (TOO_SOON, None)  # meant, maybe, for the one before
    assert choice.repeated(OFFER + GRACE) == (PICKED, second)
    choice.tick(3 * OFFER)  # around once: the first again
    assert choice.offered is first
    assert {w.code for w in choice.order} == {"111", "222", "333"}


def test_a_screen_leaving_moves_the_offer_on_and_an_empty_choice_picks_nobody() -> None:
    a, b = screen("111"), screen("222")
    choice = Choice.open(PAIR, "Ann", [a, b], now=0.0)
    offered = choice.offered
    assert offered is not None
    assert choice.drop(offered, 2.0)
    assert choice.offered is not offered and choice.since == 2.0
    assert choice.repeated(2.5) == (TOO_SOON, None)
    assert choice.drop(choice.order[0], 9.0)
    assert choice.repeated(20.0) == (NOTHING, None)


def test_the_banker_s_own_screens_are_offered_first_and_a_new_one_joins_them() -> None:
    guests = [screen(f"{n}00", BANKER) for n in range(1, 6)]
    own = screen("777", BANKER, known=True)
    for _ in range(20):
        choice = Choice.open(BANKER, None, [*guests, own], now=0.0)
        assert choice.offered is own
    choice = Choice.open(BANKER, None, guests, now=0.0)
    assert not choice.add(screen("800", BANKER), now=1.0)  # a guest joining waits its turn
    assert choice.order[-1].code == "800"
    assert choice.add(own, now=2.0)  # the banker's own phone asks after the step: offered at once
    assert choice.offered is own and choice.repeated(2.5) == (TOO_SOON, None)
    assert choice.repeated(3.0) == (PICKED, own)


def test_one_act_makes_one_round_of_offers() -> None:
    one = Choice.open(PAIR, "Ann", [screen("111")], now=0.0)
    assert one.deadline == ROUND  # one screen: a phone in a pocket has ROUND seconds
    several = Choice.open(BANKER, None, [screen(f"{n}00", BANKER) for n in range(1, 5)], now=0.0)
    assert several.deadline == 4 * OFFER_BANKER  # each offered once, then a new act starts again


def test_the_order_is_nobodys_choice_asking_first_wins_nothing() -> None:
    firsts = {Choice.open(PAIR, "Ann", [screen("111"), screen("222")], now=0.0).offered.code  # type: ignore[union-attr]
              for _ in range(60)}
    assert firsts == {"111", "222"}  # each came first some of the time (1 in 2**59 to fail by chance)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["tick", "act", "drop", "add"]),
                          st.floats(min_value=0.0, max_value=3 * OFFER)), max_size=40))
def test_an_act_takes_only_the_screen_offered_and_never_just_after_a_change(steps) -> None:
    waits = [screen(f"{n}") for n in range(100, 104)]
    choice = Choice.open(PAIR, "Ann", waits[:2], now=0.0)
    now, spare = 0.0, waits[2:]
    for what, later in steps:
        now += later
        if what == "tick":
            choice.tick(now)
        elif what == "drop" and choice.order:
            choice.drop(choice.order[0], now)
        elif what == "add" and spare:
            choice.add(spare.pop(), now)
        elif what == "act":
            before = (choice.offered, choice.changed)
            choice.tick(now)
            offered, changed = choice.offered, choice.changed
            outcome, taken = choice.repeated(now)
            if taken is not None:
                assert outcome == PICKED and taken is offered
                assert changed is None or now - changed >= GRACE
            else:
                assert outcome in (TOO_SOON, NOTHING)
                assert offered is None or (changed is not None and now - changed < GRACE), before


# ---- on a table --------------------------------------------------------------------------------


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    folder = DataFolder(tmp_path)
    t = Table(folder, roll=lambda: (1, 2), registry=REGISTRY)
    t.token_waits.clock = FakeClock()
    assert t.new_game(START).ok
    yield t
    t.close()
    folder.close()


class Screen:
    """A waiting screen as the web keeps it: what the table told it, and its outcome."""

    def __init__(self, table: Table, name: str, kind: str = PAIR, address: str = "",
                 trusted: bool = False, known: bool = False) -> None:
        self.offers: list[dict | None] = []
        self.answers: list[Result] = []
        self.wait = TokenWait(screen=name, kind=kind, answer=self.answers.append, offered=self.offers.append,
                              address=address or name, trusted=trusted, known=known, timeout=600)
        self.asked = table.wait_for_token(self.wait)

    @property
    def code(self) -> str:
        return str(self.asked.detail["code"])

    @property
    def offered_now(self) -> bool:
        return bool(self.offers and self.offers[-1] and self.offers[-1]["yours"])


def act(table: Table, event: object) -> None:
    table.on_event(event)  # type: ignore[arg-type]
    table.call(lambda: Result(True))


def texts(value: object) -> set[str]:
    """Every text in an answer, however deep (a code is a text; a deadline's digits are not one)."""
    if isinstance(value, dict):
        return texts(list(value.values()))
    if isinstance(value, list):
        return set().union(*map(texts, value)) if value else set()
    return {value} if isinstance(value, str) else set()


def test_anns_tap_pairs_her_phone_whatever_a_guest_waiting_first_does(table: Table) -> None:
    guest = Screen(table, "guest")
    ann = Screen(table, "ann")
    act(table, Tap(CAR))
    assert guest.answers == ann.answers == []  # the tap chose nobody
    assert table.taps()["next"]["kind"] == "choice" and ann.code not in texts(table.taps())
    codes = {c["code"] for c in table.open_choices()["choices"][0]["codes"]}
    assert codes == {guest.code, ann.code}  # on the table's own screen: every code
    while not ann.offered_now:
        assert guest.offered_now and ann.offers[-1]["code"] == guest.code  # Ann's phone: "not yours"
        table.token_waits.clock.advance(OFFER)  # type: ignore[attr-defined]
        table.call(lambda: Result(True))
    table.token_waits.clock.advance(GRACE)  # type: ignore[attr-defined]
    act(table, Tap(CAR))
    assert [(a.kind, a.detail["player"]) for a in ann.answers] == [("paired", "Ann")]
    assert guest.answers == [] and guest.offers[-1] is None  # still waiting, no choice open now


def test_the_table_screen_picks_by_code_and_a_wrong_code_changes_nothing(table: Table) -> None:
    ann, bob = Screen(table, "ann"), Screen(table, "bob")
    act(table, Tap(DOG))
    choice = table.open_choices()["choices"][0]
    assert choice["player"] == "Bob" and choice["act"] == PAIR
    wrong = table.choose(choice["choice"], "000", by="table")
    assert not wrong.ok and wrong.refusal == "conflict" and wrong.words["ru"]
    assert table.choose("no-such-choice", bob.code, by="table").refusal == "conflict"
    assert table.choose(choice["choice"], bob.code, by="table").ok
    assert [(a.kind, a.detail["player"], a.detail["by"]) for a in bob.answers] == [("paired", "Bob", "table")]
    assert ann.answers == [] and table.open_choices() == {"choices": []}


def test_another_token_starts_its_own_choice_and_an_auction_ends_pairing(table: Table) -> None:
    phone = Screen(table, "phone")
    act(table, Tap(CAR))
    assert table.token_waits.choices[PAIR].player == "Ann"
    act(table, Tap(DOG))  # Bob's token: the choice is Bob's now
    assert table.token_waits.choices[PAIR].player == "Bob"
    act(table, Tap(DOG))
    assert [a.detail["player"] for a in phone.answers] == ["Bob"]
    phone = Screen(table, "phone-2")
    act(table, Tap(CAR))
    assert table.submit({"do": "roll", "dice": [1, 2]}, "banker").ok
    assert table.submit({"do": "decline"}, "banker").ok  # an auction: token taps are bids now
    assert PAIR not in table.token_waits.choices and phone.offers[-1] is None
    act(table, Tap(CAR))  # Ann's bid, not a pairing
    assert table.store.game.auctions[0].high_bidder == 0 and phone.answers == []


def test_strangers_waits_are_bounded_per_address_and_in_all_trusted_ones_never(table: Table) -> None:
    same = [Screen(table, f"guest-{n}", address="10.0.0.9") for n in range(STRANGERS_PER_ADDRESS + 1)]
    assert [s.asked.ok for s in same] == [True] * STRANGERS_PER_ADDRESS + [False]
    assert same[-1].asked.refusal == "too_many" and same[-1].asked.words["ru"]
    many = [Screen(table, f"far-{n}", address=f"10.1.{n}.1") for n in range(STRANGERS)]
    assert sum(s.asked.ok for s in many) == STRANGERS - STRANGERS_PER_ADDRESS  # the room is full
    assert not many[-1].asked.ok
    banker_phone = Screen(table, "banker-phone", BANKER, trusted=True, known=True)
    table_page = Screen(table, "table-page", CONFIRM, trusted=True)
    assert banker_phone.asked.ok and table_page.asked.ok  # never refused for room
    again = Screen(table, "guest-0", address="10.0.0.9")  # a screen asking again replaces its own
    assert again.asked.ok


def test_the_bankers_step_goes_to_the_screen_the_banker_picks_never_the_guests(table: Table) -> None:
    guests = [Screen(table, f"guest-{n}", BANKER) for n in range(3)]
    banker = Screen(table, "banker", BANKER, trusted=True, known=True)
    act(table, Press(held=True))  # the dice button held: the banker's step
    assert all(a == [] for a in (banker.answers, *(g.answers for g in guests)))
    assert banker.offered_now  # the banker's own screen is offered first
    act(table, Press())  # a player rolls meanwhile: a roll, never a pick of a screen
    assert table.store.seq == 2 and banker.answers == []
    act(table, Press(held=True))  # the banker holds the button again, seeing "yours" on the phone
    assert [a.kind for a in banker.answers] == ["banker_in"] and table.store.seq == 2
    assert all(g.answers == [] for g in guests)
    # A new phone of the banker's, beside guests: offered in turn, taken by the tag again.
    phone = Screen(table, "new-phone", BANKER)
    act(table, Tap(BANKER_TAG))
    while not phone.offered_now:
        table.token_waits.clock.advance(OFFER_BANKER)  # type: ignore[attr-defined]
        table.call(lambda: Result(True))
    table.token_waits.clock.advance(GRACE)  # type: ignore[attr-defined]
    act(table, Tap(BANKER_TAG))
    assert [a.kind for a in phone.answers] == ["banker_in"]
    assert all(g.answers == [] for g in guests)


def test_a_new_game_ends_pairing_waits_but_not_the_banker_step(table: Table) -> None:
    pairing = Screen(table, "phone")
    banker = Screen(table, "banker", BANKER)
    assert table.new_game(START).ok
    assert [a.refusal for a in pairing.answers] == ["conflict"] and banker.answers == []
    assert [w.screen for w in table.token_waits.waits] == ["banker"]
