"""Tags per edition (issue 40): one sticker may be a deed of London and a deed of the family's own
board; a game takes the tags of its own board only, another board's tag is refused naming that
board, an old tags file reads as it always did, and the doctor says how far each board is enrolled."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.config import Config
from companion.doctor import Doctor
from companion.hardware.device import Tap
from companion.hardware.enroll import Enrolment, enrolment_steps
from companion.hardware.tags import TagInUse, TagRegistry
from companion.ledger import DataFolder
from companion.rules import load_edition
from companion.rules.edition import edition_json, parse_edition
from companion.table import Result, Table, game_tags
from companion.table.meaning import what_tap_means

ROOT = Path(__file__).resolve().parent.parent
LONDON = load_edition()
US = load_edition("us")
CAR, DOG, BANKER_TAG = "0a0b0c0d", "0a0b0c0e", "0b0b0b0b"


def deed_uid(n: int) -> str:
    """The sticker on the n-th deed of the set (board order)."""
    return f"04{n:012x}"


def springfield() -> dict[str, Any]:
    """A family's board: London with its own street ids and names (Whitechapel Road is Evergreen
    Terrace), so a London sticker means another square id on it."""
    raw = edition_json("london")
    raw["id"] = "springfield"
    raw["name"] = {"en": "Springfield", "ru": "Спрингфилд"}
    raw["squares"][3]["id"] = "evergreen-terrace"
    raw["squares"][3]["name"] = {"en": "Evergreen Terrace", "ru": "Вечнозелёная аллея"}
    return raw


def london_table(path: Path) -> TagRegistry:
    """A table enrolled for London: every deed, two tokens and the banker's tag, saved."""
    registry = TagRegistry(path, {CAR: "token:car", DOG: "token:dog", BANKER_TAG: "banker"})
    for n, square in enumerate(LONDON.ownable, 1):
        registry.add(deed_uid(n), f"deed:{square.id}")
    registry.save()
    return registry


def test_an_old_tags_file_reads_exactly_as_before(tmp_path: Path) -> None:
    path = tmp_path / "tags.toml"
    old = ('[tags]\n"0a0b0c0d" = "token:car"\n"04000000000001" = "deed:old-kent-road"\n'
           '"11223344" = "card:chance:7"\n')
    path.write_text(old, encoding="utf-8")
    registry = TagRegistry.load(path)
    before = {"0a0b0c0d": "token:car", "04000000000001": "deed:old-kent-road", "11223344": "card:chance:7"}
    assert registry.as_dict() == registry.as_dict("london") == before
    assert registry.boards() == ("london",)
    assert registry.as_dict("us") == {"0a0b0c0d": "token:car"}  # tokens are every board's
    registry.save()
    again = path.read_text(encoding="utf-8")
    assert "[tags.london]" not in again and "[tags.us]" not in again  # still the one [tags] table
    assert TagRegistry.load(path).as_dict() == before


def test_one_sticker_is_a_deed_of_each_board_and_each_section_reads_back(tmp_path: Path) -> None:
    registry = london_table(tmp_path / "tags.toml")
    registry.add(deed_uid(28), "deed:boardwalk", "us")  # Mayfair's sticker is Boardwalk on the US board
    registry.save()
    text = (tmp_path / "tags.toml").read_text(encoding="utf-8")
    assert f'[tags.us]\n"{deed_uid(28)}" = "deed:boardwalk"\n' in text
    loaded = TagRegistry.load(tmp_path / "tags.toml")
    assert loaded.lookup(deed_uid(28)) == "deed:mayfair"
    assert loaded.lookup(deed_uid(28), "us") == "deed:boardwalk"
    assert loaded.lookup(deed_uid(1), "us") is None
    assert loaded.elsewhere(deed_uid(1), "us") == {"london": "deed:old-kent-road"}
    assert loaded.boards() == ("london", "us")
    with pytest.raises(TagInUse, match="already the deed boardwalk on the us board"):
        loaded.add(deed_uid(28), "deed:park-place", "us")
    with pytest.raises(TagInUse, match="already the car token"):
        loaded.add(CAR, "deed:boardwalk", "us")  # a piece is a piece on every board
    with pytest.raises(TagInUse, match="already the deed mayfair"):
        loaded.add(deed_uid(28), "token:hat")


