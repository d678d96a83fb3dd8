"""Where the shipped games, templates and fonts are.

An installed package (a wheel, `pip install .`) carries them as package data in
generator/_shipped/, found through importlib.resources; a checkout (and an editable install,
which runs from it) has them at its top level. Either way these are real folders on disk.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def _shipped_root() -> Path:
    shipped = Path(str(resources.files("generator").joinpath("_shipped")))
    if (shipped / "components").is_dir():
        return shipped
    return Path(__file__).resolve().parents[2]          # generator/common/paths.py -> the checkout


ROOT = _shipped_root()
COMPONENTS = ROOT / "components"
TEMPLATES = ROOT / "templates"
FONTS = ROOT / "fonts"
SHOPS = ROOT / "shops"                   # print-shop presets (generator.load.shops)
