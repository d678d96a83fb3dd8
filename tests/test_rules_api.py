"""The rules API (generator/solver/api.py) is all a rules package needs: the five shipped games import from it, their
own package and the standard library only, so a package written outside Punchboard can do what they do."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from generator.solver import api
from generator.solver.registry import packages
from source_tree import parsed

GAMES = Path(__file__).parent.parent / "generator" / "solver" / "games"
API = "generator.solver.api"


def outside_imports(package: Path) -> list[str]:
    """Every `generator.` import of the package's modules other than the API and the package's own modules."""
    own = f"generator.solver.games.{package.name}"
    bad = []
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            else:
                continue
            bad += [f"{path.name}:{node.lineno}: {m}" for m in modules if m.split(".")[0] == "generator"
                    and m != API and m != own and not m.startswith(own + ".")]
    return bad


@pytest.mark.parametrize("game", packages())
def test_a_shipped_game_imports_punchboard_through_the_api_only(game):
    assert outside_imports(GAMES / game) == []


def test_the_check_finds_an_import_past_the_api(tmp_path):
    package = tmp_path / "tidepool"
    package.mkdir()
    (package / "spec.py").write_text("from generator.solver.api import Game\nfrom generator.solver.games.tidepool import "
                                     "engine\nfrom generator.model.game import Row\nimport generator.render.context\n"
                                     "from generator.solver import play\nfrom generator.solver.games.niya import garden\n")
    assert outside_imports(package) == ["spec.py:3: generator.model.game", "spec.py:4: generator.render.context",
                                        "spec.py:5: generator.solver", "spec.py:6: generator.solver.games.niya"]


def test_every_name_of_the_api_is_there_and_says_what_it_is():
    assert len(api.__all__) == len(set(api.__all__))
    for name in api.__all__:
        value = getattr(api, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            doc = inspect.getdoc(value) or ""
            assert doc and not doc.startswith(f"{name}("), f"{name} has no docstring of its own"


def test_the_api_defines_nothing_of_its_own():
    """It only re-exports: every name it holds besides the module's own dunders is listed in __all__."""
    public = {n for n in vars(api) if not n.startswith("_") and n != "annotations"}
    assert public == set(api.__all__)


def test_the_reference_page_names_every_name_of_the_api():
    text = (Path(__file__).parent.parent / "docs" / "reference" / "rules-api.md").read_text(encoding="utf-8")
    assert [n for n in api.__all__ if f"`{n}`" not in text] == []
