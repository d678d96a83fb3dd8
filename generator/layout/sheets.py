"""Build the home-print sheet plan: packed fronts, their marks and outlines, and backs behind them."""

from __future__ import annotations

from generator.layout.duplex import back_placement
from generator.layout.marks import block_lines
from generator.layout.board import tile_board
from generator.layout.pack import Block, Rect, band_mm, fits_paper, pack, printable
from generator.layout.plan import (MARGIN_MM, Outline, Page, PieceInput, Placement, SheetOptions, SheetPlan,
                                   Text)

LABEL_PT = 6.5
LABEL_BAND_MM = 3.2


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
        if item.shape != "rect" and marks != "none":
            out.append(Outline(item.cut, pl.x, pl.y, pl.rotation, item.w, item.h, "cut"))
        for x1, y1, x2, y2 in item.folds:  # a light halo under the dashes keeps them visible on dark art
            for kind in ("fold-halo", "fold"):
                out.append(Outline(f"M {x1:g} {y1:g} L {x2:g} {y2:g}", pl.x, pl.y, pl.rotation, item.w, item.h, kind))
    return out


def _label_band(blocks: list[Block], options: SheetOptions) -> float | None:
    """The top of a strip for the page label at the bottom (else top) of the printable area, clear of blocks."""
    area = printable(options)
    band = band_mm(options)
    taken = [Rect(r.x - band, r.y - band, r.w + 2 * band, r.h + 2 * band) for r in (bl.bleed_rect for bl in blocks)]
    for top in (area.bottom - LABEL_BAND_MM, area.y):
        strip = Rect(area.x, top, area.w, LABEL_BAND_MM)
        if all(t.bottom <= strip.y or t.y >= strip.bottom for t in taken):
            return top
    return None


def plan_sheets(pieces: list[PieceInput], options: SheetOptions, title: str) -> SheetPlan:
    """Fronts packed onto pages; each page holding a double-sided piece is followed by its back page.

    Double-sided pieces are packed first, so those pages come first and can be printed duplex in
    one go (single-sided pieces filling their gaps get a blank back); the pages after them hold
    single-sided pieces only and have no back page. Every footer says how to print its page.
    """
    boards = [p for p in pieces if p.tileable and not fits_paper(p, options)]
    paged = pack([p for p in pieces if p not in boards], options) if len(boards) < len(pieces) else []
    backs = {p.design: p.back for p in pieces}
    duplex_fronts = sum(1 for blocks in paged if any(backs[i.design] for bl in blocks for i in bl.items))
    pages: list[Page] = []
    total = len(paged)
    for k, blocks in enumerate(paged):
        placements: list[Placement] = []
        lines, outlines = [], []
        for block in blocks:
            pls = block_placements(block)
            placements.extend(pls)
            lines.extend(block_lines(block, [o for o in blocks if o is not block], options))
            outlines.extend(_outlines(block, pls, options.marks))
        band = _label_band(blocks, options)
        double = k < duplex_fronts
        texts = []
        if band is not None:
            how = (f"pages 1-{2 * duplex_fronts}: print double-sided, {_flip(options)}" if double
                   else "print single-sided")
            texts.append(Text(MARGIN_MM, band + LABEL_BAND_MM * 0.75, f"{title} · sheet {k + 1} of {total} · "
                              f"{options.paper.upper()} at 100 % (actual size) · {how}", LABEL_PT))
        front = Page(len(pages), "front", tuple(placements), tuple(lines), tuple(outlines), tuple(texts))
        pages.append(front)
        if double:
            back_pls = tuple(back_placement(pl, backs[pl.design], options) for pl in placements if backs[pl.design])
            back_texts = []
            if band is not None:
                page_w, page_h = options.page_mm
                top = page_h - band - LABEL_BAND_MM if options.duplex == "short" else band
                back_texts.append(Text(page_w - MARGIN_MM, top + LABEL_BAND_MM * 0.75,
                                       f"{title} · sheet {k + 1} of {total} · backs", LABEL_PT, "end"))
            pages.append(Page(len(pages), "back", back_pls, (), (), tuple(back_texts), backs_of=front.index))
    for board in boards:
        for _ in range(board.count):
            pages.extend(tile_board(board, options, len(pages), title))
    return SheetPlan(options, tuple(pages))


def _flip(options: SheetOptions) -> str:
    if options.duplex == "none":
        return "backs not mirrored (cut them separately)"
    return f"{options.duplex}-edge flip"
