"""Issue 33, item 4: image decks cut with round corners (`pnp new --images --corner-radius`, the spec's `shape:
rounded` + `corner`), and scans' round corners filled (`--fill-corners`, `fill_corners`).

Every expected figure is worked out here from the radius in millimetres: a 1/8 in radius is 3.175 mm, 37.5 px at
300 dpi; a quarter circle's DXF bulge is tan(90 deg / 4) = 0.414214. The scans are drawn here: four quadrants of
four light colours, with white (or transparent, or black) round corners of 3.5 mm, drawn 4x larger and scaled
down so their edge is soft like a scan's. A deck built with the fill is compared with the same deck built
without it, so every point judged "filled" is shown to be white (or black) when nothing fills it.
"""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import ezdxf
import pytest
from PIL import Image, ImageDraw

from conftest import job_folder, run_cli
from pdfcheck import render

RADIUS_MM = 25.4 / 8                 # --corner-radius 1/8in
SCAN_RADIUS_MM = 3.5                 # the round corners drawn on the scans (a playing card's)
POKER = (63.5, 88.9)
PX = 750 / 63.5                      # pixels per mm of the scans and of the 300 dpi images (750 x 1050 for poker)
QUADRANTS = {"top-left": (240, 120, 120), "top-right": (120, 210, 120), "bottom-left": (120, 160, 250),
             "bottom-right": (250, 215, 100)}
WHITE = (255, 255, 255)
DOT, DOT_AT = (40, 40, 160), (28.5, 14.5)    # a dot inside each scan's round: 28.5 px along the horizontal edge
SHEET_DPI = 300


def quadrants(corner_colour: tuple | None, mode: str = "RGB") -> Image.Image:
    """A 750 x 1050 scan of a poker card: a light colour per quadrant; with `corner_colour`, round corners of
    SCAN_RADIUS_MM with that colour outside them (drawn 4x and scaled down: a soft edge, as scanned)."""
    w, h, k = 750, 1050, 4
    im = Image.new("RGBA", (w * k, h * k))
    d = ImageDraw.Draw(im)
    for name, (x, y) in {"top-left": (0, 0), "top-right": (1, 0), "bottom-left": (0, 1), "bottom-right": (1, 1)}.items():
        d.rectangle([x * w * k // 2, y * h * k // 2, (x + 1) * w * k // 2, (y + 1) * h * k // 2], fill=QUADRANTS[name])
    if corner_colour is not None:
        for cx in (DOT_AT[0], w - DOT_AT[0]):                 # mirrored into each corner: the same on every corner
            for cy in (DOT_AT[1], h - DOT_AT[1]):
                d.ellipse([(cx - 5) * k, (cy - 5) * k, (cx + 5) * k, (cy + 5) * k], fill=DOT)
        mask = Image.new("L", im.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, w * k - 1, h * k - 1], radius=SCAN_RADIUS_MM * PX * k, fill=255)
        im = Image.composite(im, Image.new("RGBA", im.size, corner_colour), mask)
    return im.resize((w, h), Image.LANCZOS).convert(mode)


def close(px, colour, tol=40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px[:3], colour))


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> dict:
    """One game made by `pnp new --images --corner-radius 1/8in --fill-corners` from white- and transparent-cornered
    scans and a square one, plus a component of black-cornered scans given their radius (`fill_corners: 3.5mm`),
    built with the fill (sheets, PNG, SVG, cut files, Cricut images) and, as a copy without it, again."""
    root = tmp_path_factory.mktemp("image-corners")
    art = root / "art"
    art.mkdir()
    quadrants(WHITE).save(art / "white.png")
    quadrants((0, 0, 0, 0), "RGBA").save(art / "clear.png")
    quadrants(None).save(art / "square.png")
    code, out, err = run_cli("new", "rounded", "--images", str(art), "--corner-radius", "1/8in", "--fill-corners",
                             "--dir", str(root))
    assert code == 0, err
    game = root / "rounded"
    (game / "dark").mkdir()
    quadrants((0, 0, 0)).save(game / "dark" / "black.png")
    with open(game / "game.yaml", "a") as f:
        f.write("  - id: dark\n    kind: card\n    size: [63.5mm, 88.9mm]\n    shape: rounded\n    corner: 0.125in\n"
                "    fill_corners: 3.5mm\n    front: shared/image-front.svg.j2\n    rows: {images: dark/}\n")
    plain = root / "plain"
    shutil.copytree(game, plain)
    spec = (plain / "game.yaml").read_text()
    (plain / "game.yaml").write_text(re.sub(r"\n *fill_corners: [^\n]*", "", spec).replace("id: rounded", "id: plain"))
    built = {}
    for folder, formats in ((game, "sheets,png,svg,cut,cricut"), (plain, "sheets,svg")):
        code, _, err = run_cli("build", str(folder), "--out", str(root / "out"), "--formats", formats)
        assert code == 0, err
        built[folder.name] = job_folder(root / "out", folder.name)
    return {"root": root, "game": game, "spec": (game / "game.yaml").read_text(), **built}


