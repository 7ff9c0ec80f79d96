"""Tamper evidence with a key (issue 11): a game file edited and its hash chain recomputed, a file
from another table, a file passed off as one stored before keys, and the games that really were
stored before keys (a file made by the previous version, tests/data/format1-game.sqlite).

The attacker here has the sqlite3 shell and the companion's source: they recompute every seal
with SHA-256 as the first format did. Only the table's secret (DIR/table.key) makes a seal now.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import stat
from pathlib import Path

import pytest

from companion.ledger import DataFolder, GameDamaged
from companion.table.problem_words import reason_of, worded
from tests.ledger_support import (
    START,
    assert_money_adds_up,
    file_digest,
    new_folder,
    recorded_game,
    replayed,
    shown,
    submit_all,
)
from tests.test_ledger_faults import (
    assert_repaired_and_kept,
    richer_snapshot,
    tamper,
    two_games,
)

DATA = Path(__file__).resolve().parent / "data"
OLD_GAME = DATA / "format1-game.sqlite"  # stored by the version before keys (see data/README.md)
OLD_SCRIPT = [json.loads(line) for line in (DATA / "format1-game.jsonl").read_text().splitlines()]
RENT = [{"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
        {"do": "roll", "dice": [1, 2]}]  # Ann buys Whitechapel Road; Bob lands there and pays her 4


def recompute_chain(path: Path, *, claim_first_format: bool = False) -> None:
    """Reseal every entry and snapshot with plain SHA-256, the first format's rule."""
    conn = sqlite3.connect(path)
    moved: dict[int, str] = {}
    for seq, source, target, amount, reason in conn.execute(
        "SELECT seq, source, target, amount, reason FROM transfers ORDER BY id"
    ):
        moved[seq] = moved.get(seq, "") + f"\x1e{source}\x1f{target}\x1f{amount}\x1f{reason}"
    prev = "0" * 64
    for seq, time, source, kind, line in conn.execute(
        "SELECT seq, time, source, kind, line FROM log ORDER BY seq"
    ).fetchall():
        text = "\x1f".join((prev, str(seq), time, source, kind, line)) + moved.get(seq, "")
        sealed = hashlib.sha256(text.encode()).hexdigest()
        conn.execute("UPDATE log SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, sealed, seq))
        prev = sealed
    for seq, state in conn.execute("SELECT seq, state FROM snapshots").fetchall():
        conn.execute("UPDATE snapshots SET state_hash = ? WHERE seq = ?",
                     (hashlib.sha256(state.encode()).hexdigest(), seq))
    conn.execute("UPDATE meta SET value = ? WHERE key = 'head'", (prev,))
    if claim_first_format:
        conn.execute("UPDATE meta SET value = 'companion-game/1' WHERE key = 'format'")
        conn.execute("DELETE FROM meta WHERE key = 'table'")
    conn.commit()
    conn.close()


def meta(path: Path) -> dict[str, str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)  # no side files
    try:
        return dict(conn.execute("SELECT key, value FROM meta"))
    finally:
        conn.close()


def seals(path: Path) -> list[tuple]:
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)  # no side files
    try:
        return conn.execute("SELECT prev_hash, hash FROM log ORDER BY seq").fetchall() + conn.execute(
            "SELECT state_hash FROM snapshots ORDER BY seq").fetchall()
    finally:
        conn.close()


def rent_game(path: Path) -> tuple[str, Path]:
    """A closed folder with one game in which Bob paid Ann £4 rent (entry 5)."""
    folder, time = new_folder(path)
    store = folder.create(START)
    submit_all(store, RENT, time)
    assert shown(store)["players"][0]["cash"] == 1500 - 60 + 4
    game_id = store.game_id
    folder.close()
    return game_id, path / "games" / f"{game_id}.sqlite"


def richer_ann(path: Path) -> None:
    """Bob's rent to Ann becomes £504 in the money movements."""
    conn = sqlite3.connect(path)
    changed = conn.execute(
        "UPDATE transfers SET amount = amount + 500 WHERE source = 'Bob' AND target = 'Ann'"
    ).rowcount
    conn.commit()
    conn.close()
    assert changed == 1


