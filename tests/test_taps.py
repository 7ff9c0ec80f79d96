"""What the next tap will do, published for every screen (issue 21, item 2): `GET /api/taps`, the
`taps` notice, each screen's label, the `paired` notice's screen, and "not me: unpair"."""

from __future__ import annotations

from pathlib import Path

from tests.web_support import BANKER, CAR, DOG, LiveServer, Rig, outcome, seq


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
    assert taps["next"]["words"]["en"] == f"The next token tapped pairs {label}"
    assert taps["next"]["words"]["ru"]
    [waiting] = taps["waiting"]
    assert waiting["request"] == asked["request"] and waiting["kind"] == "pair"
    assert waiting["screen"] == label and waiting["player"] is None and waiting["command"] is None
    assert waiting["deadline"] > 1_700_000_000_000  # ms since 1970
    pushed = watcher.wait_for(lambda e: e.event == "notice" and e.data["type"] == "taps")
    assert {k: v for k, v in pushed.data.items() if k != "type"} == taps
    # The tap pairs it, and the view says nothing waits any more: pushed too.
    rig.tap(DOG)
    assert outcome(phone, asked["request"]) == (200, {"player": "Bob"})
    after = watcher.wait_for(lambda e: e.event == "notice" and e.data["type"] == "taps")
    assert after.data["next"]["kind"] == "none" and after.data["waiting"] == []


def test_a_table_page_confirmation_is_shown_with_its_command_in_words(rig: Rig, game: dict) -> None:
    table_page = rig.client()
    asked = table_page.post("/api/commands", json={"do": "roll", "confirm": "token"}).json
    taps = rig.client().get("/api/taps").json
    assert taps["next"]["kind"] == "confirm"
    assert "roll the dice" in taps["next"]["words"]["en"] and "бросить кубики" in taps["next"]["words"]["ru"]
    [waiting] = taps["waiting"]
    assert waiting["request"] == asked["request"] and waiting["kind"] == "confirm"
    assert waiting["player"] is None and waiting["command"] == {"do": "roll"}
    said = f"{label_of(table_page).capitalize()} waits for a token to confirm: roll the dice"
    assert waiting["words"]["en"] == said


def test_a_pairing_is_announced_with_the_screen_to_unpair(rig: Rig, live: LiveServer, game: dict) -> None:
    watcher = live.stream()
    watcher.until("session")
    phone = rig.client()
    assert rig.pair(phone, CAR).status_code == 200
    notice = watcher.wait_for(lambda e: e.event == "notice" and e.data["type"] == "paired")
    me = phone.get("/api/session").json
    assert notice.data["screen"] == me["label"] and notice.data["screen_id"] == me["screen"]
    assert notice.data["player"] == "Ann" and notice.data["by"] == "token"


def test_not_me_unpairs_a_fresh_pairing_from_any_screen_and_is_announced(rig: Rig, live: LiveServer,
                                                                          game: dict) -> None:
    phone, table_page = rig.client(), rig.client()
    assert rig.pair(phone, CAR).status_code == 200
    watcher = live.stream()
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


def test_after_two_minutes_only_the_players_screens_or_the_banker_say_not_me(rig: Rig, game: dict) -> None:
    phone, other_phone, stranger = rig.client(), rig.client(), rig.client()
    assert rig.pair(phone, CAR).status_code == 200
    assert rig.pair(other_phone, CAR).status_code == 200  # Ann's second screen
    screen_id = phone.get("/api/session").json["screen"]
    sid = rig.ctx.sessions.by_public_id(screen_id)
    rig.ctx.sessions.update(sid, since=rig.ctx.sessions.get(sid).since - 121)  # paired 2 minutes ago
    refused = stranger.post(f"/api/screens/{screen_id}/not-me")
    assert refused.status_code == 403 and refused.json["words"]["ru"]
    assert phone.get("/api/session").json["player"] == "Ann"  # the attempt changed nothing
    assert other_phone.post(f"/api/screens/{screen_id}/not-me").status_code == 200
    assert phone.get("/api/session").json["player"] is None
    # And the banker may, whenever.
    assert rig.pair(phone, CAR).status_code == 200
    rig.ctx.sessions.update(sid, since=rig.ctx.sessions.get(sid).since - 121)
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
