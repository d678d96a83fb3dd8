"""Every key the spec, a theme and an examples file accept, by section: (required, optional).

The readers take their keys from here, and docs/spec.md documents each section; a test keeps the
two in step, so a key cannot be added without its documentation (or the reverse).
"""

from __future__ import annotations

SCHEMA: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "game": (("id", "title", "players", "components"),
             ("subtitle", "edition", "rulebook", "player_colours", "palette", "fonts", "styles", "art", "labels",
              "setup", "rules", "notes", "icons", "rules_from", "colour_checks")),
    "players": (("min", "max"), ()),
    "player_colours": (("id", "name", "colour"), ("pattern", "symbol")),
    "font": (("family",), ("weight", "style")),
    "style": ((), ("palette", "line_art", "note")),
    "component": (("id", "kind", "front"),
                  ("name", "shape", "corner", "orientation", "back", "rows", "count", "per_player", "params",
                   "folds", "outline", "rotatable", "note", "hexmap", "net", "size", "key", "spaces", "fits")),
    "back": (("template",), ("vary_by",)),
    "rows_table": (("file",), ("sheet",)),
    "rows_images": (("images",), ("back",)),
    "fold": (("from", "to"), ()),
    "hexmap": (("map", "space", "legend", "numbered"), ("tiles",)),
    "hexmap_marker": (("marker",), ()),
    "net_box": (("width", "depth", "height", "tab"), ()),
    "net_tetrahedron": (("edge", "tab"), ()),
    "fit": (("space", "holds"), ("clearance",)),
    "setup_demand": ((), ("each", "total", "to_box", "exact", "drawn")),
    "note": (("id", "text"), ("severity", "decision")),
    "colour_checks": ((), ("strict", "text")),
    "text_pair": (("text", "background"), ("large",)),
    "theme": ((), ("palette", "players", "fonts", "art")),
    "theme_player": ((), ("colour", "pattern", "name", "symbol")),
    "examples_file": (("examples",), ()),
    "example": (("name", "scenario", "given", "expected"), ("ref", "rule", "provenance", "note")),
}


def keys(section: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return SCHEMA[section]
