"""The first hour's commands (issue 19): a theme build goes beside the default one, `pnp list` shows the
game folders here, `pnp new` says what it wrote, the scaffold's ids are short keys, and the gallery is
titled, grouped by component and shows each piece in its own shape (seen in headless Chromium)."""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from conftest import DEMO, run_cli, run_pnp, tiny_game, job_folder

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def build(game: Path | str, out: Path, *extra: str) -> str:
    code, stdout, err = run_cli("build", str(game), "--out", str(out), "--formats", "svg", *extra)
    assert code == 0, err
    return stdout


# --- a theme build goes beside the default ---------------------------------------------------------

def test_theme_builds_go_beside_the_default_and_beside_each_other(tmp_path):
    out = tmp_path / "out"
    (tmp_path / "a.yaml").write_text("palette: {paper: '#112233'}\n")
    (tmp_path / "My Theme.yaml").write_text("palette: {paper: '#445566'}\n")
    build(DEMO, out)
    build(DEMO, out, "--theme", str(tmp_path / "a.yaml"))
    build(DEMO, out, "--theme", str(tmp_path / "My Theme.yaml"), "--style", "ink-saver")
    build(DEMO, out, "--theme", str(tmp_path / "a.yaml"), "--players", "2")
    summary = build(DEMO, out, "--theme", str(tmp_path / "a.yaml"), "--only", "coin")
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == [
        "demo-a-svg", "demo-a-svg-2p", "demo-a-svg-only", "demo-my-theme-ink-saver-svg", "demo-svg"]
    assert str(out / "demo-a-svg-only") in summary                       # the summary names where it went
    card = "card-alpha-d35400.svg"
    assert "#112233" not in (out / "demo-svg" / "svg" / card).read_text()   # the unthemed job is not overwritten
    assert 'fill="#112233"' in (out / "demo-a-svg" / "svg" / card).read_text()
    assert "#112233" not in (out / "demo-my-theme-ink-saver-svg" / "svg" / card).read_text()
    doc = json.loads((out / "demo-a-svg-2p" / "manifest.json").read_text())
    assert doc["build"]["theme"] == "a.yaml" and doc["build"]["players"] == 2


# --- pnp list ------------------------------------------------------------------------------------

@pytest.fixture()
def workspace(tmp_path: Path) -> Path:
    """A folder as a user has it: a game of their own, a broken one, other folders, a hidden copy."""
    shutil.copytree(DEMO, tmp_path / "mine")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "game.yaml").write_text("id: broken\ntitle: Broken\nplayers: {min: 2}\n")
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "todo.txt").write_text("print it\n")
    shutil.copytree(DEMO, tmp_path / ".backup")
    (tmp_path / "game.txt").write_text("not a folder\n")
    return tmp_path


def rows_of(stdout: str) -> dict[str, str]:
    return {line.split()[0]: line for line in stdout.splitlines()[2:] if line.strip()}


def test_list_shows_the_game_folders_here_marked_local_and_a_broken_one_in_one_line(workspace):
    run = run_pnp("list", cwd=workspace)
    assert run.returncode == 0, run.stderr
    rows = rows_of(run.stdout)
    assert {"izakaya", "kamiza", "niya", "nusfjord", "nyakuza"} <= set(rows)
    assert all(rows[g].endswith("shipped") for g in ("niya", "nusfjord"))
    assert rows["demo"].split()[1:] == ["Demo", "2-3", "4", "18", "16", "0", "local:", "mine"]     # 0 builds
    assert "broken" not in rows and "notes" not in run.stdout and ".backup" not in run.stdout
    assert run.stderr.splitlines() == [
        'error: broken/game.yaml:1: missing key "components" (and 2 more: pnp check broken)']


def test_list_of_given_folders_lists_them_and_fails_for_a_broken_one(workspace):
    run = run_pnp("list", "mine", "niya", "broken", "nothere", cwd=workspace)
    assert run.returncode == 2
    rows = rows_of(run.stdout)
    assert set(rows) == {"demo", "niya", "demo:", "niya:"} and rows["niya"].endswith("shipped")
    assert rows["demo"].endswith("mine") and rows["demo:"] == "demo: no builds in output"    # a game named: its builds
    errors = run.stderr.splitlines()
    assert len(errors) == 2 and errors[0].startswith("error: broken/game.yaml:1:")
    assert errors[1].startswith('error: unknown game "nothere"')
    inside = run_pnp("list", cwd=workspace / "mine")            # in the game's own folder
    assert rows_of(inside.stdout)["demo"].endswith("local: .") and inside.returncode == 0


