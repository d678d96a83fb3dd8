"""docs/calibrate.png: the picture of `pnp calibrate` on docs/how-to/calibrate.md (print, photograph both sides, run).

Made from the real calibration sheet and the test suite's simulated printer and camera (tests/photo_sim.py),
and the command's real output on those pictures: python tools/make_calibrate_figure.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from photo_sim import Camera, Printer, calibration_pdf, photograph, render  # noqa: E402 (after the path set-up above)

from generator.calibrate.command import calibrate  # noqa: E402
from generator.calibrate.report import words  # noqa: E402

PANEL_H = 330


def _fit(image: Image.Image, height: int) -> Image.Image:
    return image.resize((round(image.width * height / image.height), height), Image.LANCZOS)


def main() -> None:
    pages = render(calibration_pdf("a4", "long"))
    with tempfile.TemporaryDirectory() as work:
        shots = []
        sides = (("front", pages[0], Printer(), 1), ("back", pages[1], Printer((1.5, -0.5)), 2))
        for name, page, printer, seed in sides:
            path = Path(work) / f"{name}.jpg"
            path.write_bytes(photograph(page, printer, Camera(seed, turn_deg=-12 if seed == 1 else 10), "a4"))
            shots.append(path)
        result, _, back = calibrate(*shots)
        photos = [_fit(Image.open(p).convert("RGB"), PANEL_H) for p in shots]
    sheet = [_fit(Image.fromarray(p.astype(np.uint8)).convert("RGB"), PANEL_H) for p in pages]
    bold = ImageFont.truetype(str(ROOT / "fonts" / "Lato-Bold.ttf"), 20)
    mono = ImageFont.truetype(str(ROOT / "fonts" / "Lato-Regular.ttf"), 15)
    figure = Image.new("RGB", (1090, PANEL_H + 180), "white")
    draw = ImageDraw.Draw(figure)
    x = 20
    steps = (("1  print calibration-a4.pdf, double-sided", sheet), ("2  photograph both sides", photos))
    for title, images in steps:
        draw.text((x, 14), title, font=bold, fill="#222222")
        for image in images:
            figure.paste(image, (x, 50))
            draw.rectangle((x - 1, 49, x + image.width, 50 + image.height), outline="#999999")
            x += image.width + 10
        x += 20
    lines = ["$ pnp calibrate front.jpg back.jpg"] + words(result, back.located, None)
    y = PANEL_H + 64
    draw.text((20, y - 4), "3  run it, then build with the offset it gives (or --save NAME once, then --printer NAME)",
              font=bold, fill="#222222")
    for line in lines:
        y += 20
        draw.text((30, y), line, font=mono, fill="#333333")
    figure.save(ROOT / "docs" / "calibrate.png", optimize=True)


if __name__ == "__main__":
    main()
