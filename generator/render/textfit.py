"""Text that fits its box: wrapped at word (or CJK character) boundaries, then shrunk until it fits.

Lines are measured as they are set: shaped by HarfBuzz with the font's kerning and ligatures
(load/fonts.py), so fitted text never leaves its box. Japanese breaks follow the basic kinsoku
rules: closing brackets, stops, commas and small kana never start a line, opening brackets never
end one. Several paragraphs (a heading and its body, say) shrink together, so they keep their
proportions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.common.units import rounded
from generator.load.fonts import Metrics

_BREAKABLE = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")
# JIS X 4051 line-start and line-end prohibitions (the common subset)
NO_LINE_START = set("。、，．・：；？！」』）〕］｝〉》】〙〗’”)]}ゝゞヽヾーぁぃぅぇぉっゃゅょゎゕゖ"
                    "ァィゥェォッャュョヮヵヶ々〻‐゠–〜～")
NO_LINE_END = set("「『（〔［｛〈《【〘〖‘“([{")
SHRINK_STEP = 0.97


class TextOverflow(ValueError):
    """The text does not fit its box even at the smallest allowed size."""


@dataclass(frozen=True)
class Paragraph:
    text: str
    metrics: Metrics
    scale: float = 1.0          # size relative to the flow's base size (a heading might be 1.2)
    space_before: float = 0.0   # in units of the base size


@dataclass(frozen=True)
class FittedLine:
    paragraph: int
    text: str
    size: float       # font size in the template's units (mm)
    baseline: float   # from the top of the box
    width: float


@dataclass(frozen=True)
class FittedFlow:
    lines: tuple[FittedLine, ...]
    base_size: float
    height: float


def _tokens(paragraph: str) -> list[str]:
    """Words with their trailing space; each CJK character is a token of its own, except that a
    character that may not start a line joins the token before it, and one that may not end a
    line joins the token after it."""
    raw: list[str] = []
    for word in re.findall(r"\S+\s*", paragraph):
        buf = ""
        for ch in word:
            if _BREAKABLE.match(ch):
                if buf:
                    raw.append(buf)
                    buf = ""
                raw.append(ch)
            else:
                buf += ch
        if buf:
            raw.append(buf)
    tokens: list[str] = []
    for token in raw:
        if tokens and (token[0] in NO_LINE_START or tokens[-1].rstrip()[-1:] in NO_LINE_END
                       and not tokens[-1][-1:].isspace()):
            tokens[-1] += token
        else:
            tokens.append(token)
    return tokens


def wrap(text: str, m: Metrics, width_em: float) -> list[str] | None:
    """Greedy wrap at `width_em`; None when a single token is wider than the line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for token in _tokens(paragraph):
            candidate = line + token
            if m.width_em(candidate.rstrip()) <= width_em:
                line = candidate
                continue
            if not line:
                return None
            lines.append(line.rstrip())
            line = token
            if m.width_em(line.rstrip()) > width_em:
                return None
        lines.append(line.rstrip())
    return lines


def _layout(paras: list[Paragraph], width: float, base: float, leading: float) -> FittedFlow | None:
    """Lines stacked from the top: a paragraph starts below the previous one's descent plus its space."""
    lines: list[FittedLine] = []
    bottom = 0.0
    for i, p in enumerate(paras):
        size = base * p.scale
        wrapped = wrap(p.text, p.metrics, width / size)
        if wrapped is None:
            return None
        first = bottom + (p.space_before * base if i else 0.0) + size * p.metrics.ascender
        for k, text in enumerate(wrapped):
            lines.append(FittedLine(i, text, rounded(size, 4), rounded(first + k * size * leading, 4),
                                    rounded(p.metrics.width_em(text) * size, 3)))
        bottom = first + (len(wrapped) - 1) * size * leading + size * p.metrics.descender
    return FittedFlow(tuple(lines), rounded(base, 4), rounded(bottom, 4))


def fit_flow(paras: list[Paragraph], width: float, height: float, max_size: float, min_size: float,
             leading: float = 1.2) -> FittedFlow:
    """The largest base size from `max_size` down to `min_size` at which all paragraphs fit."""
    base = max_size
    while base >= min_size - 1e-9:
        flow = _layout(paras, width, base, leading)
        if flow is not None and flow.height <= height + 1e-9:
            return flow
        base *= SHRINK_STEP
    raise TextOverflow(f"does not fit a {width:.1f} x {height:.1f} mm box even at {min_size:.2f} mm type")
