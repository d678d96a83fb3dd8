"""One component as the reader walks its keys (generator/load/components.py): the mapping written, the values its
keys have given so far, and what every component of the game is read against. Each key's reader and each rule
between keys takes a Piece."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.load.reader import Reader
from generator.load.yamlio import join


@dataclass
class GameParts:
    """What all of a game's components are read against."""

    folder: Path
    folder_tables: set[str]              # art by folder: checked once for all rows (game.py)
    placeholders: bool = False           # --placeholders: a missing image is printed as a placeholder
    art: dict[str, Any] = field(default_factory=dict)   # the game's art, which rows from a folder of images add to
    image_art: set[str] = field(default_factory=set)    # the art tables made from folders of images
    languages: tuple[str, ...] = ()      # the languages a row's `field@code` columns may name (not the default)
    default_language: str = "en"


@dataclass
class Piece:
    """A component being read: `got` holds each key's value once its reader has run (None after a problem),
    in the key table's order, so a reader may use the keys before it (a size is read for its shape)."""

    r: Reader
    m: dict
    where: str
    game: GameParts
    got: dict[str, Any] = field(default_factory=dict)

    def at(self, key: str) -> str:
        """The key path of one of its keys, for messages: `components[2].size`."""
        return join(self.where, key)

    def declared(self, key: str) -> Any:
        """The key read as the schema's table declares it: its kind's reader function, its default."""
        return self.r.field(self.m, "component", key, self.where)
