"""Where the project's shared folders are. Editable installs run from the checkout."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPONENTS = ROOT / "components"
TEMPLATES = ROOT / "templates"
FONTS = ROOT / "fonts"
