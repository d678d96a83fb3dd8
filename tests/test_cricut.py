"""`--formats cricut`: what Cricut Design Space's Print Then Cut takes. One PNG per design at 300 dpi, the size
of the piece, transparent outside its cut outline (Design Space cuts along the edge of the opaque pixels),
none larger than Print Then Cut's 6.75 x 9.25 in, and a table of sizes and counts to enter.

Sizes are written here from the rulebooks and specs (Nyakuza's Boats are 5/8 in discs, Kōbans 3/4 in, ...),
the limit from Cricut's published Print Then Cut maximum, never read from the module."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import pytest

from conftest import job_folder
from PIL import Image

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from generator.model.selection import Selection, parse_only
from tests.conftest import run_cli

DPI = 300
MM_PER_IN = 25.4
LIMIT_IN = (6.75, 9.25)                     # Print Then Cut's largest image, portrait
LIMIT_PX = (2025, 2775)                     # the same at 300 dpi

# trim sizes in mm (Nyakuza spec: tokens in inches, pointy hex tiles 32 mm across the flats; Niya: 50 mm tiles)
NYAKUZA_MM = {"boat-red": (15.875, 15.875), "koban": (19.05, 19.05), "amulet": (31.75, 31.75),
              "resource-tile-1-octopus": (32.0, 32.0 * 2 / math.sqrt(3)), "resource-tile-back": (32.0, 36.9504),
              "stall": (93.0, 42.0), "grand-market": (97.0, 55.0)}
NIYA_MM = {"garden-tile-maple-sun": (50.0, 50.0), "rules-card": (90.0, 130.0)}
# the Nyakuza rulebook's pieces: 60 resource tiles, 40 Boats in each of 4 colours, 48 Kōbans, 20 Stalls,
# the Grand Market, the amulet, the board and a screen per colour
NYAKUZA_PIECES = {"resource-tile": 60, "boat": 160, "koban": 48, "stall": 20, "grand-market": 1, "amulet": 1,
                  "board": 1, "screen": 4}
NYAKUZA_TOO_LARGE = {"board", "screen-red", "screen-purple", "screen-blue", "screen-green", "screen-back-red",
                     "screen-back-purple", "screen-back-blue", "screen-back-green"}   # 470 x 345, 252 x 115 mm


def px(mm: float) -> int:
    return round(mm / MM_PER_IN * DPI)


def build(root: Path, game: str, **kw):
    return build_game(game, BuildOptions(SheetOptions(), root, formats=("cricut",), **kw))


@pytest.fixture(scope="module")
def nyakuza(tmp_path_factory) -> tuple[Path, object]:
    root = tmp_path_factory.mktemp("cricut-nyakuza")
    result = build(root, "nyakuza")
    return job_folder(root, "nyakuza"), result


@pytest.fixture(scope="module")
def niya(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cricut-niya")
    build(root, "niya")
    return job_folder(root, "niya")


def rows(folder: Path) -> list[dict]:
    with open(folder / "cricut" / "sizes.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def image(folder: Path, design: str) -> Image.Image:
    return opened(folder / "cricut" / f"{design}.png")


def opened(path: Path) -> Image.Image:
    with Image.open(path) as im:
        im.load()                      # the pixels stay, the file is closed
    return im


def opaque_share(im: Image.Image) -> float:
    """Opaque pixels over the image's area (a disc in its square: pi/4; a hexagon in its box: 3/4)."""
    return im.getchannel("A").point(lambda a: 1 if a >= 128 else 0).histogram()[1] / (im.width * im.height)


# --- sizes ---------------------------------------------------------------------------------------------------

def test_images_are_the_pieces_at_300_dpi(nyakuza, niya):
    for folder, sizes in ((nyakuza[0], NYAKUZA_MM), (niya, NIYA_MM)):
        for design, (w, h) in sizes.items():
            im = image(folder, design)
            assert im.size == (px(w), px(h)), design
            assert im.info["dpi"] == pytest.approx((DPI, DPI), abs=0.01)


