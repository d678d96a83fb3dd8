"""The print-and-play kit (`--formats kit`): one PDF of a cover, the contents, how to print, the designer's
rulebook and the sheets. Its page count is the sum of its parts, its fonts are embedded, its contents and steps
say what the manifest and the spec say, it is the same bytes twice, and a rulebook that is not a plain PDF
inside the game folder is one line naming the file."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

from conftest import pieces_by_component, run_cli
from pdfcheck import fonts
from generator.load import load_game

ROOT = Path(__file__).parent.parent
PAINT = {"f", "f*", "S", "s", "B", "B*", "b", "b*"}     # PDF's path-painting operators
OWN = ("Cover", "What is in this kit", "How to print and make it")     # the kit's own pages, by bookmark


@pytest.fixture(scope="module")
def kamiza_kit(shared_builds) -> Path:
    return shared_builds("--formats", "kit") / "kamiza"


@pytest.fixture(scope="module")
def new_game(tmp_path_factory) -> Path:
    """A `pnp new` game with a two-page rulebook PDF (made with Typst, so its fonts are embedded)."""
    import typst

    where = tmp_path_factory.mktemp("new")
    assert run_cli("new", "tide", "--dir", str(where))[0] == 0
    game = where / "tide"
    source = b'#set page(width: 148mm, height: 210mm)\n#set text(font: "Lato")\n= Tide rules\nSet up.\n#pagebreak()\nPlay.'
    (game / "rules.pdf").write_bytes(typst.compile(source, format="pdf", font_paths=[str(ROOT / "fonts")],
                                                   ignore_system_fonts=True))
    with (game / "game.yaml").open("a", encoding="utf-8") as spec:
        spec.write("\nrulebook_pdf: rules.pdf\n")
    return game


def built(tmp_path: Path, game: Path | str, *argv: str) -> Path:
    code, _, err = run_cli("build", str(game), "--formats", "kit", "--out", str(tmp_path), *argv)
    assert code == 0, err
    return next(p for p in tmp_path.iterdir() if p.is_dir())


def kit_of(folder: Path) -> Path:
    return folder / json.loads((folder / "manifest.json").read_text())["kit"]


def bookmarks(pdf: Path) -> dict[str, int]:
    with pikepdf.open(pdf) as doc, doc.open_outline() as outline:
        return {item.title: pikepdf.Page(item.destination[0]).index for item in outline.root}


def text(pdf: Path, index: int) -> str:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return " ".join(doc[index].get_textpage().get_text_range().split())
    finally:
        doc.close()


def pages(pdf: Path) -> int:
    with pikepdf.open(pdf) as doc:
        return len(doc.pages)


def sheet_pages(folder: Path) -> list[dict]:
    return json.loads((folder / "manifest.json").read_text())["sheets"]["pages"]


def test_the_kit_is_cover_contents_steps_then_the_sheets(kamiza_kit):
    kit = kit_of(kamiza_kit)
    assert kit.name == "kamiza-kit-a4.pdf"
    marks = bookmarks(kit)
    assert [marks[k] for k in OWN] == [0, 1, 2] and "Rulebook" not in marks     # Kamiza names no rulebook PDF
    sheets = sheet_pages(kamiza_kit)
    assert pages(kit) == 1 + 1 + 1 + 0 + len(sheets) == marks["Sheets"] + len(sheets)
    for i in (0, len(sheets) - 1):            # the sheets file's own pages, in order
        assert text(kit, marks["Sheets"] + i) == text(kamiza_kit / "kamiza-a4.pdf", i)


def test_a_rulebook_pdf_is_bound_in_after_the_steps(new_game, tmp_path):
    folder = built(tmp_path, new_game)
    kit = kit_of(folder)
    sheets = sheet_pages(folder)
    with pikepdf.open(new_game / "rules.pdf") as rules:
        rulebook = len(rules.pages)
    assert rulebook == 2
    assert pages(kit) == 3 + rulebook + len(sheets)
    marks = bookmarks(kit)
    assert (marks["Rulebook"], marks["Sheets"]) == (3, 3 + rulebook)
    assert "Tide rules" in text(kit, 3)
    steps, first = text(kit, 2), 3 + rulebook + 1          # the steps count past the rulebook
    assert f"Pages 4\u2013{3 + rulebook}: the rulebook" in steps and f"Pages {first}\u2013" in steps
    with pikepdf.open(kit) as doc:            # an A5 rulebook keeps its own page size
        assert [round(float(v) / 72 * 25.4) for v in doc.pages[3].mediabox[2:]] == [148, 210]


def test_every_font_of_the_kit_is_embedded(kamiza_kit, new_game, tmp_path):
    for kit in (kit_of(kamiza_kit), kit_of(built(tmp_path, new_game))):
        found = fonts(kit)
        assert found and all(embedded for _, embedded in found), [n for n, e in found if not e]


def test_the_cover_has_the_title_subtitle_and_the_art_the_spec_names(kamiza_kit):
    game = load_game("kamiza")
    cover = text(kit_of(kamiza_kit), 0)
    assert game.title in cover and game.subtitle in cover and game.edition in cover
    assert f"{game.players_min} to {game.players_max} players" in cover
    with pikepdf.open(kit_of(kamiza_kit)) as doc:       # the crest is drawn: filled and stroked paths, not one rule
        painted = [op for _, op in pikepdf.parse_content_stream(doc.pages[0]) if str(op) in PAINT]
    assert len(painted) > 10


def test_the_contents_are_the_manifest_inventory_and_the_setup_table(kamiza_kit):
    game = load_game("kamiza")
    contents = text(kit_of(kamiza_kit), 1)
    built_pieces = pieces_by_component(kamiza_kit)
    for c in game.components:
        assert f"{c.name} " in contents and f" {built_pieces[c.id]} " in f" {contents} "
    for entry in game.setup:
        assert f"{entry.players} players" in contents
    each = {d.component: d.each for e in game.setup for d in e.demands if d.each is not None}
    assert f"{each['role-card']} each" in contents and f"{sum(built_pieces.values())} pieces" in contents


def test_the_steps_name_the_kit_pages_to_print_double_sided(kamiza_kit):
    kit = kit_of(kamiza_kit)
    sheets = sheet_pages(kamiza_kit)
    first, backs = bookmarks(kit)["Sheets"] + 1, sum(1 for p in sheets if p["side"] == "back")
    steps = text(kit, 2)
    assert backs and f"Pages {first}\u2013{first + 2 * backs - 1}: the sheets with backs: print double-sided, " \
                      "long-edge flip" in steps
    assert f"Pages {first + 2 * backs}\u2013{pages(kit)}: the other sheets: print single-sided" in steps
    assert "A4 (210 \u00d7 297 mm) paper, at 100 %" in steps and "crop marks" in steps


def test_a_player_count_build_says_what_it_holds(tmp_path):
    folder = built(tmp_path, "kamiza", "--players", "3")
    contents = text(kit_of(folder), 1)
    assert "For 3 players" in contents and "3 players" in contents and "4 players" not in contents
    assert f"{sum(pieces_by_component(folder).values())} pieces" in contents


def test_a_replacement_build_lists_only_its_pieces(tmp_path):
    folder = built(tmp_path, "kamiza", "--only", "reference-card")
    contents = text(kit_of(folder), 1)
    assert "Replacement pieces" in contents and "Reference card" in contents and "Role card" not in contents
    assert "players" not in contents.split("Pieces", 1)[1]         # no setup columns for replacements


def test_a_fold_build_says_to_fold_and_print_one_sided(tmp_path):
    folder = built(tmp_path, "kamiza", "--duplex", "fold", "--paper", "letter")
    kit = kit_of(folder)
    assert kit.name == "kamiza-kit-letter.pdf"
    steps = text(kit, 2)
    assert "every page single-sided" in steps and "fold it on the dashed line" in steps
    assert "double-sided" not in steps.replace("two-sided", "")
    with pikepdf.open(kit) as doc:
        assert [round(float(v), 1) for v in doc.pages[1].mediabox[2:]] == [612.0, 792.0]   # US Letter, in points


def test_the_same_build_is_the_same_bytes(new_game, tmp_path):
    a, b = (kit_of(built(tmp_path / n, new_game)).read_bytes() for n in ("a", "b"))
    assert a == b


def test_a_back_offset_is_refused_for_a_kit(tmp_path):
    code, _, err = run_cli("build", "kamiza", "--formats", "kit", "--back-offset", "1,0", "--out", str(tmp_path))
    assert code == 2 and err.count("\n") == 1 and "--back-offset" in err and "--formats kit" in err


def _encrypted(path: Path, user: str) -> None:
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.save(path, encryption=pikepdf.Encryption(owner="owner", user=user))


def _sparse(path: Path, size: int) -> None:
    """A file of `size` bytes that takes no room on the disk (a hole): the size is what is refused."""
    with path.open("wb") as f:
        os.truncate(f.fileno(), size)


def _many_pages(path: Path) -> None:
    with pikepdf.new() as pdf:
        for _ in range(201):
            pdf.add_blank_page()
        pdf.save(path)


RULEBOOKS = {
    "outside": (lambda p, game: p.symlink_to(game.parent / "elsewhere.pdf"), "lies outside"),
    "folder": (lambda p, game: p.mkdir(), "expected a regular file, got a folder"),
    "huge": (lambda p, game: _sparse(p, 65 * 1024 * 1024), "larger than the limit of 64 MB"),
    "not a PDF": (lambda p, game: p.write_text("Rules: play nicely.\n"), "expected a PDF file"),
    "broken": (lambda p, game: p.write_bytes(b"%PDF-1.7\n" + b"\x00garbage" * 50), "the PDF cannot be read"),
    "password": (lambda p, game: _encrypted(p, "secret"), "asks for a password"),
    "encrypted": (lambda p, game: _encrypted(p, ""), "the PDF is encrypted"),
    "too long": (lambda p, game: _many_pages(p), "has 201 pages; expected 1 to 200"),
    "missing": (lambda p, game: None, "file not found"),
}


@pytest.mark.parametrize("case", sorted(RULEBOOKS))
def test_a_rulebook_that_is_not_a_plain_pdf_in_the_folder_is_one_line(new_game, tmp_path, case):
    game = tmp_path / "tide"
    shutil.copytree(new_game, game, ignore=shutil.ignore_patterns("rules.pdf"))
    shutil.copy(new_game / "rules.pdf", tmp_path / "elsewhere.pdf")
    make, words = RULEBOOKS[case]
    make(game / "rules.pdf", game)
    code, _, err = run_cli("build", str(game), "--formats", "kit", "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1, err
    assert "rules.pdf" in err and words in err, err
    assert not (tmp_path / "out" / "tide").exists()            # nothing half-written is left


def test_a_rulebook_path_must_be_a_pdf_in_the_folder(new_game, tmp_path):
    for value, words in (("rules.txt", "expected a PDF file (.pdf)"), ("/etc/rules.pdf", "expected a path inside")):
        game = tmp_path / value.replace("/", "_")
        shutil.copytree(new_game, game)
        spec = game / "game.yaml"
        spec.write_text(spec.read_text().replace("rulebook_pdf: rules.pdf", f"rulebook_pdf: {value}"))
        code, _, err = run_cli("check", str(game))
        assert code == 2 and err.count("\n") == 1 and "rulebook_pdf" in err and words in err, err
