"""The designer's rulebook PDF (`rulebook_pdf:`), read for the print-and-play kit: checked before one page of it
is bound in.

A game folder may come from anyone, so the file is read like any other input (common/confine.py): inside the
game folder with its links followed, a regular file, within its size limit. Then it must look like a PDF, open
without a password, carry no encryption (the kit could not keep its restrictions) and have from one to
MAX_RULEBOOK_PAGES pages. Whatever fails is one line naming the file. What a printed kit has no use for and
a viewer might act on (links, form fields, page actions, JavaScript behind them) is dropped from its pages.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import NoReturn

import pikepdf

from generator.common.confine import read_bytes
from generator.common.errors import Problem, SpecError, display_path
from generator.common.limits import MAX_RULEBOOK_PAGES
from generator.model.game import Game

HEADER_WITHIN = 1024          # bytes: PDF readers look this far for the %PDF- header
DROPPED = ("/Annots", "/AA")  # a page's annotations (links, fields) and its actions


def open_rulebook(game: Game) -> tuple[pikepdf.Pdf, list[str]] | None:
    """The rulebook, open and checked, and its notes for the summary (fonts it does not embed); None when the
    spec names none. The caller closes the PDF."""
    if not game.rulebook_pdf:
        return None
    path = game.folder / game.rulebook_pdf
    data = read_bytes(path, [game.folder], "rulebook PDF")
    if b"%PDF-" not in data[:HEADER_WITHIN]:
        _refuse(path, "expected a PDF file (it does not start with %PDF-); export the rulebook as PDF")
    try:
        pdf = pikepdf.open(io.BytesIO(data))
    except pikepdf.PasswordError:
        _refuse(path, "the PDF asks for a password; export the rulebook without one")
    except (pikepdf.PdfError, ValueError, RecursionError) as exc:
        _refuse(path, f"the PDF cannot be read ({_first_line(exc)}); export it again")
    try:
        _check(pdf, path)
        return pdf, _unembedded_note(pdf, path)
    except BaseException:
        pdf.close()
        raise


def _check(pdf: pikepdf.Pdf, path: Path) -> None:
    """Not encrypted, one to MAX_RULEBOOK_PAGES pages, each with a page size; actions and annotations dropped."""
    if pdf.is_encrypted:
        _refuse(path, "the PDF is encrypted (it restricts printing or copying); export it without encryption")
    try:
        pages = len(pdf.pages)
        if not 1 <= pages <= MAX_RULEBOOK_PAGES:
            _refuse(path, f"the PDF has {pages:,} pages; expected 1 to {MAX_RULEBOOK_PAGES}")
        for page in pdf.pages:
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            if not (x1 - x0 > 0 and y1 - y0 > 0):
                raise ValueError("a page has no size")
            for key in DROPPED:
                if key in page.obj:
                    del page.obj[key]
    except (pikepdf.PdfError, ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        _refuse(path, f"the PDF cannot be read ({_first_line(exc)}); export it again")


def _unembedded_note(pdf: pikepdf.Pdf, path: Path) -> list[str]:
    """The fonts the rulebook uses without carrying them: a printer substitutes its own, so the summary says so."""
    names: set[str] = set()
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor":
            if not any(k in obj for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                names.add(str(obj.get("/FontName", "?")).lstrip("/"))
    for page in pdf.pages:                          # the standard 14 fonts have no descriptor at all
        resources = page.obj.get("/Resources")
        fonts = resources.get("/Font") if isinstance(resources, pikepdf.Dictionary) else None
        for _, font in (fonts.items() if isinstance(fonts, pikepdf.Dictionary) else ()):
            if "/FontDescriptor" not in font and font.get("/Subtype") != "/Type3" and "/DescendantFonts" not in font:
                names.add(str(font.get("/BaseFont", "?")).lstrip("/"))
    if not names:
        return []
    shown = ", ".join(sorted(names)[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return [f"{display_path(path)}: the rulebook does not embed {shown}: printers substitute a font of their own; "
            "export it with fonts embedded"]


def _first_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "…"


def _refuse(path: Path, message: str) -> NoReturn:
    raise SpecError(Problem(message, display_path(path)))
