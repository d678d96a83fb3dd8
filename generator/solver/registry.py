"""Rules modules by game id. Each module registers itself on its last line.

A game's rules package is the folder under generator/solver/games named like its id (a hyphen
as an underscore); only that one is imported, so a build of a game pays for its own rules only.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from generator.model.game import Game
from generator.solver.base import GenericRules, Rules

RULES: dict[str, type[Rules[Any]]] = {}


def register(cls: type[Rules[Any]]) -> type[Rules[Any]]:
    RULES[cls.game_id] = cls
    return cls


def packages() -> list[str]:
    """The names of the rules packages (without importing them)."""
    from generator.solver import games
    return sorted(info.name for info in pkgutil.iter_modules(games.__path__))


def rules_for(game: Game) -> Rules[Any]:
    """The game's rules module, or GenericRules for a game that has none (inventory only)."""
    key = game.rules_from or game.id
    module = key.replace("-", "_")
    if key not in RULES and module in packages():
        importlib.import_module(f"generator.solver.games.{module}")
    return RULES.get(key, GenericRules)(game)
