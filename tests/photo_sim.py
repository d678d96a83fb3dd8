"""Pictures of a printed calibration sheet, made from its real PDF: a simulated printer, paper and camera.

A printer places each side's drawing on the paper by a similarity (shift, turn, scale about the page's
centre). The paper lies on a darker, textured table; a camera tilted up to about ten degrees and turned
any way sees it through a perspective, in uneven light, a little out of focus, with sensor noise, and saves
a JPEG. A flat scan is the same without the tilt and the uneven light. Everything is seeded: the same
case gives the same picture.
"""

from __future__ import annotations

import math
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium

from generator.common import paths
from generator.layout.calibration import calibration_plan
from generator.layout.plan import SheetOptions
from generator.output.typst_pdf import TypstRunner, sheets_pdf
from generator.load.fonts import font_book

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}     # ISO 216 A4; ANSI letter, 8.5 x 11 in
DPI = 200
INK, PAPER_WHITE = 28.0, 236.0                                  # grey levels of printed black and of paper


def calibration_pdf(paper: str, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """The calibration sheet exactly as `pnp build` writes it (output/formats/sheets.py makes the same call)."""
    with tempfile.TemporaryDirectory() as work:
        runner = TypstRunner(Path(work), font_book((paths.ROOT / "fonts",)).faces)
        plan = calibration_plan(SheetOptions(paper, duplex=duplex, back_offset_mm=offset))
        return sheets_pdf(runner, plan, {}, "Duplex calibration")


def render(pdf: bytes, dpi: int = DPI) -> list[np.ndarray]:
    """Both pages as grey levels, 0 black .. 255 white; pixel i covers [i, i+1) / (dpi / 25.4) mm."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return [np.asarray(doc[i].render(scale=dpi / 72, grayscale=True).to_pil().convert("L"), np.float32)
                for i in range(len(doc))]
    finally:
        doc.close()


@dataclass(frozen=True)
class Printer:
    """Where a printer puts a side's drawing: q -> c + s R(turn) (q - c) + shift, c the page centre (mm)."""

    shift: tuple[float, float] = (0.0, 0.0)
    turn_deg: float = 0.0
    scale: float = 1.0

    def matrix(self, page_mm: tuple[float, float]) -> np.ndarray:
        c = np.array(page_mm) / 2
        r = math.radians(self.turn_deg)
        lin = self.scale * np.array([[math.cos(r), -math.sin(r)], [math.sin(r), math.cos(r)]])
        out = np.eye(3)
        out[:2, :2], out[:2, 2] = lin, c + np.array(self.shift) - lin @ c
        return out


@dataclass(frozen=True)
class Camera:
    """A photo (tilt up to ~10 degrees, any turn, uneven light) or, with scan=True, a flat scan."""

    seed: int
    tilt_deg: float = 8.0
    turn_deg: float = 0.0
    px_per_mm: float = 7.0
    blur_px: float = 0.9
    noise: float = 3.0
    jpeg: int = 85
    scan: bool = False
    light: float = 0.45          # how much darker the dimmest corner is than the brightest (share)
    table: float = 55.0          # grey level of the surface the paper lies on
    crop: str = ""               # an edge of the picture cut through the paper: "top", "bottom", "left", "right"


def _view(camera: Camera, page_mm: tuple[float, float], rng: np.random.Generator) -> tuple[np.ndarray, tuple[int, int]]:
    """Paper mm -> picture px through a tilted pinhole camera, and the picture's size (w, h)."""
    w, h = page_mm
    a, b = (rng.uniform(-1, 1, 2) * camera.tilt_deg * math.pi / 180) if not camera.scan else (0.0, 0.0)
    g = math.radians(camera.turn_deg)
    rx = np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])
    ry = np.array([[math.cos(b), 0, math.sin(b)], [0, 1, 0], [-math.sin(b), 0, math.cos(b)]])
    rz = np.array([[math.cos(g), -math.sin(g), 0], [math.sin(g), math.cos(g), 0], [0, 0, 1]])
    rot = rz @ ry @ rx
    distance = 450.0
    f = camera.px_per_mm * distance
    centre = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]])
    h3 = np.diag([f, f, 1.0]) @ np.column_stack([rot[:, 0], rot[:, 1], [0, 0, distance]]) @ centre
    corners = cv2.perspectiveTransform(np.array([[[0, 0], [w, 0], [w, h], [0, h]]], np.float64), h3)[0]
    margin = 15.0 * camera.px_per_mm
    low, high = corners.min(0) - margin, corners.max(0) + margin
    if camera.crop:
        cut = {"top": (1, 0), "bottom": (1, 1), "left": (0, 0), "right": (0, 1)}[camera.crop]
        span = high[cut[0]] - low[cut[0]]
        if cut[1]:
            high[cut[0]] -= 0.12 * span
        else:
            low[cut[0]] += 0.12 * span
    shift = np.array([[1, 0, -low[0]], [0, 1, -low[1]], [0, 0, 1]])
    return shift @ h3, (int(high[0] - low[0]), int(high[1] - low[1]))


