"""The rule engine's imports go one way (issue 39): its modules stand on floors, listed bottom first
in companion/rules/__init__.py's docstring, and a module imports only from its own floor or a lower
one, with no circle even among the imports of one floor, and no import hidden where a circle could
hide (inside a function, or after a module's first statement). Type-only imports count as imports:
a handler that names `Game` for its types stands above `Game` as surely as one that calls it.

Read from the source with `ast`, so nothing is imported to check it. The web's common, context and
waiting once closed a circle through an import inside a function (and presence dodged it the same
way): they are held to the same "every import at the top" rule.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "companion" / "rules"
PACKAGE = "companion.rules"
WEB_AT_THE_TOP = ("companion/web/common.py", "companion/web/context.py", "companion/web/waiting.py",
                  "companion/web/presence.py")
# All the engine may import of the companion's own, besides itself (the package docstring says why).
ALLOWED_OUTSIDE = ("companion.errors", "companion.i18n")
FLOOR_LINE = re.compile(r"^\s*(\d+)\. [^:`]+: ((?:`\w+`, )*`\w+`)", re.MULTILINE)


@dataclass(frozen=True)
class Import:
    module: str  # the importing module, dotted
    target: str  # what it imports, dotted (a submodule when `from . import name` names one)
    line: int
    where: str  # "top", "type-checking", "function", "class", "late" (after the first statement)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _first(node: ast.stmt) -> bool:
    """A statement of the leading block: the docstring, imports, `if TYPE_CHECKING:` imports."""
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return True
    if isinstance(node, ast.Import | ast.ImportFrom):
        return True
    return isinstance(node, ast.If) and _type_checking(node) and all(
        isinstance(inner, ast.Import | ast.ImportFrom) for inner in node.body) and not node.orelse


def imports(path: Path) -> list[Import]:
    """Every import in the file, wherever it stands, and where that is."""
    module = module_name(path)
    is_package = path.name == "__init__.py"
    found: list[Import] = []

    def add(node: ast.Import | ast.ImportFrom, where: str) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(Import(module, alias.name, node.lineno, where))
            return
        base = _absolute(module, is_package, node)
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            found.append(Import(module, sub if _is_module(sub) else base, node.lineno, where))

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                add(child, where)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child, "function")
            elif isinstance(child, ast.ClassDef):
                visit(child, "function" if where == "function" else "class")
            else:
                visit(child, where)

    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    leading = True
    for statement in tree.body:
        leading = leading and _first(statement)
        if leading and isinstance(statement, ast.If):
            for inner in statement.body:
                add(inner, "type-checking")  # type: ignore[arg-type] - _first checked them
        elif leading and isinstance(statement, ast.Import | ast.ImportFrom):
            add(statement, "top")
        elif isinstance(statement, ast.Import | ast.ImportFrom):
            add(statement, "late")
        elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            visit(statement, "function")
        elif isinstance(statement, ast.ClassDef):
            visit(statement, "class")
        else:
            visit(statement, "late")
    return found


def rules_files(root: Path = RULES) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def floors(root: Path = RULES) -> dict[str, int]:
    """The package docstring's floors: module (dotted) -> its floor, 1 the lowest."""
    tree = ast.parse((root / "__init__.py").read_text(encoding="utf-8"))
    doc = ast.get_docstring(tree) or ""
    placed: dict[str, int] = {}
    for number, names in FLOOR_LINE.findall(doc):
        for name in re.findall(r"`(\w+)`", names):
            assert f"{PACKAGE}.{name}" not in placed, f"{name} is on two floors"
            placed[f"{PACKAGE}.{name}"] = int(number)
    return placed


def engine_imports(root: Path = RULES) -> list[Import]:
    return [found for path in rules_files(root) for found in imports(path)]


