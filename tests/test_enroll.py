"""`companion enroll` as the banker does it: every deed and token in turn, duplicates refused, resumable."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from companion.hardware.enroll import ReaderUids, Step, enroll, enrolment_steps, typed_uids
from companion.hardware.reader import SimulatedReader
from companion.hardware.tags import TagRegistry
from companion.rules import load_edition

ROOT = Path(__file__).resolve().parent.parent
LONDON = load_edition()


def uid(n: int) -> str:
    return f"04{n:012x}"  # a 7-byte NTAG-style UID


class Script:
    """UIDs answered in turn to whatever is prompted; records what the banker sees."""

    def __init__(self, answers: Sequence[str | None]) -> None:
        self.answers: Iterator[str | None] = iter(answers)
        self.seen: list[str] = []

    def next_uid(self, prompt: str) -> str | None:
        self.seen.append(prompt)
        answer = next(self.answers, None)
        if answer == "^C":
            raise KeyboardInterrupt
        return answer

    def say(self, text: str) -> None:
        self.seen.append(text)


def test_steps_are_every_deed_in_board_order_then_every_token_then_every_card() -> None:
    steps = enrolment_steps(LONDON, cards=True)
    assert len(steps) == 28 + 8 + 32
    assert steps[0] == Step("deed:old-kent-road", "Tap Old Kent Road (1/28)")
    assert steps[27] == Step("deed:mayfair", "Tap Mayfair (28/28)")
    assert steps[29] == Step("token:car", "Tap the car token (2/8)")
    assert steps[36] == Step("card:chance:1", "Tap Chance card 1: Advance to GO. (1/16)")
    assert steps[52].meaning == "card:community_chest:1"
    assert len(steps) == 28 + 8 + 32
    assert len(enrolment_steps(LONDON)) == 36
    with_banker = enrolment_steps(LONDON, banker=True)  # `companion enroll --banker`
    assert len(with_banker) == 37 and with_banker[-1].meaning == "banker"
    assert "banker's tag" in with_banker[-1].prompt


def test_enroll_banker_enrols_the_bankers_tag_last(tmp_path: Path) -> None:
    typed = [uid(n) for n in range(1, 38)]
    done = run("--simulate", "--banker", "--data", str(tmp_path), stdin="\n".join(typed) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Tap the banker's tag" in done.stdout
    assert TagRegistry.load(tmp_path / "tags.toml").lookup(uid(37)) == "banker"


def test_a_whole_enrolment_refuses_a_duplicate_and_a_typo_then_asks_again(tmp_path: Path) -> None:
    registry = TagRegistry(tmp_path / "tags.toml")
    answers = [uid(1), uid(1), "mayfair", uid(2)] + [uid(n) for n in range(3, 37)]
    script = Script(answers)
    outcome = enroll(registry, enrolment_steps(LONDON), script.next_uid, script.say, LONDON)
    assert (outcome.enrolled, outcome.already, outcome.remaining) == (36, 0, 0)
    assert script.seen[:8] == [
        "Tap Old Kent Road (1/28)",
        "  Old Kent Road: tag 04000000000001",
        "Tap Whitechapel Road (2/28)",
        "That tag is already Old Kent Road: use another one.",
        "Tap Whitechapel Road (2/28)",
        "'mayfair' is not a tag UID: 4, 7 or 10 bytes in hex, like 04a1b2c3d4e5f6",
        "Tap Whitechapel Road (2/28)",
        "  Whitechapel Road: tag 04000000000002",
    ]
    assert script.seen[-1] == f"All 36 tags enrolled, saved in {tmp_path / 'tags.toml'}."
    saved = TagRegistry.load(tmp_path / "tags.toml")
    assert len(saved) == 36
    assert saved.lookup(uid(28)) == "deed:mayfair"
    assert saved.lookup(uid(36)) == "token:wheelbarrow"


def test_an_enrolment_stopped_halfway_carries_on_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "tags.toml"
    first = Script([uid(1), uid(2), uid(3)])  # then the input ends
    outcome = enroll(TagRegistry.load(path), enrolment_steps(LONDON), first.next_uid, first.say, LONDON)
    assert (outcome.enrolled, outcome.remaining) == (3, 33)
    assert first.seen[-1].startswith("Stopped: 3 of 36 tags enrolled and saved")

    second = Script([uid(2)] + [uid(n) for n in range(4, 37)])  # uid(2) is Whitechapel Road already
    outcome = enroll(TagRegistry.load(path), enrolment_steps(LONDON), second.next_uid, second.say, LONDON)
    assert (outcome.enrolled, outcome.already, outcome.remaining) == (33, 3, 0)
    assert second.seen[:3] == [
        "3 of 36 tags already enrolled; carrying on with The Angel, Islington.",
        "Tap The Angel, Islington (4/28)",
        "That tag is already Whitechapel Road: use another one.",
    ]
    assert len(TagRegistry.load(path)) == 36

    third = Script([])
    outcome = enroll(TagRegistry.load(path), enrolment_steps(LONDON), third.next_uid, third.say, LONDON)
    assert (outcome.enrolled, outcome.already, outcome.remaining) == (0, 36, 0)
    assert third.seen == [f"All 36 tags enrolled, saved in {path}."]


def test_ctrl_c_keeps_every_tag_tapped_so_far(tmp_path: Path) -> None:
    path = tmp_path / "tags.toml"
    script = Script([uid(1), uid(2), "^C"])
    outcome = enroll(TagRegistry.load(path), enrolment_steps(LONDON), script.next_uid, script.say, LONDON)
    assert outcome.interrupted and outcome.enrolled == 2
    assert "Interrupted: 2 of 36 tags enrolled and saved" in script.seen[-1]
    assert TagRegistry.load(path).as_dict() == {uid(1): "deed:old-kent-road", uid(2): "deed:whitechapel-road"}


def test_a_tag_that_cannot_be_saved_is_not_enrolled(tmp_path: Path) -> None:
    (tmp_path / "tags.toml").mkdir()  # the file's place is taken: saving fails
    registry = TagRegistry(tmp_path / "tags.toml")
    script = Script([uid(1)])
    with pytest.raises(OSError):
        enroll(registry, enrolment_steps(LONDON), script.next_uid, script.say, LONDON)
    assert len(registry) == 0


def test_typed_uids_skip_blank_lines_and_stop_at_the_end() -> None:
    shown: list[str] = []
    next_uid = typed_uids(io.StringIO("\n  \n04a1b2c3d4e5f6\na1b2c3d4\n"), shown.append)
    assert [next_uid("one"), next_uid("two"), next_uid("three")] == ["04a1b2c3d4e5f6", "a1b2c3d4", None]
    assert shown == ["one", "two", "three"]


def test_enrolling_from_a_reader_waits_out_an_offline_reader(tmp_path: Path) -> None:
    reader = SimulatedReader(0.01, retry_first=0.01, retry_max=0.02)
    reader.unplug("no SPI device")
    shown: list[str] = []
    to_tap = iter([uid(1), uid(2), uid(3)])

    def say(text: str) -> None:
        shown.append(text)
        if text.startswith("  The reader is offline"):
            reader.plug()
        elif text.startswith("Tap "):
            reader.tap(next(to_tap))

    source = ReaderUids(reader, say, check_every=0.01)
    try:
        steps = enrolment_steps(LONDON)[:3]
        outcome = enroll(TagRegistry(tmp_path / "tags.toml"), steps, source, say, LONDON)
    finally:
        source.close()
    assert outcome.remaining == 0
    assert "  The reader is offline: no SPI device; waiting for it." in shown
    assert TagRegistry.load(tmp_path / "tags.toml").lookup(uid(3)) == "deed:kings-cross-station"
    assert reader.status == "stopped"


# --- The command ------------------------------------------------------------------------------

def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", "enroll", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_enroll_simulated_from_typed_uids_with_cards_then_resumed(tmp_path: Path) -> None:
    typed = [uid(n) for n in range(1, 21)]
    done = run("--simulate", "--cards", "--data", str(tmp_path), stdin="\n".join(typed) + "\n")
    assert done.returncode == 1, done.stderr  # not finished: 48 to go
    assert "Stopped: 20 of 68 tags enrolled" in done.stdout
    assert "Tap Water Works (21/28)" in done.stdout.splitlines()[-2]

    typed = [uid(7)] + [uid(n) for n in range(21, 69)]  # uid(7) is taken: refused, asked again
    done = run("--simulate", "--cards", "--data", str(tmp_path), stdin="\n".join(typed) + "\n")
    assert done.returncode == 0, done.stderr
    assert "20 of 68 tags already enrolled; carrying on with Water Works." in done.stdout
    assert "That tag is already Pall Mall: use another one." in done.stdout
    assert "Tap Community Chest card 16: Annuity matures: receive £100. (16/16)" in done.stdout
    saved = TagRegistry.load(tmp_path / "tags.toml")
    assert len(saved) == 68
    assert saved.lookup(uid(68)) == "card:community_chest:16"


def test_enroll_uses_the_tags_file_and_data_folder_from_the_config(tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text(f'data = "{tmp_path / "data"}"\ntags = "deeds.toml"\n', encoding="utf-8")
    done = run("--simulate", "--config", str(config), stdin=uid(1) + "\n")
    assert done.returncode == 1, done.stderr
    assert TagRegistry.load(tmp_path / "data" / "deeds.toml").lookup(uid(1)) == "deed:old-kent-road"


def test_enroll_without_a_real_reader_says_how_to_get_one(tmp_path: Path) -> None:
    done = run("--data", str(tmp_path))
    assert done.returncode == 2
    assert 'set [reader] driver = "mfrc522", or use --simulate' in done.stderr
    assert not (tmp_path / "tags.toml").exists()


@pytest.mark.parametrize("args, error", [
    (["--config", "missing.toml"], "There is no config file missing.toml"),
    (["--edition", "../etc"], "there is no edition '../etc' this table can play; it knows london, us"),
    (["--edition", "narnia"], "there is no edition 'narnia' this table can play; it knows london, us"),
])
def test_enroll_refuses_bad_arguments_in_one_line(tmp_path: Path, args: list[str], error: str) -> None:
    done = run("--simulate", "--data", str(tmp_path), *args, stdin=uid(1) + "\n")
    assert done.returncode == 2
    assert done.stderr == f"companion enroll: {error}\n"
    assert not (tmp_path / "tags.toml").exists()


def test_enroll_refuses_a_damaged_tags_file_and_leaves_it_alone(tmp_path: Path) -> None:
    damaged = '[tags]\n"a1b2c3d4" = "token:racecar"\n'
    (tmp_path / "tags.toml").write_text(damaged, encoding="utf-8")
    done = run("--simulate", "--data", str(tmp_path), stdin=uid(1) + "\n")
    assert done.returncode == 2
    assert "'token:racecar' is not a tag meaning" in done.stderr
    assert (tmp_path / "tags.toml").read_text(encoding="utf-8") == damaged