def test_a_new_game_takes_its_own_boards_deeds_only(tmp_path: Path) -> None:
    registry = london_table(tmp_path / "tags.toml")
    registry.add("11223344", "deed:boardwalk", "us")
    tokens = {"Ann": "car", "Bob": "dog"}
    us = game_tags(registry, tokens, "us")
    assert us == {CAR: "token:Ann", DOG: "token:Bob", "11223344": "deed:boardwalk"}
    london = game_tags(registry, tokens)
    assert "11223344" not in london and london[deed_uid(28)] == "deed:mayfair" and len(london) == 30


def test_a_london_table_plays_a_file_board_on_its_london_stickers(tmp_path: Path) -> None:
    registry = london_table(tmp_path / "tags.toml")
    raw = springfield()
    board = parse_edition(raw)
    run = Enrolment(registry, enrolment_steps(board), edition="springfield")  # the same stickers, in turn
    assert run.steps[0].meaning == "deed:old-kent-road" and run.steps[28].meaning == "token:boot"
    assert len(run.steps) == 34  # 28 deeds, and the pieces without a tag (the car and dog have theirs)
    for n in range(1, 29):
        assert run.tapped(deed_uid(n)), run.last
    registry = TagRegistry.load(tmp_path / "tags.toml")  # as saved
    assert registry.lookup(deed_uid(2), "springfield") == "deed:evergreen-terrace"
    assert registry.lookup(deed_uid(2)) == "deed:whitechapel-road"

    folder = DataFolder(tmp_path / "data")
    table = Table(folder, roll=lambda: (1, 2), registry=registry)
    try:
        start = {"do": "new_game", "players": ["Ann", "Bob"], "seed": 1, "rules": {"shuffle": False},
                 "tags": game_tags(registry, {"Ann": "car", "Bob": "dog"}, "springfield"),
                 "edition": "springfield", "board": raw}
        assert table.new_game(start).ok
        assert table.submit({"do": "roll", "dice": [1, 2]}, "banker").ok  # Ann on Evergreen Terrace
        table.on_event(Tap(deed_uid(2)))  # Whitechapel Road's sticker, enrolled as Evergreen Terrace
        table.call(lambda: Result(True))
        shown = table.snapshot()
        assert shown["properties"]["evergreen-terrace"]["owner"] == "Ann"
        assert shown["players"][0]["cash"] == 1440
    finally:
        table.close()
        folder.close()


def test_another_boards_tag_is_refused_naming_the_board_and_changes_nothing(tmp_path: Path) -> None:
    registry = london_table(tmp_path / "tags.toml")
    registry.add("11223344", "deed:boardwalk", "us")  # a US deed's sticker only
    folder = DataFolder(tmp_path / "data")
    table = Table(folder, roll=lambda: (1, 2), registry=registry)
    try:
        start = {"do": "new_game", "players": ["Ann", "Bob"], "seed": 1, "rules": {"shuffle": False},
                 "tags": game_tags(registry, {"Ann": "car", "Bob": "dog"})}
        assert table.new_game(start).ok
        assert table.submit({"do": "roll", "dice": [1, 2]}, "banker").ok
        before = table.snapshot()
        assert what_tap_means("11223344", table.store.game, registry).kind == "elsewhere"
        events: list[dict[str, Any]] = []
        table.listeners.append(events.append)
        table.on_event(Tap("11223344"))
        table.call(lambda: Result(True))
        told = events[-1]
        assert told["type"] == "refused" and told["kind"] == "other_board" and told["edition"] == "us"
        assert told["words"]["en"] == ("The tag 11223344 is Boardwalk of the USA (classic) board, not of "
                                       "this game's board: nothing changes")
        assert "США (классика)" in told["words"]["ru"]
        assert table.snapshot() == before
    finally:
        table.close()
        folder.close()


