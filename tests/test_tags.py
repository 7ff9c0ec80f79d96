"""The tag registry: UIDs as the reader reports them, one meaning per tag, a file that survives crashes."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from companion.hardware.tags import (
    BadTag,
    TagFileError,
    TagInUse,
    TagRegistry,
    check_meaning,
    describe,
    normalize_uid,
    registry_path,
)
from companion.rules import load_edition


@pytest.mark.parametrize("typed, uid", [
    ("04:A1:B2:C3:D4:E5:F6", "04a1b2c3d4e5f6"),
    ("0x04a1b2c3d4e5f6", "04a1b2c3d4e5f6"),
    (" A1 B2 C3 D4\n", "a1b2c3d4"),
    ("11-22-33-44-55-66-77-88-99-00", "11223344556677889900"),
])
def test_uids_are_written_as_the_reader_reports_them(typed: str, uid: str) -> None:
    assert normalize_uid(typed) == uid


@pytest.mark.parametrize("typed", ["", "mayfair", "04a1b2", "04a1b2c3d", "04a1b2c3d4e5", "g4a1b2c3"])
def test_malformed_uids_are_refused_with_an_example(typed: str) -> None:
    with pytest.raises(BadTag, match="4, 7 or 10 bytes in hex, like 04a1b2c3d4e5f6"):
        normalize_uid(typed)


@pytest.mark.parametrize("meaning", ["deed:mayfair", "token:car", "token:wheelbarrow", "card:chance:7",
                                     "card:community_chest:16", "banker"])
def test_meanings_of_the_four_kinds_are_accepted(meaning: str) -> None:
    assert check_meaning(meaning) == meaning


@pytest.mark.parametrize("meaning", ["deed:", "token:racecar", "card:jail", "house:1", "mayfair",
                                     "deed:Mayfair", "banker:ann", "Banker"])
def test_other_meanings_are_refused(meaning: str) -> None:
    with pytest.raises(BadTag, match="is not a tag meaning"):
        check_meaning(meaning)


def test_saved_tags_load_back_and_unknown_tags_are_none(tmp_path: Path) -> None:
    registry = TagRegistry(tmp_path / "tags.toml")
    registry.add("04:A1:B2:C3:D4:E5:F6", "deed:mayfair")
    registry.add("a1b2c3d4", "token:car")
    registry.add("11223344", "card:chance:7")
    registry.save()
    loaded = TagRegistry.load(tmp_path / "tags.toml")
    assert loaded.as_dict() == {"04a1b2c3d4e5f6": "deed:mayfair", "a1b2c3d4": "token:car",
                                "11223344": "card:chance:7"}
    assert loaded.lookup("04A1B2C3D4E5F6") == "deed:mayfair"
    assert loaded.lookup("deadbeef") is None
    assert loaded.lookup("not a uid") is None
    with open(tmp_path / "tags.toml", "rb") as f:
        assert tomllib.load(f)["tags"]["a1b2c3d4"] == "token:car"  # plain TOML, editable by hand


def test_no_file_yet_is_an_empty_registry(tmp_path: Path) -> None:
    registry = TagRegistry.load(tmp_path / "new" / "tags.toml")
    assert len(registry) == 0
    registry.add("a1b2c3d4", "token:dog")
    registry.save()  # makes the folder
    assert TagRegistry.load(tmp_path / "new" / "tags.toml").lookup("a1b2c3d4") == "token:dog"


def test_a_tag_used_for_something_else_is_refused_and_says_for_what(tmp_path: Path) -> None:
    registry = TagRegistry(tmp_path / "tags.toml")
    registry.add("a1b2c3d4", "deed:mayfair")
    registry.add("a1b2c3d4", "deed:mayfair")  # the same again: nothing to refuse
    with pytest.raises(TagInUse, match="already the deed mayfair") as refused:
        registry.add("A1B2C3D4", "token:car")
    assert refused.value.meaning == "deed:mayfair"
    assert registry.as_dict() == {"a1b2c3d4": "deed:mayfair"}


def test_one_deed_may_have_a_spare_tag(tmp_path: Path) -> None:
    registry = TagRegistry(tmp_path / "tags.toml")
    registry.add("a1b2c3d4", "deed:mayfair")
    registry.add("04a1b2c3d4e5f6", "deed:mayfair")
    assert registry.uids_for("deed:mayfair") == ["04a1b2c3d4e5f6", "a1b2c3d4"]
    assert registry.remove("a1b2c3d4") == "deed:mayfair"
    assert registry.lookup("a1b2c3d4") is None and registry.has("deed:mayfair")


@pytest.mark.parametrize("text, error", [
    ('[tags]\n"a1b2c3d4" = "deed:mayfair"\n"A1B2C3D4" = "token:car"\n', "already the deed mayfair"),
    ('[tags]\n"a1b2c3d4" = "token:racecar"\n', "'token:racecar' is not a tag meaning"),
    ('[tags]\n"mayfair" = "deed:mayfair"\n', "'mayfair' is not a tag UID"),
    ('[tags]\n"a1b2c3d4" = 7\n', "must map to text"),
    ("tags = 3\n", "must be a table"),
    ("[tags\n", "not valid TOML"),
    # a board's own section (tests/test_edition_tags.py): its deeds and cards only, under an edition's id
    ('[tags]\n[tags.us]\n"0a0b0c0d" = "token:car"\n', "only deeds and cards are a board's"),
    ('[tags."Not An Id"]\n"0a0b0c0d" = "deed:boardwalk"\n', "does not name an edition"),
    ('[tags.us]\n"0a0b0c0d" = "deed:boardwalk"\n"0A0B0C0D" = "deed:park-place"\n',
     "already the deed boardwalk"),
])
def test_a_damaged_tags_file_is_refused_naming_the_file(tmp_path: Path, text: str, error: str) -> None:
    path = tmp_path / "tags.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TagFileError, match=error) as refused:
        TagRegistry.load(path)
    assert str(path) in str(refused.value)
    assert path.read_text(encoding="utf-8") == text


def test_a_failed_save_leaves_the_old_file_whole_and_no_litter(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "tags.toml"
    registry = TagRegistry(path)
    registry.add("a1b2c3d4", "deed:mayfair")
    registry.save()
    before = path.read_bytes()
    registry.add("11223344", "token:car")

    def crash(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="No space"):
        registry.save()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tags.toml"]


def test_the_tags_file_is_relative_to_the_data_folder_unless_absolute(tmp_path: Path) -> None:
    assert registry_path("tags.toml", tmp_path) == tmp_path / "tags.toml"
    assert registry_path("/etc/companion/tags.toml", tmp_path) == Path("/etc/companion/tags.toml")


def test_meanings_in_words() -> None:
    london = load_edition()
    assert describe("deed:old-kent-road", london) == "Old Kent Road"
    assert describe("token:car") == "the car token"
    assert describe("card:community_chest:10", london) == "Community Chest card 10 (You inherit £100.)"
    assert describe("card:chance:3") == "Chance card 3"
