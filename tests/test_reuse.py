"""Rebuilds that reuse the last build's work (output/reuse.py): whatever was edited, a rebuild writes the bytes a
cold build of the same folder writes; an unchanged rebuild writes nothing; a damaged output or cache is made
again; a cache never runs what it holds, and a build that fails or is told --no-cache leaves none."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from conftest import run_cli
from generator.output.reuse import cache_folder


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    """Each test's builds keep their work in a cache folder of the test's own."""
    monkeypatch.setenv("PUNCHBOARD_CACHE", str(tmp_path / "user-cache"))

EDITS = {
    "a row's data": ("game.yaml", "{title: Beta,", "{title: Bravo,"),
    "a template": ("templates/demo/card.svg.j2", "</svg>", '<circle cx="10" cy="10" r="4" fill="#123456"/></svg>'),
    "an art file": ("art/star.svg", 'stop-color="#ffd166"', 'stop-color="#1b9e77"'),
}


def files(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def build(game: Path, out: Path, *argv: str) -> Path:
    code, _, err = run_cli("build", str(game), "--out", str(out), *argv)
    assert code == 0, err
    return out / "demo"


def edit(game: Path, name: str) -> None:
    file, old, new = EDITS[name]
    text = (game / file).read_text(encoding="utf-8")
    assert old in text, f"{file} no longer holds {old!r}"
    (game / file).write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("what", sorted(EDITS))
def test_a_rebuild_after_an_edit_writes_what_a_cold_build_writes(game, tmp_path, what):
    before = files(build(game, tmp_path / "out"))
    edit(game, what)
    rebuilt = files(build(game, tmp_path / "out"))
    cold = files(build(game, tmp_path / "cold", "--no-cache"))
    assert rebuilt != before, f"editing {what} changed nothing: the test would not see a stale file"
    assert rebuilt == cold, [f for f in cold if rebuilt.get(f) != cold[f]]


def test_an_unchanged_rebuild_writes_no_file_again_and_says_the_same(game, tmp_path):
    """Its folder is replaced as any build's is, by links to the very files it holds (but the marker every staging
    folder gets first)."""
    out = tmp_path / "out"
    code, first, _ = run_cli("build", str(game), "--out", str(out))
    before = stamps(out / "demo")
    code, again, _ = run_cli("build", str(game), "--out", str(out))
    assert code == 0
    after = stamps(out / "demo")
    assert after.keys() == before.keys() and [f for f in after if after[f] != before[f]] == [".punchboard-build"]
    assert [line.split()[:5] for line in again.splitlines()] == [line.split()[:5] for line in first.splitlines()]


def test_a_damaged_output_is_made_again(game, tmp_path):
    out = tmp_path / "out"
    made = files(build(game, out))
    png = next((out / "demo" / "png").iterdir())
    with open(png, "r+b") as f:                   # changed in place: the cache's link to it changes too
        f.seek(100)
        f.write(b"\x00" * 64)
    next((out / "demo" / "shop").iterdir()).unlink()
    next((out / "demo" / "svg").iterdir()).unlink()
    assert files(build(game, out)) == made


def test_a_cache_is_read_only_as_this_programs_values(game, tmp_path):
    """A pickle that names a callable (what a planted file would hold) is refused, never run; the build makes the
    value afresh and writes what a cold build writes."""
    out = tmp_path / "out"
    build(game, out)
    cold = files(build(game, tmp_path / "cold", "--no-cache"))
    planted = tmp_path / "planted"
    cache = cache_folder(out, "demo")
    for entry in (cache / "rendered").iterdir():
        entry.write_bytes(pickle.dumps(_Run(f"touch {planted}")))
    index = cache / "index.json"
    doc = json.loads(index.read_text(encoding="utf-8"))
    for entry in (cache / "rendered").iterdir():     # stamps that match: only the loader stands
        doc["entries"][f"rendered/{entry.name}"] = [entry.stat().st_size, entry.stat().st_mtime_ns]
    index.write_text(json.dumps(doc), encoding="utf-8")
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "\n", encoding="utf-8")   # not unchanged
    assert files(build(game, out)) == cold
    assert not planted.exists()


class _Run:
    def __init__(self, command: str):
        self.command = command

    def __reduce__(self):
        return (os.system, (self.command,))


def test_no_cache_keeps_nothing_and_a_failed_build_leaves_nothing(game, tmp_path):
    build(game, tmp_path / "plain", "--no-cache")
    assert not cache_folder(tmp_path / "plain", "demo").exists()
    assert sorted(p.name for p in (tmp_path / "plain").iterdir()) == [".demo.lock", "demo"]   # only the build
    (game / "templates" / "demo" / "card.svg.j2").write_text("{{ no_such_name.x }}", encoding="utf-8")
    code, _, err = run_cli("build", str(game), "--out", str(tmp_path / "failed"))
    assert code == 2, err
    assert not cache_folder(tmp_path / "failed", "demo").exists()
    assert not (tmp_path / "failed").exists() or list((tmp_path / "failed").iterdir()) == []


def test_the_cache_keeps_one_build_and_links_the_files_it_shares_with_it(game, tmp_path):
    out = tmp_path / "out"
    build(game, out)
    edit(game, "a row's data")
    build(game, out)
    cache = cache_folder(out, "demo")
    pngs = {p.stat().st_ino for p in (out / "demo" / "png").iterdir()}
    kept = {p.stat().st_ino for p in (cache / "png").iterdir()}
    assert kept == pngs                     # one entry per PNG of the last build, each the same file
    assert len(list((cache / "designs").iterdir())) == 1


def test_a_deck_of_photographs_rebuilt_after_one_picture_changed_is_its_cold_build(tmp_path):
    fronts = tmp_path / "fronts"
    fronts.mkdir()
    for i in range(3):
        im = Image.effect_noise((750, 1050), 40).convert("RGB")
        ImageDraw.Draw(im).ellipse((150, 300, 600, 750), fill=(250 - 60 * i, 40 + 50 * i, 120))
        im.save(fronts / f"card {i}.jpg", quality=90)
    code, _, err = run_cli("new", "photos", "--images", str(fronts), "--dir", str(tmp_path))
    assert code == 0, err
    deck, out = tmp_path / "photos", tmp_path / "out"
    first = files(_built(deck, out))
    picture = sorted((deck / "fronts").iterdir())[1]
    with Image.open(picture) as im:
        im = im.convert("RGB")
    ImageDraw.Draw(im).rectangle((300, 800, 360, 860), fill=(255, 0, 0))
    im.save(picture, quality=90)
    rebuilt = files(_built(deck, out))
    cold = files(_built(deck, tmp_path / "cold", "--no-cache"))
    assert rebuilt != first and rebuilt == cold
    assert any((cache_folder(out, "photos") / "design").iterdir())    # photographs' SVGs: a file each


def _built(deck: Path, out: Path, *argv: str) -> Path:
    code, _, err = run_cli("build", str(deck), "--out", str(out), *argv)
    assert code == 0, err
    return out / "photos"


def test_a_cache_folder_that_is_a_link_is_not_used(game, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder = cache_folder(tmp_path / "out", "demo")
    folder.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(elsewhere, folder)
    build(game, tmp_path / "out")
    assert list(elsewhere.iterdir()) == []


def test_only_the_jobs_built_last_keep_their_work(game, tmp_path):
    from generator.output import reuse

    for k in range(3):
        build(game, tmp_path / f"out{k}")
    shutil.rmtree(tmp_path / "out0")                  # an output folder deleted: its job's cache goes too
    base = cache_folder(tmp_path / "out1", "demo").parent
    reuse.evict(base, keep=1)
    assert [p.name for p in base.iterdir()] == [cache_folder(tmp_path / "out2", "demo").name]
