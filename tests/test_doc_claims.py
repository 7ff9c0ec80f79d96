"""The claims of README and every docs page that the code can check by itself: each relative link
leads to a file of the repository, each repository path named exists, each `companion` sub-command
and option named is one the parser has, each API route named is one the app serves, and the
developers' map of the code names every module it maps.

A page that moves, a module renamed or an option dropped then fails here instead of misleading the
next reader; so does web/README.md's tree of the pages' files, and a package docstring's word on
what the package may import. (Other figures, sentences and behaviour are checked by hand:
docs/developers.md.)
"""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

import pytest

from companion.cli import build_parser

from .web_support import Rig

ROOT = Path(__file__).resolve().parent.parent
# docs/russian-review.md is the messages rendered (tests/test_russian_review.py checks it), no claim.
PAGES = sorted({
    ROOT / "README.md", *ROOT.glob("docs/*.md"), ROOT / "bench" / "README.md",
    *ROOT.glob("companion/**/README.md"), ROOT / "firmware" / "README.md", *ROOT.glob("hardware/*.md"),
    *ROOT.glob("web/*.md"), ROOT / "systemd" / "README.md",
} - {ROOT / "docs" / "russian-review.md"})
NAMES = [str(page.relative_to(ROOT)) for page in PAGES]
# A path of the repository as the pages write it: a top folder, then a file or folder.
TOP = r"(?:companion|tests|bench|docs|web|systemd|\.ci|firmware|hardware|examples|tools)"
REPO_PATH = re.compile(rf"(?<![\w/.-])((?:\.\./)*{TOP}/[\w./-]*)")


def text(name: str) -> str:
    return (ROOT / name).read_text()


@pytest.mark.parametrize("name", NAMES)
def test_every_relative_link_leads_to_a_file_of_the_repository(name: str) -> None:
    page = ROOT / name
    targets = [t.split("#")[0] for t in re.findall(r"\]\(([^)\s]+)\)", text(name))
               if "://" not in t and not t.startswith(("#", "mailto:"))]
    for target in targets:
        resolved = (page.parent / target).resolve()
        assert resolved.is_relative_to(ROOT), f"{name} links outside the repository: {target}"
        assert resolved.exists(), f"{name} links to {target}, which is missing"


@pytest.mark.parametrize("name", NAMES)
def test_every_path_a_page_names_exists(name: str) -> None:
    page = ROOT / name
    for named in REPO_PATH.findall(text(name)):
        path = named.rstrip(".,:;")
        places = [page.parent / path] if path.startswith("../") else [ROOT / path, page.parent / path]
        assert any(p.exists() for p in places), f"{name} names {path}, which is missing"


def test_the_pages_name_paths_at_all() -> None:
    """The positive control: the pattern above finds the paths the pages do name."""
    found = REPO_PATH.findall(text("docs/developers.md"))
    assert "companion/rules/editions/" in [p.rstrip(".,:;") for p in found] or len(found) > 20
    assert REPO_PATH.findall("see `companion/ledger/README.md`, ../firmware/README.md") == [
        "companion/ledger/README.md", "../firmware/README.md"]


def _options() -> dict[str, set[str]]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return {name: {o for action in parser._actions for o in action.option_strings}
            for name, parser in sub.choices.items()}


def test_every_companion_command_and_option_named_exists() -> None:
    options = _options()
    checked = 0
    for name in NAMES:
        page = text(name)
        spans = re.findall(r"`([^`\n]+)`", page)
        spans += [line for line in page.splitlines() if "companion " in line]
        for span in spans:
            for m in re.finditer(r"\bcompanion ([a-z]+)\b([^`|;&]*)", span):
                command, rest = m.group(1), m.group(2)
                if f"`companion {command}" in page and command not in options:
                    pytest.fail(f"{name} names `companion {command}`, which is no sub-command")
                for option in re.findall(r"(?<![\w-])--[a-z][\w-]*", rest) if command in options else []:
                    assert option in options[command], f"{name}: companion {command} has no {option}"
                    checked += 1
    assert checked > 40  # the pages do quote options (the positive control)


def test_the_sub_commands_counted_are_the_parsers() -> None:
    said = re.findall(r"\((\d+) sub-commands\)", text("docs/developers.md"))
    assert said == [str(len(_options()))], f"docs/developers.md counts {said} sub-commands"


def test_every_api_route_named_is_served(rig: Rig) -> None:
    served = {re.sub(r"<(?:\w+:)?\w+>", "X", rule.rule) for rule in rig.app.url_map.iter_rules()}
    checked = 0
    for name in NAMES:
        for route in re.findall(r"(/api/[\w/<>{}.-]*[\w>}])", text(name)):
            shape = re.sub(r"<[^>]+>|\{[^}]+\}", "X", route)
            shape = re.sub(r"^/api/export/X\.(?:jsonl|csv)(?:\.sig)?$", "/api/export/X.X", shape)
            assert shape in served, f"{name} names {route}, which the app does not serve"
            checked += 1
    assert checked > 50


def test_the_developers_map_names_every_module() -> None:
    layout = text("docs/developers.md").split("## Layout", 1)[1].split("\n## ", 1)[0]
    missing = []
    for path in sorted((ROOT / "companion").iterdir()):
        if path.name.startswith(("_", ".")) or path.suffix not in ("", ".py") or path.name == "__pycache__":
            continue
        rel = f"companion/{path.name}" + ("/" if path.is_dir() else "")
        if rel not in layout:
            missing.append(rel)
    for package in ("web", "table"):
        for module in sorted((ROOT / "companion" / package).glob("*.py")):
            if module.name not in ("__init__.py", "__main__.py") and f"`{module.name}`" not in layout:
                missing.append(f"companion/{package}/{module.name}")
    assert not missing, f"docs/developers.md's Layout does not name {missing}"


def test_the_web_pages_tree_names_every_file_of_the_site_and_no_other() -> None:
    """web/README.md's tree of companion/web/site: each template, stylesheet and module it names is
    there, and each one there is named (a page's new module is found in the tree)."""
    page = text("web/README.md")
    tree = page[page.index("companion/web/site/\n"):]
    tree = tree[: tree.index("```")]
    named = set(re.findall(r"[\w-]+\.(?:js|html|css)\b", tree))
    site = ROOT / "companion/web/site"
    there = {f.name for folder in ("templates", "static/js", "static/css") for f in (site / folder).iterdir()
             if f.suffix in (".js", ".html", ".css")}
    assert named - there == set(), "named in web/README.md's tree, not in companion/web/site"
    assert there - named == set(), "in companion/web/site, not named in web/README.md's tree"


def test_the_web_uses_no_device_only_what_its_docstring_allows() -> None:
    """companion/web/__init__.py: of companion.hardware the web uses the tag registry and the
    enrolment's steps alone, never a device."""
    allowed = {"tags", "enroll"}
    used: set[str] = set()
    for module in (ROOT / "companion/web").rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                name = ("companion." if node.level == 0 else "") + node.module
                if ".hardware" in name or name.startswith("hardware"):
                    used.add(name.rsplit("hardware", 1)[1].lstrip(".").split(".")[0] or "*")
    assert used, "the check reads the imports (the web enrols tags)"
    assert used <= allowed, f"the web imports companion.hardware's {sorted(used - allowed)}"
