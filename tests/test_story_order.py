"""The story in the order things happened (issue 22, item 4): the engine's event order, never
re-sorted — the GO salary before the jail it led to, a trade with the deeds that moved, a
bankrupt's payouts before the next player's turn, and the auction clock's passes told as the
timer's, not the players' own."""

from __future__ import annotations

from companion.table.auction_clock import SOURCE as TIMER
from tests.web_support import Rig, play

THREE = {"players": ["Ann", "Bob", "Cat"], "seed": 3, "rules": {},
         "tokens": {"Ann": "car", "Bob": "dog", "Cat": "hat"}}


def story(rig: Rig, lang: str = "en") -> list[tuple[int, str, str]]:
    items = rig.client().get("/api/feed").json["items"]
    return [(i["seq"], i["kind"], i["text"][lang]) for i in items]


def texts_of(rig: Rig, seq: int, lang: str = "en") -> list[str]:
    return [text for s, _, text in story(rig, lang) if s == seq]


def last_seq(rig: Rig) -> int:
    return int(rig.client().get("/api/feed").json["seq"])


def cash(rig: Rig, name: str) -> int:
    state = rig.client().get("/api/state").json
    return next(p["cash"] for p in state["players"] if p["name"] == name)


def test_the_story_keeps_the_order_of_a_trade_a_bankruptcy_and_go_then_jail(rig: Rig) -> None:
    rig.new_game(**THREE)
    # Ann buys Whitechapel Road and trades it to Cat for £100.
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "buy"},
         {"do": "trade", "from": "Ann", "to": "Cat", "give": {"squares": ["whitechapel-road"]},
          "take": {"cash": 100}},
         {"do": "accept", "player": "Cat"})
    trade = texts_of(rig, last_seq(rig))
    assert trade == ["Cat accepts Ann's trade", "Cat receives Whitechapel Road",
                     "Cat pays Ann £100 in a trade"], trade
    ru = texts_of(rig, last_seq(rig), "ru")
    assert "Cat получает: Уайтчепел-роуд" in ru or any(t.startswith("Cat получает: ") for t in ru), ru
    play(rig, {"do": "end_turn"})

    # Bob, down to £1, lands on Cat's Whitechapel Road, cannot pay the £4 and goes bankrupt to Cat:
    # his payout is told before Cat's turn, under Bob's own.
    play(rig, {"do": "adjust", "from": "Bob", "to": "bank", "amount": cash(rig, "Bob") - 1},
         {"do": "place", "player": "Bob", "square": "old-kent-road"},
         {"do": "roll", "dice": [1, 1]})
    play(rig, {"do": "bankrupt", "player": "Bob"})
    bankrupt = texts_of(rig, last_seq(rig))
    assert bankrupt == ["Bob goes bankrupt to Cat", "Cat receives Bob's £1: bankruptcy of Bob",
                        "Cat's turn"], bankrupt

    # Cat passes GO and lands on Chance: "Go to Jail" (seed 3's top card). The salary came first.
    play(rig, {"do": "place", "player": "Cat", "square": "chance-3"}, {"do": "roll", "dice": [5, 6]})
    jail = texts_of(rig, last_seq(rig))
    assert jail == ["The banker sets Cat's dice: 5 and 6", "Cat collects £200 salary for passing GO",
                    "Cat draws Chance: Go to Jail.", "Cat goes to jail"], jail
    ru = texts_of(rig, last_seq(rig), "ru")
    assert ru.index(next(t for t in ru if "£200" in t)) < len(ru) - 1, ru

    # The banker's log tells the same entries in the same order as the feed it was read from.
    entries = rig.client().get("/api/feed/log").json["entries"]
    assert [e["seq"] for e in entries] == sorted(e["seq"] for e in entries)


def test_the_timers_passes_are_the_timers_and_a_players_pass_is_the_players(rig: Rig) -> None:
    rig.new_game()
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "decline"})
    play(rig, {"do": "pass", "player": "Ann"})  # Ann's own pass: hers (the positive control)
    assert texts_of(rig, last_seq(rig))[0] == "Ann passes"
    result = rig.table.call(lambda: rig.table.apply_path.apply({"do": "pass", "player": "Bob"}, TIMER))
    assert result.ok, result
    timed = texts_of(rig, last_seq(rig))
    assert timed[0] == "The time ran out: Bob did not bid", timed
    # Bob's gender is not said: a gender-free sentence
    assert texts_of(rig, last_seq(rig), "ru")[0] == "Время вышло: ставки от игрока Bob нет"
    assert "Bob passes" not in [text for _, _, text in story(rig)]
    logged = rig.client().get("/api/feed/log").json["entries"][-1]
    assert logged["source"] == TIMER and logged["text"]["en"].startswith("The time ran out: Bob")
