"""The shape of one line of `pnp check`: what the rules module, the random-play runner and the report share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True)
class CheckResult:
    """One line of `pnp check`: what was checked (`kind`, `name`), whether it held, the line's words (`detail`)
    and its figures (`data`, merged into the line's JSON). `trace` is the traceback of rules code that raised
    (guard.py): `--debug` prints it, and it is never part of the JSON, the gallery or equality."""

    kind: str                 # "inventory", "spec", "example", "fit", "simulation", "rules"; or "note", "decision"
    name: str
    ok: bool | None           # None: information (a note or a decision), never passed or failed
    detail: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)
    trace: str = field(default="", repr=False, compare=False)

    @property
    def informational(self) -> bool:
        return self.ok is None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "name": self.name, "ok": self.ok}
        out.update(self.data)
        if self.detail:
            out["detail"] = self.detail
        return out
