"""One player's board and supply, apart from the game state so that the work actions (work.py) and the engine
(engine.py) both read it without importing each other."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Player:
    seat: int
    forests: list[int]                       # Forests on each double space, the topmost first (L90)
    fish: int = 0                            # the personal supply
    wood: int = 0
    gold: int = 0
    reserve: int = 0                         # fish on the Harbor board's Reserve
    elders: list[list[int]] = field(default_factory=list)    # [number, fish on it], in Council order
    ships: list[str] = field(default_factory=list)
    buildings: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)             # hidden C Buildings (Round spaces 4-6)
    workers_out: int = 0
