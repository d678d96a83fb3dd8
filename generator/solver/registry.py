"""Rules packages by game id. Each package names its Rules class in its `__init__.py` (`RULES = TheClass`).

A game's rules package is the folder under generator/solver/games named like its id (a hyphen as an underscore);
only that one is imported, so a build of a game pays for its own rules only. Nothing is registered by importing a
package, so a package cannot stand in for another game by naming its id.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from generator.model.game import Game
from generator.solver.base import GenericRules, Rules


def packages() -> list[str]:
    """The names of the rules packages (without importing them)."""
    from generator.solver import games
    return sorted(info.name for info in pkgutil.iter_modules(games.__path__))


def rules_for(game: Game) -> Rules[Any]:
    """The game's rules package's Rules, or GenericRules for a game that has none (inventory only)."""
    module = (game.rules_from or game.id).replace("-", "_")
    if module not in packages():
        return GenericRules(game)
    cls: type[Rules[Any]] = importlib.import_module(f"generator.solver.games.{module}").RULES
    return cls(game)
