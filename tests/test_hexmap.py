"""The hex map's vocabulary comes from the spec; the generic layer knows no game's words."""

from __future__ import annotations

import re
from pathlib import Path

from generator.geometry.hexmap import Legend, parse_map

GENERATOR = Path(__file__).parent.parent / "generator"


def test_a_map_in_another_games_words():
    legend = Legend({"f": "forest", "h": "hill"}, {"C": "castle"}, ("x",), "field")
    hexmap, problems = parse_map("x f 1 C\n  h 2 f x\n", legend)
    assert problems == []
    assert [(s.id, s.kind, s.number) for s in hexmap.spaces] == [
        ("F0-1", "forest", None), ("F1", "field", 1), ("H1-0", "hill", None), ("F2", "field", 2),
        ("F1-2", "forest", None)]
    assert hexmap.markers == (("castle", 0, 3),)
    assert hexmap.neighbours()["F1"] == ("F0-1", "F2", "F1-2")


def test_an_unknown_token_names_the_legend():
    legend = Legend({"f": "forest"}, {}, (".",), "field")
    _, problems = parse_map(". f s\n", legend)
    assert problems == ['row 1, column 3: expected ".", "f" or a field number, got "s"']


def test_the_generic_layer_holds_no_nyakuza_words():
    generic = [p for layer in ("common", "load", "model", "geometry", "render", "layout", "output", "commands")
               for p in sorted((GENERATOR / layer).glob("*.py"))]
    assert len(generic) > 60                        # the layers were found
    words = re.compile(r"\b(shore|sea|wharf|market|kōban|koban)\b", re.IGNORECASE)
    found = [f"{p.name}: {m.group(0)}" for p in generic for m in words.finditer(p.read_text())]
    assert found == []
