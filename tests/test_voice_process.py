"""The table's voice in a process of its own at low priority (issue 27): the table goes on when that
process is killed or hangs (it is started again, and says the next move), is given up and
reported silent in GET /api/voice when it keeps stopping, and never outlives the daemon (stopped
with SIGTERM, or killed). The process reads only plain messages: one it does not know changes
nothing."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.voice.espeak import Speech
from companion.voice.moments import Moment
from companion.voice.process import NICE, Speaker
from companion.voice.runtime import Voice, VoiceSettings
from companion.web import voice as voice_web
from tests.server_support import children, command_line, dead, state_of
from tests.test_daemon import daemons  # noqa: F401 - the fixture
from tests.test_voice_runtime import THREE, play, said, settled, wait_for
from tests.web_support import BANKER, Rig, rig_fixture

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")]


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    yield from rig_fixture(tmp_path)


@pytest.fixture
def voiced(rig: Rig) -> Iterator[Callable[..., Voice]]:
    made: list[Voice] = []

    def make(**options: Any) -> Voice:
        voice = Voice(VoiceSettings(enabled=False, speech=Speech()), rig.table, **options)
        made.append(voice)
        rig.table.listeners.append(voice.listen)
        voice_web.install(rig.app, rig.ctx, voice)
        assert voice.round_trip() == 0
        return voice

    yield make
    for voice in made:
        voice.close()


def pid_of(voice: Voice) -> int:
    assert voice.process is not None
    return voice.process.pid


def restarted(voice: Voice, old: int) -> bool:
    return voice.process is not None and voice.process.pid != old and voice.round_trip(5) == 0


def voice_processes(pid: int) -> list[int]:
    return [p for p in children(pid) if "companion.voice.process" in command_line(p)]


def test_the_voice_runs_in_a_process_of_its_own_at_low_priority(
        rig: Rig, voiced: Callable[..., Voice]) -> None:
    voice = voiced()
    pid = pid_of(voice)
    assert pid != os.getpid() and voice_processes(os.getpid()) == [pid]
    assert os.getpriority(os.PRIO_PROCESS, pid) >= min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICE)
    rig.new_game(**THREE)
    play(rig, {"do": "roll", "dice": [1, 2]})
    wait_for(lambda: settled(voice))
    assert said(voice) == ["The banker sets Ann's dice: one and two: Whitechapel Road."]
    voice.close()
    assert wait_for(lambda: dead([pid])) and voice_processes(os.getpid()) == []
    assert not voice.running


def test_a_killed_voice_process_is_started_again_and_the_table_goes_on(
        rig: Rig, voiced: Callable[..., Voice]) -> None:
    voice = voiced()
    rig.new_game(**THREE)
    first = pid_of(voice)
    os.kill(first, signal.SIGKILL)
    play(rig, {"do": "roll", "dice": [1, 2]}, {"do": "buy"})  # answered, the voice gone or not
    wait_for(lambda: restarted(voice, first))
    assert dead([first])
    play(rig, {"do": "end_turn"})  # said by the new process
    wait_for(lambda: settled(voice) and said(voice)[-1] == "Bob's turn.")
    shown = rig.client().get("/api/voice").json
    assert shown["running"] and shown["restarts"] == 1 and shown["failed"] == ""
    assert rig.client().get("/api/devices").json["voice"] == "off"  # running, the Pi's speaker unused
    assert [item["n"] for item in shown["utterances"]] == sorted({item["n"] for item in shown["utterances"]})


def test_a_hung_voice_process_is_killed_and_started_again(rig: Rig, voiced: Callable[..., Voice]) -> None:
    voice = voiced(hang_after=2.0)
    rig.new_game(**THREE)
    first = pid_of(voice)
    os.kill(first, signal.SIGSTOP)  # hung: it answers nothing, reads nothing
    assert voice.round_trip(0.5) is None  # the control: it really does not answer
    moves = [{"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
             {"do": "roll", "dice": [2, 3]}, {"do": "decline"}]
    play(rig, *moves)  # the writer never waits for the voice: each is answered
    assert rig.client().post("/api/undo", json={}, headers=BANKER).status_code == 200
    wait_for(lambda: restarted(voice, first))
    assert wait_for(lambda: dead([first]))
    play(rig, {"do": "decline"})  # said by the new process
    wait_for(lambda: settled(voice) and said(voice)[-1] == "King's Cross Station goes to auction.")
    assert voice.restarts == 1 and voice.failed == ""


def test_a_voice_process_that_keeps_stopping_is_given_up_and_reported_silent(
        rig: Rig, voiced: Callable[..., Voice]) -> None:
    voice = voiced(restarts=0)
    rig.new_game(**THREE)
    first = pid_of(voice)
    os.kill(first, signal.SIGKILL)
    failed = wait_for(lambda: rig.client().get("/api/voice").json["failed"])
    assert "keeps stopping" in failed and "exit status -9" in failed
    assert not rig.client().get("/api/voice").json["running"]
    devices = rig.client().get("/api/devices").json  # the Banker page's device list says so
    assert devices["voice"] == f"offline: {failed}" and devices["reader"] == "simulated"
    play(rig, {"do": "roll", "dice": [1, 2]})  # the table goes on, silent
    assert rig.table.snapshot()["players"][0]["position"] == 3
    assert voice_processes(os.getpid()) == []


def test_the_newest_voice_installed_is_the_one_listed_and_none_lists_none(
        rig: Rig, voiced: Callable[..., Voice]) -> None:
    first = voiced()
    second = voiced(restarts=0)
    os.kill(pid_of(second), signal.SIGKILL)
    failed = wait_for(lambda: second.failed)
    listed = rig.client().get("/api/devices").json["voice"]
    assert listed == f"offline: {failed}" and first.status != listed  # the second's line, once
    voice_web.install(rig.app, rig.ctx, None)
    assert "voice" not in rig.client().get("/api/devices").json


def wait_daemon_voice(daemon: Any) -> int:
    found = daemon.poll(lambda: voice_processes(daemon.proc.pid), timeout=60)
    assert len(found) == 1, daemon.stderr
    return int(found[0])


def test_the_daemon_stopped_or_killed_leaves_no_voice_process_behind(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    stopped = daemons(tmp_path / "stopped")
    stopped.serving_after(30)
    voice = wait_daemon_voice(stopped)
    assert stopped.stop()[0] == 0
    assert stopped.poll(lambda: dead([voice]), timeout=10), state_of(voice)
    killed = daemons(tmp_path / "killed")
    killed.serving_after(30)
    voice = wait_daemon_voice(killed)
    killed.proc.send_signal(signal.SIGKILL)  # no clean-up at all: the kernel ends the voice
    killed.proc.wait(10)
    assert killed.poll(lambda: dead([voice]), timeout=10), state_of(voice)


def test_the_process_answers_a_ping_and_a_message_it_does_not_know_changes_nothing() -> None:
    told: list[list[Any]] = []
    speaker = Speaker(VoiceSettings(enabled=False), told.append)
    turn = Moment(2, "turn", "voice-turn", {"player": "Ann"})
    speaker.handle("add", [turn.to_json()])
    speaker.handle("gossip", {"about": "Bob"})
    speaker.handle("ping", 7)
    assert told == [["pong", 7, 1]] and speaker.planner.pending == [turn]
    speaker.handle("undo", [2])
    speaker.handle("ping", 8)
    assert told[-1] == ["pong", 8, 0]
    settings = VoiceSettings(speech=Speech(lang="ru", rate=140), moments=("rent",), settle=2.0)
    assert VoiceSettings.from_json(settings.to_json()) == settings
