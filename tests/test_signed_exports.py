"""Signed exports and what `companion import` makes of them (issue 11): an export carries a
signature beside it (FILE.sig) naming the table, never its secret; import says in one line
whether a script is signed by this table, by another, unsigned, or altered; an altered one is
refused unless forced, and the game's history then says it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from tests.ledger_support import START, new_folder, replayed, submit_all

PLAYED = [{"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
          {"do": "roll", "dice": [1, 2]}]


def table_with_a_game(data: Path) -> str:
    folder, time = new_folder(data)
    store = folder.create(START)
    submit_all(store, PLAYED, time)
    game_id = store.game_id
    folder.close()
    return game_id


def companion(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def games(data: Path) -> list[str]:
    return sorted(p.stem for p in (data / "games").glob("*.sqlite"))


def history_lines(capsys, data: Path, game_id: str) -> list[str]:
    code, out, _err = companion(capsys, "history", "--data", str(data), game_id)
    assert code == 0
    return out.splitlines()


@pytest.fixture
def exported(tmp_path, capsys):
    """This table's folder, one game, and its jsonl export with the signature beside it."""
    data = tmp_path / "ours"
    game_id = table_with_a_game(data)
    out = tmp_path / "game.jsonl"
    code, _out, err = companion(capsys, "export", "--data", str(data), game_id, "-o", str(out))
    assert code == 0 and err == ""
    return data, game_id, out


def test_an_export_is_signed_beside_it_and_stays_a_plain_table_script(exported, capsys):
    data, game_id, out = exported
    signature = json.loads(Path(f"{out}.sig").read_text())
    secret = (data / "table.key").read_bytes().hex()
    assert signature["game"] == game_id and signature["format"] == "jsonl"
    assert secret not in json.dumps(signature)
    lines = out.read_text().splitlines()
    assert [json.loads(line) for line in lines] == [START, *PLAYED]  # every line a command
    code, printed, err = companion(capsys, "replay", str(out))
    assert code == 0, err
    assert json.loads(printed)["players"] == replayed([START, *PLAYED])["players"]


def test_import_of_this_tables_export_says_so(exported, capsys):
    data, _game_id, out = exported
    before = games(data)
    code, printed, err = companion(capsys, "import", "--data", str(data), str(out))
    assert code == 0, err
    assert printed.splitlines()[0].startswith("game.jsonl: signed by this table")
    (new,) = set(games(data)) - set(before)
    assert '"signature": "this table"' in history_lines(capsys, data, new)[1]


def test_import_of_another_tables_export_says_so(exported, capsys, tmp_path):
    _data, _game_id, out = exported
    theirs = tmp_path / "theirs"
    table_with_a_game(theirs)
    code, printed, err = companion(capsys, "import", "--data", str(theirs), str(out))
    assert code == 0, err
    first = printed.splitlines()[0]
    assert first.startswith("game.jsonl: signed by another table")
    assert json.loads(Path(f"{out}.sig").read_text())["table"] in first


def test_import_of_an_unsigned_script_says_so(exported, capsys):
    data, _game_id, out = exported
    Path(f"{out}.sig").unlink()
    code, printed, err = companion(capsys, "import", "--data", str(data), str(out))
    assert code == 0, err
    assert printed.splitlines()[0].startswith("game.jsonl: unsigned")


@pytest.mark.parametrize("where", ["this table", "another table"])
def test_an_altered_export_is_refused_unless_forced_and_the_history_says_so(exported, capsys,
                                                                              tmp_path, where):
    data, _game_id, out = exported
    if where == "another table":
        data = tmp_path / "theirs"
        table_with_a_game(data)
    out.write_text(out.read_text().replace('"buy"', '"decline"'))  # Ann never bought it, says the file
    before = games(data)
    code, printed, err = companion(capsys, "import", "--data", str(data), str(out))
    assert code == 1 and printed == ""
    assert len(err.splitlines()) == 1 and "altered" in err and "--force" in err
    assert games(data) == before  # nothing imported

    code, printed, err = companion(capsys, "import", "--data", str(data), str(out), "--force")
    assert code == 0, err
    assert printed.splitlines()[0].startswith("game.jsonl: altered")
    (new,) = set(games(data)) - set(before)
    said = history_lines(capsys, data, new)[1]
    assert '"signature": "altered"' in said and '"forced": true' in said


def test_a_signature_that_cannot_be_read_counts_as_altered(exported, capsys):
    data, _game_id, out = exported
    Path(f"{out}.sig").write_text("{not a signature")
    code, _printed, err = companion(capsys, "import", "--data", str(data), str(out))
    assert code == 1 and "altered" in err


def test_a_csv_export_is_signed_and_verify_tells_a_changed_figure(tmp_path, capsys):
    data = tmp_path / "ours"
    game_id = table_with_a_game(data)
    money = tmp_path / "money.csv"
    code, _o, err = companion(capsys, "export", "--data", str(data), game_id, "--format", "csv",
                              "-o", str(money))
    assert code == 0, err
    code, printed, _e = companion(capsys, "verify", "--data", str(data), str(money))
    assert code == 0 and printed.startswith("money.csv: signed by this table")
    money.write_text(money.read_text().replace(",4,", ",504,"))  # Bob's rent to Ann, inflated
    code, printed, _e = companion(capsys, "verify", "--data", str(data), str(money))
    assert code == 1 and printed.startswith("money.csv: altered")


def test_an_export_to_standard_output_is_signed_where_asked(tmp_path, capsys):
    data = tmp_path / "ours"
    game_id = table_with_a_game(data)
    sig = tmp_path / "sent.sig"
    code, printed, _err = companion(capsys, "export", "--data", str(data), game_id,
                                    "--signature", str(sig))
    assert code == 0
    script = tmp_path / "sent.jsonl"
    script.write_text(printed)
    code, said, _e = companion(capsys, "verify", "--data", str(data), str(script), "--signature", str(sig))
    assert code == 0 and "signed by this table" in said
