"""Benchmark: 54 poker cards (63.5 x 88.9 mm, a title and a colour fill each, 3 mm bleed, crop marks, A4).

Prints the median wall time of the whole command (`python -m generator build ... --formats sheets`,
start-up included, as protograf's figure is measured), the in-process build time and milliseconds
per card, and the same job done by a bare script (jinja2 templates and one Typst compile, no
framework) so the framework's own cost shows as a ratio. With `--protograf PYTHON` (a Python that
has protograf installed, in a throwaway venv), it also times protograf's script for the same job
in the same run and prints the ratio. Subprocesses run with bytecode caching on, as a user's
machine has it, even where PYTHONDONTWRITEBYTECODE is set.

    python bench/bench_cards.py [--runs 7] [--protograf /tmp/pg/bin/python]
"""

from __future__ import annotations

import argparse
import os
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


BARE_SCRIPT = '''
import pathlib, sys, jinja2, typst
out = pathlib.Path(sys.argv[1])
colours = ["#ff6347", "#ffd700", "#90ee90", "#87cefa", "#dda0dd", "#f4a460"]
card = jinja2.Template('<svg xmlns="http://www.w3.org/2000/svg" width="69.5mm" height="94.9mm" viewBox="0 0 69.5 94.9">'
                       '<rect width="69.5" height="94.9" fill="{{ c }}"/><text x="34.75" y="17" font-family="Lato" '
                       'font-weight="700" font-size="6" text-anchor="middle">{{ t }}</text></svg>')
for i in range(54):
    (out / f"c{i}.svg").write_text(card.render(c=colours[i % 6], t=f"Card {i + 1}"))
src = ["#set page(width: 210mm, height: 297mm, margin: 0pt)"]
for i in range(54):
    page, k = divmod(i, 8)
    if k == 0 and page:
        src.append("#pagebreak()")
    x, y = 11 + (k % 2) * 95, 11 + (k // 2) * 70
    src.append(f'#place(dx: {x}mm, dy: {y}mm, rotate(90deg, reflow: true, image("c{i}.svg", width: 69.5mm)))')
(out / "m.typ").write_text("\\n".join(src))
typst.compile(str(out / "m.typ"), output=str(out / "bare.pdf"), font_paths=[sys.argv[2]], ignore_system_fonts=True)
'''


def wall(cmd: list[str], cwd: Path, extra_env: dict[str, str] | None = None) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | (extra_env or {})
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--protograf", metavar="PYTHON", help="a python with protograf installed")
    args = ap.parse_args()

    from generator.commands.build import BuildOptions, build_game
    from generator.layout.plan import SheetOptions

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        cmd = [sys.executable, "-m", "generator", "build", str(GAME), "--formats", "sheets", "--out", str(out)]
        wall(cmd, HERE)  # writes the bytecode caches once
        ours = [wall(cmd, HERE) for _ in range(args.runs)]
        (out / "bare").mkdir()
        (out / "bare.py").write_text(BARE_SCRIPT)
        bare_cmd = [sys.executable, str(out / "bare.py"), str(out / "bare"), str(HERE.parent / "fonts")]
        bare = [wall(bare_cmd, HERE) for _ in range(args.runs)]
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
    print(f"bare script: jinja2 + one Typst compile, same cards, no marks, no framework ({args.runs} runs)")
    print(f"  wall time, whole command     median {med(bare):.3f} s")
    print(f"  ratio punchboard / bare      {med(ours) / med(bare):.2f}x (the framework's own cost)")
    if pg:
        print(f"protograf: same job ({args.runs} runs)")
        print(f"  wall time, whole command     median {med(pg):.3f} s   (runs: {', '.join(f'{t:.2f}' for t in pg)})")
        print(f"  ratio protograf / punchboard {med(pg) / med(ours):.2f}x (whole command, same machine, same run)")


if __name__ == "__main__":
    main()
