"""Rewrite a PDF's colours to DeviceCMYK (generator.output.press converts each colour).

Walks every page and, through resources, every form XObject, tiling pattern, shading and image once:
fill and stroke colours (`rg`, `g`, `sc`, `scn` in RGB, grey or ICC-based spaces, and their stroking
forms) become `k` / `K`; shadings' colour spaces and functions become CMYK; images are re-encoded as
CMYK; transparency groups blend in DeviceCMYK; the document gets an OutputIntent naming the profile.
"""

from __future__ import annotations

import zlib
from functools import lru_cache
from pathlib import Path

import pikepdf

from generator.output.flatten import FLATTEN_DPI, flatten_page
from generator.output.pdfx import STANDARDS, Standard, content_digest, declare
from generator.output.pdfx_check import drop_groups, preflight, transparency
from generator.output.press import Converter
from generator.output.press_profile import PressProfile, load_profile
from generator.output.shop import save_pdf

FILL_SET = {"sc", "scn"}
TEXT_SHOW = {"Tj", "TJ", "'", '"'}
OVERPRINT, KNOCKOUT = "/PBTextOverprint", "/PBTextKnockout"
STROKE_SET = {"SC", "SCN"}
COLOUR_SET = frozenset(FILL_SET | STROKE_SET | {"rg", "RG", "g", "G", "k", "K"})   # every operator that sets a colour
HANDLED = COLOUR_SET | TEXT_SHOW | {"cs", "CS", "BI", "q", "Q", "BT", "ET"}          # what PressWriter.stream looks at


def _space_kind(space, resources) -> str:
    """'rgb', 'gray', 'cmyk', 'pattern' or 'other' for a colour space operand or object."""
    if isinstance(space, pikepdf.Name):
        name = str(space)
        if name in ("/DeviceRGB", "/CalRGB"):
            return "rgb"
        if name in ("/DeviceGray", "/CalGray"):
            return "gray"
        if name == "/DeviceCMYK":
            return "cmyk"
        if name == "/Pattern":
            return "pattern"
        spaces = resources.get("/ColorSpace") if resources is not None else None
        if spaces is not None and name in spaces:
            return _space_kind(spaces[name], resources)
        return "other"
    if isinstance(space, pikepdf.Array) and len(space):
        family = str(space[0])
        if family == "/ICCBased":
            n = int(space[1].get("/N", 3))
            return {1: "gray", 3: "rgb", 4: "cmyk"}.get(n, "other")
        if family in ("/CalRGB",):
            return "rgb"
        if family in ("/CalGray",):
            return "gray"
        if family == "/Pattern":
            return "pattern"
    return "other"


def _numbers(cmyk: tuple[float, ...]) -> list:
    return list(_parsed(tuple(cmyk)))


@lru_cache(maxsize=4096)
def _parsed(cmyk: tuple[float, ...]) -> tuple:
    """A colour's operands as the content stream writes them, parsed once (a sheet repeats a few colours
    thousands of times)."""
    return tuple(pikepdf.Object.parse(f"{v:.4f}".encode()) for v in cmyk)


