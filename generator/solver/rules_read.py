"""Which `rules:` keys anything reads. A spec's `rules:` is read by its rules package, by the templates
(`rules.hand`) and by its invariants; a key none of them reads is checked by nobody (often a typo: `hand_limt`),
so `pnp check` names it instead of letting the headline say ok. A rules package that reads the section itself
(through RulesSection, which refuses a key it does not know) is trusted to have read what it accepts."""

from __future__ import annotations

from pathlib import Path

from generator.common import paths
from generator.common.confine import read_bytes
from generator.common.errors import PunchboardError, did_you_mean
from generator.common.expressions import names_read, template_reads
from generator.model.game import Game
from generator.solver.result import CheckResult

MAX_TEMPLATES = 500       # template files read for their `rules.` names; more is not a game's set of templates


def unread_rules_checks(game: Game, package_reads: frozenset[str] | None) -> list[CheckResult]:
    """One check when the spec has `rules:` and no package reads the whole section: every key is read by a
    template or an invariant, or the keys nobody reads are named with the closest name that is read."""
    if not game.rules or package_reads is None:
        return []
    read = set(package_reads) | _read_by_templates(game)
    for inv in game.invariants:
        read |= names_read(inv.expect, "rules")
    unread = [k for k in game.rules if k not in read]
    if not unread:
        return [CheckResult("spec", "every rules key is read", True,
                            f"{len(game.rules)} read by the templates or invariants")]
    said = "; ".join(f"rules.{k}{did_you_mean(k, sorted(read - set(game.rules)))}" for k in unread)
    return [CheckResult("spec", "every rules key is read", False,
                        f"read by no rules package, template or invariant, so checked by nothing: {said}",
                        {"unread": unread})]


def _read_by_templates(game: Game) -> set[str]:
    """The `rules.` names of the game's templates and the shared macros they import."""
    folders = {game.folder / "templates"} | {paths.TEMPLATES / Path(face.template).parent for c in game.components
                                            for face in (c.front, c.back) if face is not None}
    folders.add(paths.TEMPLATES / "shared")
    read: set[str] = set()
    files = sorted(f for folder in folders if folder.is_dir() for f in folder.rglob("*.j2"))[:MAX_TEMPLATES]
    for f in files:
        try:
            text = read_bytes(f, (game.folder, paths.TEMPLATES), "template").decode("utf-8", "replace")
        except PunchboardError:          # the build reports a template it cannot read; here it reads nothing
            continue
        read |= template_reads(text, "rules")
    return read
