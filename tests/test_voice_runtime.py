"""The voice in the table (issue 27): fed by the table after each stored command, never holding up
the writer; a burst of commands said in at most two utterances; an undone move never said; in
simulated mode a WAV per utterance in the data folder, listed by GET /api/voice. Each Voice here
runs its own process (process.py), as the daemon's does; test_voice_process.py kills and stops it."""

from __future__ import annotations

import os
import shutil
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.voice.espeak import Speech
from companion.voice.runtime import Voice, VoiceSettings
from companion.web import voice as voice_web
from tests.web_support import BANKER, CAR, Rig, rig_fixture

THREE = {"players": ["Ann", "Bob", "Cat"], "seed": 3, "rules": {}}


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    yield from rig_fixture(tmp_path)


@pytest.fixture
def voiced(rig: Rig) -> Iterator[Callable[..., Voice]]:
    """A voice listening to the rig's table (`wavs`: the Pi's voice on, in simulated mode), closed
    after the test whatever it did."""
    made: list[Voice] = []

    def make(wavs: bool = False, lang: str = "en", **settings: Any) -> Voice:
        options = VoiceSettings(enabled=wavs, speech=Speech(lang=lang), **settings)
        voice = Voice(options, rig.table, wav_dir=rig.path / "voice" if wavs else None)
        made.append(voice)
        rig.table.listeners.append(voice.listen)
        voice_web.install(rig.app, rig.ctx, voice)
        assert voice.round_trip() == 0  # its process is up and has nothing to say
        return voice

    yield make
    for voice in made:
        voice.close()


