"""Designs as the manifest lists them: shared backs count every front they back; nested art keeps
ids of its own in every design."""

from __future__ import annotations

import json
import re

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from generator.load import load_game
from conftest import tiny_game, job_folder


def test_a_shared_back_counts_every_front_it_backs(demo_build):
    doc = json.loads((demo_build / "manifest.json").read_text())
    count = {d["id"]: d["count"] for d in doc["designs"]}
    # the numbers of tests/fixtures/demo/game.yaml
    assert count["hex-back"] == 2                       # two hex rows, one copy each
    assert count["card-back-alpha"] == 2                # card Alpha, count 2, its own back (vary_by: title)
    assert count["coin-back-red"] == 3                  # 3 coins per player, a back per seat
    for d in doc["designs"]:
        if d["face"] == "back":
            fronts = [f["count"] for f in doc["designs"] if f.get("back") == d["id"]]
            assert d["count"] == sum(fronts), d["id"]


def test_nyakuzas_sixty_tiles_share_one_back(tmp_path):
    from generator.model.designs import expand
    specs = expand(load_game("nyakuza"))
    backs = [s for s in specs if s.id == "resource-tile-back"]
    assert len(backs) == 1 and backs[0].count == 60     # rulebook: 60 Resource tiles


def test_nested_art_ids_are_prefixed_per_design(demo_build):
    """The demo's star art defines a gradient id "g"; each card nests it, and no two designs may share an id."""
    owners: dict[str, str] = {}
    for svg in sorted(p for p in (demo_build / "svg").glob("card-*.svg") if "-back-" not in p.name):
        text = svg.read_text()
        ids = re.findall(r'\bid="([^"]+)"', text)
        assert ids, svg.name
        for i in ids:
            assert i.startswith(svg.stem), (svg.name, i)
            assert i not in owners, (i, owners.get(i), svg.name)
            owners[i] = svg.name
        for ref in re.findall(r'url\(#([^)]+)\)|href="#([^"]+)"', text):
            target = ref[0] or ref[1]
            assert target in ids, (svg.name, target)   # every reference points inside its own design


def test_every_build_writes_a_gallery_whose_images_exist(demo_build):
    page = (demo_build / "index.html").read_text()
    doc = json.loads((demo_build / "manifest.json").read_text())
    sources = re.findall(r'<img src="([^"?]+)', page)
    assert len(sources) == len(doc["designs"]) + len(doc["sheets"]["pages"])
    assert all((demo_build / s).is_file() for s in sources)
    assert all(d["id"] in page for d in doc["designs"]) and "Checks: all passed" in page


def test_gallery_previews_of_unchanged_designs_are_not_rasterised_again(demo_build, tmp_path):
    """pnp serve keeps a preview cache: only the designs a change touched are drawn again."""
    from generator.output.gallery import write_previews

    pdf = demo_build / "shop" / "card-back-alpha.pdf"
    cache: dict[str, bytes] = {}
    assert write_previews([(pdf, 0)], tmp_path / "a", ["one"], 50, ["k1"], cache) == 1
    assert write_previews([(pdf, 0)], tmp_path / "b", ["one"], 50, ["k1"], cache) == 0
    assert (tmp_path / "a" / "one.png").read_bytes() == (tmp_path / "b" / "one.png").read_bytes()
    assert write_previews([(pdf, 0)], tmp_path / "c", ["one"], 50, ["k2"], cache) == 1


def test_a_gallery_with_no_checks_does_not_claim_they_passed(tmp_path):
    """A game with nothing to check (no setup, rules or examples) says so instead of "all passed"."""
    spec = ("id: plain\ntitle: Plain\nplayers: 1\ncomponents:\n  - id: card\n    kind: card\n    size: [63.5mm, 88.9mm]\n"
            "    front: plain/card.svg.j2\n")
    card = ('<svg xmlns="http://www.w3.org/2000/svg" width="{{ geo.W|mm }}mm" height="{{ geo.H|mm }}mm" '
            'viewBox="0 0 {{ geo.W|mm }} {{ geo.H|mm }}"><rect width="{{ geo.W|mm }}" height="{{ geo.H|mm }}" '
            'fill="{{ colours.white }}"/></svg>')
    game = tiny_game(tmp_path, "plain", spec, {"card.svg.j2": card})
    build_game(game, BuildOptions(SheetOptions(), tmp_path / "out", formats=("sheets",)))
    page = (job_folder(tmp_path / "out", "plain") / "index.html").read_text()
    assert "Checks: none to run" in page and "all passed" not in page