class _TextFill:
    """Text's own separation (Converter.text): each text-showing operator gets the text colour of the fill in
    force (set before BT, the usual case, or inside it), black text an overprinting graphics state; after ET
    the general colour and knockout come back, so paths drawn later are untouched."""

    def __init__(self, convert: Converter):
        self.convert = convert
        self.source: tuple[str, list[float]] | None = None     # the fill in force: its kind and numbers
        self.stack: list[tuple[tuple[str, list[float]] | None, tuple[float, ...] | None]] = []   # at each q
        self.regular: tuple[float, ...] | None = None   # the general CMYK last written for the fill
        self.shown: tuple[float, ...] | None = None     # the text CMYK written inside this BT, if any
        self.overprint = self.used = False

    def state(self, name: str) -> None:
        if name == "q":
            self.stack.append((self.source, self.regular))
        elif name == "Q" and self.stack:
            self.source, self.regular = self.stack.pop()
        elif name == "BT":
            self.shown = None

    def set_fill(self, kind: str, nums: list[float], cmyk) -> list:
        self.source = (kind, nums) if kind in ("rgb", "gray") else ("cmyk", list(cmyk))
        self.regular, self.shown = cmyk, None
        if self.overprint:                         # a new fill inside BT after black text
            self.overprint = False
            return [([pikepdf.Name(KNOCKOUT)], pikepdf.Operator("gs"))]
        return []

    def before_show(self) -> list:
        if self.source is None:
            return []
        kind, nums = self.source
        if kind == "cmyk":
            cmyk, over = tuple(nums), tuple(nums) == (0.0, 0.0, 0.0, 1.0)
        else:
            cmyk, over = self.convert.text(*(nums if kind == "rgb" else nums * 3))
        ops = []
        if over != self.overprint:
            ops.append(([pikepdf.Name(OVERPRINT if over else KNOCKOUT)], pikepdf.Operator("gs")))
            self.overprint, self.used = over, True
        if cmyk != (self.shown or self.regular):
            ops.append((_numbers(cmyk), pikepdf.Operator("k")))
            self.shown = cmyk
        return ops

    def after_text(self) -> list:
        ops = []
        if self.overprint:
            ops.append(([pikepdf.Name(KNOCKOUT)], pikepdf.Operator("gs")))
            self.overprint = False
        if self.shown is not None and self.regular is not None and self.shown != self.regular:
            ops.append((_numbers(self.regular), pikepdf.Operator("k")))
        self.shown = None
        return ops


def _add_states(pdf: pikepdf.Pdf, owner, resources) -> None:
    """The two graphics states text switches between: overprint on (OPM 1, so zero inks leave what is under
    them) and the default knockout."""
    if resources is None:
        resources = owner.Resources = pikepdf.Dictionary()
    states = resources.get("/ExtGState")
    if states is None:
        states = resources.ExtGState = pikepdf.Dictionary()
    states[OVERPRINT] = pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, OP=True, op=True, OPM=1)
    states[KNOCKOUT] = pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, OP=False, op=False, OPM=0)


