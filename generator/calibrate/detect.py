"""Find the calibration sheet's markers and read its code in a picture (OpenCV: ArUco, homographies).

The markers' corners map the picture onto the side's own millimetres (a homography: any perspective,
any turn of the phone). Where the markers sit relative to one another depends on the paper and, on
the back, on the flip, which the picture does not say until the code strip is read: each possible
layout is tried, and the one whose strip reads back as that very layout is the sheet.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from generator.layout.calibration_code import (
    BACK_IDS,
    CODE_CELL_MM,
    CODE_CELLS,
    CODE_W_MM,
    FRONT_IDS,
    PAPER_CODES,
    SheetCode,
    code_origin,
    decode,
    marker_corners,
)
from generator.common.confine import read_bytes
from generator.common.errors import ArtError, OptionError, display_path
from generator.common.limits import MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE
from generator.layout.plan import SheetOptions
from generator.render.raster import open_image, unreadable

MIN_MARKERS = 3          # of a side's six: enough corners (12) for a homography checked by the others
FIT_MM = 0.6             # a marker corner further than this from the fitted layout is a misdetection
PHOTO_FORMATS = ("JPEG", "MPO", "PNG", "TIFF", "WEBP")   # Pillow's names (a phone's JPEG may open as MPO)
WORK_SIDE = 4096         # px, the longer side a picture is measured at: the sheet filling it is some 12 px a mm;
                         # the measurement needs about 7 (its 0.1 mm comes from sub-pixel edges), and a 200 MP
                         # photo kept whole would take 800 MB as float32 and many seconds
MIN_SIDE = 480           # px: fewer across the sheet's 210 mm leaves its markers' 2 mm cells under 5 px
MAX_RATIO = 4            # longer side / shorter: the sheet is 1.3-1.5, a phone's picture 1.33-2.4
_READ = {1: cv2.IMREAD_GRAYSCALE, 2: cv2.IMREAD_REDUCED_GRAYSCALE_2, 4: cv2.IMREAD_REDUCED_GRAYSCALE_4,
         8: cv2.IMREAD_REDUCED_GRAYSCALE_8}


@dataclass(frozen=True)
class Markers:
    """The sheet's markers found in a picture: id -> its four corners in picture pixels."""

    found: dict[int, np.ndarray]

    def of(self, side: str) -> dict[int, np.ndarray]:
        ids = FRONT_IDS if side == "front" else BACK_IDS
        return {i: c for i, c in self.found.items() if i in ids}


@dataclass(frozen=True)
class Located:
    """One side located in its picture: the sheet it belongs to, and picture pixels -> the side's millimetres."""

    code: SheetCode
    to_mm: np.ndarray        # 3 x 3 homography, pixels -> mm
    to_px: np.ndarray        # its inverse
    markers: int             # how many of the side's markers were used
    rms_mm: float            # their corners' distance from the fitted homography: the picture's precision


def load_gray(path: Path) -> np.ndarray:
    """The picture as grey levels (float32), read as the build reads every image: a regular file within the photo
    limit, opened without blocking (confine.read_bytes, confined to its own folder), its pixel size and shape
    checked from the header before a pixel is decoded (raster.open_image). A larger picture is decoded reduced
    (a JPEG by its decoder, 1/2 to 1/8) and scaled down to WORK_SIDE."""
    shown = display_path(path)
    data = read_bytes(Path(path), [Path(path).parent], "photo")
    try:
        with open_image(data, shown, PHOTO_FORMATS, MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE, "a photo of the sheet",
                        _shape) as header:
            (w, h), jpeg = header.size, header.format in ("JPEG", "MPO")
        reduce = max((n for n in (1, 2, 4, 8) if max(w, h) / n >= WORK_SIDE), default=1) if jpeg else 1
        image = cv2.imdecode(np.frombuffer(data, np.uint8), _READ[reduce])
        if image is None or not _decoded_as(image.shape, w, h, reduce):   # OpenCV's parser read another picture
            raise unreadable(ValueError(), shown, PHOTO_FORMATS)
    except ArtError as exc:
        raise OptionError(exc.problems) from None
    scale = WORK_SIDE / max(image.shape)
    if scale < 1:
        size = (max(1, round(image.shape[1] * scale)), max(1, round(image.shape[0] * scale)))
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    return image.astype(np.float32)