def manifest(built: Path) -> dict:
    return json.loads((built / "manifest.json").read_text())


def front_pieces(built: Path) -> list[dict]:
    doc = manifest(built)
    return [p for page in doc["sheets"]["pages"] if page["side"] == "front" for p in page["pieces"]]


def on_sheet(u: float, v: float, piece: dict) -> tuple[float, float]:
    """A point of the upright card (trim mm from its top left) on the sheet, the card turned clockwise by its
    rotation."""
    x, y = piece["trim_mm"][:2]
    w, h = POKER
    return {0: (x + u, y + v), 90: (x + h - v, y + u), 180: (x + w - u, y + h - v), 270: (x + v, y + w - u)}[piece["rotation"]]


def corner_point(corner: str, d: float) -> tuple[float, float]:
    """The point `d` mm inside the card from `corner` along both edges (negative: out in the bleed)."""
    w, h = POKER
    return (w - d if corner.endswith("right") else d, h - d if corner.startswith("bottom") else d)


# -- what pnp new writes -------------------------------------------------------------------------------------------

def test_new_writes_a_rounded_shape_of_the_radius_and_the_fill(decks):
    spec = decks["spec"]
    assert re.search(r"\n    shape: rounded +#", spec) and "\n    corner: 3.175mm\n" in spec     # 1/8 in = 3.175 mm
    assert re.search(r"\n    fill_corners: true +#", spec)