def test_the_attackers_rule_is_the_first_formats_own(tmp_path):
    """The recomputation below is faithful: on a file of the first format it gives its very seals."""
    copy = tmp_path / "old.sqlite"
    shutil.copy(OLD_GAME, copy)
    recompute_chain(copy)
    assert seals(copy) == seals(OLD_GAME)


def test_a_transfer_changed_and_the_chain_recomputed_is_refused(tmp_path):
    game_id, path = rent_game(tmp_path)
    richer_ann(path)
    recompute_chain(path)
    digest = file_digest(path)
    folder, _time = new_folder(tmp_path)
    store = folder.open(game_id)  # the forgery is not believed: the journal's entries are put back
    said = " ".join(worded(p) for p in store.repairs)
    assert game_id in said and "changed" in said and "rebuilt from the journal" in said
    assert_money_adds_up(store)
    assert store.balances() == replayed_balances(store)
    assert file_digest(path.with_name(path.name + ".damaged-1")) == digest
    folder.close()


def replayed_balances(store) -> dict[str, int]:
    """What the game's commands alone give each player: the forged transfer is not among them."""
    from companion.replay import replay

    game = replay(store.script()).game
    return {name: game.cash[seat] for seat, name in enumerate(game.names)} | {
        k: v for k, v in store.balances().items() if k not in game.names}


def test_a_forged_snapshot_with_a_recomputed_seal_is_refused(tmp_path):
    (victim, bystander), _script = two_games(tmp_path, commands=40, snapshot_every=5)
    path = tmp_path / "games" / f"{victim}.sqlite"
    seq, forged = richer_snapshot(path)
    tamper(path, ("UPDATE snapshots SET state = ?, state_hash = ? WHERE seq = ?",
                  (forged, hashlib.sha256(forged.encode()).hexdigest(), seq)))
    assert_repaired_and_kept(path, victim, bystander, "snapshot", "dropped", rebuilt=False)


def test_a_rewritten_game_passed_off_as_stored_before_keys_is_read_but_never_played(tmp_path):
    game_id, path = rent_game(tmp_path)
    richer_ann(path)
    recompute_chain(path, claim_first_format=True)
    folder, _time = new_folder(tmp_path)
    listed = {g.id: g.status for g in folder.games()}
    assert listed[game_id] == "playing (no key)"
    with pytest.raises(GameDamaged) as refused:
        folder.open(game_id)
    said = reason_of(refused.value)  # what the banker reads
    assert "no key of this table" in said and "not played" in said
    folder.close()
    reading = DataFolder(tmp_path, read_only=True)
    store = reading.open(game_id)  # readable, to look at what was done to it
    assert store.balances()["Ann"] == shown(store)["players"][0]["cash"] + 500
    reading.close()


def test_a_game_file_from_another_table_is_told_apart_from_an_altered_one(tmp_path):
    game_id, path = rent_game(tmp_path / "ours")
    _theirs_id, theirs = rent_game(tmp_path / "theirs")
    ours_key = DataFolder(tmp_path / "ours", read_only=True).key
    theirs_key = DataFolder(tmp_path / "theirs", read_only=True).key
    assert ours_key.table_id != theirs_key.table_id

    shutil.copy(theirs, tmp_path / "ours" / "games" / "from-elsewhere.sqlite")
    richer_ann(path)  # and one of our own games altered with the sqlite3 shell, chain left as it was
    path.with_suffix(".journal").unlink()  # in its only record
    folder, _time = new_folder(tmp_path / "ours")
    listed = {g.id: g.status for g in folder.games()}
    assert listed["from-elsewhere"] == "playing (another table's)"
    with pytest.raises(GameDamaged) as foreign:
        folder.open("from-elsewhere")
    said = reason_of(foreign.value)
    assert "another table" in said and theirs_key.table_id in said and "changed" not in said
    with pytest.raises(GameDamaged) as altered:
        folder.open(game_id)
    said = reason_of(altered.value)
    assert "changed" in said and "another table" not in said
    folder.close()

    # Their file made to name our table: it is not ours either, and it says it was changed.
    conn = sqlite3.connect(tmp_path / "ours" / "games" / "from-elsewhere.sqlite")
    conn.execute("UPDATE meta SET value = ? WHERE key = 'table'", (ours_key.table_id,))
    conn.commit()
    conn.close()
    folder, _time = new_folder(tmp_path / "ours")
    with pytest.raises(GameDamaged) as claimed:
        folder.open("from-elsewhere")
    assert "changed" in reason_of(claimed.value)
    folder.close()


