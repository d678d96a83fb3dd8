"""--placeholders: a missing art file prints as a labelled placeholder (its name, a cross, the size the
art prints at) and the summary counts them; without the flag a missing file stays exit 2."""

from __future__ import annotations

import os

import pytest
from PIL import Image

from conftest import run_cli, job_folder

MM = 300 / 25.4


@pytest.fixture(scope="module")
def unready(tmp_path_factory):
    """A `pnp new` game whose emblem (on the back) and {coin} icon (in card text) are not drawn yet."""
    root = tmp_path_factory.mktemp("unready")
    code, out, err = run_cli("new", "proto", "--dir", str(root))
    assert code == 0, err
    os.remove(root / "proto" / "art" / "emblem.svg")
    code, out, err = run_cli("build", str(root / "proto"), "--out", str(root / "out"), "--formats", "svg,png",
                             "--placeholders")
    return {"root": root, "game": root / "proto", "out": job_folder(root / "out", "proto"), "code": code, "err": err}


def test_without_the_flag_a_missing_file_stays_exit_2(unready, tmp_path):
    code, out, err = run_cli("build", str(unready["game"]), "--out", str(tmp_path), "--formats", "svg")
    assert code == 2 and 'art file not found: "' in err and "emblem.svg" in err
    assert not (tmp_path / "proto").exists()


def test_the_flag_prints_a_labelled_placeholder_and_the_summary_counts_them(unready):
    assert unready["code"] == 0, unready["err"]
    lines = [ln for ln in unready["err"].splitlines() if ln.startswith("placeholders:")]
    with_it = [p for p in (unready["out"] / "svg").glob("*.svg") if ">emblem.svg</text>" in p.read_text()]
    assert len(lines) == 1 and lines[0].startswith(f"placeholders: 1 missing art file(s) printed as labelled "
                                                   f"placeholders on {len(with_it)} design(s): ")
    assert lines[0].endswith("proto/art/emblem.svg") and len(with_it) > 1, unready["err"]
    svg = (unready["out"] / "svg" / "card-back.svg").read_text()
    assert ">emblem.svg</text>" in svg and ">36 x 36 mm</text>" in svg     # the back's template: a 36 mm box
    # the cross, seen on the rasterised back: dark on its diagonals, light between them
    im = Image.open(unready["out"] / "png" / "card-back.png").convert("L")
    w, h = im.size
    x0, y0 = (w / 2 - 18 * MM), (h / 2 - 18 * MM)          # geo.cx - 18, geo.cy - 18: the box's corner
    on = [min(im.getpixel((int(x0 + t * MM + dx), int(y0 + t * MM + dy))) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
          for t in (3, 6, 30, 33)]
    assert all(v < 140 for v in on), on
    assert im.getpixel((int(x0 + 18 * MM), int(y0 + 4 * MM))) > 200     # the box between the arms: light


def test_a_missing_icon_and_a_missing_theme_file_are_placeholders_too(unready, tmp_path):
    spec = unready["game"] / "game.yaml"
    original = spec.read_text()
    spec.write_text(original.replace("icons: art/icons/", "icons: {coin: art/icons/coin.svg}"))
    os.remove(unready["game"] / "art" / "icons" / "coin.svg")
    try:
        theme = tmp_path / "theme.yaml"
        theme.write_text("art: {emblem: drawn-later.png}\n")
        code, out, err = run_cli("build", str(unready["game"]), "--out", str(tmp_path / "a"), "--formats", "svg",
                                 "--theme", str(theme))
        assert code == 2 and "drawn-later.png" in err
        code, out, err = run_cli("build", str(unready["game"]), "--out", str(tmp_path / "b"), "--formats", "svg",
                                 "--theme", str(theme), "--placeholders")
        assert code == 0, err
        assert "2 missing art file(s)" in err and "drawn-later.png" in err and "coin.svg" in err, err
        card = next((tmp_path / "b" / "proto-theme-svg" / "svg").glob("card-harbour*.svg")).read_text()  # beside the default
        assert ">coin.svg</text>" in card
    finally:
        (unready["game"] / "art" / "icons" / "coin.svg").write_text(_COIN)
        spec.write_text(original)


_COIN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>'


def test_a_missing_back_of_an_image_deck_is_a_placeholder(tmp_path):
    game = tmp_path / "deck"
    (game / "cards").mkdir(parents=True)
    (game / "backs").mkdir()
    Image.new("RGB", (75, 105), (200, 0, 0)).save(game / "cards" / "one.png")
    Image.new("RGB", (75, 105), (200, 0, 0)).save(game / "cards" / "two.png")
    Image.new("RGB", (75, 105), (0, 0, 200)).save(game / "backs" / "one.png")
    (game / "game.yaml").write_text("""id: deck
title: Deck
players: 1
components:
  - id: card
    kind: card
    size: [63.5mm, 88.9mm]
    front: shared/image-front.svg.j2
    back: {template: shared/image-back.svg.j2, vary_by: [back]}
    rows: {images: cards/, back: backs/}
""")
    code, out, err = run_cli("build", str(game), "--out", str(tmp_path / "out"), "--formats", "svg")
    assert code == 2 and "two.png" in err
    code, out, err = run_cli("build", str(game), "--out", str(tmp_path / "out"), "--formats", "svg",
                             "--placeholders")
    assert code == 0, err
    assert "placeholders: 1 missing art file(s)" in err and "backs/two.png" in err
    back = (job_folder(tmp_path / "out", "deck") / "svg" / "card-back-backs-two-png.svg").read_text()
    assert ">two.png</text>" in back and ">63.5 x 88.9 mm + 3 mm bleed</text>" in back