def test_the_doctor_says_how_far_each_board_is_enrolled(tmp_path: Path) -> None:
    data = tmp_path / "data"
    registry = london_table(data / "tags.toml")
    for deck, cards in LONDON.decks.items():
        for card in cards:
            registry.add(f"0c{card.number:02x}{len(deck):02x}00", f"card:{deck}:{card.number}")
    registry.save()
    doctor = Doctor(Config(), data)
    found = doctor.check_tags()
    assert found.level == "ok", found
    said = "london: 28 of 28 deeds, 32 of 32 cards; us: 0 of 28 deeds; 2 tokens, the banker's tag"
    assert said in found.message

    (data / "editions").mkdir()
    (data / "editions" / "springfield.json").write_text(json.dumps(springfield()), encoding="utf-8")
    registry.add(deed_uid(1), "deed:old-kent-road", "springfield")
    registry.add(deed_uid(1), "deed:boardwalk", "narnia")
    registry.save()
    found = doctor.check_tags()
    assert "springfield: 1 of 28 deeds" in found.message
    assert found.level == "warn" and "a board this table does not know: narnia" in found.message


def test_the_doctor_with_no_tags_and_a_damaged_file(tmp_path: Path) -> None:
    found = Doctor(Config(), tmp_path).check_tags()
    assert found.level == "ok" and "none enrolled yet" in found.message  # a new table is not broken
    assert Doctor(Config(), tmp_path, simulate=True).check_tags().level == "ok"
    (tmp_path / "tags.toml").write_text('[tags.us]\n"0a0b0c0d" = "token:car"\n', encoding="utf-8")
    damaged = Doctor(Config(), tmp_path).check_tags()
    assert damaged.level == "fail" and "write tokens and the banker's tag under [tags]" in damaged.message


def test_replay_finds_an_edition_file_by_its_id_with_data(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "editions").mkdir(parents=True)
    (data / "editions" / "springfield.json").write_text(json.dumps(springfield()), encoding="utf-8")
    script = tmp_path / "game.jsonl"
    first = {"do": "new_game", "players": ["Ann", "Bob"], "rules": {"shuffle": False},
             "edition": "springfield"}  # by its id alone: no "board"
    moves = '\n{"do": "roll", "dice": [1, 2]}\n{"do": "buy"}\n'
    script.write_text(json.dumps(first) + moves, encoding="utf-8")

    def replay(*options: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "companion.cli", "replay", *options, str(script)],
                              capture_output=True, text=True, cwd=ROOT, timeout=60)

    found = replay("--data", str(data))
    assert found.returncode == 0, found.stderr
    shown = json.loads(found.stdout)
    assert shown["edition"] == "springfield" and shown["properties"]["evergreen-terrace"]["owner"] == "Ann"
    for options in ((), ("--data", str(tmp_path / "elsewhere"))):
        unknown = replay(*options)
        assert unknown.returncode == 2 and unknown.stdout == "", unknown.stderr
        assert "springfield" in unknown.stderr


