"""The game's story in words (companion/web/feed.py): money movements as sentences with £ in English
and Russian, rebuilt from the ledger, following undo; the History page's words; the banker's log in
words; the feed lines pushed after each stored command; pieces, deed cards and the clock."""

from __future__ import annotations

import json

from tests.web_support import BANKER, Rig, play


def lines(rig: Rig, lang: str = "en", kind: str | None = None) -> list[str]:
    items = rig.client().get("/api/feed").json["items"]
    return [i["text"][lang] for i in items if kind is None or i["kind"] == kind]


def test_rent_is_a_sentence_with_pounds_in_both_languages(rig: Rig) -> None:
    rig.new_game()
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
         {"do": "roll", "dice": [1, 2]})
    money = lines(rig, kind="money")
    assert money == ["Ann buys Whitechapel Road for £60", "Bob pays Ann £4 rent for Whitechapel Road"]
    ru = lines(rig, "ru", kind="money")
    assert ru[1].startswith("Bob платит игроку Ann £4 ренты за ") and "£" in ru[0], ru  # the dative
    story = lines(rig)
    assert story[0] == "New game: Ann, Bob, £1,500 each"
    assert "The banker sets Ann's dice: 1 and 2" in story and "Bob's turn" in story  # the banker's dice
    assert "Ann buys Whitechapel Road" not in story  # the money line says it, with its price


def test_the_feed_follows_undo(rig: Rig) -> None:
    rig.new_game()
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "buy"})
    assert "Ann buys Whitechapel Road for £60" in lines(rig)
    answer = rig.client().post("/api/undo", json={"count": 1}, headers=BANKER)
    assert answer.status_code == 200
    assert "Ann buys Whitechapel Road for £60" not in lines(rig)
    play(rig, {"do": "decline"})
    assert lines(rig)[-1] == "Whitechapel Road goes to auction"


def test_a_screen_reading_first_after_an_undo_and_more_moves_gets_every_line(rig: Rig) -> None:
    """The story read for the first time after an undo and moves after it (a screen that opens
    the page then, or the table after a restart): every entry is worded, none after the undo lost."""
    rig.new_game()
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "buy"})
    assert rig.client().post("/api/undo", json={"count": 1}, headers=BANKER).status_code == 200
    play(rig, {"do": "decline"}, {"do": "pass", "player": "Ann"})
    entries = rig.client().get("/api/feed/log").json["entries"]  # the first read of the game
    assert [e["kind"] for e in entries] == ["new", "play", "play", "undo", "play", "play"]
    assert entries[4]["text"]["en"] == "Ann declines Whitechapel Road; Whitechapel Road goes to auction"
    assert lines(rig)[-1].startswith("Ann passes")


def test_history_words_match_every_ledger_row(rig: Rig) -> None:
    rig.new_game()
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "buy"})
    rig.client().post("/api/undo", json={"count": 1}, headers=BANKER)
    rows = rig.client().get("/api/feed/ledger").json["transfers"]
    plain = rig.client().get("/api/history").json["transfers"]
    assert [(r["seq"], r["from"], r["to"], r["amount"]) for r in rows] == \
        [(r["seq"], r["from"], r["to"], r["amount"]) for r in plain]
    words = [r["words"]["en"] for r in rows]
    assert words == ["Ann gets £1,500 starting cash", "Bob gets £1,500 starting cash",
                     "Ann buys Whitechapel Road for £60", "Undone: Ann buys Whitechapel Road for £60"]
    assert all(r["words"]["ru"] != r["words"]["en"] for r in rows)
    only_bob = rig.client().get("/api/feed/ledger?player=Bob").json["transfers"]
    assert [r["to"] for r in only_bob] == ["Bob"]


def test_the_log_in_words_marks_what_was_undone(rig: Rig) -> None:
    rig.new_game()
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "buy"})
    rig.client().post("/api/undo", json={"count": 1}, headers=BANKER)
    entries = rig.client().get("/api/feed/log").json["entries"]
    assert [e["kind"] for e in entries] == ["new", "play", "play", "undo"]
    assert entries[0]["text"]["en"] == "New game: Ann, Bob"
    assert entries[1]["text"]["en"].startswith("The banker sets Ann's dice: 1 and 2")
    assert entries[2]["undone"] and not entries[1]["undone"]
    assert entries[3]["text"] == {"en": "The banker took back 1 move", "ru": "Банкир отменил 1 ход"}
    assert entries[2]["money"][0]["en"] == "Ann buys Whitechapel Road for £60"