class PressWriter:
    def __init__(self, pdf: pikepdf.Pdf, convert: Converter):
        self.pdf, self.convert = pdf, convert
        self.done: set[tuple[int, int]] = set()        # the objects rewritten already, by objgen

    def cmyk_of(self, kind: str, values: list[float]) -> tuple[float, float, float, float] | None:
        if kind == "rgb" and len(values) == 3:
            return self.convert(*values)
        if kind == "gray" and len(values) == 1:
            return self.convert(values[0], values[0], values[0])
        if kind == "cmyk" and len(values) == 4:
            c, m, y, k = values
            return self.convert.limit_ink((c, m, y, k))
        return None

    def stream(self, owner, resources) -> None:
        """Rewrite one content stream (a page's, or a form's or pattern's) in place."""
        spaces = {"fill": "gray", "stroke": "gray"}      # the colour space in force, as a kind
        text = _TextFill(self.convert)
        out = []
        for instruction in pikepdf.parse_content_stream(owner):
            operands, op = instruction.operands, instruction.operator
            name = str(op)
            if name not in HANDLED:                # paths, painting, text positioning: as they are (most)
                out.append((operands, op))
                continue
            if name in ("cs", "CS"):
                kind = _space_kind(operands[0], resources)
                spaces["fill" if name == "cs" else "stroke"] = kind
                if name == "cs":
                    text.source = None
                if kind in ("rgb", "gray", "cmyk"):
                    continue                       # the k / K that follows sets DeviceCMYK itself
            elif name in COLOUR_SET:
                if self._colour(name, operands, spaces, text, out):
                    continue
            elif name == "BI":
                raise ValueError("inline images are not converted")
            elif name in ("q", "Q", "BT"):
                text.state(name)
            elif name in TEXT_SHOW:
                out.extend(text.before_show())
            elif name == "ET":
                out.append((operands, op))
                out.extend(text.after_text())
                continue
            out.append((operands, op))
        if text.used:
            _add_states(self.pdf, owner, resources)
        data = pikepdf.unparse_content_stream(out)
        if isinstance(owner, pikepdf.Stream):
            owner.write(data)
        else:                                      # a page: its (possibly split) contents become one stream
            owner.Contents = self.pdf.make_stream(data)

    def _colour(self, name: str, operands, spaces: dict, text: "_TextFill", out: list) -> bool:
        """A colour operator rewritten to `k` / `K` into `out` (True), or left as it is (False)."""
        stroking = name in STROKE_SET or name in ("RG", "G", "K")
        side = "stroke" if stroking else "fill"
        kind = {"rg": "rgb", "RG": "rgb", "g": "gray", "G": "gray", "k": "cmyk", "K": "cmyk"}.get(name, spaces[side])
        nums = [float(v) for v in operands if not isinstance(v, pikepdf.Name)]
        cmyk = self.cmyk_of(kind, nums) if len(nums) == len(operands) else None
        if cmyk is None:
            if not stroking:
                text.source = None
            return False
        out.extend(text.set_fill(kind, nums, cmyk) if not stroking else [])
        out.append((_numbers(cmyk), pikepdf.Operator("K" if stroking else "k")))
        spaces[side] = "cmyk"
        return True

    def resources(self, resources) -> None:
        if resources is None:
            return
        for key in ("/XObject", "/Pattern", "/Shading"):
            group = resources.get(key)
            if group is None:
                continue
            for _, obj in group.items():
                self.object(obj)
        states = resources.get("/ExtGState")
        if states is not None:
            for _, state in states.items():
                mask = state.get("/SMask")
                if isinstance(mask, pikepdf.Dictionary) and "/G" in mask:
                    self.object(mask.G)
        spaces = resources.get("/ColorSpace")
        if spaces is not None:                      # RGB and grey spaces have no use left; pattern spaces stay
            for name in [n for n, v in spaces.items() if _space_kind(v, None) in ("rgb", "gray")]:
                del spaces[name]

    def object(self, obj) -> None:
        if obj.objgen != (0, 0):
            if obj.objgen in self.done:
                return
            self.done.add(obj.objgen)
        subtype = str(obj.get("/Subtype", ""))
        if isinstance(obj, pikepdf.Stream) and subtype == "/Form":
            self.group(obj)
            self.stream(obj, obj.get("/Resources"))
            self.resources(obj.get("/Resources"))
        elif isinstance(obj, pikepdf.Stream) and subtype == "/Image":
            self.image(obj)
        elif obj.get("/PatternType") == 1:
            self.stream(obj, obj.get("/Resources"))
            self.resources(obj.get("/Resources"))
        elif obj.get("/PatternType") == 2:
            self.shading(obj.Shading)
        elif "/ShadingType" in obj:
            self.shading(obj)

    def group(self, obj) -> None:
        group = obj.get("/Group")
        if isinstance(group, pikepdf.Dictionary) and "/CS" in group:
            group.CS = pikepdf.Name.DeviceCMYK

    def shading(self, sh) -> None:
        kind = _space_kind(sh.get("/ColorSpace"), None)
        if kind == "cmyk":
            return
        if kind not in ("rgb", "gray"):
            raise ValueError(f"shading in colour space {sh.get('/ColorSpace')!r} is not converted")
        sh.ColorSpace = pikepdf.Name.DeviceCMYK
        sh.Function = self.function(sh.Function, kind)

    def function(self, fn, kind: str):
        if isinstance(fn, pikepdf.Array):
            raise ValueError("shadings with one function per component are not converted")
        ftype = int(fn.FunctionType)
        if ftype == 2:                             # C0 and C1 default to black and white of the space
            n = 1 if kind == "gray" else 3
            for key, default in (("/C0", [0.0] * n), ("/C1", [1.0] * n)):
                values = [float(v) for v in fn[key]] if key in fn else default
                cmyk = self.cmyk_of(kind, values)
                if cmyk is None:
                    raise ValueError(f"a shading function's {key} has {len(values)} values, not a {kind} colour")
                fn[key] = pikepdf.Array(list(cmyk))
            if "/Range" in fn:
                fn.Range = pikepdf.Array([0, 1] * 4)
            return fn
        if ftype == 3:
            fn.Functions = pikepdf.Array([self.function(f, kind) for f in fn.Functions])
            if "/Range" in fn:
                fn.Range = pikepdf.Array([0, 1] * 4)
            return fn
        raise ValueError(f"shading function type {ftype} is not converted")

    def image(self, obj) -> None:
        if obj.get("/ImageMask", False):
            return
        kind = _space_kind(obj.get("/ColorSpace"), None)
        if kind == "cmyk":
            return
        cmyk = self.convert.image(_pil_of(obj, kind))
        obj.write(zlib.compress(cmyk.tobytes(), 6), filter=pikepdf.Name.FlateDecode)
        obj.ColorSpace = pikepdf.Name.DeviceCMYK
        obj.BitsPerComponent = 8
        for key in ("/DecodeParms", "/Decode", "/Intent"):
            if key in obj:
                del obj[key]