# --- pnp new says what it wrote ------------------------------------------------------------------

def said(stdout: str) -> list[str]:
    """The items of `wrote NAME/ (a, b/, templates/x/)`."""
    m = re.match(r"wrote \S+/ \((.*)\)", stdout.splitlines()[0])
    assert m, stdout
    return m.group(1).split(", ")


def on_disk(folder: Path) -> set[str]:
    out = set()
    for p in folder.iterdir():
        if p.name == "templates":
            out |= {f"templates/{q.name}/" for q in p.iterdir()}
        else:
            out.add(p.name + ("/" if p.is_dir() else ""))
    return out


@pytest.mark.parametrize("variant", ["scaffold", "from-id", "from-folder", "images", "images-backs", "many"])
def test_new_says_exactly_what_it_wrote(tmp_path, variant):
    src = tmp_path / "src"
    src.mkdir()
    extra: list[str] = []
    if variant == "from-id":
        extra = ["--from", "nusfjord"]
    elif variant in ("from-folder", "many"):
        shutil.copytree(DEMO, src / "demo")
        if variant == "many":
            for i in range(12):
                (src / "demo" / f"notes-{i}.txt").write_text("x\n")
        extra = ["--from", str(src / "demo")]
    elif variant.startswith("images"):
        (src / "fronts").mkdir()
        for i in range(2):
            Image.new("RGB", (90, 126), (200, 40 * i, 0)).save(src / "fronts" / f"c{i}.png")
        back = src / "fronts" if variant == "images-backs" else src / "back.png"
        if variant == "images":
            Image.new("RGB", (90, 126)).save(back)
        extra = ["--images", str(src / "fronts"), "--back", str(back)]
    code, stdout, err = run_cli("new", "fresh", "--dir", str(tmp_path / "games"), *extra)
    assert code == 0, err
    items, written = said(stdout), on_disk(tmp_path / "games" / "fresh")
    if variant == "many":                             # 12 more files than the demo: a count for the rest
        last, more = items[-1].rsplit(" and ", 1)
        items[-1] = last
        assert set(items) < written and len(items) + int(more.split()[0]) == len(written)
    else:
        assert set(items) == written and len(items) == len(written) and items[0] == "game.yaml"
    if variant == "from-id":
        assert "README.md" not in items and "templates/fresh/" in items and "cod.csv" in items


# --- the scaffold's ids are the card titles ------------------------------------------------------

