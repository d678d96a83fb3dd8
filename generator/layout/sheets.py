"""Build the home-print sheet plan: packed fronts, their marks and outlines, and backs behind them."""

from __future__ import annotations

import dataclasses

from generator.common.units import rounded
from generator.layout.board import board_pages, tile_board
from generator.layout.registration import registration_lines
from generator.layout.duplex import back_placement
from generator.layout.fold import Pair, fold_inputs, fold_words, unfold
from generator.layout.footer import FOOTER_MM, Footer, footer_length, footers, how_to_print, packed_footer, strip
from generator.layout.marks import block_lines
from generator.layout.pack import Block, Rect, fits_paper, keep_outs, printable
from generator.layout.search import search_pages
from generator.geometry.outline import line_d
from generator.layout.paper import paper_words
from generator.layout.plan import Outline, Page, PieceInput, Placement, SheetOptions, SheetPlan


def block_placements(block: Block) -> list[Placement]:
    """Pieces of a block row by row; where neighbours share their bleed, a piece keeps its full bleed only where
    no neighbour is, and half the gutter where one is (none where they share a cut). The last piece of a short
    last row keeps half the gutter on its right too: the piece above and to its right keeps its full bleed
    below, which would reach into the corner of a full bleed on that side. Where pieces share a cut (no
    gutter, `--marks lines`) it keeps its full bleed there: a side with no bleed at all would be worse."""
    out = []
    n, b, inner = len(block.items), block.bleed, block.inner_keep
    for i, item in enumerate(block.items):
        col, row = i % block.cols, i // block.cols
        x, y = block.trim_origin(col, row)
        if block.shared:
            keep = (b if col == 0 else inner, b if row == 0 else inner,
                    b if col == block.cols - 1 or (i + 1 >= n and (row == 0 or inner == 0)) else inner,
                    b if i + block.cols >= n else inner)
        else:
            keep = (b, b, b, b)
        out.append(Placement(item.design, rounded(x, 4), rounded(y, 4), block.cell_w, block.cell_h,
                             90 if block.rotated else 0, keep, item.shape, item.cut, item.w, item.h))
    return out


def _outlines(block: Block, placements: list[Placement], marks: str, behind: bool = False) -> list[Outline]:
    """Cut outlines and fold lines of a block's pieces; `behind`: of their backs printed on their own, upright,
    so each fold lies where it is behind the front (mirrored left to right, as in layout/fold.py)."""
    out = []
    for item, pl in zip(block.items, placements):
        if item.shape != "rect" and marks != "none":  # a light halo keeps the cut visible on any fill
            for kind in ("cut-halo", "cut"):
                out.append(Outline(item.cut, pl.x, pl.y, pl.rotation, item.w, item.h, kind))
        folds = [(item.w - x1, y1, item.w - x2, y2) for x1, y1, x2, y2 in item.folds] if behind else item.folds
        for x1, y1, x2, y2 in folds:  # a light halo under the dashes keeps them visible on dark art
            for kind in ("fold-halo", "fold"):
                out.append(Outline(line_d(x1, y1, x2, y2), pl.x, pl.y, pl.rotation, item.w, item.h, kind))
    return out


def _pack_with_footer(pieces: list[PieceInput], options: SheetOptions, title: str,
                      tiled: int) -> list[tuple[list[Block], Footer]]:
    """Pages of blocks, each with its footer: where the page has room, else in a strip along an edge
    (`tiled`: the sheets boards tiled over pages take besides, which the paper goal counts too)."""
    strips = [(f.area, strip(f.edge, printable(options), keep_outs(options))) for f in footers(options)]
    label = (footer_length(_longest_words(title, options)), FOOTER_MM)
    return [(page.blocks, packed_footer(page)) for page in search_pages(pieces, options, label, strips, tiled)]


def _longest_words(title: str, options: SheetOptions) -> str:
    """The longest footer a page of this build can carry (three-digit sheet numbers), to keep room for."""
    hows = [how_to_print(options, True, 998), how_to_print(options, False, 0)]
    hows += [fold_words(True)] if options.duplex == "fold" else []
    return max((f"{title} · sheet 999 of 999 · backs of page 999 · {paper_words(options.paper)} at 100 % (actual "
                f"size) · {how}" for how in hows), key=footer_length)


