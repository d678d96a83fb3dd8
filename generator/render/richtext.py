"""Rich card text: inline icons and bold or italic words, shaped, wrapped and shrunk together.

Data and templates write effect texts like "Pay 2 {wood} and **take** a *Forest*: +1 {vp}".
`{name}` is an icon the spec declares (`icons:`), `**...**` bold and `*...*` italic in the
paragraph's own font family. Every text run is measured by HarfBuzz in the face it is set in; an
icon is one em wide and sits on the baseline like a capital letter. Lines break at spaces (and
between Japanese characters, by the same kinsoku rules as plain text); an icon stays with the
word or punctuation written against it. The whole text shrinks together until it fits its box,
never below the smallest size asked for (6 pt by default: still legible on a poker card).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from generator.render.textfit import SHRINK_STEP, TextOverflow, _tokens

ICON_EM = 1.0            # an icon's width, and a little more than a capital's height
ICON_GAP_EM = 0.08       # breathing room either side of an icon
_MARKUP = re.compile(r"\*\*|\*|\{([a-z0-9][a-z0-9-]*)\}")
_NUMBER = re.compile(r"^[+\-\u2212]?\d+[x\u00d7]?$")

NO_ICONS = "none: the spec declares no icon (icons: names a folder of SVG files, or a mapping)"


@dataclass(frozen=True)
class Piece:
    kind: str            # "text" or "icon"
    value: str           # the text, or the icon's name
    bold: bool = False
    italic: bool = False


class RichTextError(ValueError):
    """Unbalanced ** or *, or an icon the spec does not declare."""


def parse(text: str, icons: set[str]) -> list[list[Piece]]:
    """Hard lines (split at newlines) of pieces, with bold and italic toggled by ** and *."""
    out = []
    for line in text.split("\n"):
        pieces: list[Piece] = []
        bold = italic = False
        pos = 0
        for m in _MARKUP.finditer(line):
            if m.start() > pos:
                pieces.append(Piece("text", line[pos:m.start()], bold, italic))
            token = m.group(0)
            if token == "**":
                bold = not bold
            elif token == "*":
                italic = not italic
            elif m.group(1) in icons:
                pieces.append(Piece("icon", m.group(1), bold, italic))
            else:
                raise RichTextError(f'unknown icon "{{{m.group(1)}}}"; expected one of: '
                                    f'{", ".join(sorted(icons)) or NO_ICONS}')
            pos = m.end()
        if pos < len(line):
            pieces.append(Piece("text", line[pos:], bold, italic))
        if bold or italic:
            raise RichTextError(f'unclosed {"**" if bold else "*"} in "{line[:40]}"')
        out.append(pieces)
    return out


def words(pieces: list[Piece]) -> list[list[Piece]]:
    """Break opportunities: a new word after a space or between Japanese characters."""
    out: list[list[Piece]] = []
    open_word = False            # the last piece did not end in a break, so the next one joins it
    for p in pieces:
        if p.kind == "icon":
            if open_word or (out and _NUMBER.match("".join(q.value for q in out[-1]).strip())):
                out[-1].append(p)     # against a word, or after a number ("2 {wood}" never splits)
            else:
                out.append([p])
            open_word = True
            continue
        if p.value[:1].isspace() and out:          # the space before this piece ends the word before it
            out[-1].append(Piece("text", " ", p.bold, p.italic))
            open_word = False
        for k, token in enumerate(_tokens(p.value) if p.value.strip() else []):
            piece = Piece("text", token, p.bold, p.italic)
            if k == 0 and open_word and not p.value[:1].isspace():
                out[-1].append(piece)
            else:
                out.append([piece])
            open_word = not token[-1:].isspace()
        if p.value[-1:].isspace():
            open_word = False
    return out


@dataclass(frozen=True)
class PlacedPiece:
    piece: Piece
    x_em: float           # from the line's start


@dataclass(frozen=True)
class RichLine:
    pieces: tuple[PlacedPiece, ...]
    width_em: float


def _place_line(ws: list[list[Piece]], measure: Callable[[Piece], float]) -> RichLine:
    placed, x = [], 0.0
    for wi, word in enumerate(ws):
        for pi, p in enumerate(word):
            last = wi == len(ws) - 1 and pi == len(word) - 1
            text = p.value.rstrip() if last and p.kind == "text" else p.value
            placed.append(PlacedPiece(Piece(p.kind, text, p.bold, p.italic), x))
            x += measure(Piece(p.kind, text, p.bold, p.italic))
    return RichLine(tuple(placed), x)


def wrap(lines: list[list[Piece]], width_em: float, measure: Callable[[Piece], float]) -> list[RichLine] | None:
    """Greedy lines no wider than `width_em`; None when one word alone is wider."""
    out = []
    for hard in lines:
        current: list[list[Piece]] = []
        for word in words(hard):
            trial = _place_line(current + [word], measure)
            if trial.width_em <= width_em:
                current.append(word)
                continue
            if not current or _place_line([word], measure).width_em > width_em:
                return None
            out.append(_place_line(current, measure))
            current = [word]
        out.append(_place_line(current, measure))
    return out


def fit(lines: list[list[Piece]], width: float, height: float, max_size: float, min_size: float, leading: float,
        measure: Callable[[Piece], float], ascender: float, descender: float) -> tuple[float, list[RichLine]]:
    """The largest size (from max_size down to min_size) at which the text fits width x height
    (its first line's ascent, the leadings between lines and its last line's descent)."""
    size = max_size
    while size >= min_size - 1e-9:
        wrapped = wrap(lines, width / size, measure)
        if wrapped is not None and size * (ascender + descender + (len(wrapped) - 1) * leading) <= height + 1e-9:
            return size, wrapped
        size *= SHRINK_STEP
    raise TextOverflow(f"does not fit a {width:.1f} x {height:.1f} mm box even at {min_size:.2f} mm type")