def _shape(w: int, h: int) -> str | None:
    """Why a picture of w x h pixels cannot be a photo or scan of the whole sheet, or None."""
    if min(w, h) < MIN_SIDE:
        return (f"a picture of {w} x {h} pixels is too small to be a photo of the calibration sheet (expected at "
                f"least {MIN_SIDE} pixels a side; a phone's camera takes 3,000 and more)")
    if max(w, h) > MAX_RATIO * min(w, h):
        return (f"a picture of {w} x {h} pixels is the wrong shape to be a photo of the calibration sheet (expected "
                f"its longer side at most {MAX_RATIO} times its shorter: photograph the whole sheet, not a panorama)")
    return None


def _decoded_as(shape: tuple[int, ...], w: int, h: int, reduce: int) -> bool:
    """Whether OpenCV decoded the size Pillow read from the header (turned, if its EXIF orientation turns it)."""
    want = (-(-h // reduce), -(-w // reduce))
    return len(shape) == 2 and tuple(sorted(shape)) == tuple(sorted(want))


def find_markers(gray: np.ndarray) -> Markers:
    """Every DICT_4X4_50 marker of the sheet's twelve, corners refined to a fraction of a pixel."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.cornerRefinementWinSize = 4
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)
    corners, ids, _ = detector.detectMarkers(np.clip(gray, 0, 255).astype(np.uint8))
    found: dict[int, np.ndarray] = {}
    for quad, marker in zip(corners, ids.flatten() if ids is not None else []):
        if int(marker) in FRONT_IDS + BACK_IDS and int(marker) not in found:
            found[int(marker)] = quad.reshape(4, 2).astype(np.float64)
    return Markers(found)


def _fit(found: dict[int, np.ndarray], layout: dict[int, list[tuple[float, float]]]
         ) -> tuple[np.ndarray, float, float] | None:
    """Homography pixels -> mm from the markers found, the worst corner's distance from it and their RMS (mm)."""
    ids = [i for i in found if i in layout]
    if len(ids) < MIN_MARKERS:
        return None
    px = np.concatenate([found[i] for i in ids])
    mm = np.array([p for i in ids for p in layout[i]], np.float64)
    h, _ = cv2.findHomography(px, mm, cv2.RANSAC, FIT_MM)
    if h is None:
        return None
    fitted = cv2.perspectiveTransform(px.reshape(-1, 1, 2), h).reshape(-1, 2)
    far = np.linalg.norm(fitted - mm, axis=1)
    keep = far < FIT_MM
    if keep.sum() < 4 * MIN_MARKERS:
        return None
    h, _ = cv2.findHomography(px[keep], mm[keep], 0)     # least squares over the corners that agree
    fitted = cv2.perspectiveTransform(px[keep].reshape(-1, 1, 2), h).reshape(-1, 2)
    far = np.linalg.norm(fitted - mm[keep], axis=1)
    return h, float(np.max(far)), float(np.sqrt(np.mean(far ** 2)))


def sample(gray: np.ndarray, to_px: np.ndarray, points_mm: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Grey levels at points given in the side's mm (any shape ... x 2), and whether each lies in the picture."""
    flat = points_mm.reshape(-1, 1, 2).astype(np.float64)
    px = cv2.perspectiveTransform(flat, to_px).reshape(-1, 2).astype(np.float32)
    h, w = gray.shape
    inside = (px[:, 0] >= 0) & (px[:, 0] <= w - 1) & (px[:, 1] >= 0) & (px[:, 1] <= h - 1)
    values = cv2.remap(gray, px[:, 0].reshape(1, -1), px[:, 1].reshape(1, -1), cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_REPLICATE)
    shape = points_mm.shape[:-1]
    return values.reshape(shape), inside.reshape(shape)


def refine_corners(gray: np.ndarray, found: dict[int, np.ndarray], layout: dict[int, list[tuple[float, float]]],
                   to_mm: np.ndarray) -> dict[int, np.ndarray]:
    """Each marker's corners again, where the lines fitted to its four outer sides cross: blur rounds a
    square's corners, which pulls a corner detector inward, but leaves a side's half-way line in place."""
    to_px = np.linalg.inv(to_mm)
    out = dict(found)
    for marker, quad in found.items():
        if marker not in layout:
            continue
        corners = np.array(layout[marker])
        fitted = [_side_line(gray, to_px, corners[k], corners[(k + 1) % 4]) for k in range(4)]
        lines = [line for line in fitted if line is not None]
        if len(lines) < 4:
            continue
        crossed = [np.cross(lines[k - 1], lines[k]) for k in range(4)]   # corner k: sides k-1 and k
        if any(abs(c[2]) < 1e-9 for c in crossed):
            continue
        refined = np.array([c[:2] / c[2] for c in crossed])
        if np.max(np.linalg.norm(refined - quad, axis=1)) < 0.25 * np.linalg.norm(quad[1] - quad[0]):
            out[marker] = refined
    return out


def _side_line(gray: np.ndarray, to_px: np.ndarray, start: np.ndarray, end: np.ndarray) -> np.ndarray | None:
    """The outer side start -> end of a marker as a line in picture pixels (homogeneous a, b, c), from profiles
    across it, from the white paper outside to the black border inside."""
    along = (end - start) / np.linalg.norm(end - start)
    inward = np.array([-along[1], along[0]])            # the squares go clockwise on the page (y down)
    steps = np.linspace(-2.0, 1.2, 33)                  # the border is 2 mm wide; the paper round it wider
    stations = start[None, :] + np.linspace(0.2, 0.8, 9)[:, None] * (end - start)[None, :]
    values, inside = sample(gray, to_px, stations[:, None, :] + steps[None, :, None] * inward[None, None, :])
    points = []
    for row, ok, base in zip(values, inside, stations):
        white, black = np.median(row[:5]), np.median(row[-4:])
        if not ok.all() or white - black < 20:
            continue
        level = (white + black) / 2
        below = np.flatnonzero(row < level)
        if not len(below) or below[0] == 0:
            continue
        i = below[0]
        at = steps[i - 1] + (row[i - 1] - level) / (row[i - 1] - row[i]) * (steps[i] - steps[i - 1])
        points.append(base + at * inward)
    if len(points) < 5:
        return None
    px = cv2.perspectiveTransform(np.array(points, np.float64).reshape(-1, 1, 2), to_px).reshape(-1, 2)
    vx, vy, x0, y0 = cv2.fitLine(px.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).flatten()
    return np.array([vy, -vx, vx * y0 - vy * x0], np.float64)


def read_code(gray: np.ndarray, to_px: np.ndarray, options: SheetOptions, side: str) -> SheetCode | None:
    """The code strip's 36 cells, each against the bare paper just outside the strip (light falls unevenly)."""
    x0, y0 = code_origin(options, side)
    grid = (np.arange(5) + 0.5) / 5 * 0.5 + 0.25                 # the middle half of each cell
    outer = x0 - 2.0 if x0 < options.page_mm[0] / 2 else x0 + CODE_W_MM + 1.0
    cells, paper = [], []
    for k in range(CODE_CELLS):
        ys = y0 + (k + grid) * CODE_CELL_MM
        inside = np.stack(np.meshgrid(x0 + grid * CODE_W_MM, ys), -1)
        beside = np.stack(np.meshgrid(outer + grid * 1.0, ys), -1)
        cells.append(sample(gray, to_px, inside)[0].mean())
        paper.append(sample(gray, to_px, beside)[0].mean())
    ratio = np.sort(np.array(cells) / np.maximum(np.array(paper), 1.0))
    gap = int(np.argmax(np.diff(ratio)))              # ink and bare paper: the widest gap between the two
    level = float(np.clip((ratio[gap] + ratio[gap + 1]) / 2, 0.3, 0.85))
    return decode([int(r < level) for r in np.array(cells) / np.maximum(np.array(paper), 1.0)])


def locate(gray: np.ndarray, markers: Markers, side: str) -> Located | None:
    """The layout (paper, flip) whose code strip reads back as itself, with the homography of its markers."""
    found = markers.of(side)
    flips = ("long",) if side == "front" else ("long", "short")   # the front's layout depends on the paper only
    for paper in PAPER_CODES:
        for duplex in flips:
            guess = SheetOptions(paper, duplex=duplex)
            fit = _fit(found, marker_corners(guess, side))
            if fit is None or fit[1] > FIT_MM:
                continue
            found = refine_corners(gray, found, marker_corners(guess, side), fit[0])
            fit = _fit(found, marker_corners(guess, side)) or fit
            to_px = np.linalg.inv(fit[0])
            code = read_code(gray, to_px, guess, side)
            if code is None or code.paper != paper or code.side != side or (side == "back" and code.duplex != duplex):
                continue
            return _exact(found, code, side)
    return None


def _exact(found: dict[int, np.ndarray], code: SheetCode, side: str) -> Located | None:
    """The homography again with the markers where the sheet drew them: on the back, shifted by the built offset."""
    options = SheetOptions(code.paper, duplex=code.duplex, back_offset_mm=code.back_offset_mm)
    fit = _fit(found, marker_corners(options, side))
    if fit is None:
        return None
    used = sum(1 for i in found if i in marker_corners(options, side))
    return Located(dataclasses.replace(code), fit[0], np.linalg.inv(fit[0]), used, fit[2])
