"""Fonts a game or theme brings reach the PDF writer only as vetted files: no sub-folders, no links out,
no collections, no system or bundled fonts, nothing that blocks, nothing it would silently replace."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from conftest import DEMO, pnp, job_folder
from pdfcheck import fonts

LATO = Path(__file__).parent.parent / "fonts" / "Lato-Regular.ttf"


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    (folder / "fonts").mkdir()
    return folder


def outsider(folder: Path, name: str = "Outsider.ttf") -> Path:
    """A real font of a family the project does not ship, outside the game folder."""
    folder.mkdir(parents=True, exist_ok=True)
    with TTFont(LATO) as font:
        for record in font["name"].names:
            if record.nameID in (1, 4, 16):
                record.string = "Outsider"
            elif record.nameID == 6:
                record.string = "Outsider-Regular"
        font.save(folder / name)
    return folder / name


def asks_for_outsider(game: Path) -> None:
    path = game / "templates/demo/plain.svg.j2"
    text = path.read_text()
    path.write_text(text.replace("</svg>", '<text x="5" y="5" font-family="Outsider" font-size="4">Hi</text></svg>'))


def embedded(out: Path) -> set[str]:
    return {name.lstrip("/").split("+", 1)[-1] for name, _ in fonts(job_folder(out, "demo") / "demo-a4.pdf")}


@pytest.mark.parametrize("how", ["sub-folder link", "collection link", "sub-folder"])
def test_fonts_beyond_the_vetted_files_never_reach_the_pdf(game, tmp_path, how):
    outside = tmp_path / "system-fonts"
    font = outsider(outside)
    if how == "sub-folder link":
        (game / "fonts" / "more").symlink_to(outside)
    elif how == "collection link":
        (game / "fonts" / "more.ttc").symlink_to(font)
    else:
        (game / "fonts" / "more").mkdir()
        shutil.copy(font, game / "fonts" / "more" / "Outsider.ttf")
    asks_for_outsider(game)
    code, err = pnp("build", str(game), "--out", "out", "--formats", "sheets", cwd=tmp_path)
    assert code == 0, err
    names = embedded(tmp_path / "out")
    assert names and not any(n.startswith("Outsider") for n in names), names


def test_a_font_beside_the_spec_is_used(game, tmp_path):
    """The same font as a plain file in the game's fonts/ does reach the PDF (the tests above can fail)."""
    outsider(game / "fonts")
    asks_for_outsider(game)
    code, err = pnp("build", str(game), "--out", "out", "--formats", "sheets", cwd=tmp_path)
    assert code == 0, err
    assert "Outsider-Regular" in embedded(tmp_path / "out")


def test_a_fifo_named_like_a_font_is_refused_without_blocking(game, tmp_path):
    os.mkfifo(game / "fonts" / "Pipe.ttf")
    code, err = pnp("build", str(game), "--out", "out", "--formats", "svg", cwd=tmp_path, timeout=30)
    assert code == 2 and len(err) == 1 and "Pipe.ttf" in err[0] and "named pipe" in err[0], err


@pytest.mark.parametrize("flavor, words", [("woff", "WOFF web font"), ("woff2", "WOFF2 web font")])
def test_a_web_font_renamed_ttf_is_refused(game, tmp_path, flavor, words):
    if flavor == "woff":
        with TTFont(LATO) as font:
            font.flavor = flavor
            font.save(game / "fonts" / "Web.ttf")
    else:           # a WOFF2 header (compressing one needs brotli): fontTools would need it to read it too
        (game / "fonts" / "Web.ttf").write_bytes(b"wOF2" + LATO.read_bytes()[4:])
    code, err = pnp("build", str(game), "--out", "out", "--formats", "svg", cwd=tmp_path)
    assert code == 2 and len(err) == 1 and "Web.ttf" in err[0] and words in err[0] and ".otf" in err[0], err


def test_a_font_linked_outside_the_game_is_refused(game, tmp_path):
    (game / "fonts" / "Linked.ttf").symlink_to(outsider(tmp_path / "elsewhere"))
    code, err = pnp("build", str(game), "--out", "out", "--formats", "svg", cwd=tmp_path)
    assert code == 2 and len(err) == 1 and "Linked.ttf" in err[0] and "lies outside" in err[0], err
