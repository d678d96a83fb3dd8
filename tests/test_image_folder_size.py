"""Folders of the size people have: `pnp new --images` takes a cube of 3,000 scans (about 1 GB; the limits page
says 4 GB at most, where a game folder copy stops at 500 MB) and still refuses what no deck is, in one line."""

from __future__ import annotations


from PIL import Image

from conftest import run_cli


def test_a_cube_of_3000_images_is_a_deck_of_3000_cards(tmp_path):
    images = tmp_path / "scans"
    images.mkdir()
    card = Image.new("RGB", (75, 105), (200, 30, 30))
    for i in range(3000):
        card.save(images / f"card {i:04d}.png")
    code, out, err = run_cli("new", "cube", "--images", str(images), "--dir", str(tmp_path))
    assert code == 0, err
    assert len(list((tmp_path / "cube" / "fronts").iterdir())) == 3000


def test_more_than_4_gb_of_images_is_one_line_and_nothing_is_left(tmp_path):
    """A 5 GB file (sparse: no disk is used) named like a scan: refused before a byte is copied."""
    images = tmp_path / "scans"
    images.mkdir()
    Image.new("RGB", (750, 1050)).save(images / "a.png")
    with open(images / "b.png", "wb") as f:
        f.truncate(5 * 1024 ** 3)
    code, _, err = run_cli("new", "cube", "--images", str(images), "--dir", str(tmp_path / "games"))
    assert code == 2 and len(err.splitlines()) == 1, err
    assert err == f"error: {images}: pnp new: more than 4 GB of files; expected a folder of card images\n"
    assert not (tmp_path / "games" / "cube").exists()


def test_a_game_copy_keeps_its_own_limit(tmp_path):
    """`pnp new --from` copies a game folder: 500 MB at most, as before."""
    game = tmp_path / "big"
    (game / "art").mkdir(parents=True)
    (game / "game.yaml").write_text("id: big\n")
    with open(game / "art" / "huge.svg", "wb") as f:
        f.truncate(600 * 1024 ** 2)
    code, _, err = run_cli("new", "copy", "--from", str(game), "--dir", str(tmp_path / "games"))
    assert code == 2 and err.endswith("pnp new: more than 500 MB of files; expected a game folder\n"), err
    assert not (tmp_path / "games" / "copy").exists()
