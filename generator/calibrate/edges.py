"""The paper's four edges in a side's own millimetres, and how sharp the picture is.

Across each edge, short profiles are sampled through the markers' homography, from the darker surface
outside into the paper: the edge is where a profile first rises half way from the surface's level to the
paper's (blur spreads the step but leaves that point in place). The sheet keeps a band along every edge
free of ink, so the first rise from outside is the paper and never a printed line.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from generator.calibrate.detect import sample

OUTSIDE_MM, INSIDE_MM, STEP_MM = 12.0, 7.0, 0.1   # each profile: 12 mm of surface .. 7 mm into the paper
NEEDED_MM = 7.0           # each profile's part from this far outside the paper inward must be in the picture
SPACING_MM = 1.5          # between profiles along an edge
CORNER_MM = 30.0          # profiles stay this far from the corners (and the middle markers)
MIN_CONTRAST = 20.0       # grey levels between surface and paper
MIN_SHARE = 0.4           # of an edge's profiles that must find it
EDGES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class Edge:
    name: str
    points: np.ndarray        # n x 2, mm on the side's page, where the profiles crossed the edge
    outside: float            # share of profiles that left the picture
    flat: float               # share of profiles in the picture where paper and surface look alike
    rise_mm: float            # median 10-90 % rise of the edge: the picture's blur


def _stations(name: str, w: float, h: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where profiles cross an edge (along it), the edge's nominal point for each, and the inward normal."""
    if name in ("top", "bottom"):
        along = np.arange(CORNER_MM, w - CORNER_MM, SPACING_MM)
        y = 0.0 if name == "top" else h
        base = np.stack([along, np.full_like(along, y)], -1)
        return along, base, np.array([0.0, 1.0 if name == "top" else -1.0])
    along = np.arange(CORNER_MM, h - CORNER_MM, SPACING_MM)
    along = along[np.abs(along - h / 2) > 14.0]          # clear of the middle marker
    x = 0.0 if name == "left" else w
    base = np.stack([np.full_like(along, x), along], -1)
    return along, base, np.array([1.0 if name == "left" else -1.0, 0.0])


def find_edge(gray: np.ndarray, to_px: np.ndarray, name: str, page_mm: tuple[float, float]) -> Edge:
    """The edge's crossing points; profiles out of the picture or without contrast are left out."""
    _, base, normal = _stations(name, *page_mm)
    steps = np.arange(-OUTSIDE_MM, INSIDE_MM + STEP_MM / 2, STEP_MM)
    points = base[:, None, :] + steps[None, :, None] * normal[None, None, :]
    values, inside = sample(gray, to_px, points)
    outer = steps < -NEEDED_MM                     # surface for any shift a printer makes: some of it in view
    whole = inside[:, ~outer].all(axis=1) & inside[:, outer].any(axis=1)
    dark = _median_where(values[:, outer], inside[:, outer])
    light = np.percentile(values, 95, axis=1)
    contrast = light - dark
    sound = whole & (contrast >= MIN_CONTRAST) & (light >= 1.3 * np.maximum(dark, 1.0))
    found, rises = [], []
    for i in np.flatnonzero(sound):
        at = _crossing(values[i], dark[i] + 0.5 * contrast[i])
        if at is None:
            continue
        found.append(base[i] + (at * STEP_MM - OUTSIDE_MM) * normal)
        low, high = (_crossing(values[i], dark[i] + f * contrast[i]) for f in (0.1, 0.9))
        if low is not None and high is not None:
            rises.append((high - low) * STEP_MM)
    n = len(base)
    return Edge(name, np.array(found).reshape(-1, 2), 1 - whole.mean() if n else 1.0,
                (whole & ~sound).sum() / max(whole.sum(), 1), float(np.median(rises)) if rises else 0.0)


def _median_where(values: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Each row's median over the samples kept (a row with none gets its first sample: it is left out anyway)."""
    ranked = np.sort(np.where(keep, values, np.inf), axis=1)
    count = keep.sum(axis=1)
    low, high = np.maximum((count - 1) // 2, 0), np.maximum(count // 2, 0)
    rows = np.arange(len(values))
    picked = (ranked[rows, low] + ranked[rows, high]) / 2
    return np.where(count > 0, picked, values[:, 0] if values.shape[1] else 0.0)


def _crossing(profile: np.ndarray, level: float) -> float | None:
    """Sub-sample index where the profile first rises through `level` and stays above it for 0.5 mm."""
    above = profile >= level
    for i in np.flatnonzero(above[1:]) + 1:
        if above[i:i + 5].all():
            before, after = profile[i - 1], profile[i]
            return i - 1 + (level - before) / (after - before) if after != before else float(i)
    return None


def sheet_in_view(gray: np.ndarray) -> bool:
    """Whether anything paper-like (a bright region of a tenth of the picture or more) is in the picture."""
    small = cv2.resize(gray, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA).astype(np.uint8)
    _, mask = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    biggest = stats[1:, cv2.CC_STAT_AREA].max() if count > 1 else 0
    return biggest >= 0.1 * small.size and float(np.percentile(small, 99) - np.percentile(small, 1)) >= MIN_CONTRAST


def blur_width(gray: np.ndarray) -> float:
    """The sharpest edges' 10-90 % width as a share of the picture's longer side: about 2.6 sigma of the blur
    over the picture size (a sharp photo: under 0.001; 0.004 and more hides the markers' cells)."""
    g = cv2.GaussianBlur(gray, (0, 0), 0.7)
    gx, gy = cv2.Sobel(g, cv2.CV_32F, 1, 0) / 8, cv2.Sobel(g, cv2.CV_32F, 0, 1) / 8
    steepest = float(np.percentile(np.hypot(gx, gy), 99.9))
    contrast = float(np.percentile(g, 99) - np.percentile(g, 1))
    width = 0.8 * contrast / max(steepest, 1e-3)
    return width / max(gray.shape)
