"""Build the home-print sheet plan: packed fronts, their marks and outlines, and backs behind them."""

from __future__ import annotations

import dataclasses

from generator.errors import OptionError
from generator.layout.board import board_pages, tile_board
from generator.layout.registration import registration_lines
from generator.layout.duplex import back_placement
from generator.layout.footer import Footer, footers, how_to_print
from generator.layout.marks import block_lines
from generator.layout.pack import Block, Rect, fits_paper, pack
from generator.layout.plan import Outline, Page, PieceInput, Placement, SheetOptions, SheetPlan


def block_placements(block: Block) -> list[Placement]:
    """Pieces of a block row by row; shared cuts keep bleed only where no neighbour is."""
    out = []
    n, b = len(block.items), block.bleed
    for i, item in enumerate(block.items):
        col, row = i % block.cols, i // block.cols
        x, y = block.trim_origin(col, row)
        if block.shared:
            keep = (b if col == 0 else 0.0, b if row == 0 else 0.0,
                    b if col == block.cols - 1 or i + 1 >= n else 0.0,
                    b if i + block.cols >= n else 0.0)
        else:
            keep = (b, b, b, b)
        out.append(Placement(item.design, round(x, 4), round(y, 4), block.cell_w, block.cell_h,
                             90 if block.rotated else 0, keep, item.shape, item.cut, item.w, item.h))
    return out


def _outlines(block: Block, placements: list[Placement], marks: str) -> list[Outline]:
    out = []
    for item, pl in zip(block.items, placements):
        if item.shape != "rect" and marks != "none":  # a light halo keeps the cut visible on any fill
            for kind in ("cut-halo", "cut"):
                out.append(Outline(item.cut, pl.x, pl.y, pl.rotation, item.w, item.h, kind))
        for x1, y1, x2, y2 in item.folds:  # a light halo under the dashes keeps them visible on dark art
            for kind in ("fold-halo", "fold"):
                out.append(Outline(f"M {x1:g} {y1:g} L {x2:g} {y2:g}", pl.x, pl.y, pl.rotation, item.w, item.h, kind))
    return out


def _pack_with_footer(pieces: list[PieceInput], options: SheetOptions) -> tuple[list[list[Block]], Footer]:
    """Pack clear of the footer's strip, on whichever edge takes fewer pages (bottom on a tie)."""
    best, error = None, None
    for footer in footers(options):
        try:
            paged = pack(pieces, options, footer.area)
        except OptionError as exc:
            error = error or exc
            continue
        if best is None or len(paged) < len(best[0]):
            best = (paged, footer)
    if best is None:
        raise error
    return best


def _page_parts(blocks: list[Block], options: SheetOptions, area: Rect, only_backed: dict | None = None):
    """Placements, marks and outlines of a page's blocks (of the double-sided blocks only, if asked)."""
    placements, lines, outlines = [], [], []
    for block in blocks:
        pls = block_placements(block)
        placements.extend(pls)
        if only_backed is not None and not only_backed[block.items[0].design]:
            continue
        lines.extend(block_lines(block, [o for o in blocks if o is not block], options, area))
        outlines.extend(_outlines(block, pls, options.marks))
    return placements, lines, outlines


def plan_sheets(pieces: list[PieceInput], options: SheetOptions, title: str) -> SheetPlan:
    """Fronts packed onto pages; each page holding a double-sided piece is followed by its back page.

    Double-sided pieces are packed first, so those pages come first and can be printed duplex in
    one go (single-sided pieces filling their gaps get a blank back); the pages after them hold
    single-sided pieces only and have no back page. Every page has a footer saying how to print
    it. Backs printed duplex rely on their front's marks; with `--duplex none` each back page
    carries its own, since it is cut on its own.
    """
    plain = dataclasses.replace(options, registration=False)
    boards = [p for p in pieces if p.tileable and not fits_paper(p, plain)]
    rest = [p for p in pieces if p not in boards]
    backs = {p.design: p.back for p in pieces}
    runs = _packed_runs(rest, options, plain, backs)
    duplex_fronts = sum(1 for blocks, _, _ in runs if _double(blocks, backs))
    sheets = len(runs) + sum(board_pages(b, plain) * b.count for b in boards)
    pages: list[Page] = []
    for k, (blocks, footer, opts) in enumerate(runs):
        placements, lines, outlines = _page_parts(blocks, opts, footer.area)
        if opts.registration:           # print-then-cut: the machine's marks
            lines = lines + registration_lines(*opts.page_mm)
        double = k < duplex_fronts
        words = (f"{title} · sheet {k + 1} of {sheets} · {options.paper.upper()} at 100 % (actual size) · "
                 f"{how_to_print(options, double, 2 * duplex_fronts)}")
        front = Page(len(pages), "front", tuple(placements), tuple(lines), tuple(outlines),
                     (footer.text(words, opts),))
        pages.append(front)
        if double:
            pages.append(_back_page(front, blocks, backs, opts, footer, f"{title} · sheet {k + 1} of {sheets} · "
                                    f"backs of page {front.index + 1} · {options.paper.upper()} at 100 % (actual "
                                    f"size) · {how_to_print(options, True, 2 * duplex_fronts)}"))
    done = len(runs)
    for board in boards:
        for _ in range(board.count):
            tiles = tile_board(board, plain, len(pages), title, (done + 1, sheets))
            pages.extend(tiles)
            done += len(tiles)
    return SheetPlan(options, tuple(pages))


def _double(blocks: list[Block], backs: dict) -> bool:
    return any(backs[i.design] for bl in blocks for i in bl.items)


def _packed_runs(pieces: list[PieceInput], options: SheetOptions, plain: SheetOptions,
                 backs: dict) -> list[tuple[list[Block], Footer, SheetOptions]]:
    """Pages of blocks with the footer and options they were packed with. With print-then-cut marks, pieces
    too large to clear them go on pages of their own without marks (cut by hand); double-sided pages
    still come first."""
    if not pieces:
        return []
    groups = [(pieces, options)]
    if options.registration:
        large = [p for p in pieces if not fits_paper(p, options)]
        groups = [(g, o) for g, o in (([p for p in pieces if p not in large], options), (large, plain)) if g]
    runs = []
    for group, opts in groups:
        paged, footer = _pack_with_footer(group, opts)
        runs += [(blocks, footer, opts) for blocks in paged]
    return sorted(runs, key=lambda run: not _double(run[0], backs))       # stable: double-sided first


def _back_page(front: Page, blocks: list[Block], backs: dict, options: SheetOptions, footer: Footer,
               words: str) -> Page:
    placements = tuple(back_placement(pl, backs[pl.design], options) for pl in front.placements if backs[pl.design])
    lines, outlines = (), ()
    if options.duplex == "none":   # printed and cut on its own: the backs need marks of their own
        _, own_lines, own_outlines = _page_parts(blocks, options, footer.area, only_backed=backs)
        lines, outlines = tuple(own_lines), tuple(own_outlines)
    return Page(front.index + 1, "back", placements, lines, outlines, (footer.text(words, options, back=True),),
                backs_of=front.index)
