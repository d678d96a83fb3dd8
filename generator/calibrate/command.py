"""`pnp calibrate FRONT BACK`: both pictures read, checked against each other, measured and said.

Every way a picture can fail says so in one line, naming the picture and what to do: no sheet, the
wrong side, another page, an edge out of the picture, too blurred, or a sheet other than the one asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from generator.calibrate.detect import (
    MIN_MARKERS,
    Located,
    find_markers,
    load_gray,
    locate,
)
from generator.calibrate.edges import (
    EDGES,
    MIN_SHARE,
    _stations,
    blur_width,
    find_edge,
    sheet_in_view,
)
from generator.calibrate.measure import Placement, Result, compare, fit_placement
from generator.common.errors import OptionError, Problem, display_path

BLUR_MM = 2.5             # an edge's 10-90 % rise wider than this: the picture is too blurred to trust
PRECISE_MM = 0.1          # the markers' corners must agree with one homography within this (RMS)
STRAIGHT_MM = 0.3         # the paper's edge points must lie this close to straight edges (RMS)
BLURRED = 0.004           # blur_width of a picture whose markers a camera shake or a missed focus hid


@dataclass(frozen=True)
class Side:
    located: Located
    placement: Placement


def _fail(path: Path, message: str) -> OptionError:
    return OptionError(Problem(message, display_path(path)))


def _no_markers(gray: np.ndarray, path: Path, side: str, seen: int) -> OptionError:
    """Why a picture shows too few of its side's markers: no sheet, blur, or not the calibration sheet."""
    if not sheet_in_view(gray):
        return _fail(path, "no sheet found in the picture: photograph the whole sheet from above, on a darker surface")
    if blur_width(gray) > BLURRED:
        return _fail(path, "too blurred to read: hold the phone steady and let it focus (tap the sheet), in good light")
    if seen:
        return _fail(path, f"only {seen} of the {side}'s 6 markers found: photograph the whole sheet, evenly lit, "
                           "without glare on the black squares")
    return _fail(path, f"no calibration markers: is it another page? Photograph the {side} of calibration-<paper>.pdf "
                       "(pnp build writes it for games with backs)")


def read_side(path: Path, side: str) -> Side:
    """One picture: its markers, its sheet, its edges, and how the printer placed that side on the paper."""
    gray = load_gray(path)
    markers = find_markers(gray)
    other = "back" if side == "front" else "front"
    if len(markers.of(side)) < MIN_MARKERS:
        if len(markers.of(other)) >= MIN_MARKERS:
            raise _fail(path, f"this is the {other} of the sheet, given as the {side}: give the front's picture "
                              "first, then the back's")
        raise _no_markers(gray, path, side, len(markers.of(side)))
    located = locate(gray, markers, side)
    if located is None:
        raise _fail(path, "the sheet's code strip (beside the left or right markers) cannot be read: photograph it "
                          "sharp and without glare, or print calibration-<paper>.pdf again")
    if located.rms_mm > PRECISE_MM:
        raise _fail(path, f"too small, blurred or distorted to measure to 0.1 mm (the markers agree within "
                          f"{located.rms_mm:.2f} mm): come closer with the main camera (not the wide-angle one) so the "
                          "sheet fills the picture, and let it focus")
    page = _page(located)
    edges = [find_edge(gray, located.to_px, name, page) for name in EDGES]
    for edge in edges:
        wanted = len(_stations(edge.name, *page)[0])
        if len(edge.points) < MIN_SHARE * wanted:
            raise _fail(path, _edge_problem(edge.name, edge.outside, edge.flat))
    rise = float(np.median([e.rise_mm for e in edges]))
    if rise > BLUR_MM:
        raise _fail(path, f"too blurred to measure (the paper's edges blur over {rise:.1f} mm): hold the phone steady "
                          "and let it focus")
    placement, ragged = fit_placement(edges, page)
    if ragged > STRAIGHT_MM:
        raise _fail(path, f"the paper's edges are not straight (they wander {ragged:.2f} mm): lay the sheet flat, "
                          "uncurled, on a plain surface")
    return Side(located, placement)


def _page(located: Located) -> tuple[float, float]:
    from generator.layout.plan import PAPERS_MM
    return PAPERS_MM[located.code.paper]


def _edge_problem(name: str, outside: float, flat: float) -> str:
    if outside > 0.3:
        return f"the sheet's {name} edge is out of the picture: step back (or zoom out) so the whole sheet shows"
    if flat > 0.5:
        return (f"the sheet's {name} edge does not stand out from what it lies on: photograph it on a darker surface "
                "(or scan with the lid open)")
    return f"the sheet's {name} edge cannot be found: clear the table around the sheet and photograph it again"


def check_pair(front: Side, back: Side, paths: tuple[Path, Path], paper: str | None, duplex: str | None) -> None:
    """Both pictures of one sheet, and the sheet the user asked about."""
    f, b = front.located.code, back.located.code
    if (f.paper, f.duplex, f.back_offset_mm) != (b.paper, b.duplex, b.back_offset_mm):
        raise OptionError(f"pnp calibrate: {display_path(paths[0])} and {display_path(paths[1])} are of two different "
                          f"calibration sheets (front: {_sheet(f)}; back: {_sheet(b)}): photograph both sides of one "
                          "sheet")
    if paper is not None and paper != b.paper:
        raise _fail(paths[1], f"this sheet is for {b.paper.upper()} paper, not {paper.upper()} (--paper {paper}): "
                              f"print calibration-{paper}.pdf, or leave --paper out")
    if duplex is not None and duplex != b.duplex:
        raise _fail(paths[1], f"wrong flip: this sheet was built for a {b.duplex}-edge flip, not {duplex}-edge "
                              f"(--duplex {duplex}): build it with pnp build GAME --duplex {duplex}, print it with "
                              f"that flip, or leave --duplex out")


def _sheet(code) -> str:
    x, y = code.back_offset_mm
    return f"{code.paper.upper()}, {code.duplex}-edge flip, --back-offset {x:g},{y:g}"


def calibrate(front_path: Path, back_path: Path, paper: str | None = None,
              duplex: str | None = None) -> tuple[Result, Side, Side]:
    front, back = read_side(front_path, "front"), read_side(back_path, "back")
    check_pair(front, back, (front_path, back_path), paper, duplex)
    code = back.located.code
    result = compare(front.placement, back.placement, _page(back.located), code.duplex, code.back_offset_mm)
    return result, front, back
