"""A game's rules package, found by its `rules_from` (else its id) and named by `RULES` in its `__init__.py`.

Looked up in this order, the first found referees the game:
1. shipped: generator/solver/games/<id> (a hyphen as an underscore), Punchboard's own, reviewed code. First,
   so nothing installed or carried by a game folder can take a shipped game's place.
2. installed: an entry point of the group `punchboard.rules` named by the id (plugins.py); installing a
   distribution is already consent to run it.
3. the game folder's own `rules/` package, run only with consent (plugins.py, trust.py).
Only the one package found is imported, so a build of a game pays for its own rules only. Nothing is
registered by importing a package: a package cannot stand in for another game by naming its id.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from typing import Any

from generator.common.units import describe
from generator.model.game import Game
from generator.solver import plugins
from generator.solver.base import GenericRules, Rules
from generator.solver.guard import Loaded, Origin, attempt, refused
from generator.solver.result import CheckResult


def packages() -> list[str]:
    """The names of the shipped rules packages (without importing them)."""
    from generator.solver import games
    return sorted(info.name for info in pkgutil.iter_modules(games.__path__))


def shipped(key: str) -> plugins.Found | None:
    module = key.replace("-", "_")
    if module not in packages():
        return None
    origin = Origin(key, f"generator.solver.games.{module}", os.path.join(os.path.dirname(__file__), "games", module))
    return plugins.Found(origin, lambda: importlib.import_module(f"generator.solver.games.{module}"))


def load_rules(game: Game, trusted: bool = False) -> Loaded:
    """The game's Rules, where they were found and what to report about finding them. `trusted`: the user
    consents to run the game folder's own rules code (--trust-rules). A package that cannot be loaded or run
    leaves the game its generic rules (inventory and `deal`) and one failed line saying why."""
    key = game.rules_from or game.id
    found = shipped(key) or plugins.installed(key) or plugins.folder(game, trusted)
    if found is None:
        return Loaded(GenericRules(game))
    own = found.origin.root == os.path.realpath(game.folder / "rules")
    status = found.status + (() if own else plugins.shadowed(game, found.origin))
    rules, failed = _made(found, game) if found.load is not None else (None, None)
    if rules is None:
        return Loaded(GenericRules(game), None, status + ((failed,) if failed else ()), found.digest)
    return Loaded(rules, found.origin, status, found.digest)


def _made(found: plugins.Found, game: Game) -> tuple[Rules[Any] | None, CheckResult | None]:
    """The package imported, its RULES class checked and made for the game; or the line saying what failed."""
    assert found.load is not None
    loaded, failed = attempt(found.origin, "loading it", found.load)
    if failed:
        return None, failed
    cls = getattr(loaded, "RULES", loaded)         # an entry point may name the class itself (module:Class)
    if not (isinstance(cls, type) and issubclass(cls, Rules)):
        return None, refused(found.origin, "loading it", ": expected RULES = a subclass of Rules "
                             f"(generator.solver.api) in its __init__.py, got {describe(cls)}")
    return attempt(found.origin, "loading it", lambda: cls(game))


def rules_for(game: Game, trusted: bool = False) -> Rules[Any]:
    """The game's Rules (GenericRules, inventory only, for a game without a package it may run)."""
    return load_rules(game, trusted).rules
