"""Every game package reads alike (issue 22, item 1): the same role modules, a short `__init__.py` that only
names its Rules class (`RULES = ...`), the Rules class in `game.py`, the worked-example runners in `scenarios.py`, and no caller importing a
name from a package root (each name comes from the module that defines it).
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from generator.solver.base import Rules
from generator.solver.registry import packages, rules_for
from generator.load import load_game
from source_tree import parsed

ROOT = Path(__file__).parent.parent
GAMES_DIR = ROOT / "generator" / "solver" / "games"
SHIPPED = ("izakaya", "kamiza", "niya", "nusfjord", "nyakuza")
ROLES = {"__init__", "spec", "engine", "checks", "aid", "scenarios", "questions", "game"}
INIT_MAX_LINES = 59            # "under 60 lines"


def _init_tree(game: str) -> ast.Module:
    return ast.parse((GAMES_DIR / game / "__init__.py").read_text(encoding="utf-8"))


def test_the_shipped_games_are_the_packages():
    assert set(SHIPPED) <= set(packages())


@pytest.mark.parametrize("game", packages())
def test_the_package_has_every_role_module(game):
    modules = {p.stem for p in (GAMES_DIR / game).glob("*.py")}
    assert ROLES - modules == set(), f"{game} lacks role modules"


@pytest.mark.parametrize("game", packages())
def test_init_is_short_and_only_names_its_rules(game):
    text = (GAMES_DIR / game / "__init__.py").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= INIT_MAX_LINES
    tree = _init_tree(game)
    assert ast.get_docstring(tree), f"{game}/__init__.py has no docstring listing its modules"
    for role in ROLES - {"__init__"}:
        assert f"- {role}:" in ast.get_docstring(tree), f"{game}/__init__.py's docstring does not list {role}"
    names = [t.id for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AnnAssign))
             for t in (node.targets if isinstance(node, ast.Assign) else [node.target]) if isinstance(t, ast.Name)]
    assert "__all__" not in names
    body = tree.body[1:]
    imports = [n for n in body if isinstance(n, ast.ImportFrom)]
    assert [(n.module, [a.name for a in n.names]) for n in imports] == [
        (f"generator.solver.games.{game}.game", [f"{_camel(game)}Rules"])]
    rest = [n for n in body if not isinstance(n, ast.ImportFrom)]
    assert len(rest) == 1 and ast.unparse(rest[0]) == f"RULES = {_camel(game)}Rules"


def _camel(game: str) -> str:
    return "".join(part.capitalize() for part in game.split("_"))


@pytest.mark.parametrize("game", SHIPPED)
def test_game_py_holds_the_rules_the_registry_returns(game):
    module = importlib.import_module(f"generator.solver.games.{game}.game")
    classes = [c for _, c in inspect.getmembers(module, inspect.isclass)
               if issubclass(c, Rules) and c is not Rules and c.__module__ == module.__name__]
    assert [c.__name__ for c in classes] == [f"{_camel(game)}Rules"]
    assert type(rules_for(load_game(game))) is classes[0]


@pytest.mark.parametrize("game", SHIPPED)
def test_every_scenario_runs_a_function_of_scenarios_py(game):
    rules = rules_for(load_game(game))
    own = {name: run for name, run in rules.scenarios.items() if name != "deal"}
    assert own, f"{game} has no worked-example scenarios"
    for name, run in own.items():
        assert run.func.__name__ == f"scenario_{name}"
        assert run.func.__module__ == f"generator.solver.games.{game}.scenarios"


def _root_imports(path: Path) -> list[tuple[int, str]]:
    """`from generator.solver.games.<g> import X` where X is not a module of the package."""
    found: list[tuple[int, str]] = []
    if "generator.solver.games." not in path.read_text(encoding="utf-8"):
        return found                       # no such import can be in it: spare parsing the file
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.count(".") == 3 \
                and node.module.startswith("generator.solver.games."):
            game = node.module.rsplit(".", 1)[1]
            modules = {p.stem for p in (GAMES_DIR / game).glob("*.py")}
            found += [(node.lineno, a.name) for a in node.names if a.name not in modules]
    return found


def test_no_caller_imports_a_name_from_a_package_root():
    bad = [f"{p.relative_to(ROOT)}:{line} imports {name}" for folder in ("generator", "tests", "bench", "tools")
           for p in sorted((ROOT / folder).rglob("*.py")) for line, name in _root_imports(p)]
    assert bad == []


def test_the_root_import_check_finds_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from generator.solver.games.niya import engine, NiyaRules\n", encoding="utf-8")
    assert _root_imports(sample) == [(1, "NiyaRules")]