def upward(found: list[Import], placed: dict[str, int]) -> list[str]:
    """The imports that go up a floor (the package's own __init__ stands above every floor)."""
    top = max(placed.values(), default=0) + 1
    bad = []
    for i in found:
        if not i.target.startswith(PACKAGE) or i.module == PACKAGE:
            continue
        mine, theirs = placed.get(i.module, top), placed.get(i.target, top)
        if theirs > mine:
            bad.append(f"{i.module} (floor {mine}) imports {i.target} (floor {theirs}), "
                       f"line {i.line}, {i.where}")
    return bad


def circles(found: list[Import]) -> list[list[str]]:
    """The engine's import circles, each a strongly connected set of modules (Tarjan), largest first."""
    graph: dict[str, set[str]] = {}
    for i in found:
        if i.target.startswith(PACKAGE) and i.target != i.module:
            graph.setdefault(i.module, set()).add(i.target)
            graph.setdefault(i.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found_sets: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            members = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                members.append(member)
                if member == node:
                    break
            if len(members) > 1:
                found_sets.append(sorted(members))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(found_sets, key=len, reverse=True)


def hidden(paths: list[Path]) -> list[str]:
    """Imports inside a function or a class, or after a module's first statement."""
    return sorted({f"{i.module} line {i.line}: {i.target}, {i.where}"
                   for path in paths for i in imports(path) if i.where in ("function", "class", "late")})


# ---- the engine as it is ----------------------------------------------------------------------

def test_every_module_of_the_engine_stands_on_one_floor() -> None:
    placed = floors()
    modules = {module_name(p) for p in rules_files()} - {PACKAGE}
    assert placed, "companion/rules/__init__.py's docstring lists no floors"
    assert sorted(modules - set(placed)) == [], "modules on no floor"
    assert sorted(set(placed) - modules) == [], "floors name modules that do not exist"


def test_no_import_goes_up_a_floor() -> None:
    placed = floors()
    assert placed, "companion/rules/__init__.py's docstring lists no floors"
    assert upward(engine_imports(), placed) == []


def test_the_engine_imports_in_no_circle() -> None:
    assert circles(engine_imports()) == []


def test_every_import_stands_at_the_top_of_its_module() -> None:
    assert hidden([*rules_files(), *(ROOT / name for name in WEB_AT_THE_TOP)]) == []


def test_the_engine_imports_only_the_standard_library_and_what_its_docstring_names() -> None:
    outside = sorted({
        f"{i.module} imports {i.target}" for i in engine_imports()
        if not i.target.startswith(PACKAGE + ".") and i.target != PACKAGE
        and i.target.split(".")[0] not in sys.stdlib_module_names
        and not any(i.target == allowed or i.target.startswith(allowed + ".") for allowed in ALLOWED_OUTSIDE)
    })
    assert outside == []


# ---- the checks catch what they are for ------------------------------------------------------

def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "companion" / "rules"
    root.mkdir(parents=True)
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


FLOORED = '"""Floors:\n\n1. bottom: `state`\n2. handlers: `turn`, `market`\n3. face: `game`\n"""\n'


def test_the_checks_see_an_upward_import_a_circle_and_a_hidden_import(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    root = _package(tmp_path, {
        "__init__.py": FLOORED,
        "state.py": "from __future__ import annotations\n",
        "turn.py": ("from typing import TYPE_CHECKING\n\nfrom .state import x\n\n"
                    "if TYPE_CHECKING:\n    from .game import Game\n\n"
                    "def roll():\n    from .market import lot_name\n"),
        "market.py": "from .turn import roll\n",
        "game.py": '"""The face."""\n\nX = 1\n\nfrom .turn import roll  # noqa: E402\n',
    })
    found = engine_imports(root)
    assert floors(root) == {"companion.rules.state": 1, "companion.rules.turn": 2,
                            "companion.rules.market": 2, "companion.rules.game": 3}
    assert upward(found, floors(root)) == [
        "companion.rules.turn (floor 2) imports companion.rules.game (floor 3), line 6, type-checking"]
    assert circles(found) == [["companion.rules.game", "companion.rules.market", "companion.rules.turn"]]
    assert hidden(rules_files(root)) == [
        "companion.rules.game line 5: companion.rules.turn, late",
        "companion.rules.turn line 9: companion.rules.market, function",
    ]