def test_a_game_stored_before_keys_opens_and_is_sealed_with_the_key_once(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "archive").mkdir()
    shutil.copy(OLD_GAME, tmp_path / "games" / "old.sqlite")
    shutil.copy(OLD_GAME, tmp_path / "archive" / "put-away.sqlite")
    folder, time = new_folder(tmp_path)  # the first start of this version: the key is made
    for path in (tmp_path / "games" / "old.sqlite", tmp_path / "archive" / "put-away.sqlite"):
        said = meta(path)
        assert said["format"] == "companion-game/2" and said["table"] == folder.key.table_id
    assert [g.status for g in folder.games()] == ["playing"]
    store = folder.open("old")
    assert [json.loads(line) for line in store.script()] == OLD_SCRIPT
    assert shown(store) == replayed(OLD_SCRIPT)
    assert {"undo", "redo", "clock"} <= {e.kind for e in store.history()}
    assert_money_adds_up(store)
    played = recorded_game(4)[len(OLD_SCRIPT)]
    store.submit(played, "reader")  # it plays on, sealed with the key
    folder.close()
    again, _time = new_folder(tmp_path, time.now)
    assert shown(again.open("old")) == replayed([*OLD_SCRIPT, played])
    again.close()


def test_an_old_game_altered_after_the_key_was_made_is_not_sealed_by_a_restart(tmp_path):
    _game_id, _path = rent_game(tmp_path)  # the key exists
    shutil.copy(OLD_GAME, tmp_path / "games" / "copied-in.sqlite")
    folder, _time = new_folder(tmp_path)
    assert meta(tmp_path / "games" / "copied-in.sqlite")["format"] == "companion-game/1"
    assert {g.id: g.status for g in folder.games()}["copied-in"] == "playing (no key)"
    folder.close()


def test_a_crash_while_old_games_are_sealed_resumes_with_the_same_key(tmp_path, monkeypatch):
    import companion.ledger.reseal  # (here: a module of its own, new with keys)

    (tmp_path / "games").mkdir()
    for name in ("first", "second"):
        shutil.copy(OLD_GAME, tmp_path / "games" / f"{name}.sqlite")
    seal = companion.ledger.reseal.seal_unkeyed
    sealed: list[str] = []

    def seal_then_lose_power(path, key, clock):
        if sealed:
            raise KeyboardInterrupt  # the power goes after the first game was sealed
        sealed.append(path.stem)
        return seal(path, key, clock)

    monkeypatch.setattr(companion.ledger.reseal, "seal_unkeyed", seal_then_lose_power)
    with pytest.raises(KeyboardInterrupt):
        new_folder(tmp_path)
    assert not (tmp_path / "table.key").exists()
    assert meta(tmp_path / "games" / f"{sealed[0]}.sqlite")["format"] == "companion-game/2"
    monkeypatch.setattr(companion.ledger.reseal, "seal_unkeyed", seal)

    folder, _time = new_folder(tmp_path)  # the next start
    for name in ("first", "second"):
        assert shown(folder.open(name)) == replayed(OLD_SCRIPT)
    folder.close()


def test_the_table_key_is_private_made_once_and_never_shown(tmp_path):
    game_id, _path = rent_game(tmp_path)
    key = tmp_path / "table.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    secret = key.read_bytes()
    assert len(secret) == 32
    folder, _time = new_folder(tmp_path)
    assert key.read_bytes() == secret
    assert secret.hex()[:8] not in folder.key.table_id.replace("-", "")
    assert shown(folder.open(game_id))["players"][0]["cash"] == 1500 - 60 + 4
    folder.close()

    key.write_bytes(secret[:5])  # damaged: the games it sealed could no longer be checked
    with pytest.raises(GameDamaged) as refused:
        new_folder(tmp_path)
    assert "table.key" in reason_of(refused.value)
    assert key.read_bytes() == secret[:5]  # never silently replaced by a new key
