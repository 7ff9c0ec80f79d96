"""The config file (TOML): which devices are real and which simulated, pins, ports and folders.

Devices are chosen here, never by editing code, the way gpiozero picks its pin factory. Every
key has a default that runs on a laptop: all devices simulated.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from .errors import CompanionError
from .i18n import LANGUAGES


class ConfigError(CompanionError):
    """The config file cannot be used; the message names the file, the key and the fix."""


@dataclass(frozen=True)
class ReaderConfig:
    driver: str = "simulated"  # "mfrc522" | "emulated" (mfrc522 on a mock chip) | "simulated" | "none"
    bus: int = 0
    device: int = 0
    reset_pin: int = 25  # BCM numbering
    poll_interval: float = 0.01  # seconds between polls; a poll without a card takes ~7 ms more


@dataclass(frozen=True)
class ButtonConfig:
    driver: str = "simulated"  # "gpio" | "simulated" | "none"
    pin: int = 17
    bounce: float = 0.05  # seconds
    long_press: float = 1.0  # held this long (then let go): "end my turn"
    banker_hold: float = 6.0  # held this long: the banker's step at the table (logs a screen in)


@dataclass(frozen=True)
class DiceUnitConfig:
    driver: str = "none"  # "serial" | "simulated" | "none"
    port: str = "auto"  # a path, or "auto": the first USB serial port with vendor id 0x2E8A


@dataclass(frozen=True)
class FeedbackConfig:
    driver: str = "simulated"  # "gpio" | "simulated" | "none"
    buzzer_pin: int = 18
    led_pin: int = 23


@dataclass(frozen=True)
class WifiConfig:
    ssid: str = "companion"
    password: str = "monopoly-table"


@dataclass(frozen=True)
class TableConfig:
    # Seconds after an auction's opening or last bid before the table passes for every bidder
    # still silent (companion/table/auction_clock.py); 0: auctions wait for every pass.
    auction_seconds: int = 15


@dataclass(frozen=True)
class ComputerConfig:
    """Computer players at the table (companion/table/computer.py; docs/players.md)."""

    # Seconds each of a computer's steps is said and shown before it takes the next one, so the
    # people can follow (0: at once); the table never waits on it: a tap always comes first.
    pace: float = 3.0
    # What the table waits for once it has asked the people to move the computer's piece, hand
    # over its deed or put up its house: "seconds" goes on after `confirm_seconds`; "act" waits
    # for the computer's token on the reader, the dice button or the Table page's button.
    # "act" by default (issue 41), from a whole game of one person against three computers in
    # the browser with each (bench/computer_evening.py, 2026-12-07): with "act" the table asked one
    # press for each group of prompts, 290 over the computers' 195 turns (1.5 a turn: the presses
    # the people make anyway to roll for the computer), and the board on the screens never ran
    # ahead of the one on the table; with "seconds" every group went after its seconds whether or
    # not anyone had done it, and 4 went before people could have, even at 2 s an act: a
    # bankrupt computer's 11 deeds to hand over and turn face down, a card's move, a draw and a
    # move again. A short game first (2026-12-06) had shown the same on a card's prompts.
    confirm: str = "act"
    confirm_seconds: float = 6.0
    # The longest a computer thinks over one decision before the plain choice is taken for it.
    deadline: float = 2.0


CONFIRMS = ("seconds", "act")


@dataclass(frozen=True)
class OddsConfig:
    """The win chances on the Table page (companion/odds/live.py)."""

    enabled: bool = True
    samples: int = 1000  # continuations per estimate: within 5 s on a Raspberry Pi 4 (docs/odds.md)
    jobs: int = 0  # worker processes; 0: every core
    nice: int = 19  # the workers' priority: behind the table, always


@dataclass(frozen=True)
class VoiceConfig:
    """The table's voice (companion/voice/): espeak-ng on the Pi's speaker, a WAV per sentence
    in simulated mode. Screens switch their own voice on in their header."""

    enabled: bool = True
    language: str = "en"  # one of companion.i18n.LANGUAGES
    voice: str = ""  # an espeak-ng voice (espeak-ng --voices); empty: the language's own
    rate: int = 160  # words a minute
    volume: int = 100  # espeak-ng's amplitude, 0 to 200
    device: str = ""  # an ALSA device (aplay -L), e.g. "plughw:1,0"; empty: the default one
    # Which moments are said: any of turn, roll, buy, rent, card, jail, auction, bid, debt, bankrupt,
    # winner, choice (the code a choice at the table offers: companion/voice/moments.py), computer
    # (what the people must move for a computer player); each bid only when listed.
    moments: list[str] = field(default_factory=lambda: ["turn", "roll", "buy", "rent", "card", "jail",
                                                        "auction", "debt", "bankrupt", "winner", "choice",
                                                        "computer"])


@dataclass(frozen=True)
class ServerConfig:
    """What stands in front of the dashboard's server (companion/web/front.py)."""

    # "nginx": Debian's nginx, started by the daemon as its child, listens on host:port and caps
    # connections per address and request heads in time; waitress sits behind it on a socket in
    # the data folder. "none": waitress listens on host:port itself (a laptop, the tests).
    front: str = "none"


