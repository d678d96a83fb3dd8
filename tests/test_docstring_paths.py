"""Every file or folder of the checkout that a docstring in generator/ names exists: a tour of the source that
points at a moved or deleted module misleads the next reader."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
NAMED = re.compile(r"(?<![\w/.-])((?:generator|docs|tools|tests|templates|components|bench|profiles|shops|fonts)"
                   r"/[\w./*-]*[\w*/])")
# named on purpose, and not in a checkout: a wheel's package data, and the example folder `pnp new` writes
NOT_IN_A_CHECKOUT = {"generator/_shipped", "generator/_shipped/", "templates/x/"}


def named_paths(source: str) -> list[str]:
    """The checkout paths the module's, classes' and functions' docstrings name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            found += [p.rstrip(".") for p in NAMED.findall(ast.get_docstring(node) or "")]
    return found


def test_the_pattern_finds_what_a_docstring_names():
    doc = '"""Read by generator/load/images.py and templates/shared/image-*.svg.j2 (see docs/spec.md)."""'
    assert named_paths(doc) == ["generator/load/images.py", "templates/shared/image-*.svg.j2", "docs/spec.md"]


def test_every_path_a_docstring_names_exists():
    missing = []
    for module in sorted((ROOT / "generator").rglob("*.py")):
        for path in named_paths(module.read_text(encoding="utf-8")):
            if path not in NOT_IN_A_CHECKOUT and not any(ROOT.glob(path.rstrip("/"))):
                missing.append(f"{module.relative_to(ROOT)}: {path}")
    assert missing == []
