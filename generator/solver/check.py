"""`pnp check`: inventory for every player count, the rules module's spec checks, notes and examples."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from generator.model.game import Game
from generator.solver.result import CheckResult
from generator.solver.colour_checks import colour_checks
from generator.solver.data_checks import data_checks
from generator.load.examples import load_examples
from generator.solver import guard
from generator.solver.fits import fit_checks
from generator.solver.flatten_checks import flatten_checks
from generator.solver.inventory import inventory_checks
from generator.solver.invariants import invariant_checks
from generator.solver.registry import load_rules
from generator.solver.rules_read import unread_rules_checks


@dataclass(frozen=True)
class GameReport:
    game: str
    checks: tuple[CheckResult, ...]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.proofs)

    @property
    def proofs(self) -> tuple[CheckResult, ...]:
        """The checks that pass or fail; notes and decisions are information and count for neither."""
        return tuple(c for c in self.checks if not c.informational)

    @property
    def counts(self) -> dict[str, int]:
        """What the headline says: checks made and how they came out, apart from what was not run or skipped."""
        not_run = sum(1 for c in self.proofs if c.data.get("not_run"))
        skipped = sum(1 for c in self.checks if c.informational and "skipped" in c.data)
        return {"checks": len(self.proofs), "passed": sum(1 for c in self.proofs if c.ok),
                "failed": sum(1 for c in self.proofs if c.ok is False) - not_run, "not_run": not_run,
                "skipped": skipped, "notes": len(self.checks) - len(self.proofs) - skipped}

    def headline(self) -> str:
        """`tide: FAILED (14 checks: 11 passed, 2 failed, 1 not run; 1 skipped; 4 notes and decisions)`."""
        n = self.counts
        made = ", ".join(f"{n[k]} {words}" for k, words in (("passed", "passed"), ("failed", "failed"),
                                                             ("not_run", "not run")) if n[k] or k == "passed")
        rest = "".join(f"; {n[k]} {words}" for k, words in (("skipped", "skipped"), ("notes", "notes and decisions"))
                       if n[k] or k == "notes")
        return f"{self.game}: {'ok' if self.ok else 'FAILED'} ({n['checks']} checks: {made}{rest})"

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "ok": self.ok, "counts": self.counts, "checks": [c.as_json() for c in self.checks]}


def note_checks(game: Game) -> list[CheckResult]:
    """Gaps and contradictions of the rulebook, reported (never silently fixed) with the decision taken."""
    out = []
    for n in game.notes:
        detail = n["text"] + (f" Decision: {n['decision']}" if n.get("decision") else "")
        out.append(CheckResult("note", n["id"], None, detail, {"severity": n.get("severity", "minor")}))
    return out


def decision_checks(game: Game) -> list[CheckResult]:
    """Every value the spec marks as not from the rulebook, with its source and reason."""
    return [CheckResult("decision", where, None, f"{p.source}: {p.note}" if p.note else p.source)
            for where, p in sorted(game.provenance.items()) if p.source != "rulebook"]


def check_game(game: Game, extra_examples: Sequence[Path] = (), look: Any = None, *, trusted: bool = False,
               **options: Any) -> GameReport:
    """`look`: the build's Appearance (theme and style applied), whose colours the colour checks read; `trusted`:
    run the game folder's own rules code (--trust-rules). Rules code runs through guard.py: its exception is a line."""
    loaded = load_rules(game, trusted)
    rules = loaded.rules
    checks = (inventory_checks(game) + fit_checks(game) + list(loaded.status) + guard.spec_checks(loaded)
              + invariant_checks(game) + unread_rules_checks(game, None if loaded.status else rules.rule_keys())
              + note_checks(game)
              + decision_checks(game) + colour_checks(game, *((look.palette, look.players) if look else ())))
    checks.extend(data_checks(game))
    checks.extend(flatten_checks(game, look))
    files = [game.folder / "examples.yaml"] if (game.folder / "examples.yaml").is_file() else []
    for path in [*files, *extra_examples]:
        for ex in load_examples(path, list(rules.scenarios) if rules.has_module else None):
            checks.append(guard.example(loaded, ex))
    checks.extend(guard.extra_checks(loaded, **options))
    return GameReport(game.id, tuple(checks))
