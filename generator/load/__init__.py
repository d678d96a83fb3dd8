"""Reading and validating game specs."""

from generator.load.game import game_folders, load_game, local_game_folders, resolve_game

__all__ = ["game_folders", "load_game", "local_game_folders", "resolve_game"]