def test_a_stored_command_pushes_its_lines_after_its_state(rig: Rig) -> None:
    rig.new_game()
    events: list[str] = []
    rig.ctx.broker.send = events.append  # type: ignore[method-assign]
    play(rig, {"do": "roll", "dice": [1, 2]})
    feed = [json.loads(e.split("data: ", 1)[1]) for e in events if e.startswith("event: feed")]
    assert len(feed) == 1 and feed[0]["after"] == feed[0]["seq"] - 1
    assert [i["text"]["en"] for i in feed[0]["items"]] == ["The banker sets Ann's dice: 1 and 2"]
    rig.client().post("/api/undo", json={"count": 1}, headers=BANKER)
    last = json.loads([e for e in events if e.startswith("event: feed")][-1].split("data: ", 1)[1])
    assert last["reset"] is True


def test_dice_the_banker_chose_read_as_the_bankers_correction_a_roll_as_the_players(rig: Rig) -> None:
    """Issue 38: dice the banker sets (a roll read wrong, put right on the Banker page) are told as
    a correction, as money corrections are, in the story, the log and the feed pushed; dice the
    table rolls (the dice button, or a roll without dice) are the player's roll."""
    rig.new_game(players=["Анна", "Борис"], tokens={"Анна": "car", "Борис": "dog"},
                 genders={"Анна": "she", "Борис": "he"})
    events: list[str] = []
    rig.ctx.broker.send = events.append  # type: ignore[method-assign]
    play(rig, {"do": "roll", "dice": [1, 3]})  # Income Tax
    feed = [json.loads(e.split("data: ", 1)[1]) for e in events if e.startswith("event: feed")]
    assert [i["text"] for i in feed[0]["items"]][0] == {
        "en": "The banker sets Анна's dice: 1 and 3", "ru": "Банкир выставляет кубики за Анну: 1 и 3"}
    assert lines(rig, "ru")[1:3] == ["Ход Анны", "Банкир выставляет кубики за Анну: 1 и 3"]
    log = rig.client().get("/api/feed/log").json["entries"]
    assert log[1]["source"] == "banker"
    assert log[1]["text"]["ru"].startswith("Банкир выставляет кубики за Анну")
    play(rig, {"do": "end_turn"}, {"do": "roll"})  # no dice: the table rolls them, as the dice button does
    rolled = rig.client().get("/api/state").json["last_roll"]
    story = lines(rig, "ru")
    assert f"Борис выбрасывает {rolled[0]} и {rolled[1]}" in story
    assert not any(line.startswith("Банкир выставляет кубики за Бориса") for line in story)


def test_the_state_carries_the_current_players_dice_only(rig: Rig) -> None:
    rig.new_game()
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "decline"})
    state = rig.client().get("/api/state").json
    assert state["turn_roll"] == [1, 2]
    for bidder in ("Ann", "Bob"):
        play(rig, {"do": "pass", "player": bidder})
    play(rig, {"do": "end_turn"})
    state = rig.client().get("/api/state").json
    assert state["turn"] == "Bob" and state["last_roll"] == [1, 2] and state["turn_roll"] is None


def test_pieces_deeds_and_time(rig: Rig) -> None:
    rig.new_game()
    assert rig.client().get("/api/pieces").json["pieces"] == {"Ann": "car", "Bob": "dog"}
    deeds = rig.client().get("/api/deeds").json["deeds"]
    assert deeds["whitechapel-road"] == {"kind": "lot", "group": "brown", "price": 60, "mortgage": 30,
                                         "rents": [4, 20, 60, 180, 320, 450], "house_cost": 50}
    assert deeds["kings-cross-station"]["rents"] == [25, 50, 100, 200]
    assert deeds["electric-company"]["multipliers"] == [4, 10]
    assert rig.client().get("/api/time").json["now"] > 1_700_000_000_000
