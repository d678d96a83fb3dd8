"""Benchmark: 54 poker cards (63.5 x 88.9 mm, a title and a colour fill each, 3 mm bleed, crop marks, A4).

Prints the median wall time of the whole command (`python -m generator build ... --formats sheets`,
start-up included, as protograf's figure is measured), the in-process build time and milliseconds
per card. With `--protograf PYTHON` (a Python that has protograf installed, in a throwaway venv),
it also times protograf's script for the same job in the same run and prints the ratio.

    python bench/bench_cards.py [--runs 7] [--protograf /tmp/pg/bin/python]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAME = HERE / "poker54"
PROTOGRAF_SCRIPT = '''
from protograf import *
Create(filename="cards54.pdf", paper="A4", units="cm", margin=0.5)
colours = ["tomato", "gold", "lightgreen", "lightskyblue", "plum", "sandybrown"]
Data(data_list=[["Title"]] + [[f"Card {i + 1}"] for i in range(54)])
Deck(cards=54, card_size="poker", spacing=0.4, grid_marks=True, grid_marks_style="both", grid_marks_length=0.4)
Card("all", bleed_x=0.2, bleed_y=0.2, bleed_fill="silver")
for i in range(54):
    Card(str(i + 1), rectangle(x=0, y=0, width=6.35, height=8.89, fill=colours[i % len(colours)], stroke=None))
Card("all", text(text=T("{{Title}}"), x=3.175, y=1.5, font_size=18))
Save()
'''


def wall(cmd: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--protograf", metavar="PYTHON", help="a python with protograf installed")
    args = ap.parse_args()

    from generator.build import BuildOptions, build_game
    from generator.layout.plan import SheetOptions

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        cmd = [sys.executable, "-m", "generator", "build", str(GAME), "--formats", "sheets", "--out", str(out)]
        ours = [wall(cmd, HERE) for _ in range(args.runs)]
        startup = [wall([sys.executable, "-c", "import generator.cli"], HERE) for _ in range(args.runs)]
        options = BuildOptions(SheetOptions(), out, formats=("sheets",))
        build_game(GAME, options)  # warm caches once, as a long-running process would have them
        inproc = []
        for _ in range(args.runs):
            start = time.perf_counter()
            result = build_game(GAME, options)
            inproc.append(time.perf_counter() - start)
        pages = result.pages
        pdf = out / "poker54" / "poker54-a4.pdf"
        size = pdf.stat().st_size
        pg = []
        if args.protograf:
            (out / "cards54.py").write_text(PROTOGRAF_SCRIPT)
            pg = [wall([args.protograf, "cards54.py"], out) for _ in range(args.runs)]

    med = statistics.median
    print(f"punchboard: 54 poker cards, 3 mm bleed, crop marks, A4, --formats sheets ({args.runs} runs)")
    print(f"  wall time, whole command     median {med(ours):.3f} s   (runs: {', '.join(f'{t:.2f}' for t in ours)})")
    print(f"  of which import + start-up   median {med(startup):.3f} s")
    print(f"  in-process build             median {med(inproc) * 1000:.0f} ms = {med(inproc) * 1000 / 54:.2f} ms per card")
    print(f"  output                       {pages} pages, {size / 1024:.0f} KB, vector, fonts embedded")
    if pg:
        print(f"protograf: same job ({args.runs} runs)")
        print(f"  wall time, whole command     median {med(pg):.3f} s   (runs: {', '.join(f'{t:.2f}' for t in pg)})")
        print(f"  ratio protograf / punchboard {med(pg) / med(ours):.2f}x (whole command, same machine, same run)")


if __name__ == "__main__":
    main()
