"""generator/'s modules parsed once per test process, for the tests that read the code's shape (layers, rounding)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

GENERATOR = Path(__file__).parent.parent / "generator"


@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))
