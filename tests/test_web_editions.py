"""The Banker page's editions over the API (issue 40): GET /api/rules lists the shipped editions
and the data folder's files (the refused ones with why) and gives the pieces of the edition asked
for; POST /api/games starts a game on a file's edition, carrying its board, and refuses an
unknown or refused edition with a 400 that changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.rules.edition import edition_json
from tests.web_support import BANKER, NEW_GAME, Rig


def toytown(**changes: Any) -> dict[str, Any]:
    raw = edition_json("london")
    raw.update({"id": "toytown", "name": {"en": "Toytown", "ru": "Игрушечный город"}, **changes})
    return raw


def put(rig: Rig, name: str, content: Any) -> Path:
    folder = rig.path / "editions"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(content if isinstance(content, str) else json.dumps(content, ensure_ascii=False),
                    encoding="utf-8")
    return path


def test_rules_list_the_editions_and_the_refused_files(rig: Rig) -> None:
    pieces = ["car", "dog", {"id": "tram", "name": {"en": "tram", "ru": "трамвай"}}]
    put(rig, "toytown.json", toytown(pieces=pieces))
    put(rig, "broken.json", "{not json")
    answer = rig.client().get("/api/rules")
    assert answer.status_code == 200
    body = answer.json
    assert body["edition"] == "london" and "boot" in body["pieces"]
    assert {"id": "toytown", "name": {"en": "Toytown", "ru": "Игрушечный город"}, "source": "toytown.json"} \
        in body["editions"]
    assert body["editions"][0]["id"] == "london"
    files = {f["file"]: f for f in body["files"]}
    assert files["toytown.json"]["problems"] == [] and files["toytown.json"]["id"] == "toytown"
    assert "not JSON" in files["broken.json"]["problems"][0]
    asked = rig.client().get("/api/rules?edition=toytown").json
    assert asked["edition"] == "toytown"
    assert asked["pieces"] == ["car", "dog", "tram"]
    assert asked["piece_names"] == {"tram": {"en": "tram", "ru": "трамвай"}}
    assert rig.client().get("/api/rules?edition=atlantis").status_code == 404


def test_a_game_starts_on_a_files_edition_and_carries_its_board(rig: Rig) -> None:
    board = toytown()
    board["squares"][1]["name"] = {"en": "Toy Lane", "ru": "Игрушечный переулок"}
    put(rig, "toytown.json", board)
    answer = rig.client().post("/api/games", json={**NEW_GAME, "edition": "toytown"}, headers=BANKER)
    assert answer.status_code == 201, answer.json
    store = rig.table.store
    assert store is not None and store.game.edition.id == "toytown"
    assert store.game.edition.squares[1].name == "Toy Lane"
    first = json.loads(store.script()[0])
    assert first["edition"] == "toytown" and first["board"]["squares"][1]["name"]["en"] == "Toy Lane"
    london = rig.client().post("/api/games", json=NEW_GAME, headers=BANKER)
    assert london.status_code == 201
    assert "board" not in json.loads(rig.table.store.script()[0])


def test_an_unknown_or_refused_edition_is_a_400_that_changes_nothing(rig: Rig) -> None:
    started = rig.client().post("/api/games", json=NEW_GAME, headers=BANKER).json["game"]
    bad = toytown()
    bad["squares"][3]["house_cost"] = 60
    put(rig, "toytown.json", bad)
    for edition, words in (("atlantis", "no edition 'atlantis'"),
                           ("toytown", "squares[3].house_cost"),
                           (["london"], "no edition")):
        answer = rig.client().post("/api/games", json={**NEW_GAME, "edition": edition}, headers=BANKER)
        assert answer.status_code == 400
        assert words in answer.json["error"]
        assert rig.client().get("/api/games").json["current"] == started
        assert len(rig.client().get("/api/games").json["games"]) == 1


def test_garbage_in_the_editions_folder_breaks_nothing(rig: Rig) -> None:
    folder = rig.path / "editions"
    folder.mkdir()
    (folder / "x.json").write_bytes(b"\xff\x00" * 100)
    (folder / "dir.json").mkdir()
    answer = rig.client().get("/api/rules")
    assert answer.status_code == 200
    assert {f["file"] for f in answer.json["files"]} == {"x.json", "dir.json"}
    assert rig.client().post("/api/games", json=NEW_GAME, headers=BANKER).status_code == 201