def _pil_of(obj, kind: str):
    """An image XObject as a Pillow image. Typst keeps a 16-bit PNG's depth, which Pillow has no colour mode
    for and pikepdf refuses in grey: such samples are reduced to their high byte here, as Pillow reads a
    16-bit colour PNG."""
    if int(obj.get("/BitsPerComponent", 8)) == 16 and kind in ("gray", "rgb") and "/Decode" not in obj:
        from PIL import Image

        size = (int(obj.Width), int(obj.Height))
        return Image.frombytes("L" if kind == "gray" else "RGB", size, obj.read_bytes()[0::2])
    return pikepdf.PdfImage(obj).as_pil_image()


def flattened_note(game_id: str, pages: int, standard: Standard, causes: str = "") -> list[str]:
    """The build summary's line when `to_press` had to flatten pages (PDF/X-1a allows no transparency), with
    what carries the transparency and what to change (output/flatten_cause.py)."""
    if not pages:
        return []
    return [f"{game_id}: {pages} page{'s' if pages != 1 else ''} drawn with transparency flattened into "
            f"{FLATTEN_DPI} dpi images, as {standard.version} allows no transparency" + (f": {causes}" if causes else "")]


def to_press(src: Path, target: Path, convert: Converter, title: str, standard: Standard | None = None,
             profile: PressProfile | None = None) -> list[int]:
    """Write `target`: `src` with every colour DeviceCMYK, declared PDF/X (`standard`, default PDF/X-4) for
    `profile` (default the shipped one). Returns the pages (0-based) that had to be flattened (PDF/X-1a only)."""
    standard = standard or STANDARDS["4"]
    profile = profile or load_profile(None)
    with pikepdf.open(src, allow_overwriting_input=True) as pdf:
        flat = [] if standard.transparency else [n for n, p in enumerate(pdf.pages) if transparency(p, groups=False)]
        for n, page in enumerate(pdf.pages):
            if n in flat:
                flatten_page(pdf, n, src, convert)
            elif not standard.transparency:
                drop_groups(page)
        writer = PressWriter(pdf, convert)
        for page in pdf.pages:
            writer.group(page.obj)
            writer.stream(page.obj, page.obj.get("/Resources"))
            writer.resources(page.obj.get("/Resources"))
        declare(pdf, standard, title, profile, content_digest(pdf))
        pdf.remove_unreferenced_resources()
        save_pdf(pdf, target, deterministic_id=True, compress_streams=True, force_version=standard.pdf_version,
                 object_stream_mode=pikepdf.ObjectStreamMode.generate if standard.object_streams
                 else pikepdf.ObjectStreamMode.disable)
    problems = preflight(target, standard)
    if problems:                                   # a bug of ours, never the user's input: say what and where
        raise RuntimeError(f"{target.name} is not {standard.version}: " + "; ".join(problems))
    return flat
