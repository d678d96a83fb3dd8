"""Rules modules by game id. Each module registers itself on its last line."""

from __future__ import annotations

import importlib
import pkgutil

from generator.model import Game
from generator.solver.base import Rules

RULES: dict[str, type[Rules]] = {}
_loaded = False


def register(cls: type[Rules]) -> type[Rules]:
    RULES[cls.game_id] = cls
    return cls


def _load_modules() -> None:
    """Import every rules package once (importing one game's package directly must not hide the others)."""
    global _loaded
    from generator.solver import games
    _loaded = True
    for info in pkgutil.iter_modules(games.__path__):
        importlib.import_module(f"{games.__name__}.{info.name}")


def rules_for(game: Game) -> Rules:
    """The game's rules module, or the generic base for a game that has none (inventory only)."""
    if not _loaded:
        _load_modules()
    cls = RULES.get(game.rules_from or game.id, Rules)
    return cls(game)
