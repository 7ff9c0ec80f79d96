"""Issue 36, finding 9: what guests coming and going make the table keep is capped. Each structure a
stranger's request adds to (a new screen's label, a token wait's record, a wait for the banker's
step, a proposed time, a page's balances) is filled a thousand past its cap, through the app where
a guest would fill it (the balances directly: through the app that takes a game of 1,256 entries):
it holds its cap and no more. (bench/guest_churn.py measures the daemon's
memory under the same churn for half an hour: docs/server.md.)"""

from __future__ import annotations

from pathlib import Path

from companion.ledger import Clock
from companion.ledger.clock import FLOOR
from companion.ledger.committed import Balances
from companion.table import waits
from companion.web import sessions, waiting
from companion.web.clock_proposal import KEPT
from tests.clocks import FakeClock
from tests.web_support import Rig, rig_fixture

OVER = 1000  # past each cap


def test_a_thousand_screens_past_the_cap_keep_1024_labels_and_never_reuse_one(rig: Rig) -> None:
    first = rig.client().get("/api/session").json["label"]
    for _ in range(sessions.MAX_LABELLED + OVER):
        rig.client().get("/api/session")  # a new cookie each time, as a guest's private tabs
    assert len(rig.ctx.sessions._labels) == sessions.MAX_LABELLED
    newest = rig.client().get("/api/session").json["label"]
    assert newest == f"screen {sessions.MAX_LABELLED + OVER + 2}"  # numbers still never given twice
    assert first == "screen 1"


def test_token_waits_past_the_cap_keep_512_records(rig: Rig, game: dict) -> None:
    asked = 0
    for _ in range(waiting.MAX_KEPT + OVER):
        guest = rig.client()
        answer = guest.post("/api/pair", json={})
        asked += answer.status_code == 202
        if answer.status_code == 202:
            guest.post(f"/api/requests/{answer.json['request']}/cancel", json={})
    assert asked == waiting.MAX_KEPT + OVER  # each was really a wait (cancelled, so none is refused)
    assert len(rig.ctx.outcomes._records) == waiting.MAX_KEPT


def test_waits_for_the_bankers_step_past_the_cap_are_refused_not_kept(rig: Rig) -> None:
    """Strangers' waits (each from an address of its own, so the per-address bound never bites)
    are 32 at most at the table, all kinds together; the rest are refused at once, kept nowhere."""
    statuses = [rig.client().post("/api/banker/presence", json={}).status_code
                for _ in range(waits.STRANGERS + OVER)]
    assert statuses.count(202) == waits.STRANGERS and statuses.count(429) == OVER
    rig.settle()
    assert len(rig.table.token_waits.waits) == waits.STRANGERS


def test_proposed_times_past_the_cap_keep_the_newest(tmp_path: Path) -> None:
    march = 1772366400000
    for rig in rig_fixture(tmp_path, clock=Clock(FakeClock(FLOOR - 86400.0))):  # a stale Pi
        for n in range(KEPT + OVER):
            assert rig.client().post("/api/clock", json={"time": march + n}).json["proposed"] is True
        assert len(rig.ctx.clock_proposal._said) == KEPT
        newest = rig.banker().get("/api/banker/clock").json["proposal"]
        assert abs(newest["time"] - (march + KEPT + OVER - 1)) < 60_000


def test_the_balances_remembered_for_pages_keep_256() -> None:
    """Each page of /api/history, /api/chart or /api/feed/ledger remembers the cash where it ended,
    so that the next page need not sum the game again: a guest paging a long game from every seq
    fills it, and it keeps the newest 256."""
    balances = Balances()
    for seq in range(balances.size + OVER):
        balances.put("a long game", seq, {"Ann": seq, "Bob": -seq})
    assert len(balances._known) == balances.size
    assert balances.get("a long game", balances.size + OVER - 1) == {"Ann": 1255, "Bob": -1255}
    assert balances.get("a long game", OVER - 1) is None  # the oldest went first