@dataclass(frozen=True)
class Config:
    data: str = ""  # the data folder; empty: the default (see companion.ledger.default_data_dir)
    host: str = "0.0.0.0"
    port: int = 8080
    tags: str = "tags.toml"  # the tag registry, relative to the data folder
    # A second place for every game's rolling backups (a USB stick's mount point); empty: none.
    backup_copy: str = ""
    # The table rolls ordinary dice and players type what they read: a screen may then send dice
    # (recorded as physical dice); otherwise the table rolls a screen's roll itself (secrets).
    manual_dice: bool = False
    reader: ReaderConfig = field(default_factory=ReaderConfig)
    button: ButtonConfig = field(default_factory=ButtonConfig)
    dice_unit: DiceUnitConfig = field(default_factory=DiceUnitConfig)
    feedback: FeedbackConfig = field(default_factory=FeedbackConfig)
    wifi: WifiConfig = field(default_factory=WifiConfig)
    table: TableConfig = field(default_factory=TableConfig)
    odds: OddsConfig = field(default_factory=OddsConfig)
    server: ServerConfig = field(default_factory=ServerConfig)
    voice: VoiceConfig = field(default_factory=VoiceConfig)
    computer: ComputerConfig = field(default_factory=ComputerConfig)

    def simulated(self) -> Config:
        """Every device simulated (`--simulate`), a dice unit on a pseudo-terminal included; a reader
        the config already emulates stays so (the real driver over the mock chip)."""
        reader = "emulated" if self.reader.driver == "emulated" else "simulated"
        return replace(
            self,
            reader=replace(self.reader, driver=reader),
            button=replace(self.button, driver="simulated"),
            feedback=replace(self.feedback, driver="simulated"),
            dice_unit=replace(self.dice_unit, driver="simulated"),
        )


DRIVERS = {
    "reader": ("mfrc522", "emulated", "simulated", "none"),
    "button": ("gpio", "simulated", "none"),
    "dice_unit": ("serial", "simulated", "none"),
    "feedback": ("gpio", "simulated", "none"),
}
FRONTS = ("nginx", "none")


def _section(cls: type, raw: Any, where: str, name: str = "") -> Any:
    if not isinstance(raw, dict):
        raise ConfigError(f"{where} must be a table of settings")
    known = {f.name: f for f in fields(cls)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in known:
            raise ConfigError(f"{where}: unknown setting {key!r} (known: {', '.join(known)})")
        default = getattr(cls(), key)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise ConfigError(f"{where}.{key} must be true or false, not {value!r}")
            values[key] = value
            continue
        if not isinstance(default, int | float | str):
            values[key] = value
            continue
        expected = float if isinstance(default, float) else type(default)
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, expected) or isinstance(value, bool):
            kind = {"int": "whole number", "float": "number", "str": "text"}[expected.__name__]
            raise ConfigError(f"{where}.{key} must be a {kind}, not {value!r}")
        values[key] = value
    section = cls(**values)
    if name in DRIVERS and section.driver not in DRIVERS[name]:
        choices = ", ".join(DRIVERS[name])
        raise ConfigError(f"{where}.driver must be one of {choices}, not {section.driver!r}")
    return section


def parse_config(raw: dict[str, Any], where: str = "config") -> Config:
    sections = {"reader": ReaderConfig, "button": ButtonConfig, "dice_unit": DiceUnitConfig,
                "feedback": FeedbackConfig, "wifi": WifiConfig, "table": TableConfig,
                "odds": OddsConfig, "server": ServerConfig, "voice": VoiceConfig,
                "computer": ComputerConfig}
    top = {k: v for k, v in raw.items() if k not in sections}
    config = _section(Config, top, where)
    parts = {
        name: _section(cls, raw.get(name, {}), f"{where} [{name}]", name)
        for name, cls in sections.items()
    }
    if parts["table"].auction_seconds < 0:
        raise ConfigError(f"{where} [table].auction_seconds must be 0 (off) or more, "
                          f"not {parts['table'].auction_seconds}")
    computer = parts["computer"]
    if computer.confirm not in CONFIRMS:
        raise ConfigError(f"{where} [computer].confirm must be one of {', '.join(CONFIRMS)}, "
                          f"not {computer.confirm!r}")
    if not (0 <= computer.pace <= 60 and 0 <= computer.confirm_seconds <= 600
            and 0.1 <= computer.deadline <= 60):
        raise ConfigError(f"{where} [computer]: pace is 0 to 60 s, confirm_seconds 0 to 600 s and "
                          "deadline 0.1 to 60 s")
    if parts["server"].front not in FRONTS:
        raise ConfigError(f"{where} [server].front must be one of {', '.join(FRONTS)}, "
                          f"not {parts['server'].front!r}")
    voice = parts["voice"]
    if voice.language not in LANGUAGES:
        raise ConfigError(f"{where} [voice].language must be {' or '.join(LANGUAGES)}, "
                          f"not {voice.language!r}")
    if not 0 <= voice.volume <= 200 or not 80 <= voice.rate <= 450:
        raise ConfigError(f"{where} [voice]: volume is 0 to 200 and rate 80 to 450 words a minute")
    from .voice.moments import KINDS

    if not isinstance(voice.moments, list) or any(m not in KINDS for m in voice.moments):
        raise ConfigError(f"{where} [voice].moments must list some of {', '.join(KINDS)}")
    return replace(config, **parts)


def load_config(path: Path | None = None, simulate: bool = False) -> Config:
    """The settings from a TOML file (or the defaults), with every device simulated if asked."""
    config = Config()
    if path is not None:
        try:
            with open(path, "rb") as f:
                raw = tomllib.load(f)
        except FileNotFoundError:
            raise ConfigError(f"There is no config file {path}") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path} is not valid TOML: {exc}") from None
        config = parse_config(raw, str(path))
    return config.simulated() if simulate else config
