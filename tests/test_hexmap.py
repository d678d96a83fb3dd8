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


def test_a_30_mm_hex_has_the_sizes_of_a_regular_hexagon():
    """Flat to flat 30 mm: corner to corner 30 x 2 / sqrt(3) = 34.641 mm; odd rows shift half a hex right and
    rows step 3/4 of the corner-to-corner size (25.981 mm); two rows of three take 105 x 60.622 mm."""
    from generator.geometry.hexagon import hex_box_mm, hex_points
    from generator.geometry.hexmap import centre_mm, extent_mm

    assert [round(v, 3) for v in hex_box_mm(30, "pointy")] == [30.0, 34.641]
    assert [round(v, 3) for v in hex_box_mm(30, "flat")] == [34.641, 30.0]
    assert sorted({round(y, 3) for _, y in hex_points(30, 34.641, "pointy")}) == [0.0, 8.66, 25.981, 34.641]
    assert [round(v, 3) for v in centre_mm(0, 0, 30)] == [15.0, 17.321]
    assert [round(v, 3) for v in centre_mm(1, 0, 30)] == [30.0, 43.301]
    hexmap, _ = parse_map("1 2 3\n 4 5 6\n", Legend({}, {}, (), "field"))
    assert [round(v, 3) for v in extent_mm(hexmap, 30)] == [105.0, 60.622]
