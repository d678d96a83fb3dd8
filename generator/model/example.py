"""A worked example of a rulebook as data: read by the loader (load/examples.py), run by the solver."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True)
class Example:
    """A worked example kept as data: what is given, and what the rulebook says comes out."""

    name: str
    scenario: str
    given: Mapping[str, Any]
    expected: Mapping[str, Any]
    ref: str = ""
    rule: str = ""
    provenance: str = ""
    file: str = ""
    where: str = ""
    skip: str = ""               # why it is not run yet: reported as information, never as passed
    lines: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)   # key path -> line in `file`
