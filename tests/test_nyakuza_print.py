"""Nyakuza's print set: the board's data (one copy, drawn and walked), nets, folds and punch-sized tokens."""

from __future__ import annotations

import json
import shutil
from collections import deque

import pytest

from conftest import job_folder

from generator.commands.build import BuildOptions, build_game
from generator.common.errors import SpecError
from generator.layout.plan import SheetOptions
from generator.load import load_game
from pdfcheck import mm, render


@pytest.fixture(scope="module")
def game():
    return load_game("nyakuza")


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    out = tmp_path_factory.mktemp("nyakuza")
    build_game("nyakuza", BuildOptions(SheetOptions(), out, formats=("sheets", "svg")))
    return job_folder(out, "nyakuza")


def test_the_board_has_exactly_the_60_numbered_spaces_of_the_60_tiles(game):
    board = game.component("board")
    numbers = sorted(s.number for s in board.hexmap.spaces if s.kind == "resource")
    assert numbers == list(range(1, 61))
    tiles = {int(r.fields["number"]): r.fields["type"] for r in game.component("resource-tile").rows}
    assert sorted(tiles) == numbers and board.hexmap_tiles == "resource-tile"
    kinds = [s.kind for s in board.hexmap.spaces]
    assert (kinds.count("shore"), kinds.count("sea")) == (28, 18)


def test_the_board_graph_is_connected_and_every_type_touches_a_shore(game):
    hexmap = game.component("board").hexmap
    graph = hexmap.neighbours()
    start = next(iter(graph))
    seen, todo = {start}, deque([start])
    while todo:
        for n in graph[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(graph)
    tiles = {int(r.fields["number"]): r.fields["type"] for r in game.component("resource-tile").rows}
    by_shore = {tiles[hexmap.space(s).number] for s, ns in graph.items() if s.startswith("R")
                for n in ns if hexmap.space(n).kind == "shore"}
    assert by_shore == set(tiles.values())


def test_the_rulebook_example_fits_real_spaces(game):
    hexmap = game.component("board").hexmap
    graph = hexmap.neighbours()
    tiles = {int(r.fields["number"]): r.fields["type"] for r in game.component("resource-tile").rows}
    assert (tiles[1], tiles[4], tiles[8], tiles[5]) == ("octopus", "spider-crab", "spider-crab", "squid")
    chain = ["R4", "R8", "R1", "R5"]
    assert all(b in graph[a] for a, b in zip(chain, chain[1:]))
    assert "S1-1" in graph["R4"] and "S5-0" in graph["R5"]


def test_the_board_prints_each_space_with_the_type_of_its_tile(build, game):
    svg = (build / "svg" / "board.svg").read_text()
    for label in ("Spider Crab", "Octopus", "Squid", "Salmon", "Tuna", "Driftwood"):
        assert f">{label}</text>" in svg
    tiles = [r.fields["type"] for r in game.component("resource-tile").rows]
    for t in set(tiles):
        assert svg.count(f">{game.labels[t]}</text>") == tiles.count(t)  # one label per space of that type


def test_a_map_that_disagrees_with_the_tiles_is_refused(tmp_path):
    folder = tmp_path / "nyakuza"
    shutil.copytree("components/nyakuza", folder)
    text = (folder / "game.yaml").read_text().replace("s  4  2  3  6  7", "s  4  2  3  6  ~")
    (folder / "game.yaml").write_text(text)
    with pytest.raises(SpecError) as exc:
        load_game(folder)
    assert [p.message for p in exc.value.problems] == [
        "expected a resource-tile row for every resource space and a space for every row; "
        "spaces without a row: none, rows without a space: [7]"]


def test_stall_nets_fold_along_their_panel_edges_and_stand_in_one_space(game):
    for cid in ("stall", "grand-market"):
        c = game.component(cid)
        p = c.panels
        x_folds = sorted({f.x1 for f in c.folds if f.x1 == f.x2})
        assert x_folds == [p["front"][0], p["right"][0], p["back"][0], p["tab"][0]]
        assert any(f.y1 == f.y2 == p["roof"][3] for f in c.folds)
        footprint = (p["front"][2] ** 2 + p["left"][2] ** 2) ** 0.5  # the box's diagonal
        assert footprint < game.component("board").hex_space_mm  # stands inside one space


def test_screens_fold_in_three_equal_panels(game):
    c = game.component("screen")
    assert [f.x1 for f in c.folds] == [c.width_mm / 3, 2 * c.width_mm / 3]
    assert all(f.y1 == 0 and f.y2 == c.height_mm for f in c.folds)


def test_tokens_are_sized_to_common_circle_punches(game):
    assert [round(game.component(c).width_mm, 3) for c in ("boat", "koban", "amulet")] == [15.875, 19.05, 31.75]


def test_fold_lines_are_printed_dashed_where_the_plan_puts_them(build):
    m = json.loads((build / "manifest.json").read_text())
    page = next(p for p in m["sheets"]["pages"] if any(x["design"].startswith("screen-") for x in p["pieces"])
                and p["side"] == "front")
    piece = next(x for x in page["pieces"] if x["design"].startswith("screen-"))
    x, y, w, h = piece["trim_mm"]
    image = render(build / m["sheets"]["file"], page["index"], dpi=300)
    # the screen is turned a quarter on the page: its folds run across at a third and two thirds
    assert piece["rotation"] == 90 and w < h
    for k in (1, 2):
        fy = y + k * h / 3

        def marked(t: int) -> bool:  # any pixel across the thin line that differs from the art beside it
            beside = sum(image.getpixel((mm(x + 10 + t * 0.1), mm(fy - 1.5))))
            return any(abs(sum(image.getpixel((mm(x + 10 + t * 0.1), mm(fy) + d))) - beside) > 90 for d in (-2, -1, 0, 1, 2))

        line = [marked(t) for t in range(400)]
        runs = sum(1 for a, b in zip(line, line[1:]) if a != b)
        assert runs >= 10  # dash, gap, dash, gap...: dashed, not solid


def test_round_tokens_get_their_cut_circle(build):
    m = json.loads((build / "manifest.json").read_text())
    page = next(p for p in m["sheets"]["pages"] if any(x["design"] == "koban" for x in p["pieces"]))
    piece = next(x for x in page["pieces"] if x["design"] == "koban")
    x, y, w, h = piece["trim_mm"]
    image = render(build / m["sheets"]["file"], page["index"], dpi=600)   # the 0.1 mm line spans 2 px at least
    px_mm = 600 / 25.4
    # across the circle (at the trim, left and top): a light halo, the dark cut line, a light halo, on dark art
    for px, py in ((x, y + h / 2), (x + w / 2, y)):
        step = (1, 0) if px == x else (0, 1)
        run = [sum(image.getpixel((round(px * px_mm) + k * step[0], round(py * px_mm) + k * step[1])))
               for k in range(-12, 13)]
        art = run[0]
        light = [k for k, v in enumerate(run) if v > art + 300]
        assert light, run
        core = run[light[0]:light[-1] + 1]
        assert min(core) <= art + 10 and len(light) >= 2, run
