"""Rectangles of free paper: the guillotine split around a block and the maximal empty rectangles left
when a place is taken (a block, or a mark's zone that nothing may print in)."""

from __future__ import annotations

from dataclasses import dataclass

EPS = 1e-6


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


def split(rect: Rect, fw: float, fh: float, how: str = "below") -> list[Rect]:
    """Guillotine split around a block at the rectangle's top-left corner: "below" keeps the strip to its
    right as high as the block and everything below it; "beside" keeps everything to its right and the
    strip below it as wide as the block."""
    out = []
    right_h, below_w = (fh, rect.w) if how == "below" else (rect.h, fw)
    if rect.w - fw > EPS:
        out.append(Rect(rect.x + fw, rect.y, rect.w - fw, right_h))
    if rect.h - fh > EPS:
        out.append(Rect(rect.x, rect.y + fh, below_w, rect.h - fh))
    return out


def carve(free: list[Rect], r: Rect) -> list[Rect]:
    """The maximal empty rectangles once `r` is taken: each that `r` overlaps gives the up to four parts
    beside it, and one inside another is dropped."""
    out = []
    for f in free:
        if not (r.x < f.right - EPS and f.x < r.right - EPS and r.y < f.bottom - EPS and f.y < r.bottom - EPS):
            out.append(f)
            continue
        parts = [Rect(f.x, f.y, r.x - f.x, f.h), Rect(r.right, f.y, f.right - r.right, f.h),
                 Rect(f.x, f.y, f.w, r.y - f.y), Rect(f.x, r.bottom, f.w, f.bottom - r.bottom)]
        out.extend(q for q in parts if q.w > EPS and q.h > EPS)
    kept: list[Rect] = []              # largest first: a rectangle inside another meets it among those kept
    drop: set[int] = set()
    for i in sorted(range(len(out)), key=lambda k: -out[k].w * out[k].h):
        q = out[i]
        if any(o.x - EPS <= q.x and o.y - EPS <= q.y and q.right <= o.right + EPS and q.bottom <= o.bottom + EPS
               for o in kept):
            drop.add(i)
        else:
            kept.append(q)
    return [q for i, q in enumerate(out) if i not in drop]


def inside(a: Rect, b: Rect) -> bool:
    return b.x - EPS <= a.x and b.y - EPS <= a.y and a.right <= b.right + EPS and a.bottom <= b.bottom + EPS


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share some area (touching edges do not)."""
    return a.x < b.right - EPS and b.x < a.right - EPS and a.y < b.bottom - EPS and b.y < a.bottom - EPS