def test_the_table_gives_each_size_in_inches_and_mm(nyakuza, niya):
    for folder, sizes in ((nyakuza[0], NYAKUZA_MM), (niya, NIYA_MM)):
        by_design = {r["design"]: r for r in rows(folder)}
        for design, (w, h) in sizes.items():
            r = by_design[design]
            assert float(r["width_in"]) == pytest.approx(w / MM_PER_IN, abs=0.002)      # half a pixel
            assert float(r["height_in"]) == pytest.approx(h / MM_PER_IN, abs=0.002)
            assert float(r["width_mm"]) == pytest.approx(w, abs=0.1)
            assert float(r["height_mm"]) == pytest.approx(h, abs=0.1)
            assert r["file"] == f"{design}.png"


# --- shapes ----------------------------------------------------------------------------------------------------

def test_round_tokens_are_transparent_outside_their_circle(nyakuza):
    for design in ("boat-red", "koban", "amulet"):
        im = image(nyakuza[0], design)
        assert im.mode == "RGBA"
        w, h = im.size
        alpha = im.getchannel("A")
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 8, h // 8)):
            assert alpha.getpixel(corner) == 0, (design, corner)
        assert alpha.getpixel((w // 2, h // 2)) == 255
        assert opaque_share(im) == pytest.approx(math.pi / 4, abs=0.02), design


def test_hex_tiles_are_transparent_outside_their_hexagon(nyakuza):
    for design in ("resource-tile-1-octopus", "resource-tile-back"):
        im = image(nyakuza[0], design)
        w, h = im.size
        alpha = im.getchannel("A")
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):   # a pointy hex leaves its box's corners
            assert alpha.getpixel(corner) == 0, (design, corner)
        assert alpha.getpixel((w // 2, h // 2)) == 255
        assert alpha.getpixel((0, h // 2)) == 255                         # its flat sides touch the box
        assert opaque_share(im) == pytest.approx(0.75, abs=0.02), design


def test_fold_up_nets_keep_their_outline_and_square_pieces_stay_opaque(nyakuza, niya):
    stall = image(nyakuza[0], "stall")
    assert stall.getchannel("A").getextrema() == (0, 255)
    assert 0.3 < opaque_share(stall) < 0.98              # not its bounding rectangle
    tile = image(niya, "garden-tile-maple-sun")
    assert tile.getchannel("A").getextrema() == (255, 255)  # a square tile is all piece: nothing cut away


# --- the size limit ---------------------------------------------------------------------------------------------

def test_no_image_is_larger_than_print_then_cut_takes(nyakuza, niya):
    assert LIMIT_PX == (round(LIMIT_IN[0] * DPI), round(LIMIT_IN[1] * DPI))
    for folder in (nyakuza[0], niya):
        files = sorted((folder / "cricut").glob("*.png"))
        assert files
        for f in files:
            w, h = opened(f).size
            assert w <= LIMIT_PX[0] and h <= LIMIT_PX[1], f.name
        for r in rows(folder):
            if r["file"]:
                assert float(r["width_in"]) <= LIMIT_IN[0] and float(r["height_in"]) <= LIMIT_IN[1], r["design"]


def test_too_large_pieces_are_named_and_get_no_image(nyakuza):
    folder, result = nyakuza
    missing = {r["design"] for r in rows(folder) if not r["file"]}
    assert missing == NYAKUZA_TOO_LARGE
    for design in NYAKUZA_TOO_LARGE:
        assert not (folder / "cricut" / f"{design}.png").exists()
    (note,) = [w for w in result.warnings if "Print Then Cut" in w]
    for design in NYAKUZA_TOO_LARGE:
        assert design in note
    assert "sheets" in note and "shop" in note                    # and says what to do instead


def test_a_piece_that_fits_only_turned_is_written_turned(tmp_path):
    """Nusfjord's imitation tile, 180 x 56 mm: 7.09 in wide, over 6.75, but 2.2 x 7.09 in turned fits."""
    build(tmp_path, "nusfjord", selection=_only("imitation-tile"))
    folder = job_folder(tmp_path, "nusfjord")
    (row,) = [r for r in rows(folder) if r["design"] == "imitation-tile"]
    assert row["turned"] == "yes"
    assert image(folder, "imitation-tile").size == (px(56.0), px(180.0))
    assert float(row["width_in"]) == pytest.approx(56.0 / MM_PER_IN, abs=0.002)


def _only(selector: str) -> Selection:
    return Selection(None, parse_only(selector))


# --- counts and backs ---------------------------------------------------------------------------------------------

def test_counts_add_up_to_the_rulebooks_pieces(nyakuza):
    table = rows(nyakuza[0])
    fronts = [r for r in table if r["face"] == "front"]
    assert sum(int(r["count"]) for r in fronts) == sum(NYAKUZA_PIECES.values())
    for prefix, n in NYAKUZA_PIECES.items():
        got = sum(int(r["count"]) for r in fronts if r["design"] == prefix or r["design"].startswith(prefix + "-"))
        assert got == n, prefix


def test_each_back_says_which_fronts_it_goes_with(nyakuza):
    table = rows(nyakuza[0])
    backs = {r["design"]: r for r in table if r["face"] == "back"}
    (tiles,) = [backs["resource-tile-back"]]
    assert tiles["back_of"] == "every resource-tile front"
    assert int(tiles["count"]) == 60                    # one back per tile
    assert (nyakuza[0] / "cricut" / "resource-tile-back.png").exists()
    for r in table:
        if r["face"] == "front" and r["back"]:
            back = backs[r["back"]]
            assert back["back_of"] == "every resource-tile front" or r["design"] in back["back_of"].split("; ")
    assert backs["screen-back-red"]["back_of"] == "screen-red"


# --- wiring: manifest, options, determinism -------------------------------------------------------------------------

def test_the_manifest_lists_every_image_and_the_table(nyakuza):
    folder = nyakuza[0]
    doc = json.loads((folder / "manifest.json").read_text())
    assert doc["cricut"] == "cricut/sizes.csv"
    listed = {d["id"]: d["cricut"] for d in doc["designs"]}
    assert listed["boat-red"] == "cricut/boat-red.png"
    assert all(listed[d] is None for d in NYAKUZA_TOO_LARGE)
    on_disk = {f"cricut/{f.name}" for f in (folder / "cricut").glob("*.png")}
    assert {v for v in listed.values() if v} == on_disk
    assert doc["build"]["formats"] == ["cricut"]


def test_only_selects_the_designs_and_style_applies(tmp_path, nyakuza):
    build(tmp_path, "nyakuza", selection=_only("koban:3"), style="ink-saver")
    folder = job_folder(tmp_path, "nyakuza")
    assert [(r["design"], r["count"]) for r in rows(folder)] == [("koban", "3")]
    assert {f.name for f in (folder / "cricut").iterdir()} == {"koban.png", "sizes.csv"}
    plain, saver = image(nyakuza[0], "koban"), image(folder, "koban")
    assert plain.size == saver.size and plain.tobytes() != saver.tobytes()   # the ink-saver look was drawn


def test_the_command_line_takes_cricut_and_refuses_a_typo(tmp_path):
    code, _, err = run_cli("build", "niya", "--formats", "cricut,sheets", "--duplex", "fold", "--out", str(tmp_path))
    assert code == 0, err
    assert (job_folder(tmp_path, "niya") / "cricut" / "sizes.csv").exists() and (job_folder(tmp_path, "niya") / "niya-a4.pdf").exists()
    code, _, err = run_cli("build", "niya", "--formats", "crikut", "--out", str(tmp_path / "x"))
    assert code == 2
    assert "cricut" in err and "Traceback" not in err


def test_same_input_same_bytes(tmp_path, niya):
    build(tmp_path, "niya")
    for f in sorted((niya / "cricut").iterdir()):
        assert (job_folder(tmp_path, "niya") / "cricut" / f.name).read_bytes() == f.read_bytes(), f.name
