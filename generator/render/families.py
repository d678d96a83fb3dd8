"""Font families that SVG art names, resolved to families the build has.

A build uses only the project's and the game's font files (Typst ignores the system's), and Typst
draws no text at all whose font family it does not have: an Inkscape file asking for Arial would
print without its words. So every family list an SVG names (`font-family="Arial, sans-serif"`,
`style="font-family:'Times New Roman'"`, a `<style>` rule) that holds no family of the build is
rewritten to the shipped family closest in kind: serif to Vollkorn, Japanese, Chinese and Korean
families to Noto Sans CJK JP, anything else to Lato. The build warns once per family what it used.
Family lists that name a family of the build are left byte for byte as they are.
"""

from __future__ import annotations

import html
import re

SANS, SERIF, CJK = "Lato", "Vollkorn", "Noto Sans CJK JP"    # shipped in fonts/
_ATTRIBUTE = re.compile(r"""(\bfont-family\s*=\s*)(["'])(.*?)\2""", re.S)
_CSS = re.compile(r"""(\bfont-family\s*:\s*)((?:&#?\w+;|"[^"<>=;]*"|'[^'<>=;]*'|[^;}"'<>])*)""")
_SERIF_WORDS = {"serif", "times", "georgia", "garamond", "cambria", "palatino", "baskerville", "bodoni", "didot",
                "caslon", "minion", "century", "merriweather", "lora", "playfair", "crimson", "charter", "constantia",
                "antiqua", "book", "roman", "slab", "rockwell"}
_CJK_WORDS = {"cjk", "jp", "ja", "sc", "tc", "kr", "gothic", "mincho", "meiryo", "hiragino", "kozuka", "simsun",
              "simhei", "msgothic", "msmincho", "yugothic", "yumincho", "han", "heiti", "songti", "kaiti", "batang",
              "gulim", "dotum", "malgun"}


class Families:
    """Resolves the families of one build's designs and remembers what it replaced, for one warning each."""

    def __init__(self, available: list[str], fonts_folder: str):
        self.available = {f.lower(): f for f in available}
        self.fonts_folder = fonts_folder
        self.replaced: dict[str, tuple[str, list[str]]] = {}    # family as named -> (family used, designs)

    def resolve(self, svg: str, design: str) -> str:
        """The design with every family list the build cannot draw set in the closest shipped family."""
        if "font-family" not in svg:
            return svg
        svg = _ATTRIBUTE.sub(lambda m: m.group(1) + m.group(2) + self._family(m.group(3), design, False)
                             + m.group(2), svg)
        return _CSS.sub(lambda m: m.group(1) + self._family(m.group(2), design, True), svg)

    def _family(self, value: str, design: str, css: bool) -> str:
        if value.strip().lower() in self.available:        # the designs' own text: untouched, the fast way
            return value
        names = [n.strip().strip("'\"").strip() for n in html.unescape(value).split(",")]
        names = [n for n in names if n]
        if not names or any(n.lower() in self.available for n in names):
            return value
        used = self._closest(names)
        said = names[0]
        designs = self.replaced.setdefault(said, (used, []))[1]
        if design not in designs:
            designs.append(design)
        trailing = value[len(value.rstrip()):]
        return (f"'{used}'" if css and " " in used else used) + trailing

    def _closest(self, names: list[str]) -> str:
        """The shipped family of the first name whose kind is clear (a generic family counts), else the sans."""
        for name in names:
            words = set(re.split(r"[\s_\-]+", name.lower()))
            if words & _CJK_WORDS or name.lower().startswith("source han"):
                return self._have(CJK)
            if "sans" in words or "sans-serif" in name.lower():
                return self._have(SANS)
            if words & _SERIF_WORDS:
                return self._have(SERIF)
        return self._have(SANS)

    def _have(self, family: str) -> str:
        return self.available.get(family.lower()) or min(self.available.values(), default=family)

    def warnings(self) -> list[str]:
        """One line per family the build does not have: what it was set in instead, and where."""
        out = []
        for said, (used, designs) in sorted(self.replaced.items()):
            shown = designs[0] + (f" and {len(designs) - 1} more" if len(designs) > 1 else "")
            out.append(f'warning: font "{said}" (in the art of {shown}) is not one the build has; its text is set '
                       f"in {used} instead (put the font's .ttf or .otf files in {self.fonts_folder}/ to use it)")
        return out
