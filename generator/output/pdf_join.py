"""PDF files joined page after page, one object at a time, so joining a gigabyte of sheets takes no gigabyte.

Why not pikepdf's `pages.extend`: qpdf copies the foreign pages' stream data into memory before it writes
(measured: 286 MB held to join 242 MB of card photographs), so the sheets of 3,000 cards, compiled in
batches, took 1.1 GB to join. Here each part is opened in turn and every object it holds is written out
as it is read (streams as their raw, still-compressed bytes), renumbered after the objects already written;
its pages become children of one new page tree. The first part's catalog keys that describe the whole
document (metadata, language, viewer preferences) and its document information are kept; per-part page
labels and outlines are not. The file ends with a classic cross-reference table and an id made from its
bytes, so the same parts give the same file.
"""

from __future__ import annotations

import hashlib
from decimal import Decimal
from pathlib import Path
from typing import Any, BinaryIO

KEPT_CATALOG = ("/Metadata", "/Lang", "/ViewerPreferences", "/MarkInfo")
INHERITED = ("/MediaBox", "/CropBox", "/Resources", "/Rotate")
SKIPPED_TYPES = ("/Catalog", "/Pages", "/XRef", "/ObjStm")


class _Writer:
    """The output file: objects written in order, their offsets kept for the cross-reference table."""

    def __init__(self, out: BinaryIO):
        self.out, self.digest = out, hashlib.sha256()
        self.offsets: dict[int, int] = {}
        self._put(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")

    def _put(self, data: bytes) -> None:
        self.out.write(data)
        self.digest.update(data)

    def obj(self, num: int, body: bytes, stream: bytes | None = None) -> None:
        self.offsets[num] = self.out.tell()
        self._put(b"%d 0 obj\n" % num + body + (b"\nstream\n" + stream + b"\nendstream" if stream is not None else b"")
                  + b"\nendobj\n")

    def finish(self, root: int, info: int | None) -> None:
        start, size = self.out.tell(), max(self.offsets) + 1
        rows = [b"0000000000 65535 f \n"] + [b"%010d 00000 n \n" % self.offsets[n] if n in self.offsets
                                             else b"0000000000 65535 f \n" for n in range(1, size)]
        ident = self.digest.hexdigest()[:32].encode()
        trailer = b"<< /Size %d /Root %d 0 R%s /ID [<%s> <%s>] >>" % (
            size, root, b" /Info %d 0 R" % info if info else b"", ident, ident)
        self._put(b"xref\n0 %d\n" % size + b"".join(rows) + b"trailer\n" + trailer
                  + b"\nstartxref\n%d\n%%%%EOF\n" % start)


def join_pdfs(parts: list[Path], target: Path) -> None:
    """`target`: the pages of `parts`, in order."""
    import pikepdf

    with open(target, "wb") as out:
        w = _Writer(out)
        kids: list[int] = []
        next_num, root_extra, info = 3, b"", None                   # 1: the catalog, 2: the page tree
        for k, part in enumerate(parts):
            with pikepdf.open(part, access_mode=pikepdf.AccessMode.stream) as pdf:
                numbers = {o.objgen: next_num + i for i, o in enumerate(o for o in pdf.objects if _kept(o))}
                next_num += len(numbers)
                pages = {p.obj.objgen for p in pdf.pages}
                for o in pdf.objects:
                    if o.objgen in numbers:
                        _write(w, o, numbers, o.objgen in pages)
                kids += [numbers[p.obj.objgen] for p in pdf.pages]
                if k == 0:
                    root_extra = b"".join(pikepdf.Name(key).unparse() + b" " + _ser(pdf.Root[key], numbers)
                                          for key in KEPT_CATALOG if key in pdf.Root)
                    found = pdf.trailer.get("/Info")
                    info = numbers.get(found.objgen) if found is not None and found.is_indirect else None
        w.obj(1, b"<< /Type /Catalog /Pages 2 0 R " + root_extra + b">>")
        w.obj(2, b"<< /Type /Pages /Count %d /Kids [%s] >>" % (len(kids), b" ".join(b"%d 0 R" % n for n in kids)))
        w.finish(1, info)


def _kept(o: Any) -> bool:
    import pikepdf

    if not isinstance(o, (pikepdf.Dictionary, pikepdf.Stream)):
        return True
    return o.get("/Type") not in SKIPPED_TYPES


def _write(w: _Writer, o: Any, numbers: dict, page: bool) -> None:
    """One object of a part, renumbered; a page points at the new page tree and carries what it inherited."""
    import pikepdf

    num = numbers[o.objgen]
    if isinstance(o, pikepdf.Stream):
        raw = o.read_raw_bytes()                            # as stored: still compressed, never decoded
        keys = {k: v for k, v in o.items() if k != "/Length"}
        w.obj(num, _dict(keys, numbers)[:-2] + b" /Length %d >>" % len(raw), raw)
        return
    if page:
        keys = {k: v for k, v in o.items() if k != "/Parent"}
        for key in INHERITED:
            if key not in keys:
                found = _inherited(o, key)
                if found is not None:
                    keys[key] = found
        w.obj(num, _dict(keys, numbers)[:-2] + b" /Parent 2 0 R >>")
        return
    w.obj(num, _ser(o, numbers, top=True))


def _inherited(page: Any, key: str) -> Any:
    node = page.get("/Parent")
    while node is not None:
        if key in node:
            return node[key]
        node = node.get("/Parent")
    return None


def _dict(items: dict, numbers: dict) -> bytes:
    import pikepdf

    return b"<<" + b"".join(pikepdf.Name(k).unparse() + b" " + _ser(v, numbers) + b" " for k, v in items.items()) \
        + b">>"


def _ser(v: Any, numbers: dict, top: bool = False) -> bytes:
    """A value in PDF syntax, an indirect object (other than the one being written) as its new reference."""
    import pikepdf

    if isinstance(v, pikepdf.Object) and not top and v.is_indirect:
        return b"%d 0 R" % numbers[v.objgen] if v.objgen in numbers else b"null"
    if isinstance(v, pikepdf.Dictionary):
        return _dict(dict(v.items()), numbers)
    if isinstance(v, pikepdf.Array):
        return b"[" + b" ".join(_ser(x, numbers) for x in v) + b"]"
    if isinstance(v, bool):
        return b"true" if v else b"false"
    if isinstance(v, int):
        return b"%d" % v
    if isinstance(v, (float, Decimal)):
        return format(Decimal(v).normalize(), "f").encode()
    if v is None:
        return b"null"
    return pikepdf.Object.unparse(v) if isinstance(v, pikepdf.Object) else bytes(str(v), "latin-1")