def test_the_scaffold_names_cards_by_title_and_keeps_names_when_text_changes(tmp_path):
    code, _, err = run_cli("new", "keyed", "--dir", str(tmp_path))
    assert code == 0, err
    game = tmp_path / "keyed"
    titles = [r["title"] for r in csv.DictReader((game / "cards.csv").read_text(encoding="utf-8").splitlines())]
    build(game, tmp_path / "a")
    ids = sorted(p.stem for p in (job_folder(tmp_path / "a", "keyed") / "svg").glob("card-*.svg"))
    expected = sorted(["card-" + re.sub(r"[^a-z0-9]+", "-", t.lower()).strip("-") for t in titles] + ["card-back"])
    assert ids == expected and max(map(len, ids)) <= 20
    rows = list(csv.reader((game / "cards.csv").read_text(encoding="utf-8").splitlines()))
    rows[1][1], rows[1][2] = "9", "Something else entirely, with *new* words."
    with (game / "cards.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    build(game, tmp_path / "b")
    assert sorted(p.stem for p in (job_folder(tmp_path / "b", "keyed") / "svg").glob("card-*.svg")) == ids
    rows[2][0] = rows[1][0]                                   # two cards with one title
    with (game / "cards.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    code, _, err = run_cli("check", str(game))
    slug = rows[1][0].lower()
    assert code == 2 and f'cards.csv:3: duplicate row "{slug}"; give each row its own title (the key) or an "id"' in err


# --- the gallery ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def nusfjord_gallery(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("nusfjord-gallery")
    build("nusfjord", out)
    return job_folder(out, "nusfjord")


def test_the_gallery_is_titled_and_grouped_by_component_with_a_jump_list(nusfjord_gallery):
    page = (nusfjord_gallery / "index.html").read_text()
    doc = json.loads((nusfjord_gallery / "manifest.json").read_text())
    assert "<title>Nusfjord</title>" in page and re.search(r"<h1[^>]*>Nusfjord</h1>", page)
    per_component: dict[str, int] = {}
    for d in doc["designs"]:
        per_component[d["component"]] = per_component.get(d["component"], 0) + 1
    jump = dict(re.findall(r'<a href="#c-([a-z0-9-]+)">[^<]*<span>(\d+)</span></a>', page))
    assert {k: int(v) for k, v in jump.items()} == per_component and sum(per_component.values()) == 221
    sections = re.findall(r'<section><h3 id="c-([a-z0-9-]+)">(.*?)</section>', page, re.S)
    assert [cid for cid, _ in sections] == list(per_component)           # the spec's order
    for cid, body in sections:                                           # every design sits in its group
        shown = re.findall(r'alt="([^"]+)"', body)
        assert sorted(shown) == sorted(d["id"] for d in doc["designs"] if d["component"] == cid)
    assert "Herring deck" in page                                        # components by their names


def test_a_themed_gallery_says_which_theme(tmp_path):
    (tmp_path / "dusk.yaml").write_text("palette: {paper: '#445566'}\n")
    build(DEMO, tmp_path / "out", "--theme", str(tmp_path / "dusk.yaml"))
    page = (job_folder(tmp_path / "out", "demo") / "index.html").read_text()
    assert "<title>Demo (theme dusk.yaml)</title>" in page


SOLID = ('<svg xmlns="http://www.w3.org/2000/svg" width="{{ geo.W|mm }}mm" height="{{ geo.H|mm }}mm" '
         'viewBox="0 0 {{ geo.W|mm }} {{ geo.H|mm }}"><rect width="{{ geo.W|mm }}" height="{{ geo.H|mm }}" '
         'fill="{{ params.fill }}"/></svg>')


@pytest.mark.skipif(CHROMIUM is None, reason="needs chromium")
def test_gallery_pieces_show_in_their_own_shape_in_a_browser(tmp_path):
    """Solid pieces drawn to the bleed edge, seen in Chromium: a circle covers pi/4 of its bounding box,
    a pointy hex 3/4 and a rounded card a little less than all; a square preview would cover all three."""
    spec = ("id: shapes\ntitle: Shape Test\nplayers: 1\ncomponents:\n"
            "  - {id: disc, kind: token, shape: circle, size: 40mm, front: shapes/solid.svg.j2, "
            "params: {fill: '#ff0000'}}\n"
            "  - {id: cell, kind: hex-tile, size: 40mm, front: shapes/solid.svg.j2, params: {fill: '#00c0c0'}}\n"
            "  - {id: card, kind: card, shape: rounded, corner: 6mm, size: [40mm, 60mm], front: shapes/solid.svg.j2, "
            "params: {fill: '#00ff00'}}\n")
    game = tiny_game(tmp_path, "shapes", spec, {"solid.svg.j2": SOLID})
    code, _, err = run_cli("build", str(game), "--out", str(tmp_path / "out"), "--formats", "svg")  # no sheet pages
    assert code == 0, err
    page = job_folder(tmp_path / "out", "shapes") / "index.html"
    assert "<title>Shape Test</title>" in page.read_text()
    shot = tmp_path / "shot.png"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={shot}",
                    "--window-size=1200,1400", "--hide-scrollbars", page.as_uri()],
                   capture_output=True, timeout=60, check=True)
    px = np.asarray(Image.open(shot).convert("RGB")).astype(int)

    def cover(rgb: tuple[int, int, int]) -> float:
        hit = np.abs(px - rgb).sum(axis=2) < 30
        ys, xs = np.nonzero(hit)
        assert len(xs) > 500, rgb
        box = (xs.max() - xs.min() + 1) * (ys.max() - ys.min() + 1)
        return hit[ys.min():ys.max() + 1, xs.min():xs.max() + 1].sum() / box

    assert abs(cover((255, 0, 0)) - np.pi / 4) < 0.04
    assert abs(cover((0, 192, 192)) - 0.75) < 0.04
    corner_share = (4 - np.pi) * 6 ** 2 / (40 * 60)                  # the four rounded corners cut away
    assert abs(cover((0, 255, 0)) - (1 - corner_share)) < 0.02