def wait_for(check: Any, timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("timed out")


def play(rig: Rig, *commands: dict[str, Any]) -> None:
    for command in commands:
        answer = rig.client().post("/api/commands", json=command, headers=BANKER)
        assert answer.status_code == 200, (command, answer.json)


def said(voice: Voice, lang: str = "en") -> list[str]:
    return [item["text"][lang] for item in voice.recent]


def settled(voice: Voice) -> bool:
    """Everything handed to the voice has been said (or dropped), and at least one thing said."""
    return bool(voice.recent) and voice.round_trip() == 0


def test_a_move_is_said_once_the_table_stored_it(rig: Rig, voiced: Callable[..., Voice]) -> None:
    voice = voiced()
    rig.new_game(**THREE)
    play(rig, {"do": "roll", "dice": [1, 2]})
    wait_for(lambda: voice.recent)
    play(rig, {"do": "buy"})
    wait_for(lambda: len(voice.recent) == 2)
    assert said(voice) == ["The banker sets Ann's dice: one and two: Whitechapel Road.",
                           "Ann buys Whitechapel Road for sixty pounds."]
    assert said(voice, "ru")[1] == "Ann покупает Уайтчепел-роуд за шестьдесят фунтов."
    # The dice were the banker's (issue 38): said as such; a roll the table makes is the player's.
    assert said(voice, "ru")[0] == "Банкир выставляет кубики игрока Ann: один и два: Уайтчепел-роуд."
    play(rig, {"do": "end_turn"}, {"do": "roll"})
    wait_for(lambda: len(voice.recent) >= 3 and voice.round_trip() == 0)
    assert "Bob rolls " in said(voice)[2] and "banker" not in said(voice)[2], said(voice)


def test_a_burst_of_twenty_commands_is_said_in_at_most_two_utterances(
        rig: Rig, voiced: Callable[..., Voice]) -> None:
    voice = voiced(settle=5.0, longest=5.0)  # a burst: the twenty come well within its longest wait
    rig.new_game(**THREE)
    burst = [{"do": "roll", "dice": [1, 2]}, {"do": "decline"}, *[
        {"do": "bid", "player": p, "amount": 10 + i} for i, p in enumerate(["Bob", "Cat"] * 9)]]
    assert len(burst) == 20
    play(rig, *burst)
    wait_for(lambda: settled(voice))
    assert 1 <= len(voice.recent) <= 2, said(voice)
    last = said(voice)[-1]
    assert last.startswith("The banker sets Ann's dice: one and two") or "auction" in last


def test_an_undone_move_is_not_said(rig: Rig, voiced: Callable[..., Voice]) -> None:
    voice = voiced(settle=1.0, longest=1.0)
    rig.new_game(**THREE)
    assert voice.process is not None
    os.kill(voice.process.pid, signal.SIGSTOP)  # the voice busy while the move is made and undone
    try:
        play(rig, {"do": "roll", "dice": [1, 2]})
        assert rig.client().post("/api/undo", json={}, headers=BANKER).status_code == 200
    finally:
        os.kill(voice.process.pid, signal.SIGCONT)
    assert voice.round_trip() == 0  # it has read both: nothing is left to say
    play(rig, {"do": "roll", "dice": [2, 3]})  # positive control: the move made again is said
    wait_for(lambda: settled(voice))
    assert said(voice) == ["The banker sets Ann's dice: two and three: King's Cross Station."]


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is needed (.ci/run installs it)")
def test_in_simulated_mode_each_utterance_is_a_wav_listed_and_served(
        rig: Rig, voiced: Callable[..., Voice]) -> None:
    voiced(wavs=True)
    rig.new_game(**THREE)
    play(rig, {"do": "roll", "dice": [1, 2]})
    listed = wait_for(lambda: rig.client().get("/api/voice").json["utterances"])
    assert listed[0]["text"]["en"] == "The banker sets Ann's dice: one and two: Whitechapel Road."
    name = listed[0]["wav"]
    assert (rig.path / "voice" / name).stat().st_size > 1000
    answer = rig.client().get(f"/api/voice/wav/{name}")
    assert answer.status_code == 200 and answer.data[:4] == b"RIFF"
    assert rig.client().get("/api/voice/wav/..%2Fsecret").status_code == 404


def test_voice_settings_are_checked_when_the_config_is_read() -> None:
    from companion.config import ConfigError, parse_config
    from companion.voice.start import settings_of

    config = parse_config({"voice": {"language": "ru", "rate": 140, "moments": ["rent"]}})
    settings = settings_of(config.voice)
    assert settings.speech.voice_name == "ru" and settings.moments == ("rent",)
    for bad in ({"language": "de"}, {"moments": ["gossip"]}, {"volume": 300}, {"rate": "fast"}):
        with pytest.raises(ConfigError):
            parse_config({"voice": bad})


def test_an_auction_s_last_seconds_are_said_once_before_the_table_closes_it(
        rig: Rig, voiced: Callable[..., Voice]) -> None:
    voice = voiced()
    rig.new_game(**THREE)
    play(rig, {"do": "roll", "dice": [2, 3]}, {"do": "decline"})  # King's Cross Station at auction
    wait_for(lambda: settled(voice))
    state = dict(rig.table.snapshot() or {})
    assert (state["pending"] or {}).get("kind") == "auction"
    far = dict(state, auction_clock={"deadline": (time.time() + 60) * 1000})
    voice.listen({"type": "state", "kind": "restamp", "seq": state["seq"], "state": far})
    assert voice.round_trip() == 0  # the process has the clock ...
    time.sleep(0.5)  # ... and sixty seconds left: not yet (the positive control is the next restamp)
    assert not any("Last seconds" in text for text in said(voice))
    near = dict(state, auction_clock={"deadline": (time.time() + 3) * 1000})
    for _ in range(2):  # the same deadline stamped twice is said once
        voice.listen({"type": "state", "kind": "restamp", "seq": state["seq"], "state": near})
    wait_for(lambda: any(text == "Last seconds for King's Cross Station!" for text in said(voice)))
    time.sleep(0.5)
    assert voice.round_trip() == 0
    assert sum(text.startswith("Last seconds") for text in said(voice)) == 1
    assert said(voice, "ru")[-1] == "Последние секунды аукциона: Станция Кингс Кросс!"


def test_a_choice_at_the_table_reads_each_offered_code_aloud_once(rig: Rig,
                                                                 voiced: Callable[..., Voice]) -> None:
    """Issue 36: a token tap with screens waiting to pair opens a choice; the table reads the code
    it offers, digit by digit, so a table without its own screen can compare it with a phone."""
    voice = voiced()
    rig.new_game(**THREE, tokens={"Ann": "car", "Bob": "dog", "Cat": "hat"})
    phone = rig.client()
    code = phone.post("/api/pair", json={}).json["code"]
    rig.tap(CAR)  # Ann's token: the table offers the one waiting screen's code
    spaced = " ".join(code)
    wait_for(lambda: f"Ann's token: screen {spaced}?" in said(voice))
    assert said(voice, "ru")[-1] == f"Фишка игрока Ann: экран {spaced}?"
    rig.settle()  # the writer's steps after it say nothing new: the offer is the same
    time.sleep(0.5)
    assert voice.round_trip() == 0
    assert sum(text.startswith("Ann's token") for text in said(voice)) == 1


def test_what_to_move_for_a_computer_is_said_once_after_its_move(rig: Rig,
                                                                  voiced: Callable[..., Voice]) -> None:
    """Issue 41: the prompts for a computer's things are said, each once, after the command's own
    moments (the table tells its prompts before the state they came with)."""
    voice = voiced()
    started = rig.table.new_game({"do": "new_game", "players": ["Ann", "Robo"], "computer": {"Robo": "smart"},
                                  "seed": 1, "rules": {"shuffle": False}})
    assert started.ok, started
    play(rig, {"do": "roll", "dice": [2, 3]}, {"do": "buy"}, {"do": "end_turn"})
    wait_for(lambda: settled(voice))
    before = len(voice.recent)
    play(rig, {"do": "roll", "dice": [1, 2]})  # Robo, by the banker's dice: Whitechapel Road
    wait_for(lambda: len(voice.recent) > before and voice.round_trip() == 0)
    text = " ".join(said(voice)[before:])
    assert text.endswith("Whitechapel Road. Move Robo to Whitechapel Road."), text
    rig.settle()
    play(rig, {"do": "buy"})
    wait_for(lambda: settled(voice) and "deed" in said(voice)[-1])
    assert said(voice)[-1].endswith("Give Robo the Whitechapel Road deed."), said(voice)
    assert sum("Move Robo to Whitechapel Road" in s for s in said(voice)) == 1


def test_why_the_computer_turned_a_trade_down_is_said_aloud(rig: Rig, voiced: Callable[..., Voice]) -> None:
    """Issue 41: the reason shown as a toast on every page is heard across the table too."""
    from tests.computer_support import computers, start

    voice = voiced()
    start(rig, ["Ann", "Robo"], {"Robo": "smart"})
    assert rig.table.submit({"do": "give_deed", "square": "old-kent-road", "to": "Robo"}, source="banker").ok
    wait_for(lambda: voice.round_trip() == 0)
    with computers(rig):
        play(rig, {"do": "trade", "from": "Ann", "to": "Robo", "give": {},
                   "take": {"squares": ["old-kent-road"]}})
        wait_for(lambda: any("Robo rejects" in s for s in said(voice)) and voice.round_trip() == 0)
    reason = "Robo rejects: by its reckoning the deal gives Ann more than it gets."
    assert said(voice)[-1].endswith(reason), said(voice)
    assert "Robo отказывается" in said(voice, "ru")[-1]


def test_the_voice_speaks_the_language_the_tables_screen_shows(rig: Rig,
                                                                voiced: Callable[..., Voice]) -> None:
    """Issue 42: [voice] language says English, the table's own screen shows Russian: the table
    speaks Russian, in espeak-ng's Russian voice, from its next sentence; a stranger's screen
    cannot change it, nor can a language the table does not speak."""
    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is not installed (apt-get install espeak-ng; .ci/run does)")
    voice = voiced(wavs=True, lang="en")
    rig.new_game()
    play(rig, {"do": "roll", "dice": [2, 3]})
    wait_for(lambda: settled(voice))
    assert voice.recent[-1]["lang"] == "en"
    stranger = rig.client().post("/api/voice/language", json={"lang": "ru"})
    assert stranger.status_code == 403
    table = rig.table_screen()
    assert table.post("/api/voice/language", json={"lang": "xx"}).status_code == 400
    assert table.post("/api/voice/language", json={"lang": "ru"}).json == {"lang": "ru"}
    assert rig.client().get("/api/voice").json["lang"] == "ru"
    before = len(voice.recent)
    play(rig, {"do": "buy"})
    wait_for(lambda: len(voice.recent) > before and voice.round_trip() == 0)
    said_now = voice.recent[-1]
    assert said_now["lang"] == "ru", said_now
    wav = rig.path / "voice" / said_now["wav"]
    assert wav.stat().st_size > 1000  # espeak-ng said it
    assert "покупает" in said_now["text"]["ru"]
