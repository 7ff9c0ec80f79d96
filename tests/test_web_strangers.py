"""What a stranger may ask of the table (issue 36): who counts as the table's own (the session
store's word on the cookie's session, never anything the client claims), the longest page a
stranger gets, and the big reads worked out once for everyone who asks the same at one seq."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.ledger.committed import CommittedRead
from companion.web.answers import Answers
from companion.web.common import PAGE_MAX, STRANGERS_PAGE
from companion.web.priority import own_cookie, table_own
from companion.web.sessions import COOKIE, ServerSessions, SessionStore
from tests.test_reads_beside_the_writer import play, recorded
from tests.web_support import Rig, rig_fixture

PAGED = ("/api/log", "/api/history", "/api/chart", "/api/feed/log", "/api/feed/ledger")
KEYS = {"/api/log": "entries", "/api/history": "transfers", "/api/chart": "points",
        "/api/feed/log": "entries", "/api/feed/ledger": "transfers"}


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    yield from rig_fixture(tmp_path)


@pytest.fixture
def long_game(rig: Rig) -> Rig:
    """A game of 300 entries, well past a stranger's page."""
    script = recorded(2, 3)
    players = script[0]["players"]
    rig.new_game(players=players, seed=script[0]["seed"], rules=script[0]["rules"],
                 tokens=dict(zip(players, ("car", "dog"), strict=True)))
    play(rig, script[1:300])
    return rig


# ---- who is the table's own --------------------------------------------------------------------

def test_the_table_s_own_are_the_sessions_that_hold_something_and_were_issued_here(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    interface = ServerSessions(store, key=b"the table's key")
    watcher, player, banker = interface.issue(), interface.issue(), interface.issue()
    store.update(player, player="Ann", game="g1")
    store.update(banker, banker=True)
    assert [table_own(store, sid) for sid in (watcher, player, banker)] == [False, True, True]
    assert not own_cookie(interface, f"{COOKIE}={watcher}")
    assert own_cookie(interface, f"{COOKIE}={player}")
    assert own_cookie(interface, f"other=1; {COOKIE}={banker}")
    # Anything the client makes up is a stranger's: no cookie, another name, an id not issued
    # here (even one the store held, copied from another table's key), the address it claims.
    made_up = ServerSessions(store, key=b"another table's key").issue()
    store.update(made_up, player="Bob", game="g1")
    other = ServerSessions(SessionStore(None), key=b"the table's key")
    assert not own_cookie(interface, "")
    assert not own_cookie(interface, f"not-{COOKIE}={player}")
    assert not own_cookie(interface, f"{COOKIE}=" + "A" * 43)
    assert not own_cookie(other, f"{COOKIE}={player}")  # issued here, but that store holds nothing
    store.clear(player)  # unpaired: a stranger from now on
    assert not own_cookie(interface, f"{COOKIE}={player}")


# ---- a stranger's page ---------------------------------------------------------------------------

def test_a_stranger_reads_a_long_game_a_short_page_at_a_time_and_the_table_s_own_whole(
        long_game: Rig) -> None:
    """A stranger asking for 2,000 entries gets STRANGERS_PAGE, and the rest page by page (as
    paged.js reads on while `more`): the same rows the banker gets in one page."""
    rig = long_game
    seq = rig.client().get("/api/state").json["seq"]
    assert seq > STRANGERS_PAGE  # the control: more than one stranger's page
    banker, stranger = rig.banker(), rig.client()
    for path in PAGED:
        whole = banker.get(f"{path}?after=0&limit={PAGE_MAX}").json
        assert whole["next"] == seq and whole["more"] is False, path
        rows: list[Any] = []
        after, pages = 0, 0
        while True:
            page = stranger.get(f"{path}?after={after}&limit={PAGE_MAX}").json
            assert page["next"] - page["after"] <= STRANGERS_PAGE
            rows += page[KEYS[path]]
            after, pages = page["next"], pages + 1
            if not page["more"]:
                break
        assert pages == -(-seq // STRANGERS_PAGE), path
        assert rows == whole[KEYS[path]], path


def test_a_paired_phone_reads_as_long_a_page_as_the_banker(long_game: Rig) -> None:
    rig = long_game
    phone = rig.client()
    assert rig.pair(phone, "0a0b0c0d").status_code == 200  # the car's tag: the first player's token
    assert phone.get("/api/session").json["player"] is not None
    page = phone.get(f"/api/log?after=0&limit={PAGE_MAX}").json
    assert page["more"] is False and len(page["entries"]) == page["seq"]


# ---- the same read, worked out once ------------------------------------------------------------

def test_the_same_read_at_the_same_seq_is_worked_out_once(long_game: Rig, monkeypatch: Any) -> None:
    """Every watching History page asks for what came after its seq after each command: one
    reading of the game answers them all, until another command is stored (or a game starts)."""
    rig = long_game
    readings: list[int] = []
    trail = CommittedRead.money_trail

    def counted(self: CommittedRead, *args: Any) -> Any:
        readings.append(self.seq)
        return trail(self, *args)

    monkeypatch.setattr(CommittedRead, "money_trail", counted)
    asked = "/api/history?after=100&limit=50"
    answers = [rig.client().get(asked) for _ in range(5)]
    assert len(readings) == 1 and all(a.status_code == 200 for a in answers)
    assert len({a.data for a in answers}) == 1 and answers[0].json["transfers"]
    assert rig.client().get("/api/history?after=101&limit=50").json["after"] == 101
    assert len(readings) == 2  # another question is another reading
    before = answers[0].json["seq"]
    play(rig, recorded(2, 3)[300:301])
    after = rig.client().get(asked).json
    assert after["seq"] == before + 1 and len(readings) == 3  # a new seq: read again
    rig.new_game()  # another game: nothing of the old one is kept
    assert rig.client().get(asked).json["game"] != after["game"]


def test_the_answers_kept_are_bounded() -> None:
    kept = Answers(budget=1000, entries=3)
    for n in range(5):
        kept.put(("g", n, ()), b"x" * 100)
    assert kept.get(("g", 0, ())) is None and kept.get(("g", 4, ())) == b"x" * 100  # the oldest go
    kept.put(("g", 9, ()), b"y" * 600)
    kept.put(("g", 10, ()), b"z" * 600)  # over the budget: the least recently asked go
    assert kept.get(("g", 9, ())) is None and kept.get(("g", 10, ())) == b"z" * 600
    kept.put(("g", 11, ()), b"w" * 2000)  # larger than the budget: never kept
    assert kept.get(("g", 11, ())) is None