def test_the_virtual_table_and_the_enrolment_follow_the_games_board(tmp_path: Path) -> None:
    from companion.web import BankerPin, Context, create_app
    from tests.web_support import BANKER, SAME_ORIGIN, FakeSimulator

    data = tmp_path / "data"
    data.mkdir()
    (data / "editions").mkdir()
    (data / "editions" / "springfield.json").write_text(json.dumps(springfield()), encoding="utf-8")
    registry = london_table(data / "tags.toml")
    registry.add(deed_uid(2), "deed:evergreen-terrace", "springfield")  # Whitechapel Road's sticker
    folder = DataFolder(data)
    table = Table(folder, roll=lambda: (1, 2), registry=registry)
    ctx = Context(table=table, data_dir=data, pin=BankerPin(data, "246810"), tags=registry.as_dict,
                  simulator=FakeSimulator().simulator())
    client = create_app(ctx, testing=True).test_client()
    headers = {**BANKER, **SAME_ORIGIN}
    try:
        # No game: the banker picks the board to enrol, a family's file too.
        enrol = client.get("/api/banker/enrolment?edition=springfield", headers=headers).json
        assert enrol["edition"] == "springfield" and enrol["game_edition"] is None
        assert "springfield" in [e["id"] for e in enrol["editions"]]
        assert enrol["names"]["deed:evergreen-terrace"]["en"] == "Evergreen Terrace"
        got = {m["meaning"]: m["enrolled"] for m in enrol["meanings"]}
        assert got["deed:evergreen-terrace"] and not got["deed:old-kent-road"] and got["token:car"]
        assert client.get("/api/banker/enrolment?edition=narnia", headers=headers).status_code == 404

        started = client.post("/api/games", headers=headers, json={
            "players": ["Ann", "Bob"], "seed": 1, "rules": {"shuffle": False},
            "tokens": {"Ann": "car", "Bob": "dog"}, "edition": "springfield"})
        assert started.status_code == 201, started.json
        assert table.store is not None and set(table.store.game.tags.values()) == {
            "token:Ann", "token:Bob", "deed:evergreen-terrace"}  # its board's deeds only

        tags = {t["meaning"]: t for t in client.get("/api/sim/tags").json["tags"]}
        assert tags["deed:evergreen-terrace"]["uid"] == deed_uid(2)
        assert tags["deed:evergreen-terrace"]["label"] == "Evergreen Terrace"
        assert "deed:whitechapel-road" not in tags and "deed:mayfair" not in tags  # London's only
        assert tags["token:car"]["player"] == "Ann"

        during = client.get("/api/banker/enrolment", headers=headers).json  # the game's board
        assert during["edition"] == during["game_edition"] == "springfield"
        refused = client.post("/api/banker/enrolment", headers=headers,
                              json={"what": "set", "edition": "london"})
        assert refused.status_code == 409 and "springfield" in refused.json["error"]
        run = client.post("/api/banker/enrolment", headers=headers, json={"what": "set"})
        assert run.status_code == 201 and run.json["enrolment"]["meaning"] == "deed:old-kent-road"
        assert run.json["enrolment"]["edition"] == "springfield"
        assert client.post("/api/banker/enrolment/stop", headers=headers).status_code == 200
    finally:
        ctx.broker.close()
        table.close()
        folder.close()


def test_the_simulated_table_has_tags_for_every_shipped_boards_deeds(tmp_path: Path) -> None:
    from companion.daemon import simulated_tags

    registry = simulated_tags(tmp_path / "tags.toml")
    us, london = registry.as_dict("us"), registry.as_dict()
    assert "deed:boardwalk" in us.values() and "deed:boardwalk" not in london.values()
    assert "deed:mayfair" in london.values() and "card:chance:16" in us.values()
    assert {m for m in us.values() if m.startswith("token:")} == {f"token:{p}" for p in US.pieces}
    assert len(set(registry)) == len(registry)  # every made-up sticker is one thing on one board


def test_enroll_for_a_family_file_reuses_the_london_stickers(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "editions").mkdir(parents=True)
    (data / "editions" / "springfield.json").write_text(json.dumps(springfield()), encoding="utf-8")
    london_table(data / "tags.toml")
    typed = "\n".join([deed_uid(1), deed_uid(2), CAR]) + "\n"  # a token's sticker is no deed
    done = subprocess.run([sys.executable, "-m", "companion.cli", "enroll", "--simulate", "--data", str(data),
                           "--edition", "springfield"], input=typed, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 1, done.stderr  # stopped before the last deed: carries on next time
    assert "Tap Evergreen Terrace (2/28)" in done.stdout
    assert "already the car token" in done.stdout
    registry = TagRegistry.load(data / "tags.toml")
    assert registry.lookup(deed_uid(2), "springfield") == "deed:evergreen-terrace"
    assert registry.lookup(deed_uid(2)) == "deed:whitechapel-road"
    assert registry.lookup(CAR, "springfield") == "token:car"
