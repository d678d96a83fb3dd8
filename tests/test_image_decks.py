"""Decks from folders of card images (`pnp new --images`, `rows: {images: DIR}`), judged on images the
test draws: frames of four colours, so the rendered PNG shows whether the trim kept the art whole and
whether the bleed continues its edges."""

from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from conftest import run_cli, job_folder

DPI = 300
MM = DPI / 25.4                     # pixels per millimetre of the 300 dpi PNGs
POKER = (63.5, 88.9)                # The Game Crafter's poker card, trim (mm)
SIDES = {"top": (220, 30, 30), "right": (30, 160, 30), "bottom": (30, 30, 220), "left": (230, 200, 0)}
INSIDE = (250, 245, 225)
FRAME = 30                          # px of each coloured side of the frame


def framed(w: int, h: int, frame: int = FRAME, outer: tuple | None = None, outer_px: int = 0) -> Image.Image:
    """A card: a frame of a colour per side `frame` px wide; with `outer`, a band of that colour outside it
    `outer_px` wide (a shop template's own bleed)."""
    im = Image.new("RGB", (w, h), outer or INSIDE)
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = outer_px, outer_px, w - 1 - outer_px, h - 1 - outer_px
    d.rectangle([x0, y0, x1, y1], fill=INSIDE)
    d.rectangle([x0, y0, x1, y0 + frame - 1], fill=SIDES["top"])
    d.rectangle([x0, y1 - frame + 1, x1, y1], fill=SIDES["bottom"])
    d.rectangle([x0, y0 + frame, x0 + frame - 1, y1 - frame], fill=SIDES["left"])
    d.rectangle([x1 - frame + 1, y0 + frame, x1, y1 - frame], fill=SIDES["right"])
    return im


def close(px, colour, tol=40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px[:3], colour))


def run(*argv: str) -> tuple[int, str, str]:
    code, out, err = run_cli(*argv)
    return code, out, err


@pytest.fixture(scope="module")
def deck(tmp_path_factory) -> dict:
    """An artist's folder drawn here, made into a game by `pnp new --images` and built with PNGs."""
    root = tmp_path_factory.mktemp("image-deck")
    art = root / "art"
    art.mkdir()
    framed(750, 1050).save(art / "card 1.png")                                 # trim aspect, 300 dpi
    framed(750, 1050).save(art / "card 2_x3.jpg", quality=95)                  # 3 copies
    framed(825, 1125, outer=(255, 0, 255), outer_px=38).save(art / "card 10.png")   # TGC template, own bleed
    framed(750, 1050).save(art / "card 3.webp", lossless=True)
    turned = framed(750, 1050).rotate(90, expand=True)                         # stored on its side ...
    exif = Image.Exif()
    exif[0x0112] = 6                                                           # ... shown turned 90 cw
    turned.save(art / "card 4.jpg", quality=95, exif=exif.tobytes())
    Image.new("CMYK", (750, 1050), (255, 0, 0, 0)).save(art / "card 5.jpg", quality=95)   # pure cyan ink
    framed(749, 1049).save(art / "card 6.png")                                 # a pixel short: 299.6 dpi
    framed(375, 525).save(art / "back.png")                                    # 150 dpi: low resolution
    (art / "notes.txt").write_text("not a card")
    code, out, err = run("new", "mydeck", "--images", str(art), "--back", str(art / "back.png"), "--dir", str(root))
    assert code == 0, err
    out_dir = root / "out"
    code, out, err = run("build", str(root / "mydeck"), "--out", str(out_dir), "--formats", "sheets,png,svg")
    assert code == 0, err
    built = job_folder(out_dir, "mydeck")
    return {"root": root, "game": root / "mydeck", "built": built, "stderr": err,
            "manifest": json.loads((built / "manifest.json").read_text())}


def png(deck: dict, design: str) -> Image.Image:
    return Image.open(deck["built"] / "png" / f"{design}.png").convert("RGB")


def test_every_image_is_a_card_in_natural_order_with_copies_and_one_shared_back(deck):
    designs = deck["manifest"]["designs"]
    fronts = [(d["id"], d["count"]) for d in designs if d["face"] == "front"]
    assert fronts == [("card-card-1", 1), ("card-card-2", 3), ("card-card-3", 1), ("card-card-4", 1),
                      ("card-card-5", 1), ("card-card-6", 1), ("card-card-10", 1)]
    backs = [d for d in designs if d["face"] == "back"]
    assert len(backs) == 1 and backs[0]["count"] == 9
    assert all(d["trim_mm"] == list(POKER) for d in designs)
    assert "back.png" not in {p.name for p in (deck["game"] / "fronts").iterdir()}    # the back is no card
    spec = (deck["game"] / "game.yaml").read_text()
    assert "card 1.png" not in spec and "rows: {images: fronts/, back: back.png}" in spec   # no list of files


