"""Plant small, plausible defects one at a time and see whether the tests notice (a hand-made mutation pass).

Each defect is a one-line change a later edit could slip in (a sign, a unit, a corner, a case, a condition
dropped) in the code the issues name. For each, the script copies the commit to test into a throwaway git
worktree, plants the defect, runs the test files of that area with a short time limit, and counts the defect
killed when any test fails (a loop counts as killed once its time limit ends it). The same defects are planted
in two commits so the kill rate of the tests before and after a change can be compared:

    python tools/plant_defects.py --commit c80939f --commit HEAD

A defect whose line is not in a commit's source is reported as "absent" there, never counted.
"""

from __future__ import annotations

import argparse
import glob
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIME_LIMIT_S = 60        # a test's limit during the pass: a planted loop ends here, not at the suite's 300 s


@dataclass(frozen=True)
class Defect:
    area: str
    file: str
    old: str | tuple[str, ...]    # the line as written, or as each commit writes it (a line rewritten since)
    new: str | tuple[str, ...]    # the defect, for each way of writing `old`
    tests: tuple[str, ...]        # globs under tests/
    what: str

    def planted(self, source: str) -> str | None:
        """`source` with the defect planted where one way of writing its line stands once; None where none does."""
        olds, news = (self.old, self.new) if isinstance(self.old, tuple) else ((self.old,), (self.new,))
        return next((source.replace(o, n) for o, n in zip(olds, news) if source.count(o) == 1), None)


CALIBRATE = ("test_calibrat*.py",)
FOLD = ("test_fold_over.py", "test_fold_ends.py", "test_marks.py", "test_layout.py")
DECK = ("test_image_deck*.py", "test_new.py", "test_bleed_corners.py")
CRICUT = ("test_cricut*.py",)
INK = ("test_ink_*.py",)
PRESS = ("test_press*.py", "test_pdfx.py")
SELECTION = ("test_selection.py",)
SAFETY = ("test_nothing_lost.py", "test_staging.py")
SERVE = ("test_serve*.py", "test_hostile_serve_new.py")
KEYS = ("test_spec_errors.py", "test_docs.py", "test_layout.py")
COLOUR = ("test_colour_checks.py",)

