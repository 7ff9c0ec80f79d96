"""The ledger says what is wrong as a kind and values; every kind is worded in English and
Russian (table/problem_words.py), and the command line words it in the terminal's language."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from companion.cli import main
from companion.i18n import LANGUAGES
from companion.ledger.problems import Problem, problem, record
from companion.table.problem_words import problem_text, problem_words
from tests.ledger_support import new_folder, recorded_game
from tests.test_ledger_faults import tamper_journal
from tests.test_web_recover import change_entry

GAME = "20260301-abcdef"
CAUSES = [problem("header_unreadable"), problem("line_unreadable", line=4),
          problem("entry_missing", entry=5), problem("entry_changed", entry=6),
          problem("file_unopenable", detail="disk I/O error"), problem("file_unreadable", detail="x"),
          problem("file_damaged", detail="page 3"), problem("written_further", entry=9),
          problem("entry_out_of_place", entry=2), problem("redo_not_undone", entry=7),
          problem("no_history"), problem("stray_rows"),
          problem("entry_refused", entry=12, reason="Ann has no such deed")]
WHAT = [problem("db_damaged", cause=CAUSES[3]), problem("db_lacks", first=3, last=3),
        problem("db_lacks", first=3, last=7), problem("no_journal"),
        problem("journal_short", good=2, entries=9)]
BACKUP = record("00000050_00_20260301T120000000000_rolling.sqlite")
KINDS = [
    *CAUSES, *WHAT,
    problem("history_damaged", game=GAME, cause=CAUSES[1]),
    problem("records_disagree", game=GAME, first=record("database"), second=record("journal"), entry=4),
    problem("unreadable_everywhere", game=GAME, cause=CAUSES[4]),
    problem("damaged_everywhere", game=GAME, cause=CAUSES[3], first=7, last=40, readable=40, kept=6),
    problem("nothing_to_recover", game=GAME), problem("not_damaged_everywhere", game=GAME),
    problem("db_extended", game=GAME, first=8, last=9, source=record("journal")),
    problem("db_rebuilt", game=GAME, cause=CAUSES[6], source=BACKUP, entries=50,
            kept_as=f"{GAME}.sqlite.damaged-1"),
    problem("after_backup_lost", game=GAME), problem("journal_rewritten", game=GAME, good=3, entries=9),
    problem("snapshot_dropped", game=GAME, entries=[500, 1000]),
    *(problem("will_repair", game=GAME, what=what, source=record("journal"), entries=9) for what in WHAT),
    problem("read_only", game=GAME, what="folder", path="/var/lib/companion/games", user="companion",
            owner="root", mode="755", fix="sudo chown companion: /var/lib/companion/games"),
    problem("read_only", game=GAME, what="file", path=f"/data/games/{GAME}.sqlite-wal", user="companion",
            owner="root", mode="644", fix="sudo chown companion: x && sudo chmod u+rw x"),
    problem("unwritable", game=GAME, what="folder", path="/var/lib/companion/games", user="companion",
            owner="root", mode="755", fix="sudo chown companion: /var/lib/companion/games"),
    problem("unwritable", game=GAME, what="file", path=f"/data/games/{GAME}.journal", user="companion",
            owner="root", mode="644", fix="sudo chown companion: x && sudo chmod u+rw x"),
    problem("unsealed", game=GAME), problem("not_a_game_file", game=GAME, format="7"),
    problem("key_missing", game=GAME, key_file="table.key"),
    problem("key_damaged", path="/var/lib/companion/table.key"), problem("table_changed", game=GAME),
    problem("another_table", game=GAME, table="4f2a-91c0", here="77b1-0d3e"),
    problem("file_exists", name=f"{GAME}.sqlite"),
    *(problem("storage_full", doing=problem(doing, **values)) for doing, values in (
        ("doing_record", {}), ("doing_start", {}), ("doing_open", {"game": GAME}),
        ("doing_use_folder", {"path": "/var/lib/companion"}), ("doing_make_key", {}), ("doing_move", {}),
        ("doing_recover", {}), ("doing_backup", {}))),
    problem("storage_read_only", doing=problem("doing_record")),
    problem("storage_failed", doing=problem("doing_backup"), detail="disk I/O error"),
    problem("no_game", game=GAME), problem("game_archived", game=GAME),
    problem("no_archived_game", game=GAME),
    problem("folder_locked", holder="4242", path="/var/lib/companion"),
    problem("folder_read_only", path="/var/lib/companion", doing=problem("doing_start")),
    problem("no_table_key", path="/var/lib/companion"),
    problem("unreadable_now", game=GAME, detail="database is locked"),
]


@pytest.mark.parametrize("found", KINDS, ids=lambda p: p.kind)
def test_every_kind_reads_as_a_sentence_in_both_languages(found: Problem) -> None:
    words = problem_words(found.as_json())
    assert set(words) == set(LANGUAGES)
    for lang, text in words.items():
        assert not text.startswith(found.kind) and "{" not in text, (lang, text)  # worded, all filled
    assert re.search("[а-яё]", words["ru"]) and not re.search("[а-яё]", words["en"]), words
    russian = words["ru"]
    for value in found.values.values():  # a system's own detail ("disk I/O error") is quoted as it came
        russian = russian.replace(str(value), " ") if isinstance(value, str) else russian
    assert not re.search(r"\b(game|the|is|cannot|folder)\b", russian, re.IGNORECASE), words  # no English left
    for value in found.values.values():  # what the ledger said shows in the sentence
        if isinstance(value, int | str) and found.kind not in ("read_only", "unwritable"):
            assert all(str(value) in words[lang] for lang in LANGUAGES), (value, words)


def test_an_unknown_kind_is_shown_as_it_came_not_lost() -> None:
    assert problem_text({"kind": "something_new", "entry": 3}) == "something_new {'entry': 3}"


def stored_game(tmp_path: Path) -> tuple[str, Path]:
    """A game of five commands stored and closed: its id and its file."""
    folder, _time = new_folder(tmp_path)
    store = folder.create(recorded_game(4)[0])
    for command in recorded_game(4)[1:6]:
        store.submit(command)
    game_id, path = store.game_id, store.path
    folder.close()
    return game_id, path


def terminal_in(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """A terminal whose language is LANG alone."""
    monkeypatch.setenv("LANG", lang)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


def test_the_command_line_words_a_damaged_game_in_the_terminals_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    game_id, path = stored_game(tmp_path)
    change_entry(path, 3)
    tamper_journal(path, 3)  # damaged in both records
    for lang, expected in (
            ("en_GB.UTF-8", f"Game {game_id} is damaged: entry 3 (or its money movements) has been changed."),
            ("ru_RU.UTF-8", f"Игра {game_id} повреждена: запись 3 (или её денежные движения) изменена.")):
        terminal_in(monkeypatch, lang)
        assert main(["export", "--data", str(tmp_path), game_id]) == 1
        assert expected in capsys.readouterr().err


def test_games_check_names_a_damaged_game_in_the_terminals_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    game_id, path = stored_game(tmp_path)
    terminal_in(monkeypatch, "ru_RU.UTF-8")
    assert main(["games", "--data", str(tmp_path), "--check"]) == 0
    assert "Игра" not in capsys.readouterr().out  # positive control: a whole game says nothing
    change_entry(path, 3)
    tamper_journal(path, 3)
    assert main(["games", "--data", str(tmp_path), "--check"]) == 0
    out = capsys.readouterr().out
    assert f"Игра {game_id} повреждена и в базе данных, и в журнале" in out, out
    assert f"companion recover {game_id}" in out


def test_the_command_line_says_whose_table_sealed_a_game_in_the_terminals_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    game_id, theirs = stored_game(tmp_path / "theirs")
    ours, _time = new_folder(tmp_path / "ours")
    here = ours.key.table_id
    ours.close()
    assert main(["undo", "--data", str(tmp_path / "theirs"), game_id]) == 0  # positive control: on its table
    capsys.readouterr()
    shutil.copy(theirs, tmp_path / "ours" / "games" / theirs.name)
    for lang, expected in (("en_GB.UTF-8", f"Game {game_id} was sealed by another table"),
                           ("ru_RU.UTF-8", f"Игру {game_id} запечатал другой стол")):
        terminal_in(monkeypatch, lang)
        assert main(["undo", "--data", str(tmp_path / "ours"), game_id]) == 1
        err = capsys.readouterr().err
        assert expected in err and f"({here})" in err, err