def test_an_image_added_to_the_folder_is_a_new_card(deck, tmp_path):
    from generator.model.designs import expand
    from generator.load import load_game

    game = tmp_path / "mydeck"
    shutil.copytree(deck["game"], game)
    framed(750, 1050).save(game / "fronts" / "card 7_x2.png")
    fronts = [s for s in expand(load_game(game)) if s.face == "front"]
    assert [(s.id, s.count) for s in fronts][-2:] == [("card-card-7", 2), ("card-card-10", 1)]


def test_an_image_at_trim_size_keeps_its_whole_frame_and_the_bleed_continues_its_edges(deck):
    im = png(deck, "card-card-1")
    b = 3 * MM                                              # the bleed, px
    assert im.size == (round((POKER[0] + 6) * MM), round((POKER[1] + 6) * MM))
    w, h = im.size
    for name, (x, y) in {"left": (1, h / 2), "right": (w - 2, h / 2), "top": (w / 2, 1), "bottom": (w / 2, h - 2)}.items():
        assert close(im.getpixel((int(x), int(y))), SIDES[name]), (name, "bleed edge")   # never white
    # the frame's width measured from the trim line: the art neither cropped nor scaled into the trim
    row = [im.getpixel((x, h // 2)) for x in range(w)]
    yellow = next(x for x, px in enumerate(row) if not close(px, SIDES["left"]))
    assert abs(yellow - (b + FRAME)) <= 1.5, yellow
    col = [im.getpixel((w // 2, y)) for y in range(h)]
    blue = next(y for y in range(h - 1, 0, -1) if not close(col[y], SIDES["bottom"]))
    assert abs((h - 1 - blue) - (b + FRAME)) <= 1.5
    # the corner of the bleed is the corner pixel's colour (the top row), not paper
    assert close(im.getpixel((2, 2)), SIDES["top"])


def test_a_shop_template_with_its_own_bleed_is_placed_as_it_is(deck):
    im = png(deck, "card-card-10")
    w, h = im.size
    b = 3 * MM
    own = 38                                                # px of magenta bleed in the 825 x 1125 template
    assert close(im.getpixel((int(b - 1.5 * MM), h // 2)), (255, 0, 255))       # its bleed, in the bleed
    row = [im.getpixel((x, h // 2)) for x in range(w)]
    first = next(x for x, px in enumerate(row) if close(px, SIDES["left"]))
    last = next(x for x in range(first, w) if not close(row[x], SIDES["left"]))
    assert abs(first - b) <= 1.5 and abs((last - first) - FRAME) <= 1.5       # its trim on the trim, 1:1
    assert own * 25.4 / DPI == pytest.approx(3.175, abs=0.1)


def test_webp_exif_orientation_and_cmyk_jpeg(deck):
    for design in ("card-card-3", "card-card-4"):           # WebP; a JPEG stored on its side
        im = png(deck, design)
        w, h = im.size
        assert close(im.getpixel((w // 2, int(3 * MM) + 5)), SIDES["top"]), design
        assert close(im.getpixel((int(3 * MM) + 5, h // 2)), SIDES["left"]), design
    cyan = png(deck, "card-card-5").getpixel((400, 500))
    # cyan ink as printed (FOGRA39 C100 is about #009fe3), not its inverse (red) nor the naive #00ffff
    assert cyan[0] < 60 and cyan[2] > 180 and 120 < cyan[1] < 200, cyan
    # and so is the SVG (browsers and Inkscape show an untagged CMYK picture each their own way)
    import base64
    import re
    svg = (deck["built"] / "svg" / "card-card-5.svg").read_text()
    data = max(re.findall(r'href="data:image/[a-z]+;base64,([^"]+)"', svg), key=len)
    embedded = Image.open(io.BytesIO(base64.b64decode(data)))
    assert embedded.mode == "RGB" and 120 < embedded.getpixel((10, 10))[1] < 200


def test_the_low_resolution_warning_names_each_file_once_with_a_tolerance(deck):
    lines = [ln for ln in deck["stderr"].splitlines() if "dpi" in ln]
    assert len(lines) == 1 and "back.png" in lines[0] and "150 dpi" in lines[0], lines
    # card 1 is 750 px over 2.5 in (299.999... dpi in floating point), card 6 a pixel short: neither warned


def _hand_written(root: Path, rows: str, back: str = "") -> Path:
    game = root / "hand"
    game.mkdir()
    (game / "game.yaml").write_text(f"""id: hand
title: Hand
players: 1
components:
  - id: card
    kind: card
    size: [63.5mm, 88.9mm]
    front: shared/image-front.svg.j2
{back}    rows: {rows}
""")
    return game


BACKS = "    back: {template: shared/image-back.svg.j2, vary_by: [back]}\n"


def test_a_hand_written_spec_pairs_a_folder_of_backs_by_name(tmp_path):
    game = _hand_written(tmp_path, "{images: cards/, back: backs/}", BACKS)
    for folder, colour in (("cards", (200, 0, 0)), ("backs", (0, 0, 200))):
        (game / folder).mkdir()
        for name in ("Alpha", "beta_x2"):
            Image.new("RGB", (75, 105), colour).save(game / folder / f"{name}.png")
    from generator.model.designs import expand
    from generator.load import load_game

    specs = expand(load_game(game))
    pairs = {s.id: s.back for s in specs if s.face == "front"}
    assert pairs == {"card-alpha": "card-back-backs-alpha-png", "card-beta": "card-back-backs-beta-x2-png"}
    os.remove(game / "backs" / "Alpha.png")
    Image.new("RGB", (75, 105)).save(game / "backs" / "alfa.png")
    code, out, err = run("build", str(game), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 2
    assert err.splitlines() == [err.splitlines()[0]] and "rows.back" in err and "Alpha.png" in err \
        and "alfa.png" in err, err


def test_folder_rows_are_confined_and_bounded(tmp_path):
    game = _hand_written(tmp_path, "{images: cards/}")
    (game / "cards").mkdir()
    outside = tmp_path / "secret.png"
    Image.new("RGB", (75, 105)).save(outside)
    os.symlink(outside, game / "cards" / "leak.png")
    os.mkfifo(game / "cards" / "pipe.png")
    Image.new("RGB", (75, 105)).save(game / "cards" / "old.gif")
    code, out, err = run("build", str(game), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 2
    assert "leak.png (a link to" in err and "pipe.png (not a regular file)" in err and "old.gif" in err, err
    assert len(err.splitlines()) == 2
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("cards/", "../"))
    code, out, err = run("build", str(game), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 2 and "outside the game folder" in err


def test_the_size_option_and_its_mistakes(tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    framed(675, 1050).save(art / "a.png")
    code, out, err = run("new", "bridge", "--images", str(art), "--size", "bridge", "--dir", str(tmp_path))
    assert code == 0, err
    assert "size: [57.15mm, 88.9mm]" in (tmp_path / "bridge" / "game.yaml").read_text()
    code, out, err = run("new", "odd", "--images", str(art), "--size", "2.5inx3.5in", "--dir", str(tmp_path))
    assert code == 0 and "size: [63.5mm, 88.9mm]" in (tmp_path / "odd" / "game.yaml").read_text()
    for argv in (("--images", str(art), "--size", "huge"), ("--images", str(tmp_path / "nope")),
                 ("--back", str(art / "a.png")), ("--images", str(art), "--from", "niya")):
        code, out, err = run("new", "bad", *argv, "--dir", str(tmp_path))
        assert code == 2 and len(err.splitlines()) == 1 and err.startswith("error: pnp new"), (argv, err)
    assert not (tmp_path / "bad").exists()


@pytest.mark.parametrize("options", [("--bleed", "0"), ("--bleed", "5mm"), ("--style", "ink-saver"),
                                     ("--marks", "lines"), ("--shop", "tgc"), ("--formats", "tts"),
                                     ("--press",), ("--paper", "letter", "--duplex", "short")])
def test_an_image_deck_builds_with_every_option(deck, tmp_path, options):
    formats = () if "--formats" in options else ("--formats", "sheets")
    code, out, err = run("build", str(deck["game"]), "--out", str(tmp_path), *formats, *options)
    assert code == 0, err


def test_a_wider_bleed_than_the_templates_own_is_extended_from_its_edges(deck, tmp_path):
    code, out, err = run("build", str(deck["game"]), "--out", str(tmp_path), "--formats", "png", "--bleed", "5mm")
    assert code == 0, err
    im = Image.open(next((job_folder(tmp_path, "mydeck") / "png").glob("card-card-10.png"))).convert("RGB")
    h = im.size[1]
    for x in (1, int(1.5 * MM), int(3 * MM)):           # beyond its own 3.175 mm: its magenta, extended
        assert close(im.getpixel((x, h // 2)), (255, 0, 255)), x
    first = next(x for x in range(im.size[0]) if close(im.getpixel((x, h // 2)), SIDES["left"]))
    assert abs(first - 5 * MM) <= 1.5


def test_a_low_resolution_file_used_on_many_designs_is_named_once(tmp_path):
    code, out, err = run("new", "proto", "--dir", str(tmp_path))
    game = tmp_path / "proto"
    framed(40, 40, frame=4).save(game / "art" / "emblem.png")          # 40 px over 36 mm: 28 dpi
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("emblem: art/emblem.svg", "emblem: art/emblem.png"))
    code, out, err = run("build", str(game), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 0, err
    lines = [ln for ln in err.splitlines() if "dpi" in ln]
    assert len(lines) == 1 and "emblem.png" in lines[0] and " 28 dpi" in lines[0], lines


def test_a_back_file_inside_the_folder_of_fronts_is_no_card(tmp_path):
    from generator.model.designs import expand
    from generator.load import load_game

    game = _hand_written(tmp_path, "{images: cards/, back: cards/back.png}", BACKS)
    (game / "cards").mkdir()
    for name in ("a", "b", "back"):
        Image.new("RGB", (75, 105)).save(game / "cards" / f"{name}.png")
    specs = expand(load_game(game))
    assert [s.id for s in specs] == ["card-a", "card-b", "card-back-cards-back-png"]


GREY_16 = 30000                       # of 65535: 30000 / 65535 x 255 = 116.7 in 8 bits


def sixteen_bit_pictures(folder: Path) -> None:
    """A 16-bit grey PNG (Pillow reads it as "I;16") and a 16-bit colour one (written with OpenCV, BGR)."""
    import cv2
    import numpy as np

    folder.mkdir()
    cv2.imwrite(str(folder / "grey.png"), np.full((1050, 750), GREY_16, np.uint16))
    colour = np.zeros((1050, 750, 3), np.uint16)
    colour[..., 0], colour[..., 1], colour[..., 2] = 60000, 20000, 5000
    cv2.imwrite(str(folder / "colour.png"), colour)


def test_a_sixteen_bit_grey_picture_bleeds_in_its_own_grey(tmp_path):
    """The bleed stretches a picture's outer pixels; Pillow's own conversion of 16-bit grey made them white."""
    import base64

    from generator.render.art import _load_raster

    sixteen_bit_pictures(tmp_path / "art")
    art = _load_raster((tmp_path / "art" / "grey.png").read_bytes(), "art/grey.png", False)
    for side in ("left", "top", "bottom-right"):
        strip = Image.open(io.BytesIO(base64.b64decode(art.edges[side].split(",", 1)[1])))
        assert abs(strip.convert("L").getpixel((0, 0)) - GREY_16 / 65535 * 255) <= 1, side


def test_sixteen_bit_pictures_go_into_press_files_as_cmyk(tmp_path):
    """A press build of 16-bit PNGs: no traceback (pikepdf refuses 16-bit grey), no warning, and every
    picture DeviceCMYK at 8 bits; the grey card prints black ink only, at its own darkness."""
    import pikepdf

    sixteen_bit_pictures(tmp_path / "art")
    assert run("new", "deep", "--images", str(tmp_path / "art"), "--dir", str(tmp_path))[0] == 0
    code, _, err = run("build", str(tmp_path / "deep"), "--press", "--formats", "svg", "--out", str(tmp_path / "out"))
    assert code == 0 and "Traceback" not in err and "Warning" not in err, err
    inks = {}
    with pikepdf.open(job_folder(tmp_path / "out", "deep") / "deep-press.pdf") as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image" and "/SMask" not in obj:
                assert (obj.ColorSpace, int(obj.BitsPerComponent)) == ("/DeviceCMYK", 8)
                w, h = int(obj.Width), int(obj.Height)
                if (w, h) == (750, 1050):
                    inks[len(inks)] = pikepdf.PdfImage(obj).as_pil_image().getpixel((w // 2, h // 2))
    assert len(inks) == 2, inks
    grey = [c for c in inks.values() if c[:3] == (0, 0, 0)]
    assert len(grey) == 1 and abs(grey[0][3] - (1 - GREY_16 / 65535) * 255) <= 2, inks


def test_pnp_new_names_every_image_a_build_would_refuse_and_writes_nothing(tmp_path):
    """An empty file and a text file named like images, and a back that is no picture: each is one line
    naming it, before anything is copied (the build would refuse them one by one later)."""
    art = tmp_path / "art"
    art.mkdir()
    framed(750, 1050).save(art / "good.png")
    (art / "empty.png").write_bytes(b"")
    (art / "notes.jpg").write_text("not a picture")
    (tmp_path / "back.png").write_text("not a picture either")
    code, out, err = run("new", "mine", "--images", str(art), "--back", str(tmp_path / "back.png"),
                         "--dir", str(tmp_path))
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 3, err
    for name, line in zip(("empty.png", "notes.jpg", "back.png"), lines):
        assert name in line and "not a readable PNG, JPEG or WebP image" in line, line
    assert not (tmp_path / "mine").exists()
