"""Templates print rule values from the spec, not copies of them: a copy of a game with other rules prints the
other values (issue 22: "a copied spec with a changed rule value prints the changed value")."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import pnp


def test_a_copied_nusfjord_with_other_rules_prints_them(tmp_path: Path):
    assert pnp("new", "bignus", "--from", "nusfjord", cwd=tmp_path)[0] == 0
    spec = tmp_path / "bignus" / "game.yaml"
    text = spec.read_text()
    text = re.sub(r"(?m)^  reserve_limit: 8$", "  reserve_limit: 10", text)
    text = re.sub(r"(?m)^  start_haul: 3$", "  start_haul: 4", text)
    text = text.replace("score: {issued_share: 1, gold: 1, free_space: -1,", "score: {issued_share: 1, gold: 1, free_space: -2,")
    spec.write_text(text)
    code, err = pnp("build", "bignus", "--only", "harbor-blue", "--formats", "svg", cwd=tmp_path, timeout=120)
    assert code == 0, err
    svg = (tmp_path / "output" / "bignus-svg-only" / "svg" / "harbor-blue.svg").read_text()
    assert "at most 10 from fishing" in svg and "at most 8" not in svg
    assert "At the end: −2 VP for each empty Building space" in svg
    reserve_numbers = re.findall(r">(\d+)</text>", svg)
    assert {"9", "10"} <= set(reserve_numbers)                 # a numbered place for each of the 10 fish
    badge = re.search(r"catboat</text>\s*<circle [^>]*/>\s*<text [^>]*>(\d+)</text>", svg)
    assert badge and badge.group(1) == "4"                    # the printed catboat's haul


def test_readable_picks_the_ink_with_the_higher_wcag_contrast():
    from generator.render.context import readable

    # WCAG 2: #777777 is 4.48:1 on white and 4.69:1 on black, so black reads (barely) better on it
    assert readable("#777777", "#ffffff", "#000000") == "#000000"
    assert readable("#767676", "#000000", "#ffffff") == "#000000"       # 4.54 on white, 4.62 on black
    assert readable("#595959", "#000000", "#ffffff") == "#ffffff"       # 7.00 on white, 3.00 on black
    assert readable("#ffffff", "#22201d", "#f8f4ec") == "#22201d"
