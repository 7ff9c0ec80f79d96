"""Computer seats over the API (issue 41): POST /api/games passes "computer" through, checked (a
bad level, or no person at the table, is a 400 that creates nothing); the banker pairs no screen
to a computer's seat, and a screen paired by its piece does not follow it into a game where the
computer plays that piece; the banker's retire and hand_over go through the banker's command
route; the story marks the computer's moves."""

from __future__ import annotations

from companion.table import Speaker
from tests.web_support import BANKER, DOG, NEW_GAME, Rig, play

ROBO = {**NEW_GAME, "players": ["Ann", "Robo"], "tokens": {"Ann": "car", "Robo": "dog"},
        "computer": {"Robo": "simple"}}
NO_PHONE = "Robo is played by the table: no phone can play for it"


def players(rig: Rig) -> dict[str, dict]:
    return {p["name"]: p for p in rig.client().get("/api/state").json["players"]}


def test_a_game_starts_with_a_computer_seat_at_its_level(rig: Rig) -> None:
    started = rig.client().post("/api/games", json={**ROBO, "computer": {"Robo": "smart"}}, headers=BANKER)
    assert started.status_code == 201, started.json
    seats = players(rig)
    assert seats["Robo"]["computer"] == "smart" and "computer" not in seats["Ann"]
    assert rig.table.store.game.computer == ("", "smart")


def test_one_person_and_seven_computers_may_play(rig: Rig) -> None:
    names = ["Ann", *[f"Bot{i}" for i in range(1, 8)]]
    pieces = ["car", "dog", "hat", "iron", "ship", "thimble", "boot", "wheelbarrow"]
    started = rig.client().post("/api/games", headers=BANKER, json={
        "players": names, "seed": 1, "tokens": dict(zip(names, pieces, strict=True)),
        "computer": {name: "simple" for name in names[1:]}})
    assert started.status_code == 201, started.json
    assert sum(1 for p in players(rig).values() if p.get("computer")) == 7


def test_a_bad_computer_is_a_400_that_creates_nothing(rig: Rig) -> None:
    first = rig.new_game()["game"]
    bad = [({"Robo": "genius"}, '"computer" must give some of the players a level: simple, smart'),
           ({"Zed": "simple"}, "simple, smart"),
           (["Robo"], "simple, smart"),
           ({"Ann": "simple", "Robo": "smart"}, "At least one player must be a person")]
    for computer, said in bad:
        answer = rig.client().post("/api/games", json={**ROBO, "computer": computer}, headers=BANKER)
        assert answer.status_code == 400, computer
        assert said in answer.json["error"] and answer.json["words"]["ru"]
        games = rig.client().get("/api/games").json
        assert games["current"] == first and len(games["games"]) == 1


def test_the_banker_pairs_no_screen_to_a_computers_seat(rig: Rig) -> None:
    rig.client().post("/api/games", json=ROBO, headers=BANKER)
    banker = rig.banker()
    refused = banker.post("/api/pair", json={"player": "Robo"})
    assert refused.status_code == 422 and refused.json["error"] == NO_PHONE
    assert banker.get("/api/session").json["player"] is None
    assert banker.post("/api/pair", json={"player": "Ann"}).status_code == 200


def test_a_screen_paired_by_a_piece_does_not_follow_it_to_the_computer(rig: Rig) -> None:
    rig.client().post("/api/games", json={**ROBO, "computer": {}}, headers=BANKER)
    phone = rig.client()
    assert rig.pair(phone, DOG).status_code == 200
    assert phone.get("/api/session").json["player"] == "Robo"
    rig.client().post("/api/games", json=ROBO, headers=BANKER)  # the same name, now the computer's
    assert phone.get("/api/session").json["player"] is None


def test_a_screen_cannot_play_the_computer_nor_pair_to_it_by_its_token(rig: Rig) -> None:
    rig.client().post("/api/games", json=ROBO, headers=BANKER)
    phone = rig.client()
    asked = phone.post("/api/pair", json={})
    assert asked.status_code == 202
    rig.tap(DOG)
    rig.tap(DOG)
    assert phone.get("/api/session").json["player"] is None


def test_the_banker_retires_a_computer_seat_through_the_command_route(rig: Rig) -> None:
    rig.client().post("/api/games", json={**ROBO, "players": ["Ann", "Bob", "Robo"],
                                          "tokens": {"Ann": "car", "Bob": "hat", "Robo": "dog"}},
                      headers=BANKER)
    legal = rig.client().get("/api/state").json["legal"]
    assert {"do": "retire", "player": "Robo"} in [c["command"] for c in legal["banker"]]
    person = rig.client().post("/api/commands", json={"do": "retire", "player": "Ann"}, headers=BANKER)
    assert person.status_code == 422
    play(rig, {"do": "retire", "player": "Robo"})
    assert players(rig)["Robo"]["bankrupt"]
    stranger = rig.client().post("/api/commands", json={"do": "hand_over", "player": "Robo"})
    assert stranger.status_code == 403


def test_the_banker_hands_a_computer_seat_over_to_a_person(rig: Rig) -> None:
    rig.client().post("/api/games", json=ROBO, headers=BANKER)
    play(rig, {"do": "hand_over", "player": "Robo"})
    assert "computer" not in players(rig)["Robo"]
    banker = rig.banker()
    assert banker.post("/api/pair", json={"player": "Robo"}).status_code == 200


def test_the_story_marks_the_computers_moves(rig: Rig) -> None:
    rig.client().post("/api/games", json=ROBO, headers=BANKER)
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "decline"}, {"do": "pass", "player": "Ann"},
         {"do": "pass", "player": "Robo"}, {"do": "end_turn"})
    robo = Speaker("Robo", rig.table.store.game_id)
    for command in ({"do": "roll", "dice": [2, 3]}, {"do": "buy"}):
        assert rig.table.submit(command, "computer", speaker=robo).ok, command
    items = rig.client().get("/api/feed").json["items"]
    marked = [i["text"]["en"] for i in items if i.get("computer")]
    assert "Robo buys King's Cross Station for £200" in marked, items
    assert not any(i.get("computer") for i in items if "Ann" in i["text"]["en"] or i["kind"] == "turn")


def test_the_tables_screen_asks_no_token_for_a_computers_move(rig: Rig) -> None:
    rig.client().post("/api/games", json=ROBO, headers=BANKER)
    table = rig.table_screen()
    bid = {"do": "bid", "player": "Robo", "amount": 10, "confirm": "token"}
    asked = table.post("/api/commands", json=bid)
    assert asked.status_code == 403 and asked.json["error"] == NO_PHONE
    assert rig.table.token_waits.waits == []


def test_undoing_the_hand_over_lets_the_persons_phone_go(rig: Rig) -> None:
    """The banker hands Robo to a person, a phone pairs to it, and the banker undoes the handing:
    the computer plays Robo again, and the phone no longer shows Robo's moves as its own."""
    rig.client().post("/api/games", json=ROBO, headers=BANKER)
    play(rig, {"do": "hand_over", "player": "Robo"})
    phone = rig.client()
    assert rig.pair(phone, DOG).status_code == 200
    assert phone.get("/api/session").json["player"] == "Robo"
    assert rig.banker().post("/api/undo", json={"count": 1}).status_code == 200
    assert players(rig)["Robo"]["computer"] == "simple"
    assert phone.get("/api/session").json["player"] is None