DEFECTS = [
    Defect("calibration", "generator/calibrate/report.py", "if max(abs(ax), abs(ay)) < 0.05:",
           "if max(abs(ax), abs(ay)) < 0.5:", CALIBRATE, "a back 0.3 mm off called aligned"),
    Defect("calibration", "generator/calibrate/report.py", "_way(-ax, 'right', 'left')", "_way(ax, 'right', 'left')",
           CALIBRATE, "the sideways direction said the wrong way round"),
    Defect("calibration", "generator/calibrate/report.py", 'way = "clockwise" if turn > 0 else "anticlockwise"',
           'way = "clockwise" if turn < 0 else "anticlockwise"', CALIBRATE, "the turn's direction swapped"),
    Defect("calibration", "generator/calibrate/measure.py", "back.rotation_deg + front.rotation_deg",
           "back.rotation_deg - front.rotation_deg", CALIBRATE, "the front's own turn subtracted, not added"),
    Defect("calibration", "generator/calibrate/measure.py",
           ('np.array([w - point[0], point[1]]) if duplex == "long"',
            "np.array([flip.x(point[0], 0, w), flip.y(point[1], 0, h)])"),
           ('np.array([w - point[0], point[1]]) if duplex in ("long", "short")',
            "np.array([flip.x(point[0], 0, w), point[1]])"),
           CALIBRATE, "a short-edge flip mirrored as a long-edge one in the measurement"),
    Defect("fold lines", "generator/layout/fold.py", "bottom += tick if abs(bottom - block.bottom) < 1e-6 else 0.0",
           "bottom += 0.0", FOLD, "a fold line in a block's bottom row stops short of the marks band"),
    Defect("fold lines", "generator/layout/fold.py", "right += tick if abs(right - block.right) < 1e-6 else 0.0",
           "right += 0.0", FOLD, "a fold line in a block's last column stops short of the marks band"),
    Defect("fold lines", "generator/layout/fold.py", "0.0 if abs(y + h - line[1]) < 1e-6 else b)", "b)", FOLD,
           "bleed kept on the folded side of a half"),
    Defect("image deck bleed", "generator/render/bleed.py", '("bottom-left", left and bottom,',
           '("bottom-right", left and bottom,', DECK, "the bottom-left bleed corner takes the bottom-right pixels"),
    Defect("image deck bleed", "generator/render/bleed.py", '("top-right", right and top,',
           '("top-right", right and top and False,', DECK, "the top-right bleed corner left blank"),
    Defect("Cricut", "generator/output/cricut.py", "offset = round(bleed_mm / MM_PER_IN * DPI)",
           "offset = round(bleed_mm / MM_PER_IN * DPI) + 1", CRICUT, "every image shifted by a pixel"),
    Defect("Cricut", "generator/output/cricut.py", "Transpose.ROTATE_270", "Transpose.ROTATE_90", CRICUT,
           "a turned image turned the other way"),
    Defect("ink-saver", "generator/render/ink.py", "if own.width * own.scale >= WIDE_STROKE_MM:",
           "if own.width >= WIDE_STROKE_MM:", INK, "line or band judged in the art's own units"),
    Defect("ink-saver", "generator/render/ink.py", "fmt_number(rounded(OUTLINE_MM / own.scale, 4))",
           "fmt_number(rounded(OUTLINE_MM * own.scale, 4))", INK, "outline width scaled the wrong way"),
    Defect("ink-saver", "generator/render/ink.py", "UNIT_MM[m.group(2)] / vb[2]", "UNIT_MM[m.group(2)] / vb[3]",
           INK, "mm per unit from the viewBox's height"),
    Defect("press profile", "generator/output/press_profile.py", '.decode("utf-16-be", "replace")',
           '.decode("utf-16-le", "replace")', PRESS, "a v4 profile's name read in the wrong byte order"),
    Defect("press profile", "generator/output/press_profile.py", "if needle in key:", "if needle in description:",
           PRESS, "a registered condition missed when its name has spaces or lower case"),
    Defect("partial builds", "generator/model/selection.py", "if left and take[i] < s.count:", "if left:",
           SELECTION, "--players takes more copies of a row than it has (a loop)"),
    Defect("partial builds", "generator/model/selection.py", "seats = {p.id for p in game.player_colours[:players]}",
           "seats = {p.id for p in game.player_colours[:players + 1]}", SELECTION, "one seat too many"),
    Defect("image decks", "generator/commands/scaffold_images.py",
           ('unit = next((p.strip()[-2:] for p in parts if p.strip()[-2:].isalpha()), "mm")',
            'unit = next((p[-2:] for p in parts if p[-2:].isalpha()), "mm")'), ('unit = "mm"', 'unit = "mm"'),
           DECK, "a unit written once read as millimetres for the other side"),
    Defect("image decks", "generator/load/images.py", "_[xX](?P<n>", "_[x](?P<n>", DECK,
           "copies written _X3 not read"),
    Defect("safety", "generator/output/writer.py", "start = max(len(parts) - 2, 1) if target.is_absolute() else 0",
           "start = len(parts) - 1 if target.is_absolute() else 0", SAFETY,
           "an absolute --out that is a link written through"),
    Defect("safety", "generator/output/writer.py", "start = max(len(parts) - 2, 1) if target.is_absolute() else 0",
           "start = max(len(parts) - 2, 1) if target.is_absolute() else len(parts) - 1", SAFETY,
           "a relative --out that is a link written through"),
    Defect("live preview", "generator/commands/serve.py", "folders.append(options.theme.resolve().parent)", "pass",
           SERVE, "a theme outside the game folder not watched"),
    Defect("live preview", "generator/output/incremental.py",
           "examples.read_bytes() if examples.is_file() else None", "None", SERVE,
           "an edited examples.yaml not checked again"),
    Defect("key table", "generator/load/reader.py", "value = m[key] if key in m else schema.default(section, key)",
           "value = m.get(key) or schema.default(section, key)", KEYS, "false or zero replaced by the default"),
    Defect("colour checks", "generator/solver/colour_checks.py", "(a.symbol or b.symbol)", "(a.symbol and b.symbol)",
           COLOUR, "one seat's symbol alone not counted as a cue"),
    Defect("colour checks", "generator/solver/colour_checks.py", "if a.pattern != b.pattern:",
           'if a.pattern != b.pattern and "plain" not in (a.pattern, b.pattern):', COLOUR,
           "one seat's pattern alone not counted as a cue"),
]


def run(commit: str, chosen: list[Defect]) -> list[tuple[Defect, str]]:
    """Each defect's outcome at `commit`: "killed", "survived" or "absent"."""
    outcomes = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), commit], check=True)
        try:
            for d in chosen:
                outcomes.append((d, _one(tree, d)))
                print(f"{commit[:10]} {outcomes[-1][1]:8} {d.area}: {d.what}", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)
    return outcomes


def _one(tree: Path, d: Defect) -> str:
    path = tree / d.file
    source = path.read_text(encoding="utf-8")
    planted = d.planted(source)
    tests = sorted({p for g in d.tests for p in glob.glob(str(tree / "tests" / g))})
    if planted is None or not tests:
        return "absent"
    path.write_text(planted, encoding="utf-8")
    try:
        run = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-o",
                              f"timeout={TIME_LIMIT_S}", *tests], cwd=tree, capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": str(tree)})
    finally:
        path.write_text(source, encoding="utf-8")
    return "survived" if run.returncode == 0 else "killed"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--commit", action="append", required=True, help="a commit to test (give two to compare)")
    p.add_argument("--area", help="only the defects of this area")
    args = p.parse_args()
    chosen = [d for d in DEFECTS if args.area is None or d.area == args.area]
    for commit in args.commit:
        outcomes = run(commit, chosen)
        counted = [o for _, o in outcomes if o != "absent"]
        killed = counted.count("killed")
        print(f"{commit}: {killed} of {len(counted)} planted defects killed "
              f"({len(outcomes) - len(counted)} absent in this commit)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