def photograph(page: np.ndarray, printer: Printer, camera: Camera, paper: str, dpi: int = DPI) -> bytes:
    """One printed side on the table, as the camera's JPEG (or PNG for jpeg=0).

    A picture is some 5 million pixels and dozens are taken a test run: float32, worked in place, no full-size
    float64 temporaries or grids."""
    rng = np.random.default_rng(camera.seed)
    page_mm = PAPERS[paper]
    k = dpi / 25.4
    px_to_mm = np.array([[1 / k, 0, 0.5 / k], [0, 1 / k, 0.5 / k], [0, 0, 1]])   # pixel centres at (i + 0.5) / k
    view, size = _view(camera, page_mm, rng)
    image = cv2.warpPerspective(page, view @ printer.matrix(page_mm) @ px_to_mm, size, flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=255)
    sheet = np.ones((round(page_mm[1] * k), round(page_mm[0] * k)), np.float32)
    mask = cv2.warpPerspective(sheet, view @ px_to_mm, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                               borderValue=0)
    image *= (PAPER_WHITE - INK) / 255.0                   # the paper's grey: INK .. PAPER_WHITE
    image += INK
    table = _texture(size, rng)
    table += camera.table
    image -= table                                         # mask * paper + (1 - mask) * table
    image *= mask
    image += table
    image *= _light(size, camera, rng)
    if camera.blur_px:
        image = cv2.GaussianBlur(image, (0, 0), camera.blur_px)
    image += _noise(image.shape, camera.noise, rng)
    colour = cv2.cvtColor(np.clip(image, 0, 255, out=image).astype(np.uint8), cv2.COLOR_GRAY2BGR)
    if camera.jpeg:
        return cv2.imencode(".jpg", colour, [cv2.IMWRITE_JPEG_QUALITY, camera.jpeg])[1].tobytes()
    return cv2.imencode(".png", colour)[1].tobytes()


def _noise(shape: tuple[int, ...], sd: float, rng: np.random.Generator) -> np.ndarray:
    """Sensor noise, independent N(0, sd) a pixel: OpenCV's generator, seeded from rng, draws it at a quarter
    of numpy's cost."""
    noise = np.empty(shape, np.float32)
    cv2.setRNGSeed(int(rng.integers(2 ** 31)))
    cv2.randn(noise, 0.0, sd)
    return noise


def _texture(size: tuple[int, int], rng: np.random.Generator, q: int = 4) -> np.ndarray:
    """The table's grain: white noise (sd 14 grey a pixel) smoothed by a Gaussian of 6 px, about 0.66 grey sd.

    Drawn on a grid q times coarser (sd 14 / q keeps the noise's power per mm^2) and scaled up linearly, at
    1/q^2 of the cost; the linear scaling smooths by a variance of q^2 / 6 px^2 too, so the blur is the rest.
    """
    w, h = size
    coarse = rng.standard_normal((-(-h // q), -(-w // q)), dtype=np.float32)
    coarse *= 14.0 / q
    coarse = cv2.GaussianBlur(coarse, (0, 0), math.sqrt(6.0 ** 2 - q * q / 6) / q)
    return cv2.resize(coarse, None, fx=q, fy=q, interpolation=cv2.INTER_LINEAR)[:h, :w]


def _light(size: tuple[int, int], camera: Camera, rng: np.random.Generator) -> np.ndarray:
    """A light falling off across the picture from one side, and a little toward the corners.

    Built from a row and a column of coordinates broadcast against each other, not from full-size grids."""
    w, h = size
    if camera.scan:
        return np.float32(1.0)
    x = np.arange(w, dtype=np.float32) / w - 0.5
    y = (np.arange(h, dtype=np.float32) / h - 0.5)[:, None]
    angle = rng.uniform(0, 2 * math.pi)
    light = x * math.cos(angle) + (y * math.sin(angle) + 0.5)
    np.clip(light, 0, 1, out=light)
    light *= -camera.light
    light += 1.0 - 0.3 * x ** 2
    light -= 0.3 * y ** 2
    return light
