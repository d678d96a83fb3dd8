"""Print-shop presets: files match each shop's published template (numbers written here from the shops'
documentation), components without a product are reported, and a user's own preset works."""

from __future__ import annotations

import csv
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from conftest import run_cli, job_folder

# Published templates at 300 dpi (poker card, 2.5 x 3.5 in):
TGC_POKER_PX = (825, 1125)      # The Game Crafter: 1/8 in bleed a side, PNG
MPC_POKER_PX = (822, 1122)      # MakePlayingCards: 36 px (0.12 in) bleed a side
DTC_POKER_PT = (198, 270)       # DriveThruCards: 2.75 x 3.75 in page = 2.5 x 3.5 in trim + 1/8 in bleed
DTC_TRIM_INSET_PT = 9           # 1/8 in


def size(path: Path) -> tuple[int, int]:
    with Image.open(path) as im:
        return im.size


def build(tmp_path: Path, game: str, shop: str) -> tuple[Path, str]:
    code, out, err = run_cli("build", game, "--shop", shop, "--formats", "svg", "--out", str(tmp_path))
    assert code == 0, err
    return job_folder(tmp_path, game) / f"shop-{Path(shop).stem}", err


@pytest.fixture(scope="module")
def kamiza_tgc(tmp_path_factory):
    return build(tmp_path_factory.mktemp("tgc"), "kamiza", "tgc")


def test_the_game_crafter_gets_one_png_per_face_at_its_pixel_size(kamiza_tgc):
    folder, _ = kamiza_tgc
    rows = list(csv.DictReader((folder / "order.csv").read_text().splitlines()))
    assert len(rows) == 4 * 6                      # 4 role cards in each of 6 colours (Kamiza's spec)
    for row in rows:
        for face in ("front", "back"):
            with Image.open(folder / row[face]) as im:
                assert im.size == TGC_POKER_PX and im.mode == "RGB"
                assert round(im.info["dpi"][0]) == 300
        assert row["quantity"] == "1" and row["product"] == "Poker Deck"
    assert (folder / "proof.pdf").stat().st_size > 10_000


def test_makeplayingcards_pixels_and_names(tmp_path):
    folder, _ = build(tmp_path, "kamiza", "mpc")
    fronts = sorted((folder / "role-card").glob("front-*.png"))
    backs = sorted((folder / "role-card").glob("back-*.png"))
    assert len(fronts) == 24 and len(backs) == 6
    assert {size(p) for p in fronts + backs} == {MPC_POKER_PX}


def test_drivethrucards_gets_one_pdf_per_deck_back_then_front(tmp_path):
    folder, err = build(tmp_path, "nusfjord", "dtc")
    with pikepdf.open(folder / "building-herring.pdf") as pdf:
        assert len(pdf.pages) == 2 * 44                       # every card: its back, then its front
        for page in pdf.pages:
            assert [float(v) for v in page.mediabox] == [0, 0, *DTC_POKER_PT]
            assert [float(v) for v in page.trimbox] == [DTC_TRIM_INSET_PT, DTC_TRIM_INSET_PT,
                                                        DTC_POKER_PT[0] - DTC_TRIM_INSET_PT, DTC_POKER_PT[1] - DTC_TRIM_INSET_PT]
        forms = [pdf.pages[i].Resources.XObject.Design.objgen for i in range(88)]
        assert len(set(forms[0::2])) == 1 and forms[0] not in forms[1::2]      # one Herring back on every odd page
        assert len(set(forms[1::2])) == 44                                    # and 44 different fronts
    assert "scaled +1.0 %" in err                             # 63 x 88 mm cards printed as 2.5 x 3.5 in
    assert "has no product for" in err and "harbor (282 x 345 mm)" in err
    assert not (folder / "harbor.pdf").exists()


def test_a_users_own_preset_file(tmp_path):
    preset = tmp_path / "myshop.yaml"
    preset.write_text("""name: My Shop
source: "their web page"
dpi: 150
bleed: 2mm
safe: 3mm
colour: rgb
format: png
files: per-card
front: "{design}.png"
tolerance: 1
products:
  - {name: Square card, kinds: [card], trim: [80mm, 80mm], pixels: [496, 496]}
""")
    folder, err = build(tmp_path, "izakaya", str(preset))
    assert size(folder / "site-card-1.png") == (496, 496)      # (80 + 4) mm at 150 dpi
    assert "site-card-back-1.png" in (folder / "order.csv").read_text()
    assert "My Shop: this preset has no product for" in err


def test_a_per_deck_preset_puts_every_front_then_every_back_in_the_same_order(tmp_path):
    """The combined deck PDF most shops take for duplex: all fronts, then all backs, card i's back on
    page N + i; Kamiza's role cards have a back per player colour, so the pairing shows."""
    preset = tmp_path / "deckshop.yaml"
    preset.write_text("""name: Deck Shop
source: "their web page"
dpi: 300
bleed: 3mm
safe: 3mm
colour: rgb
format: pdf
files: per-deck
deck: "{component}.pdf"
tolerance: 1
products:
  - {name: Poker, kinds: [card], trim: [63.5mm, 88.9mm], pixels: [821, 1121]}
""")
    folder, _ = build(tmp_path, "kamiza", str(preset))
    with pikepdf.open(folder / "role-card.pdf") as pdf:
        forms = [page.Resources.XObject.Design.objgen for page in pdf.pages]
        mediabox = [float(v) for v in pdf.pages[0].mediabox]
    n = len(forms) // 2
    fronts, backs = forms[:n], forms[n:]
    assert len(forms) == 2 * n and n == 24                # one card of each of 4 roles for each of 6 players
    assert not set(fronts) & set(backs)
    assert len(set(backs)) == 6                           # one back per player colour
    pairs = {}
    for front, back in zip(fronts, backs):
        assert pairs.setdefault(front, back) == back      # a front always has the same back behind it
    assert mediabox == pytest.approx([0, 0, (63.5 + 6) / 25.4 * 72, (88.9 + 6) / 25.4 * 72], abs=0.01)


@pytest.mark.parametrize("text, expect", [
    ("name: X\n", 'missing key "dpi"'),
    ("name: X\nsource: s\ndpi: 300\nbleed: 3mm\nsafe: 3mm\ncolour: rgb\nformat: png\nfiles: per-card\ntolerance: 1\n"
     "front: \"../{design}.png\"\nproducts: [{name: P, kinds: [card], trim: [1in, 1in], pixels: [300, 300]}]\n",
     "front: expected a file name pattern"),
])
def test_a_bad_preset_is_one_line_per_problem(tmp_path, text, expect):
    preset = tmp_path / "bad.yaml"
    preset.write_text(text)
    code, out, err = run_cli("build", "niya", "--shop", str(preset), "--out", str(tmp_path))
    assert code == 2 and expect in err and "Traceback" not in err


def test_an_unknown_shop_names_the_shipped_ones():
    code, _, err = run_cli("build", "niya", "--shop", "nowhere")
    assert code == 2 and "dtc, mpc, tgc" in err
