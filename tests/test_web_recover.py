"""The Banker page's games list says what opening a game found (issue 24, points 1, 2 and 5): a
game put right from its journal says so, a game damaged in every record is named with a Recover
button (`POST /api/games/<id>/recover`), and recovering it gives a new game that resumes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.test_ledger_faults import tamper_journal
from tests.web_support import BANKER, Rig

ROLL = {"do": "roll", "dice": [1, 2]}


def played_then_left(rig: Rig) -> tuple[str, Path]:
    """A game with a few commands, then another game started (the first closed)."""
    first = rig.new_game()["game"]
    for body in (ROLL, {"do": "buy"}, {"do": "end_turn"}):
        assert rig.client().post("/api/commands", json=body, headers=BANKER).status_code == 200
    rig.new_game(players=["Cat", "Dan"])
    return first, rig.path / "games" / f"{first}.sqlite"


def change_entry(path: Path, seq: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE log SET line = replace(line, '\"do\"', '\"do\" ') WHERE seq = ?", (seq,))
    conn.commit()
    conn.close()


def said(info: dict, lang: str) -> str:
    """What the Banker page shows of a game's problems in a language."""
    return " ".join(p["words"][lang] for p in info["problems"])


def listed(rig: Rig, game_id: str) -> dict:
    (info,) = [g for g in rig.client().get("/api/games").json["games"] if g["id"] == game_id]
    return info


def test_a_game_put_right_from_its_journal_says_so_and_plays(rig: Rig) -> None:
    game_id, path = played_then_left(rig)
    assert listed(rig, game_id)["condition"] == ""
    change_entry(path, 3)  # the database only: the journal holds the entry
    opened = rig.client().post(f"/api/games/{game_id}/open", headers=BANKER)
    assert opened.status_code == 200 and opened.json["seq"] == 4
    info = listed(rig, game_id)
    assert info["condition"] == "repaired" and "entry 3" in said(info, "en"), info
    assert "запись 3" in said(info, "ru") or "записи 3" in said(info, "ru"), info  # and in Russian


def test_a_game_damaged_in_every_record_is_named_and_recovered_from_the_banker_page(rig: Rig) -> None:
    game_id, path = played_then_left(rig)
    change_entry(path, 3)
    tamper_journal(path, 3)
    refused = rig.client().post(f"/api/games/{game_id}/open", headers=BANKER)
    assert refused.status_code == 503 and "companion recover" in refused.json["error"], refused.json
    info = listed(rig, game_id)
    assert info["condition"] == "damaged" and "entry 3" in said(info, "en"), info
    assert "companion recover" in said(info, "ru") and "Игра" in said(info, "ru"), info
    # A player is not the banker: no recovery for them, and nothing changes.
    assert rig.client().post(f"/api/games/{game_id}/recover").status_code == 401
    assert listed(rig, game_id)["condition"] == "damaged"
    done = rig.client().post(f"/api/games/{game_id}/recover", headers=BANKER)
    assert done.status_code == 201, done.json
    assert done.json["from"] == game_id and done.json["entries"] == 2 and done.json["lost"] == 2
    games = {g["id"] for g in rig.client().get("/api/games").json["games"]}
    assert done.json["game"] in games and game_id not in games  # the damaged one is archived
    resumed = rig.client().post(f"/api/games/{done.json['game']}/open", headers=BANKER)
    assert resumed.status_code == 200 and resumed.json["state"]["players"][0]["position"] == 3
    again = rig.client().post(f"/api/games/{done.json['game']}/recover", headers=BANKER)
    assert again.status_code in (404, 503), again.json  # a whole game has nothing to recover
