"""Benchmark: home-print sheets against the area lower bound, per shipped game, paper and print job.

The lower bound of a build is
    ceil(sum of the trim + bleed areas of every piece packed on pages / printable area) + board tile sheets
where the printable area is the page less MARGIN (5 mm) on each side and nothing else (no footer, no
marks), a piece's trim + bleed area is (w + 2 bleed) x (h + 2 bleed) per copy, and boards larger than
the paper are apart: the sheets their tiles take are added as they are tiled. With `--duplex long`
"sheets" are sheets of paper: front pages (each back page prints on the other side of its front).
With `--duplex fold` a double-sided piece is packed as a pair (front and back sharing the fold edge, no
bleed across it), whose area is the smaller of (2w + 2b)(h + 2b) and (w + 2b)(2h + 2b); a pair that does
not fit the printable area with its bleed counts its front and back apart, 2 (w + 2b)(h + 2b).

Each row plans the sheets as `pnp build` does (no Typst: only the planner) and prints sheets, bound,
their ratio, the sheets allowed (1.1 x the bound, rounded up to a whole sheet: a build within 10 % of
the bound may still need the next whole sheet, so bound 5 allows 6 and bound 59 allows 65), flagged "OVER"
when more, and the planning time.

With `--cut` the sheets are planned for a cutting machine (`--formats cut`: registration marks, pieces sharing
their bleed across a 1.25 mm gutter), against the same full-bleed bound (so a ratio below 1 is possible);
`--duplex fold` cannot be cut and is left out.

    python bench/bench_paper.py [--papers a4,letter,a3,tabloid] [--games niya,...] [--no-players] [--no-duplex] [--cut]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.commands.build import pieces_of  # noqa: E402
from generator.model.designs import expand  # noqa: E402
from generator.layout.board import board_pages  # noqa: E402
from generator.layout.plan import PAPERS_MM, SheetOptions  # noqa: E402
from generator.layout.sheets import plan_sheets  # noqa: E402
from generator.model.selection import Selection, select  # noqa: E402
from generator.load import load_game  # noqa: E402

MARGIN = 5.0
LIMIT = 1.1
GAMES = ("izakaya", "kamiza", "niya", "nusfjord", "nyakuza")


def printable(paper: str) -> tuple[float, float]:
    w, h = PAPERS_MM[paper]
    return w - 2 * MARGIN, h - 2 * MARGIN


def _is_board(p, paper: str, b: float) -> bool:
    """A board tiled over pages: larger than the printable area (with bleed) in both orientations."""
    pw, ph = printable(paper)
    fits = lambda w, h: w + 2 * b <= pw + 1e-9 and h + 2 * b <= ph + 1e-9  # noqa: E731
    return p.tileable and not (fits(p.w, p.h) or fits(p.h, p.w))


def bound(pieces, options: SheetOptions) -> int:
    """The lower bound above, from the pieces as the build gives them to the planner."""
    b = options.bleed_mm
    pw, ph = printable(options.paper)
    area, boards = 0.0, 0
    for p in pieces:
        if _is_board(p, options.paper, b):
            boards += board_pages(p, options) * p.count
            continue
        one = (p.w + 2 * b) * (p.h + 2 * b)
        if options.duplex == "fold" and p.back:
            ways = [(2 * p.w + 2 * b, p.h + 2 * b), (p.w + 2 * b, 2 * p.h + 2 * b)]
            fit = [w * h for w, h in ways if (w <= pw and h <= ph) or (h <= pw and w <= ph)]
            one = min(fit) if fit else 2 * one
        area += one * p.count
    return math.ceil(area / (pw * ph) - 1e-9) + boards


def allowed(lower: int) -> int:
    """Sheets allowed: 1.1 x the bound, rounded up to a whole sheet."""
    return math.ceil(LIMIT * lower - 1e-9)


def sheets(plan) -> int:
    """Sheets of paper: front pages (a back page prints on the other side of its front's sheet)."""
    return sum(1 for page in plan.pages if page.side == "front")


def jobs(game, players: bool, duplex: bool):
    """(label, selection, duplex) of the print jobs measured for one game."""
    out = [("whole", Selection(), "long")]
    if players:
        out += [(f"{e.players}p", Selection(players=e.players), "long") for e in game.setup]
    if duplex:
        out += [("fold", Selection(), "fold")]
    return out


def measure(name: str, paper: str, players: bool, duplex: bool, cut: bool = False) -> list[tuple]:
    game = load_game(name)
    every = expand(game)
    rows = []
    for label, selection, dup in jobs(game, players, duplex and not cut):
        specs = select(game, every, selection) if selection else every
        options = SheetOptions(paper=paper, duplex=dup, registration=cut)
        pieces = pieces_of(specs)
        started = time.perf_counter()
        plan = plan_sheets(pieces, options, game.title)
        ms = (time.perf_counter() - started) * 1000
        rows.append((name, paper, label, sheets(plan), bound(pieces, options), ms))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--papers", default="a4,letter,a3,tabloid")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--no-players", action="store_true")
    ap.add_argument("--no-duplex", action="store_true")
    ap.add_argument("--cut", action="store_true", help="plan the sheets for a cutting machine (--formats cut)")
    args = ap.parse_args()
    print(f"{'game':10} {'paper':8} {'job':6} {'sheets':>6} {'bound':>6} {'ratio':>6} {'allow':>6} {'plan ms':>8}")
    over = 0
    for name in args.games.split(","):
        for paper in args.papers.split(","):
            for game, pap, label, n, lb, ms in measure(name, paper, not args.no_players, not args.no_duplex, args.cut):
                ratio = n / lb if lb else 1.0
                flag = "  OVER" if n > allowed(lb) else ""
                over += bool(flag)
                print(f"{game:10} {pap:8} {label:6} {n:6d} {lb:6d} {ratio:6.3f} {allowed(lb):6d} {ms:8.1f}{flag}")
    print(f"{over} over {LIMIT} x the bound (rounded up)")


if __name__ == "__main__":
    main()
