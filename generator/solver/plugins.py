"""Rules packages that are not shipped: installed ones (an entry point) and a game folder's own `rules/`.

An installed distribution offers a package under the entry-point group `punchboard.rules`, named by the game
id it referees, its value the module (`tidepool = tidepool_rules`): the user chose to install it, so it runs
like any installed library. A game folder's `rules/` is untrusted input, so it runs only with consent
(`--trust-rules`, or the allow list of `pnp trust`, trust.py); without it the package is not even read,
and one failed line says what was not run and how to allow it. Each lookup gives a `Found`: the package's
origin, and either how to load it or the line saying why it is not loaded.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Callable

from generator.common.errors import PunchboardError, display_path
from generator.model.game import Game
from generator.solver import folder_rules, trust
from generator.solver.guard import Origin, attempt, refused
from generator.solver.result import CheckResult

GROUP = "punchboard.rules"


@dataclass(frozen=True)
class Found:
    """A rules package found for a game: how to load it (None: it is not loaded, `status` says why)."""

    origin: Origin
    load: Callable[[], Any] | None
    status: tuple[CheckResult, ...] = ()
    digest: str = ""


def installed(key: str) -> Found | None:
    """The first installed package offering `key` under the entry-point group, if any."""
    origin = Origin(key, f"the entry points {GROUP}")
    points, failed = attempt(origin, "looking for installed packages", lambda: list(entry_points(group=GROUP,
                                                                                                name=key)))
    if failed or not points:
        return Found(origin, None, (failed,)) if failed else None
    point = points[0]
    dist = f"{point.dist.name} {point.dist.version}" if point.dist else "an installed distribution"
    origin = Origin(key, f"{point.value}, installed by {dist}", _root(point.module))
    return Found(origin, point.load)


def _root(module: str) -> str:
    """The folder of an installed module's files, found without running it (for the frame a failure names)."""
    top = module.partition(".")[0]
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return ""
    places = (spec.submodule_search_locations or [os.path.dirname(spec.origin or "")]) if spec else []
    return os.path.realpath(list(places)[0]) if places else ""


def folder(game: Game, trusted: bool) -> Found | None:
    """The game folder's `rules/` package, when it has one: loaded only with consent, read only when it may run."""
    root = game.folder / "rules"
    if not os.path.isfile(root / "__init__.py"):
        return None
    origin = Origin(game.id, display_path(root), os.path.realpath(root))
    allow = f"pnp trust {shlex.quote(display_path(game.folder))}"
    listed = None
    if not trusted:
        try:
            listed = trust.entry(game.folder)
        except PunchboardError as exc:
            return _not_run(origin, "allow list unreadable", f"the allow list cannot be read ({_said(exc)}); "
                            "add --trust-rules, or fix the file")
        if listed is None:
            return _not_run(origin, "not trusted", "code in a game folder runs only when you allow it; read it, "
                            f"then add --trust-rules, or run {allow}")
    try:
        snap = folder_rules.snapshot(root)
    except PunchboardError as exc:
        return Found(origin, None, (refused(origin, "not loaded", f" not loaded: {_said(exc)}"),))
    if listed is not None and listed.sha256 != snap.digest:
        return _not_run(origin, "consent lapsed", f"its files changed since {allow} allowed them; read them, then "
                        f"add --trust-rules, or run {allow} again", snap.digest)
    return Found(origin, lambda: folder_rules.import_snapshot(snap), (), snap.digest)


def _said(exc: PunchboardError) -> str:
    """An error's first problem as words inside a line (without its own "error: ")."""
    return str(exc.problems[0]).removeprefix("error: ")


def _not_run(origin: Origin, what: str, why: str, digest: str = "") -> Found:
    return Found(origin, None, (refused(origin, what, f" not run: {why}"),), digest)


def shadowed(game: Game, used: Origin) -> tuple[CheckResult, ...]:
    """A line when the game folder carries a `rules/` package that another package found first replaces."""
    root = game.folder / "rules"
    if not os.path.isfile(root / "__init__.py"):
        return ()
    own = Origin(game.id, display_path(root))
    return (refused(own, "not used", f" not used: {used.named} referees {game.id} (found first)", None),)


def package_snapshot(folder: Path) -> folder_rules.Snapshot:
    """The snapshot `pnp trust` allows (a SpecError names what is refused; no code runs)."""
    return folder_rules.snapshot(folder / "rules")
