"""The wiring docs someone builds the table from: every pin they name is really that pin on the Pi's
header (checked against gpiozero's own header map), the defaults they quote are the config's, and the
diagram is a valid SVG that agrees with the table (their links: tests/test_doc_claims.py).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from companion.config import ButtonConfig, FeedbackConfig, ReaderConfig
from companion.web.events import PER_ADDRESS

HARDWARE = Path(__file__).resolve().parent.parent / "hardware"
HEADER = MockFactory().board_info.headers["J8"].pins  # physical pin -> PinInfo; name: GPIO17, GND...
HEADER_NUMBER = {info.name: number for number, info in HEADER.items()}
POWER_NAMES = {"3.3 V": "3V3", "5 V": "5V", "GND": "GND"}


def wiring_rows() -> list[dict[str, str]]:
    lines = [line for line in (HARDWARE / "wiring.md").read_text().splitlines() if line.startswith("| ")]
    heading = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = []
    for line in lines[1:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if set(cells[0]) <= {"-"}:
            continue
        rows.append(dict(zip(heading, cells, strict=True)))
    return rows


def test_every_pin_in_the_wiring_table_is_that_pin_on_the_header() -> None:
    rows = wiring_rows()
    assert len(rows) >= 14
    checked = 0
    for row in rows:
        physical = re.match(r"(\d+)(?: \((.+)\))?$", row["Pi: physical pin"])
        if physical is None:
            assert row["Pi: physical pin"] == "-", row  # IRQ, unconnected
            continue
        pin = HEADER[int(physical.group(1))]
        gpio = re.match(r"GPIO(\d+)", row["Pi: GPIO (BCM)"])
        if gpio:
            assert pin.name == f"GPIO{gpio.group(1)}", row
        else:
            assert pin.name == POWER_NAMES[physical.group(2)], row
        checked += 1
    assert checked == 14


@pytest.mark.parametrize("setting, value", [
    ("[button] pin", ButtonConfig().pin),
    ("[feedback] buzzer_pin", FeedbackConfig().buzzer_pin),
    ("[feedback] led_pin", FeedbackConfig().led_pin),
    ("[reader] reset_pin", ReaderConfig().reset_pin),
])
def test_the_wiring_table_quotes_the_config_defaults(setting: str, value: int) -> None:
    rows = [row for row in wiring_rows() if f"`{setting} = {value}`" in row["notes"]]
    assert len(rows) == 1, f"wiring.md should name `{setting} = {value}` once"
    assert rows[0]["Pi: GPIO (BCM)"] == f"GPIO{value}"


def test_the_diagram_is_an_svg_that_agrees_with_the_header() -> None:
    root = ET.parse(HARDWARE / "wiring.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = " ".join("".join(node.itertext()) for node in root.iter("{http://www.w3.org/2000/svg}text"))
    labels = re.findall(r"GPIO(\d+)[^·]*· pin (\d+)", text)
    assert len(labels) == 8  # button, buzzer, LED and the reader's five signal lines
    for gpio, physical in labels:
        assert HEADER[int(physical)].name == f"GPIO{gpio}"
    for gpio in (ButtonConfig().pin, FeedbackConfig().buzzer_pin, FeedbackConfig().led_pin,
                 ReaderConfig().reset_pin):
        assert (str(gpio), str(HEADER_NUMBER[f"GPIO{gpio}"])) in labels
    for power, physical in re.findall(r"(3\.3 V|5 V|GND) · pin (\d+)", text):
        assert HEADER[int(physical)].name == POWER_NAMES[power]


# --- the current the parts draw --------------------------------------------------------------------

RED_LED_VOLTS = 1.8  # the lowest forward voltage of the LEDs the parts list allows (red)
PICO_GPIO_TOTAL_MA = 50  # RP2040 datasheet: all GPIO pins together
LIT_AT_MOST = 12  # two sixes


def dice_unit_resistors(text: str) -> list[int]:
    """Every resistor value the text gives for the dice unit's pip LEDs, in ohms."""
    return [int(ohms) for ohms in re.findall(r"(?:14 × |^\| )(\d+) Ω", text, re.MULTILINE)]


@pytest.mark.parametrize("page", ["hardware/parts.md", "firmware/README.md"])
def test_the_dice_units_led_resistors_keep_the_pico_within_50_ma(page: str) -> None:
    text = (HARDWARE.parent / page).read_text()
    if "## The optional dice unit" in text:  # parts.md: the Pi's own LED has its 330 Ω, on a Pi pin
        text = text[text.index("## The optional dice unit"):text.index("## Totals")]
    values = dice_unit_resistors(text)
    assert values, f"{page} names no resistor for the dice unit's LEDs"
    for ohms in values:
        lit = LIT_AT_MOST * (3.3 - RED_LED_VOLTS) / ohms * 1000
        assert ohms >= 470 and lit < PICO_GPIO_TOTAL_MA, (page, ohms, lit)
    assert "330 Ω is the lowest" not in text


def test_the_buzzer_always_goes_through_the_transistor_but_for_a_small_piezo() -> None:
    text = (HARDWARE / "wiring.md").read_text()
    buzzer = text[text.index("## The buzzer"):text.index("## The LED")]
    assert "always" in buzzer and "NPN" in buzzer
    assert "may go straight" not in buzzer.replace("piezo buzzer rated at 8 mA or less may go straight", "")
    assert "piezo buzzer rated at 8 mA or less" in buzzer


# --- the first real build --------------------------------------------------------------------------


def test_the_first_build_checklist_measures_shows_the_doctor_and_enrolls() -> None:
    from companion.doctor import Doctor
    from companion.voice.doctor import CHECKS as VOICE_CHECKS

    text = (HARDWARE / "first-build.md").read_text()
    assert "multimeter" in text and "Before any power" in text
    sample = text[text.index("```\nok "):]
    sample = sample[4:sample.index("```", 4)]
    checks = [re.match(r"(ok|warn|fail) +(.+?)  ", line) for line in sample.splitlines()]
    shown = [(m.group(1), m.group(2).strip()) for m in checks if m]
    assert [check for _, check in shown] == [*Doctor.CHECKS, *VOICE_CHECKS]
    assert all(level == "ok" for level, check in shown if check != "service")
    assert "companion enroll" in text and "sudo systemctl stop companion" in text
    assert "(firmware 1.1)" in text  # the firmware's VERSION


def test_the_speed_page_quotes_the_tap_figure_of_the_real_reader_with_its_command() -> None:
    readme = (HARDWARE.parent / "docs" / "speed.md").read_text()  # README's speed figures live there
    row = next(line for line in readme.splitlines() if "`bench/reader_speed.py`" in line)
    assert "real reader" in row and f"reaching {PER_ADDRESS} open dashboards" in row  # as the bench opens
    assert "simulated tap" not in readme
    assert ".venv/bin/python bench/reader_speed.py" in readme
    assert (HARDWARE.parent / "bench" / "reader_speed.py").exists()