def test_without_the_options_the_new_spec_is_as_before(tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    quadrants(None).save(art / "a.png")
    code, _, err = run_cli("new", "square", "--images", str(art), "--dir", str(tmp_path))
    assert code == 0, err
    spec = (tmp_path / "square" / "game.yaml").read_text()
    assert "shape:" not in spec and "corner" not in spec and "fill_corners" not in spec


# -- the cut file ---------------------------------------------------------------------------------------------------

def arc_centre(p0, r, large, sweep, p1) -> tuple[float, float]:
    """The centre of a circular SVG arc (SVG 1.1, F.6.5, no rotation)."""
    hx, hy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    k = math.sqrt(max(0.0, (r * r - hx * hx - hy * hy) / (hx * hx + hy * hy))) * (1 if large != sweep else -1)
    return k * hy + (p0[0] + p1[0]) / 2, -k * hx + (p0[1] + p1[1]) / 2


def expected_corners(piece: dict, r: float) -> dict[tuple[float, float], set]:
    """Each round's centre on the sheet -> the two points where it meets the card's straight edges, by hand: r
    in from each corner of the trim along both edges."""
    out = {}
    for corner in QUADRANTS:
        cu, cv = corner_point(corner, r)
        su = -1 if corner.endswith("right") else 1       # outward along each edge, from the centre
        sv = -1 if corner.startswith("bottom") else 1
        centre = on_sheet(cu, cv, piece)
        out[tuple(round(c, 3) for c in centre)] = {tuple(round(c, 3) for c in on_sheet(cu - su * r, cv, piece)),
                                                    tuple(round(c, 3) for c in on_sheet(cu, cv - sv * r, piece))}
    return out


def test_the_cut_file_rounds_every_corner_with_the_radius(decks):
    built = decks["rounded"]
    pieces = front_pieces(built)
    svg = (built / "cut" / "rounded-a4-sheet-01.svg").read_text()
    paths = re.findall(r'<path d="([^"]+)"/>', svg.split('<g id="cut"')[1].split("</g>")[0])
    assert len(paths) == len(pieces) == 4
    found = {}
    for d in paths:
        tokens = re.findall(r"[MLAZ]|-?[\d.]+", d)
        here, i = None, 0
        while i < len(tokens):
            cmd = tokens[i]
            if cmd in "ML":
                here, i = (float(tokens[i + 1]), float(tokens[i + 2])), i + 3
            elif cmd == "A":
                rx, ry, _, large, sweep, x, y = (float(t) for t in tokens[i + 1:i + 8])
                assert rx == pytest.approx(RADIUS_MM, abs=1e-3) and ry == pytest.approx(RADIUS_MM, abs=1e-3)
                centre = arc_centre(here, rx, int(large), int(sweep), (x, y))
                found[tuple(round(c, 3) for c in centre)] = {tuple(round(c, 3) for c in here), (round(x, 3), round(y, 3))}
                here, i = (x, y), i + 8
            else:
                i += 1
    expected = {}
    for piece in pieces:
        expected.update(expected_corners(piece, RADIUS_MM))
    assert found.keys() == expected.keys()                # 16 rounds, centred r in from each trim corner
    assert all(found[c] == expected[c] for c in expected)


def test_the_dxf_has_a_quarter_circle_bulge_at_every_corner(decks):
    built = decks["rounded"]
    page_h = manifest(built)["sheets"]["page_mm"][1]
    doc = ezdxf.readfile(built / "cut" / "rounded-a4-sheet-01.dxf")
    lines = [e for e in doc.modelspace() if e.dxf.layer == "CUT"]
    expected = set()
    for piece in front_pieces(built):
        for ends in expected_corners(piece, RADIUS_MM).values():
            expected |= {(round(x, 3), round(page_h - y, 3)) for x, y in ends}
    seen, bulges = set(), []
    for pl in lines:
        for v in pl.vertices:
            seen.add((round(v.dxf.location.x, 3), round(v.dxf.location.y, 3)))
            if v.dxf.bulge:
                bulges.append(abs(v.dxf.bulge))
    assert seen == expected and len(bulges) == 16
    assert all(b == pytest.approx(math.tan(math.pi / 8), abs=1e-5) for b in bulges)        # 0.414214


# -- the Cricut images ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("design", ["card-white", "card-clear", "card-square"])
def test_cricut_images_are_transparent_outside_the_radius_and_filled_inside(decks, design):
    im = Image.open(decks["rounded"] / "cricut" / f"{design}.png").convert("RGBA")
    assert im.size == (750, 1050)
    r = RADIUS_MM * PX                                          # 37.5 px
    assert r == pytest.approx(37.5)
    for corner, colour in QUADRANTS.items():
        for k, opaque in ((0, False), (4, False), (9, False), (14, True), (40, True)):
            # the pixel k in from the corner along both edges: its centre lies (r - k - 0.5) * sqrt(2) from the round's
            # centre, outside it for k = 0, 4 and 9 (51.6, 46.0 and 39.6 px > 37.5), inside for 14 (32.5 px)
            x = 749 - k if corner.endswith("right") else k
            y = 1049 - k if corner.startswith("bottom") else k
            px = im.getpixel((x, y))
            if opaque:
                assert px[3] == 255 and close(px, colour), (corner, k, px)
            else:
                assert px[3] == 0, (corner, k, px)
    assert im.getpixel((375, 0))[3] == 255 and im.getpixel((0, 525))[3] == 255       # the straight edges are kept


# -- the sheets --------------------------------------------------------------------------------------------------------

def dark_near(im: Image.Image, x: float, y: float, reach: int = 4) -> bool:
    """A cut line's dark pixel (#3c3c3c, 0.3 pt) within `reach` px of the point (sheet px)."""
    return any(sum(im.getpixel((int(x) + i, int(y) + j))[:3]) / 3 < 100
               for i in range(-reach, reach + 1) for j in range(-reach, reach + 1))


@pytest.mark.parametrize("deck", ["rounded", "plain"])      # print-then-cut sheets, and crop-marked sheets
def test_the_sheets_cut_lines_follow_the_round_corners(decks, deck):
    built = decks[deck]
    im = render(built / f"{deck}-a4.pdf", 0, SHEET_DPI)
    k = SHEET_DPI / 25.4
    for piece in front_pieces(built):
        for corner in QUADRANTS:
            # the round's middle, on the diagonal r (1 - 1/sqrt(2)) = 0.930 mm in from the trim corner
            on_arc = corner_point(corner, RADIUS_MM * (1 - 1 / math.sqrt(2)))
            x, y = on_sheet(*on_arc, piece)
            assert dark_near(im, x * k, y * k), (deck, piece["design"], corner, "no cut line on the round")
            if deck == "plain" and piece["design"] == "dark-black":
                continue                                        # the black outside the scan's corners, unfilled
            x, y = on_sheet(*corner_point(corner, 0.0), piece)
            assert not dark_near(im, x * k, y * k), (deck, piece["design"], corner, "a square corner is drawn")
        x, y = on_sheet(POKER[0] / 2, 0.0, piece)
        assert dark_near(im, x * k, y * k)                                              # the straight edge too


@pytest.mark.parametrize("design", ["card-white", "card-clear", "dark-black"])
def test_round_corners_of_scans_are_filled_on_the_sheet(decks, design):
    """Points just inside the trim corner (0.3, 0.5 and 0.7 mm in along both edges: inside the scan's white, which
    reaches 3.5 (1 - 1/sqrt(2)) = 1.03 mm in, and clear of the cut line's white halo, 0.21 mm either side of the
    round at 0.93 mm; 0.7 mm is past the 0.5 mm the bleed's strips reach under the image) and out in the bleed
    (0.4 mm out: image-deck cards share a 1.25 mm gutter, so 0.625 mm of bleed faces a neighbour) carry the quadrant's colour with the fill; without it they are paper or the scan's black."""
    for deck, filled in (("rounded", True), ("plain", False)):
        built = decks[deck]
        im = render(built / f"{deck}-a4.pdf", 0, SHEET_DPI)
        k = SHEET_DPI / 25.4
        piece = next(p for p in front_pieces(built) if p["design"] == design)
        for corner, colour in QUADRANTS.items():
            for d in (0.3, 0.5, 0.7, -0.4):
                x, y = on_sheet(*corner_point(corner, d), piece)
                px = im.getpixel((int(x * k), int(y * k)))
                assert close(px, colour) == filled, (deck, design, corner, d, px)


@pytest.mark.parametrize("deck", ["rounded", "plain"])
def test_what_lies_inside_a_scans_round_stays_where_it_is(decks, deck):
    """The dot drawn 28.5 px along and 14.5 px in from each corner (inside the round, which the filled corner
    pictures copy over the image) prints where the scan has it, on every corner."""
    built = decks[deck]
    im = render(built / f"{deck}-a4.pdf", 0, SHEET_DPI)
    k = SHEET_DPI / 25.4
    piece = next(p for p in front_pieces(built) if p["design"] == "card-white")
    for corner in QUADRANTS:
        u, v = DOT_AT[0] / PX, DOT_AT[1] / PX
        x, y = on_sheet(POKER[0] - u if corner.endswith("right") else u,
                        POKER[1] - v if corner.startswith("bottom") else v, piece)
        assert close(im.getpixel((int(x * k), int(y * k))), DOT), (deck, corner)


def test_an_image_without_round_corners_is_placed_as_without_the_fill(decks):
    with_fill = (decks["rounded"] / "svg" / "card-square.svg").read_text()
    without = (decks["plain"] / "svg" / "card-square.svg").read_text()
    assert with_fill == without
    assert (decks["rounded"] / "svg" / "card-white.svg").read_text() != (decks["plain"] / "svg" / "card-white.svg").read_text()


# -- finding a scan's round corner ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("radius_px", [6.0, 20.0, 41.3, 90.0])
def test_a_scans_corner_radius_is_found_from_its_white(radius_px):
    import numpy as np
    from generator.render.corners import background, found_radius

    k, n = 4, 160
    big = Image.new("RGB", (n * k, n * k), WHITE)
    ImageDraw.Draw(big).rounded_rectangle([0, 0, 2 * n * k, 2 * n * k], radius=radius_px * k, fill=(150, 40, 40))
    a = np.array(big.resize((n, n), Image.LANCZOS).convert("RGBA"))
    assert found_radius(background(a)) == pytest.approx(radius_px, abs=1.5)


@pytest.mark.parametrize("what", ["square", "white frame", "white line"])
def test_no_round_corner_is_found_where_there_is_none(what):
    import numpy as np
    from generator.render.corners import background, found_radius

    im = Image.new("RGB", (160, 160), (150, 40, 40))
    d = ImageDraw.Draw(im)
    if what == "white frame":
        d.rectangle([0, 0, 159, 159], outline=WHITE, width=12)
    elif what == "white line":
        d.rectangle([0, 0, 159, 1], fill=WHITE)
    assert found_radius(background(np.array(im.convert("RGBA")))) == 0.0


# -- refusals ---------------------------------------------------------------------------------------------------------

def lines(err: str) -> list[str]:
    return err.strip().splitlines()


@pytest.mark.parametrize("args, said", [
    (["--corner-radius=-3mm"], "expected a radius of 0 (square corners) or more, got -3 mm"),
    (["--corner-radius", "-2"], "expected a radius of 0 (square corners) or more, got -2 mm"),
    (["--corner-radius", "32mm"], "expected at most half the card's shorter side (31.75 mm), got 32 mm"),
    (["--corner-radius", "0.9in", "--size", "mini"], "expected at most half the card's shorter side (22.225 mm), "
                                                     "got 22.86 mm"),
    (["--corner-radius", "3furlongs"], 'expected a length like "3mm", "0.125in" or "3" (mm), got "3furlongs"'),
    (["--corner-radius", "round"], 'expected a length like "3mm", "0.125in" or "3" (mm), got "round"'),
])
def test_pnp_new_refuses_a_radius_it_cannot_cut_in_one_line(tmp_path, args, said):
    art = tmp_path / "art"
    art.mkdir()
    quadrants(None).save(art / "a.png")
    code, _, err = run_cli("new", "deck", "--images", str(art), *args, "--dir", str(tmp_path))
    assert code == 2 and lines(err) == [f"error: pnp new: --corner-radius: {said}"], err
    assert not (tmp_path / "deck").exists()


@pytest.mark.parametrize("flag", [["--corner-radius", "3mm"], ["--fill-corners"]])
def test_the_corner_options_go_with_images_only(tmp_path, flag):
    code, _, err = run_cli("new", "deck", *flag, "--dir", str(tmp_path))
    assert code == 2 and len(lines(err)) == 1 and "only go with --images DIR" in err and flag[0] in err, err


@pytest.mark.parametrize("lines_in, said", [
    ("shape: rounded\n    corner: 45mm", "components[0].corner: expected a corner radius of at most half the shorter "
                                       "side (31.75 mm), got 45 mm"),
    ("shape: rounded\n    corner: -1mm", 'components[0].corner: expected a length of zero or more, got "-1mm"'),
    ("shape: rounded\n    corner: 3furlongs", "components[0].corner: expected a length with a unit (mm, cm, in or pt) "
                                            'like "3mm", got "3furlongs"'),
    ("corner: 3mm", 'components[0].corner: a corner radius rounds only shape "rounded", got shape "rect"; add shape: '
                    "rounded, or remove corner"),
    ("fill_corners: 40mm", "components[0].fill_corners: expected a corner radius of at most half the shorter side "
                           "(31.75 mm), got 40 mm"),
    ("fill_corners: -2mm", 'components[0].fill_corners: expected a length greater than zero, got "-2mm"'),
    ("fill_corners: maybe", "components[0].fill_corners: expected true, false or the images' corner radius like "
                            '"3mm", got "maybe"'),
    ("fill_corners: 3", "components[0].fill_corners: expected true, false or the images' corner radius like "
                        '"3mm", got 3'),
])
def test_the_spec_refuses_a_corner_it_cannot_cut_or_fill_in_one_line(tmp_path, monkeypatch, lines_in, said):
    art = tmp_path / "art"
    art.mkdir()
    quadrants(None).save(art / "a.png")
    code, _, err = run_cli("new", "deck", "--images", str(art), "--dir", str(tmp_path))
    assert code == 0, err
    spec = tmp_path / "deck" / "game.yaml"
    spec.write_text(spec.read_text().replace("    kind: card\n", f"    kind: card\n    {lines_in}\n"))
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("build", "deck", "--out", str(tmp_path / "out"))
    assert code == 2 and len(lines(err)) == 1, err
    assert re.fullmatch(r"error: deck/game\.yaml:1[45]: " + re.escape(said), lines(err)[0]), err
    assert not (tmp_path / "out" / "deck").exists()
