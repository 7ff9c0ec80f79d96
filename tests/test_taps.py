"""What the next tap will do, published for every screen (issue 21, item 2): `GET /api/taps`, the
`taps` notice, each screen's label, the `paired` notice's screen, and "not me: unpair" (issue 36:
only from the screen itself, its player's other screens, the table's own screen or the banker,
and the screen's id told to those alone)."""

from __future__ import annotations

from pathlib import Path

from tests.web_support import BANKER, CAR, DOG, LiveServer, Rig, cookie_header, outcome, seq


def label_of(client) -> str:
    return client.get("/api/session").json["label"]


def test_each_screen_has_its_own_label_kept_across_pairing(rig: Rig, game: dict) -> None:
    one, two = rig.client(), rig.client()
    first, second = label_of(one), label_of(two)
    assert first.startswith("screen ") and second.startswith("screen ") and first != second
    assert label_of(one) == first  # asked again: the same
    assert rig.pair(one, CAR).status_code == 200
    assert label_of(one) == first  # paired: still the same screen
    one.post("/api/unpair")
    assert label_of(one) == first


def test_with_nothing_waiting_the_next_tap_is_nobodys(rig: Rig, game: dict) -> None:
    taps = rig.client().get("/api/taps").json
    assert taps == {"next": {"kind": "none", "words": {"en": "Nothing waits for a tap",
                                                       "ru": "Никто не ждёт касания"}},
                    "waiting": []}


def test_a_screen_waiting_to_pair_is_shown_to_everyone_and_pushed(rig: Rig, live: LiveServer,
                                                                   game: dict) -> None:
    watcher = live.stream()
    watcher.until("session")
    phone = rig.client()
    label = label_of(phone)
    asked = phone.post("/api/pair", json={}).json
    taps = rig.client().get("/api/taps").json  # any screen, not only the one waiting
    assert taps["next"]["kind"] == "pair"
    said = taps["next"]["words"]
    assert said["en"] == "A screen waits to pair: a token tapped now starts choosing it by its code"
    assert said["ru"] == "Привязки ждёт 1 экран: приложенная сейчас фишка начнёт выбор по коду"
    [waiting] = taps["waiting"]
    assert waiting["request"] == asked["request"] and waiting["kind"] == "pair"
    assert waiting["screen"] == label and waiting["player"] is None and waiting["command"] is None
    assert waiting["deadline"] > 1_700_000_000_000  # ms since 1970
    assert asked["code"] not in str(taps)  # the code is the waiting screen's and the table's
    pushed = watcher.wait_for(lambda e: e.event == "notice" and e.data["type"] == "taps")
    assert {k: v for k, v in pushed.data.items() if k != "type"} == taps
    # The tap opens the choice (said to everyone, the code to no one), the tap again pairs it,
    # and the view says nothing waits any more: pushed too.
    rig.tap(DOG)
    choosing = watcher.wait_for(lambda e: e.event == "notice" and e.data["type"] == "taps"
                                and e.data["next"]["kind"] == "choice")
    assert choosing.data["next"]["player"] == "Bob" and asked["code"] not in str(choosing.data)
    rig.tap(DOG)
    assert outcome(phone, asked["request"]) == (200, {"player": "Bob"})
    after = watcher.wait_for(lambda e: e.event == "notice" and e.data["type"] == "taps")
    assert after.data["next"]["kind"] == "none" and after.data["waiting"] == []


def test_a_table_page_confirmation_is_shown_with_its_command_in_words(rig: Rig, game: dict) -> None:
    table_page = rig.table_screen()
    asked = table_page.post("/api/commands", json={"do": "roll", "confirm": "token"}).json
    taps = rig.client().get("/api/taps").json
    assert taps["next"]["kind"] == "confirm"
    assert "roll the dice" in taps["next"]["words"]["en"] and "бросить кубики" in taps["next"]["words"]["ru"]
    [waiting] = taps["waiting"]
    assert waiting["request"] == asked["request"] and waiting["kind"] == "confirm"
    assert waiting["player"] is None and waiting["command"] == {"do": "roll"}
    said = f"{label_of(table_page).capitalize()} waits for a token to confirm: roll the dice"
    assert waiting["words"]["en"] == said


def test_a_table_page_move_for_ann_waits_for_anns_token_and_says_so_everywhere(
        rig: Rig, live: LiveServer, game: dict) -> None:
    """Issue 38: Ann's seat panel on the Table page says "Tap Ann's token", and the Reader panel
    agrees: Ann's tap confirms it; Bob's tap is told it is the wrong token and changes nothing."""
    table_page = rig.table_screen()
    watcher = live.stream()
    watcher.until("session")
    asked = table_page.post("/api/commands", json={"do": "roll", "player": "Ann", "confirm": "token"})
    assert asked.status_code == 202 and asked.json["player"] == "Ann"
    assert asked.json["words"]["en"] == "Ann, tap your token on the reader to confirm"
    taps = rig.client().get("/api/taps").json
    assert taps["next"] == {"kind": "confirm", "words": {
        "en": "Ann's tap confirms: roll the dice",
        "ru": "Касание фишки игрока Ann подтвердит: бросить кубики"}}
    [waiting] = taps["waiting"]
    assert waiting["player"] == "Ann" and waiting["command"] == {"do": "roll", "player": "Ann"}
    said = f"{label_of(table_page).capitalize()} waits for Ann's token to confirm: roll the dice"
    assert waiting["words"]["en"] == said
    before = seq(rig)
    rig.tap(DOG)  # Bob's token: not his to confirm
    told = watcher.wait_for(lambda e: e.event == "notice" and e.data["type"] == "refused")
    assert told.data["words"]["en"] == "That was Bob's token; Ann must confirm this"
    assert told.data["words"]["ru"] == "Это фишка игрока Bob; подтвердить нужно игроку Ann"
    assert seq(rig) == before and rig.client().get("/api/taps").json["waiting"] == taps["waiting"]
    rig.tap(CAR)
    assert outcome(table_page, asked.json["request"]).status_code == 200
    assert seq(rig) == before + 1 and rig.table.snapshot()["last_roll"] is not None


