"""A designer's week: jobs that coexist in one output folder, and a print diff. Each job writes its own folder,
named after what differs from the default; `pnp printed` marks the set on the table, and `--changed` prints
only what changed since, with what to pull."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from conftest import DEMO, run_cli
from generator.layout.plan import SheetOptions
from generator.output.options import BuildOptions


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def build(game: Path | str, out: Path, *argv: str) -> str:
    code, stdout, err = run_cli("build", str(game), "--out", str(out), *argv)
    assert code == 0, err
    return stdout + err


@pytest.mark.parametrize("kw, name", [
    ({}, "tide"),
    ({"formats": ("svg", "png", "sheets", "shop")}, "tide"),               # the default four, in any order
    ({"formats": ("sheets",)}, "tide-sheets"),                             # some of them: a job of its own
    ({"formats": ("png", "sheets")}, "tide-sheets-png"),                   # in the registry's order
    ({"formats": ("tts",)}, "tide-tts"),
    ({"formats": ("sheets", "svg", "tts", "cricut")}, "tide-sheets-svg-tts-cricut"),
    ({"formats": ("sheets", "shop", "png", "svg", "tts")}, "tide-sheets-shop-png-svg-tts"),   # not tts alone's
    ({"formats": ("cut",)}, "tide-cut"),                                   # cut brings its sheets, named once
    ({"formats": ("sheets", "cut")}, "tide-cut"),                          # ... the same job
    ({"formats": ("sheets", "svg"), "version": 3}, "tide-sheets-svg"),     # pnp serve's rebuilds: that job
    ({"sheet": SheetOptions(duplex="fold")}, "tide-fold"),
    ({"sheet": SheetOptions(duplex="none")}, "tide-duplex-none"),
    ({"press": True, "pdfx": "1a"}, "tide-press-1a"),
    ({"style": "ink-saver", "sheet": SheetOptions(duplex="short")}, "tide-ink-saver-duplex-short"),
    ({"sheet": SheetOptions(back_offset_mm=(0.5, -1.0))}, "tide"),           # a printer's correction: the same job
    ({"sheet": SheetOptions(paper="letter", marks="lines")}, "tide-letter-marks-lines"),
    ({"sheet": SheetOptions(bleed_mm=3.175)}, "tide-bleed-3.175mm"),
    ({"formats": ("cut",), "sheet": SheetOptions(reg_corners=4)}, "tide-reg-4-cut"),      # marks a cutter reads
    ({"formats": ("cut",), "sheet": SheetOptions(reg_corners=3)}, "tide-cut"),            # ... the default pattern
    ({"formats": ("cut",), "sheet": SheetOptions(reg_inset_mm=5)}, "tide-reg-inset-5mm-cut"),
])
def test_each_job_is_named_after_what_differs_from_the_default(kw, name):
    assert BuildOptions(**kw).folder_name("tide") == name


def test_a_long_name_ends_in_a_digest_and_stays_short():
    name = BuildOptions(formats=("sheets", "tts", "cut", "cricut"), style="ink-saver", press=True, pdfx="1a",
                        sheet=SheetOptions(duplex="short")).folder_name("x" * 64)
    assert len(name) <= 120 and name.startswith("x" * 64)


def test_a_week_of_jobs_into_one_output_folder_keeps_every_job(tmp_path):
    """The week the issue tells: TTS, two shops, fold-over sheets and cut files, one after another."""
    out = tmp_path / "output"
    build(DEMO, out, "--formats", "svg")
    first = files(out / "demo-svg")
    build(DEMO, out, "--formats", "tts")
    build(DEMO, out, "--formats", "svg", "--shop", "tgc")
    said = build(DEMO, out, "--formats", "sheets", "--duplex", "fold")
    assert str(out / "demo-fold-sheets") in said                        # the summary says where it went
    build(DEMO, out, "--formats", "cut")
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == [
        "demo-cut", "demo-fold-sheets", "demo-svg", "demo-svg-tgc", "demo-tts"]
    assert files(out / "demo-svg") == first                             # no job removed another's files
    fold = json.loads((out / "demo-fold-sheets" / "manifest.json").read_text())
    cut = json.loads((out / "demo-cut" / "manifest.json").read_text())
    assert fold["options"]["duplex"] == "fold" and cut["options"]["duplex"] == "long" and cut["cut"]
    assert (out / "demo-tts" / "tts").is_dir() and (out / "demo-svg-tgc" / "shop-tgc").is_dir()


def test_rebuilding_a_job_replaces_exactly_its_own_folder(tmp_path):
    out = tmp_path / "output"
    build(DEMO, out, "--formats", "svg")
    build(DEMO, out, "--formats", "sheets", "--duplex", "fold")
    other = files(out / "demo-fold-sheets")
    (out / "demo-svg" / "svg" / "stale.svg").write_text("<svg/>")
    build(DEMO, out, "--formats", "svg")
    assert not (out / "demo-svg" / "svg" / "stale.svg").exists() and files(out / "demo-fold-sheets") == other


@pytest.fixture(scope="module")
def default_then_proofs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes], list[str]]:
    """The default job of the demo, then two quick proofs of some of its formats into the same output folder: the
    output folder, the default job's files as they were, and the proofs' summaries."""
    out = tmp_path_factory.mktemp("proofs") / "output"
    build(DEMO, out)
    before = files(out / "demo")
    return out, before, [build(DEMO, out, "--formats", "sheets"), build(DEMO, out, "--formats", "sheets,png")]


def test_a_proof_of_some_default_formats_leaves_the_default_job_byte_for_byte(default_then_proofs):
    out, before, said = default_then_proofs
    assert {"demo-a4.pdf", "manifest.json", "shop/coin-red.pdf", "png/coin-red.png", "svg/coin-red.svg"} <= set(before)
    assert files(out / "demo") == before
    assert str(out / "demo-sheets") in said[0] and str(out / "demo-sheets-png") in said[1]
    assert sorted(p.name for p in (out / "demo-sheets").iterdir()) == [
        ".punchboard-build", "calibration-a4.pdf", "demo-a4.pdf", "index.html", "manifest.json", "pages", "preview"]
    assert (out / "demo-sheets-png" / "png" / "coin-red.png").read_bytes() == before["png/coin-red.png"]
    assert (out / "demo-sheets" / "demo-a4.pdf").read_bytes() == before["demo-a4.pdf"]   # one name, one content


def test_list_names_a_games_builds(default_then_proofs):
    out = default_then_proofs[0]
    code, stdout, _ = run_cli("list", str(DEMO), "--out", str(out))
    assert code == 0 and stdout.splitlines()[-1] == (f"demo: {out / 'demo'}, {out / 'demo-sheets'}, "
                                                     f"{out / 'demo-sheets-png'}")


# -- the print diff ---------------------------------------------------------------------------------------

@pytest.fixture
def week(tmp_path: Path) -> tuple[Path, Path]:
    code, _, err = run_cli("new", "tide", "--dir", str(tmp_path))
    assert code == 0, err
    out = tmp_path / "output"
    build(tmp_path / "tide", out, "--formats", "svg")
    return tmp_path / "tide", out


def edit_cards(game: Path, change: dict[str, str], remove: str, add: list[str]) -> None:
    path = game / "cards.csv"
    rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
    rows = [r for r in rows if r[0] != remove]
    for r in rows:
        if r[0] in change:
            r[2] = change[r[0]]
    rows.append(add)
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)


def test_a_playtest_round_prints_what_changed_and_lists_what_to_pull(week):
    game, out = week
    code, said, _ = run_cli("printed", str(out / "tide-svg"))
    assert code == 0 and "marked" in said and (out / ".printed" / "tide-svg.json").is_file()
    edit_cards(game, {"Harbour": "Gain 3 {coin}."}, remove="Market", add=["Lagoon", "2", "Swap two cards."])
    said = build(game, out, "--formats", "svg", "--changed")
    folder = out / "tide-svg-changed"
    doc = json.loads((folder / "manifest.json").read_text())
    assert doc["changes"]["new"] == ["card-lagoon"] and doc["changes"]["changed"] == ["card-harbour"]
    assert doc["changes"]["pull"] == [{"design": "card-harbour", "copies": 2, "why": "changed"},
                                      {"design": "card-market", "copies": 2, "why": "removed"}]
    assert sorted(d["id"] for d in doc["designs"]) == ["card-back", "card-harbour", "card-lagoon"]
    assert sum(d["count"] for d in doc["designs"] if d["face"] == "front") == 4      # two copies of each, as the spec
    text = (folder / "changes.txt").read_text()
    assert "Pull from the printed set:\n  card-harbour x 2 (changed)\n  card-market x 2 (removed)" in text
    assert "printing 1 new, 1 changed" in said
    page = (folder / "index.html").read_text()
    assert '<b>card-lagoon</b> <span class="mark">new</span>' in page and "<b>card-market</b> × 2 (removed)" in page


def test_more_copies_print_only_the_extra_ones(week):
    game, out = week
    spec = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(spec.replace("    count: 2\n", "    count: 3\n", 1))
    build(game, out, "--formats", "svg", "--changed")                 # against the last build of the job
    doc = json.loads((out / "tide-svg-changed" / "manifest.json").read_text())
    assert doc["changes"]["more"] == {f"card-{t}": 1 for t in ("harbour", "market", "lighthouse", "tavern",
                                                              "warehouse", "shipyard")}
    assert {d["id"]: d["count"] for d in doc["designs"] if d["face"] == "front"} == doc["changes"]["more"]


def test_art_changes_a_fingerprint_and_the_sheets_options_do_not(week, tmp_path):
    game, out = week
    before = {d["id"]: d["fingerprint"]
              for d in json.loads((out / "tide-svg" / "manifest.json").read_text())["designs"]}
    build(game, out, "--formats", "svg", "--duplex", "fold", "--marks", "lines")
    letter = json.loads((out / "tide-fold-marks-lines-svg" / "manifest.json").read_text())
    assert {d["id"]: d["fingerprint"] for d in letter["designs"]} == before
    art = game / "art" / "emblem.svg"
    art.write_text(art.read_text().replace("<svg", "<svg data-x='1'", 1).replace("</svg>", "<circle r='1'/></svg>"))
    said = build(game, out, "--formats", "svg", "--changed")
    # the emblem is on the 6 cards, their back, and each of the 4 seats' token and standee: 15 designs
    assert "printing 0 new, 15 changed" in said


def test_nothing_changed_prints_nothing_and_says_so(week):
    game, out = week
    said = build(game, out, "--formats", "svg", "--changed")
    assert "nothing to print since the last build" in said and not (out / "tide-svg-changed").exists()


def test_since_names_the_build_to_compare_with(week, tmp_path):
    game, out = week
    first = tmp_path / "first"
    shutil.copytree(out / "tide-svg", first)                            # the set printed at the first round
    edit_cards(game, {}, remove="Tavern", add=["Reef", "1", "Draw."])
    build(game, out, "--formats", "svg")                                # the last build already has Reef
    assert "nothing to print since the last build" in build(game, out, "--formats", "svg", "--changed")
    said = build(game, out, "--formats", "svg", "--changed", "--since", str(first))
    doc = json.loads((out / "tide-svg-changed" / "manifest.json").read_text())
    assert doc["changes"]["new"] == ["card-reef"] and doc["changes"]["pull"] == [
        {"design": "card-tavern", "copies": 2, "why": "removed"}] and "printing 1 new" in said


def test_a_proof_of_the_sheets_compares_with_the_default_jobs_printed_set(tmp_path):
    """The default job printed and marked; the edit proofed with `--formats sheets` (not printed); then the sheets
    of what changed: against the set on the table, not the proof. Once a proof is marked printed, against it."""
    code, _, err = run_cli("new", "tide", "--dir", str(tmp_path))
    assert code == 0, err
    game, out = tmp_path / "tide", tmp_path / "output"
    build(game, out)
    assert run_cli("printed", str(out / "tide"))[0] == 0
    edit_cards(game, {"Harbour": "Gain 3 {coin}."}, remove="Market", add=["Lagoon", "2", "Swap two cards."])
    build(game, out, "--formats", "sheets")
    said = build(game, out, "--formats", "sheets", "--changed")
    assert f"since the set marked printed from {out / 'tide'}: printing 1 new, 1 changed" in said
    doc = json.loads((out / "tide-sheets-changed" / "manifest.json").read_text())
    assert doc["changes"]["new"] == ["card-lagoon"] and doc["changes"]["changed"] == ["card-harbour"]
    assert {p.name for p in (out / "tide-sheets-changed").iterdir()} & {"tide-a4.pdf", "shop", "png", "svg"} == {
        "tide-a4.pdf"}                                                      # the sheets alone, as asked
    assert run_cli("printed", str(out / "tide-sheets"))[0] == 0
    said = build(game, out, "--formats", "sheets", "--changed")
    assert f"nothing to print since the set marked printed from {out / 'tide-sheets'}" in said


@pytest.mark.parametrize("argv, words", [
    (["--since", "x"], "error: --since names the build to compare with: add --changed"),
    (["--changed", "--duplex", "fold"], "error: --changed: no earlier build of this job at "),
])
def test_a_diff_without_what_to_compare_with_is_one_line(week, argv, words):
    game, out = week
    code, _, err = run_cli("build", str(game), "--out", str(out), *argv)
    assert code == 2 and err.startswith(words) and len(err.splitlines()) == 1, err


def test_printed_refuses_a_folder_no_build_made(tmp_path):
    (tmp_path / "notes").mkdir()
    code, _, err = run_cli("printed", str(tmp_path / "notes"))
    assert code == 2 and "expected the folder of a build" in err and not (tmp_path / ".printed").exists()
