"""The ink-saver on art drawn in its own units: widths in page millimetres, whatever the art's viewBox.

A design 60 mm wide (viewBox in mm) nests an art file at a 50 mm box: viewBox 0 0 10 10 makes a user unit 5 mm,
viewBox 0 0 1000 1000 makes it 0.05 mm. A 0.5 mm stroke is a line (kept dark), a 3 mm stroke a band (tinted
light), whatever number the file writes; a filled shape's added outline is thin on the page (0.2 mm here,
README: "a filled shape gets a thin outline") at both scales, and "slice" scales by the larger ratio.
"""

from __future__ import annotations

import re

import pytest

from generator.render.ink import ink_saver

RED = "#c81e1e"


def design(view: str, line: float, band: float, fit: str = "meet", box: tuple = (50, 50)) -> str:
    art = (f'<svg x="5" y="5" width="{box[0]}" height="{box[1]}" viewBox="{view}" '
           f'preserveAspectRatio="xMidYMid {fit}">'
           f'<path id="line" d="M 0 0 L 1 1" stroke="{RED}" stroke-width="{line}" fill="none"/>'
           f'<path id="band" d="M 0 0 L 1 1" stroke="{RED}" stroke-width="{band}" fill="none"/>'
           f'<rect id="shape" x="1" y="1" width="2" height="2" fill="{RED}"/></svg>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="60mm" viewBox="0 0 60 60">'
            f'{art}</svg>')


def _attr(svg: str, el: str, key: str) -> str:
    m = re.search(rf'<[^>]*id="{el}"[^>]*>', svg)
    return re.search(rf'{key}="([^"]+)"', m.group(0)).group(1)


def _luma(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("view, per_unit, fit, box", [("0 0 10 10", 5.0, "meet", (50, 50)),
                                                      ("0 0 1000 1000", 0.05, "meet", (50, 50)),
                                                      ("0 0 10 20", 2.5, "meet", (50, 50)),
                                                      ("0 0 10 20", 5.0, "slice", (50, 50))])
def test_lines_and_bands_are_told_apart_in_page_millimetres(view, per_unit, fit, box):
    out = ink_saver(design(view, 0.5 / per_unit, 3.0 / per_unit, fit, box))
    line, band = _attr(out, "line", "stroke"), _attr(out, "band", "stroke")
    assert _luma(line) <= _luma(RED) + 1e-6 and _luma(line) < 0.4, f"a 0.5 mm line printed {line}"
    assert _luma(band) > 0.7, f"a 3 mm band printed {band}"
    outline = float(_attr(out, "shape", "stroke-width")) * per_unit
    assert outline == pytest.approx(0.2, abs=0.01), f"the added outline is {outline:.3f} mm on the page"


@pytest.mark.parametrize("width, height, view, per_unit", [
    ("63.5mm", "88.9mm", "0 0 635 889", 0.1),          # a poker card drawn in tenths of a millimetre
    ("2.5in", "3.5in", "0 0 180 252", 25.4 / 72),       # the same card drawn in points
    ("88.9mm", "63.5mm", "0 0 889 635", 0.1),           # landscape: the width's scale, not the height's
])
def test_a_design_drawn_in_its_own_units_is_judged_in_page_millimetres(width, height, view, per_unit):
    """The design's own root scale (its width over its viewBox width) decides line or band and the outline."""
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="{view}">'
           f'<path id="line" d="M 0 0 L 9 9" stroke="{RED}" stroke-width="{0.5 / per_unit}" fill="none"/>'
           f'<path id="band" d="M 0 0 L 9 9" stroke="{RED}" stroke-width="{3.0 / per_unit}" fill="none"/>'
           f'<rect id="shape" x="10" y="10" width="20" height="20" fill="{RED}"/></svg>')
    out = ink_saver(svg)
    assert _luma(_attr(out, "line", "stroke")) < 0.4 and _luma(_attr(out, "band", "stroke")) > 0.7
    assert float(_attr(out, "shape", "stroke-width")) * per_unit == pytest.approx(0.2, abs=0.01)
