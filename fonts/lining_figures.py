"""Give the shipped Vollkorn lining figures by default (run once; idempotent).

Vollkorn's default figures are old-style: its "1" is an x-height stroke that reads as a small
capital I on coins and costs. Typst ignores `font-feature-settings` in SVG text, so the `lnum`
feature cannot be asked for per text; instead the cmap of each Vollkorn file maps the digits
0-9 to the font's own lining glyphs (`one.lf`, ...). Vollkorn's OFL names no Reserved Font Name,
so the modified files keep the family name (see README.md here).

    python fonts/lining_figures.py fonts/Vollkorn-*.ttf
"""

from __future__ import annotations

import sys

from fontTools.ttLib import TTFont

DIGITS = "0123456789"


def lining(path: str) -> int:
    """Map the digits to their `.lf` glyphs in every Unicode cmap; returns how many were changed."""
    font = TTFont(path)
    glyphs = set(font.getGlyphOrder())
    changed = 0
    for table in font["cmap"].tables:
        if not table.isUnicode():
            continue
        for ch in DIGITS:
            name = table.cmap.get(ord(ch))
            if name and not name.endswith(".lf") and f"{name}.lf" in glyphs:
                table.cmap[ord(ch)] = f"{name}.lf"
                changed += 1
    if changed:
        font.save(path)
    return changed


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(f"{arg}: {lining(arg)} cmap entries now lining figures")