def _page_parts(blocks: list[Block], options: SheetOptions, area: Rect, only_backed: dict | None = None,
                pairs: dict | None = None, folded: list | None = None,
                keep_out: tuple[Rect, ...] = ()) -> tuple[list[Placement], list, list[Outline]]:
    """Placements, marks and outlines of a page's blocks (of the double-sided blocks only, if asked).
    With `--duplex fold`, each packed pair becomes its front and back, and `folded` collects the pairs."""
    placements, lines, outlines = [], [], []
    for block in blocks:
        pls = block_placements(block)
        if only_backed is not None and not only_backed[block.items[0].design]:
            placements.extend(pls)
            continue
        lines.extend(block_lines(block, [o for o in blocks if o is not block], options, area, keep_out))
        if pairs and folded is not None and block.items[0].design in pairs:
            for pl in pls:
                halves, more, pair = unfold(pl, pairs[pl.design], options, len(placements), block.bleed_rect)
                placements.extend(halves)
                outlines.extend(more)
                folded.append(pair)
            continue
        placements.extend(pls)
        outlines.extend(_outlines(block, pls, options.marks, behind=only_backed is not None))
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
    pairs: dict[str, Pair] = {}
    notes: tuple[str, ...] = ()
    if options.duplex == "fold":          # every page single-sided: backs beside their fronts (layout/fold.py)
        pieces, pairs, notes = fold_inputs(pieces, options, [f.area for f in footers(options)])
    boards = [p for p in pieces if p.tileable and not fits_paper(p, plain)]
    rest = [p for p in pieces if p not in boards]
    backs = {p.design: None if p.design in pairs else p.back for p in pieces}
    tiled = sum(board_pages(b, plain) * b.count for b in boards)
    runs = _packed_runs(rest, options, plain, backs, title, tiled)
    duplex_fronts = sum(1 for blocks, _, _ in runs if _double(blocks, backs))
    sheets = len(runs) + tiled
    pages: list[Page] = []
    for k, (blocks, footer, opts) in enumerate(runs):
        front = _front_page(len(pages), blocks, footer, opts, options, pairs,
                            f"{title} · sheet {k + 1} of {sheets}", k < duplex_fronts, duplex_fronts)
        pages.append(front)
        if k < duplex_fronts:
            pages.append(_back_page(front, blocks, backs, opts, footer, f"{title} · sheet {k + 1} of {sheets} · "
                                    f"backs of page {front.index + 1} · {paper_words(options.paper)} at 100 % (actual "
                                    f"size) · {how_to_print(options, True, 2 * duplex_fronts)}"))
    done = len(runs)
    for board in boards:
        for _ in range(board.count):
            tiles = tile_board(board, plain, len(pages), title, (done + 1, sheets))
            pages.extend(tiles)
            done += len(tiles)
    return SheetPlan(options, tuple(pages), notes)


# the other --marks choices that may take fewer sheets than each (both packs as crop does; none can only gain)
CHEAPER = {"crop": ("lines", "none"), "both": ("lines", "none"), "lines": ("crop", "none"), "none": ()}


def fewer_sheets(pieces: list[PieceInput], options: SheetOptions, title: str, sheets: int) -> str | None:
    """The summary's word when another --marks choice prints an image deck's pieces on fewer sheets of paper than
    `sheets` (the fewest, the first of equals), or None. Asked only of image decks (pieces that share their bleed),
    whose users compare sheet counts with other tools, so that other builds plan once; print-then-cut sheets keep
    no room for marks: no choice saves one there."""
    if options.registration or not any(p.shares_bleed for p in pieces):
        return None
    best = None
    for marks in CHEAPER[options.marks]:
        plan = plan_sheets(pieces, dataclasses.replace(options, marks=marks), title)
        n = sum(1 for p in plan.pages if p.side == "front")
        if n < (best[1] if best else sheets):
            best = (marks, n)
    if best is None:
        return None
    guides = " (no crop marks or cut lines)" if best[0] == "none" else ""
    return (f"--marks {best[0]}{guides} would print these {sum(p.count for p in pieces)} pieces on {best[1]} "
            f"sheet{'s' if best[1] != 1 else ''} instead of {sheets}")


def _front_page(index: int, blocks: list[Block], footer: Footer, opts: SheetOptions, options: SheetOptions,
                pairs: dict, sheet_words: str, double: bool, duplex_fronts: int) -> Page:
    """A front page: its pieces, marks and outlines (and a cutter's registration marks), and its footer."""
    folded: list = []
    placements, lines, outlines = _page_parts(blocks, opts, footer.area, pairs=pairs, folded=folded,
                                                keep_out=_spot(footer) + keep_outs(opts))
    if opts.registration:           # print-then-cut: the machine's marks
        lines = lines + registration_lines(*opts.page_mm, opts.reg_inset, opts.corners)
    how = fold_words(bool(folded)) if options.duplex == "fold" else how_to_print(options, double, 2 * duplex_fronts)
    words = f"{sheet_words} · {paper_words(options.paper)} at 100 % (actual size) · {how}"
    return Page(index, "front", tuple(placements), tuple(lines), tuple(outlines), (footer.text(words, opts),),
                pairs=tuple(folded))


def _spot(footer: Footer) -> tuple[Rect, ...]:
    """The footer's place when it sits in the page's free room (marks stay clear of it)."""
    return (footer.spot,) if footer.spot else ()


def _double(blocks: list[Block], backs: dict) -> bool:
    return any(backs[i.design] for bl in blocks for i in bl.items)


def _packed_runs(pieces: list[PieceInput], options: SheetOptions, plain: SheetOptions, backs: dict, title: str,
                 tiled: int) -> list[tuple[list[Block], Footer, SheetOptions]]:
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
        runs += [(blocks, footer, opts) for blocks, footer in _pack_with_footer(group, opts, title, tiled)]
    return sorted(runs, key=lambda run: not _double(run[0], backs))       # stable: double-sided first


def _back_page(front: Page, blocks: list[Block], backs: dict, options: SheetOptions, footer: Footer,
               words: str) -> Page:
    placements = tuple(back_placement(pl, backs[pl.design], options) for pl in front.placements if backs[pl.design])
    lines: tuple = ()
    outlines: tuple[Outline, ...] = ()
    if options.duplex == "none":   # printed and cut on its own: the backs need marks of their own
        _, own_lines, own_outlines = _page_parts(blocks, options, footer.area, only_backed=backs,
                                                 keep_out=_spot(footer))
        lines, outlines = tuple(own_lines), tuple(own_outlines)
    return Page(front.index + 1, "back", placements, lines, outlines, (footer.text(words, options, back=True),),
                backs_of=front.index)