def test_a_table_page_move_for_a_player_not_in_the_game_is_refused(rig: Rig, game: dict) -> None:
    refused = rig.table_screen().post("/api/commands",
                                      json={"do": "roll", "player": "Zed", "confirm": "token"})
    assert refused.status_code == 422 and refused.json["words"]["ru"]
    assert rig.client().get("/api/taps").json["waiting"] == []


def test_a_pairing_is_announced_everywhere_and_its_screen_told_only_where_it_may_be_undone(
        rig: Rig, live: LiveServer, game: dict) -> None:
    table_page, stranger = rig.table_screen(), rig.client()
    at_table = live.stream(headers=cookie_header(table_page))
    elsewhere = live.stream(headers=cookie_header(stranger))
    for stream in (at_table, elsewhere):
        stream.until("session")
    phone = rig.client()
    assert rig.pair(phone, CAR).status_code == 200
    me = phone.get("/api/session").json
    told = at_table.wait_for(lambda e: e.event == "notice" and e.data["type"] == "paired")
    assert told.data["screen"] == me["label"] and told.data["screen_id"] == me["screen"]
    assert told.data["player"] == "Ann" and told.data["by"] == "token"
    heard = elsewhere.wait_for(lambda e: e.event == "notice" and e.data["type"] == "paired")
    assert heard.data["screen"] == me["label"] and "screen_id" not in heard.data  # nothing to undo it by


def test_not_me_unpairs_from_the_table_screen_and_is_announced(rig: Rig, live: LiveServer,
                                                               game: dict) -> None:
    phone, table_page = rig.client(), rig.table_screen()
    assert rig.pair(phone, CAR).status_code == 200
    watcher = live.stream(headers=cookie_header(table_page))
    watcher.until("session")
    screen_id = phone.get("/api/session").json["screen"]
    answered = table_page.post(f"/api/screens/{screen_id}/not-me")
    assert answered.status_code == 200 and answered.json == {"screen": screen_id, "player": None}
    assert phone.get("/api/session").json["player"] is None
    assert phone.post("/api/commands", json={"do": "roll"}).status_code == 401  # it acts for no one
    notice = watcher.wait_for(lambda e: e.event == "notice" and e.data["type"] == "unpaired")
    assert notice.data["screen_id"] == screen_id and notice.data["player"] == "Ann"
    assert notice.data["words"]["ru"]
    again = table_page.post(f"/api/screens/{screen_id}/not-me")
    assert again.status_code == 404 and again.json["words"]["ru"]  # no paired screen by that id now
    assert table_page.post("/api/screens/000000000000/not-me").status_code == 404


def test_a_stranger_cannot_say_not_me_however_fresh_the_pairing(rig: Rig, game: dict) -> None:
    phone, other_phone, stranger = rig.client(), rig.client(), rig.client()
    assert rig.pair(phone, CAR).status_code == 200
    assert rig.pair(other_phone, CAR).status_code == 200  # Ann's second screen
    bobs = rig.client()
    assert rig.pair(bobs, DOG).status_code == 200
    screen_id = phone.get("/api/session").json["screen"]
    for someone in (stranger, bobs):  # paired seconds ago, and still not theirs to undo
        refused = someone.post(f"/api/screens/{screen_id}/not-me")
        assert refused.status_code == 403 and refused.json["words"]["ru"]
        assert phone.get("/api/session").json["player"] == "Ann"  # the attempt changed nothing
    assert other_phone.post(f"/api/screens/{screen_id}/not-me").status_code == 200  # Ann's own
    assert phone.get("/api/session").json["player"] is None
    # The screen itself may, and the banker may, whenever.
    assert rig.pair(phone, CAR).status_code == 200
    assert phone.post(f"/api/screens/{screen_id}/not-me").status_code == 200
    assert rig.pair(phone, CAR).status_code == 200
    assert rig.client().post(f"/api/screens/{screen_id}/not-me", headers=BANKER).status_code == 200
    assert seq(rig) == 1


def test_a_paired_screen_keeps_its_label_across_a_restart(tmp_path: Path) -> None:
    rig = Rig.make(tmp_path)
    try:
        rig.new_game()
        rig.client().get("/api/session")  # a watcher takes "screen 1"
        phone = rig.client()
        assert rig.pair(phone, CAR).status_code == 200
        label, cookie = label_of(phone), phone.get_cookie("session").value
    finally:
        rig.close()
    again = Rig.make(tmp_path)
    try:
        phone = again.client()
        phone.set_cookie("session", cookie)
        assert label_of(phone) == label == "screen 2"
        assert label_of(again.client()) == "screen 3"  # a new screen never gets a label in use
    finally:
        again.close()
