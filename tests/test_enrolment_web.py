"""Enrolment from the Banker page against the real daemon (`companion run --simulate`): a whole
set tapped in turn with the last one undone, one damaged tag redone alone, an unknown tag given
its meaning, and taps that go to the enrolment and not to the game while it runs. Attacks: a
player's screen that tries to enrol (or to read the tags' UIDs), a tag re-used for two things."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from companion.i18n import LANGUAGES
from tests.test_daemon import daemons  # noqa: F401 - the fixture

PIN = "135790"
BANKER = {"X-Banker-Pin": PIN}
ENROL = "/api/banker/enrolment"


def started(daemons: Any, data: Path, tags: dict[str, str] | None = None) -> Any:  # noqa: F811
    data.mkdir()
    if tags is not None:
        lines = ["[tags]", *(f'"{uid}" = "{meaning}"' for uid, meaning in tags.items())]
        (data / "tags.toml").write_text("\n".join(lines) + "\n")
    daemon = daemons(data, "--banker-pin", PIN, "--front", "none")
    daemon.serving_after(20)
    return daemon


def status(daemon: Any) -> dict[str, Any]:
    return daemon.get(ENROL, headers=BANKER)  # type: ignore[no-any-return]


def tap(daemon: Any, uid: str) -> None:
    assert daemon.post("/api/sim/tap", {"uid": uid})[0] == 202


def tap_until(daemon: Any, uid: str, done: int) -> dict[str, Any]:
    """Tap, then wait until the run has counted `done` tags (the tap is the writer's, later)."""
    tap(daemon, uid)
    assert daemon.poll(lambda: status(daemon)["enrolment"]["done"] == done), status(daemon)
    return status(daemon)


def saved(data: Path) -> dict[str, str]:
    return tomllib.loads((data / "tags.toml").read_text())["tags"]  # type: ignore[no-any-return]


def uid(n: int) -> str:
    return f"04{n:012x}"


def test_a_whole_set_is_enrolled_in_turn_with_undo_and_saved(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    data = tmp_path / "data"
    daemon = started(daemons, data, {"0b0b0b0b": "banker"})
    assert daemon.post(ENROL, {"what": "set"}, headers=BANKER)[0] == 201
    first = status(daemon)["enrolment"]
    assert first["running"] and first["meaning"] == "deed:old-kent-road"
    assert (first["done"], first["steps"]) == (0, 36)  # 28 deeds and 8 tokens

    after = tap_until(daemon, uid(1), 1)["enrolment"]
    assert after["meaning"] == "deed:whitechapel-road"
    assert saved(data)[uid(1)] == "deed:old-kent-road"  # on disk at once

    tap(daemon, "0b0b0b0b")  # a sticker already enrolled (the banker's) is not Whitechapel Road
    assert daemon.poll(lambda: status(daemon)["enrolment"]["last"].get("outcome") == "in_use")
    assert status(daemon)["enrolment"]["done"] == 1 and saved(data)["0b0b0b0b"] == "banker"

    tap_until(daemon, uid(2), 2)  # a wrong sticker laid on Whitechapel Road: taken back
    code, undone = daemon.post(f"{ENROL}/undo", {}, headers=BANKER)
    assert code == 200 and undone["enrolment"]["meaning"] == "deed:whitechapel-road"
    assert uid(2) not in saved(data)

    for n in range(2, 37):
        last = tap_until(daemon, uid(100 + n), n)
    assert not last["enrolment"]["running"] and last["enrolment"]["done"] == 36
    tags = saved(data)
    assert tags[uid(136)] == "token:wheelbarrow" and tags["0b0b0b0b"] == "banker"
    assert len(tags) == 37

    # Once it is done, taps go to the game again: a deed tap shows the deed (a notice), not enrolled.
    tap(daemon, uid(103))
    assert daemon.poll(lambda: status(daemon)["enrolment"]["done"] == 36)
    assert len(saved(data)) == 37


def test_one_damaged_tag_is_redone_alone_and_taps_skip_the_game(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    data = tmp_path / "data"
    daemon = started(daemons, data, {uid(1): "deed:old-kent-road", uid(2): "token:car",
                                     uid(3): "token:dog", "0b0b0b0b": "banker"})
    code, game = daemon.post("/api/games", {"players": ["Ann", "Bob"], "seed": 3,
                                            "tokens": {"Ann": "car", "Bob": "dog"}}, headers=BANKER)
    assert code == 201, game
    seq = daemon.get("/api/state")["seq"]
    # Positive control: before the enrolment, Ann's token tap is the game's (a roll is due, so the
    # tap itself is not a command: nothing stored, but the tag is known as Ann's token).
    assert daemon.post(ENROL, {"what": "one", "meaning": "deed:old-kent-road"}, headers=BANKER)[0] == 201
    tap_until(daemon, uid(9), 1)
    tags = saved(data)
    assert tags.get(uid(9)) == "deed:old-kent-road" and uid(1) not in tags  # the old sticker forgotten
    assert tags[uid(2)] == "token:car"  # the rest untouched
    assert not status(daemon)["enrolment"]["running"]
    assert daemon.get("/api/state")["seq"] == seq  # the game saw nothing of it

    # Undo puts the old sticker back.
    assert daemon.post(f"{ENROL}/undo", {}, headers=BANKER)[0] == 200
    tags = saved(data)
    assert tags.get(uid(1)) == "deed:old-kent-road" and uid(9) not in tags


def test_an_unknown_tag_is_offered_and_enrolled(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    data = tmp_path / "data"
    daemon = started(daemons, data, {uid(1): "deed:old-kent-road", "0b0b0b0b": "banker"})
    offered = {"what": "one", "meaning": "deed:mayfair", "uid": "04:00:00:00:00:00:77"}
    code, answer = daemon.post(ENROL, offered, headers=BANKER)
    assert code == 201, answer
    assert saved(data)["04000000000077"] == "deed:mayfair"
    assert [m for m in answer["meanings"] if m["meaning"] == "deed:mayfair"][0]["enrolled"]
    # A tag that already means something is refused, in both languages, and nothing changes.
    taken = {"what": "one", "meaning": "deed:park-lane", "uid": uid(1)}
    code, answer = daemon.post(ENROL, taken, headers=BANKER)
    assert code == 422 and set(answer["words"]) == set(LANGUAGES)
    assert saved(data)[uid(1)] == "deed:old-kent-road" and len(saved(data)) == 3


def test_only_the_banker_enrols_or_reads_the_tags(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    data = tmp_path / "data"
    daemon = started(daemons, data, {uid(1): "deed:old-kent-road", "0b0b0b0b": "banker"})
    for path, body in [(ENROL, {"what": "set"}), (ENROL, {"what": "one", "meaning": "banker", "uid": uid(5)}),
                       (f"{ENROL}/undo", {}), (f"{ENROL}/stop", {})]:
        code, _answer = daemon.post(path, body)
        assert code == 401
    code, _answer, _kind = daemon.request("GET", ENROL)
    assert code == 401
    assert set(saved(data)) == {uid(1), "0b0b0b0b"}
    # Positive control: the same request as the banker is served.
    assert daemon.post(ENROL, {"what": "set"}, headers=BANKER)[0] == 201
    # Bad requests change nothing.
    for body in [{"what": "one", "meaning": "deed:nowhere"}, {"what": "set", "cards": "yes"}, {"what": 3},
                 {"what": "one", "meaning": "deed:mayfair", "uid": "not hex"}]:
        code, answer = daemon.post(ENROL, body, headers=BANKER)
        assert code in (400, 422) and "error" in answer, (body, answer)
    assert set(saved(data)) == {uid(1), "0b0b0b0b"}
