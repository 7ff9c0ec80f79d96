"""Win chances never wrong about who is in (issue 22, item 7): a player gone bankrupt is dropped
from the figure the moment the state says so (the others' chances rescaled), `GET /api/odds` says
how many turns have been played since the figure (so screens say "after Bob's turn, 2 turns ago"),
and the banker's setting hides the chances on shared screens, kept over a restart; nobody else can
set it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.odds.live import GameOdds, LiveOdds, Point
from companion.odds.shared import SharedScreens
from companion.odds.standing import still_in
from companion.web import odds as odds_web
from tests.web_support import BANKER, Rig, play

THREE = {"players": ["Ann", "Bob", "Cat"], "seed": 3, "rules": {},
         "tokens": {"Ann": "car", "Bob": "dog", "Cat": "hat"}}
FIGURE = {"chances": {"Ann": 0.31, "Bob": 0.38, "Cat": 0.31},
          "interval": {"Ann": [0.28, 0.34], "Bob": [0.35, 0.41], "Cat": [0.28, 0.34]},
          "undecided": 0, "samples": 100, "seconds": 1.0,
          "net_worth": {"Ann": 1500, "Bob": 1500, "Cat": 1500}, "over": False}


def test_a_gone_player_is_dropped_and_the_others_rescaled() -> None:
    point = {"turn": 3, "player": "Ann", **FIGURE}
    assert still_in(point, ["Ann", "Bob", "Cat"]) == {**point, "gone": []}  # nobody gone: as it was
    standing = still_in(point, ["Ann", "Cat"])
    assert standing["gone"] == ["Bob"] and set(standing["chances"]) == {"Ann", "Cat"}
    assert standing["chances"] == {"Ann": 0.5, "Cat": 0.5}
    assert sum(standing["chances"].values()) == pytest.approx(1)
    assert set(standing["interval"]) == {"Ann", "Cat"} and "Bob" not in standing["net_worth"]
    alone = still_in({"turn": 1, "player": "Ann", "chances": {"Ann": 0.0, "Bob": 1.0}}, ["Ann"])
    assert alone["chances"] == {"Ann": 1.0} and alone["gone"] == ["Bob"]


def test_the_api_drops_a_bankrupt_at_once_and_says_how_old_the_figure_is(rig: Rig) -> None:
    live = LiveOdds(rig.table, lambda _event: None)  # not started: the figure is the test's own
    odds_web.install(rig.app, live)
    game = rig.new_game(**THREE)["game"]
    live.current = GameOdds(game, points={"start": Point(0, 1, "Ann", dict(FIGURE))})
    before = rig.client().get("/api/odds").json
    assert before["latest"]["chances"]["Bob"] == 0.38 and before["turns"] == 0  # the control
    assert before["latest"]["gone"] == []
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"})
    shown = rig.client().get("/api/odds").json
    assert shown["turns"] == 1 and shown["latest"]["turn"] == 0  # a turn behind: screens say so
    # Bob, down to £1, lands on Ann's Whitechapel Road and goes bankrupt to her.
    play(rig, {"do": "adjust", "from": "Bob", "to": "bank", "amount": 1499},
         {"do": "place", "player": "Bob", "square": "old-kent-road"}, {"do": "roll", "dice": [1, 1]},
         {"do": "bankrupt", "player": "Bob"})
    gone = rig.client().get("/api/odds").json["latest"]
    assert gone["gone"] == ["Bob"] and set(gone["chances"]) == {"Ann", "Cat"}  # no 38 % for Bob
    assert gone["chances"] == {"Ann": 0.5, "Cat": 0.5}
    assert [p["chances"]["Bob"] for p in rig.client().get("/api/odds").json["history"]] == [0.38]


def test_only_the_banker_hides_the_chances_on_shared_screens_and_it_is_kept(rig: Rig,
                                                                            tmp_path: Path) -> None:
    odds_web.install(rig.app, None)
    assert rig.client().get("/api/odds").json["shared"] is True  # shown until the banker says
    player = rig.client()
    refused = player.post("/api/odds/shared", json={"shown": False})
    assert refused.status_code == 401 and rig.client().get("/api/odds").json["shared"] is True
    assert rig.client().post("/api/odds/shared", json={"shown": "no"}, headers=BANKER).status_code == 400
    assert rig.client().post("/api/odds/shared", json={}, headers=BANKER).status_code == 400
    hidden = rig.client().post("/api/odds/shared", json={"shown": False}, headers=BANKER)
    assert hidden.status_code == 200 and hidden.json == {"shown": False}
    assert rig.client().get("/api/odds").json["shared"] is False
    assert SharedScreens(rig.ctx.data_dir).shown is False  # kept in the data folder: a restart keeps it
    assert rig.client().post("/api/odds/shared", json={"shown": True}, headers=BANKER).status_code == 200
    assert SharedScreens(rig.ctx.data_dir).shown is True
    (tmp_path / "elsewhere").mkdir()
    assert SharedScreens(tmp_path / "elsewhere").shown is True  # never set: shown
