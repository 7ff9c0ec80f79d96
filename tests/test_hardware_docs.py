"""The wiring docs someone builds the table from: every pin they name is really that pin on the Pi's
header (checked against gpiozero's own header map), the defaults they quote are the config's, the
diagram is a valid SVG that agrees with the table, and their links lead somewhere.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from companion.config import ButtonConfig, FeedbackConfig, ReaderConfig

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


@pytest.mark.parametrize("page", sorted(p.name for p in HARDWARE.glob("*.md")))
def test_links_between_the_pages_lead_somewhere(page: str) -> None:
    text = (HARDWARE / page).read_text()
    targets = re.findall(r"\]\(([^)#]+)\)", text)
    for target in targets:
        if "://" in target:
            continue
        assert (HARDWARE / target).exists(), f"{page} links to {target}, which is missing"
