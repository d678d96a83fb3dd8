"""A preflight of our own: the structural rules of PDF/X-4 and PDF/X-1a:2003 that a file shows by itself.

The build runs it on every press file it declares (a file that fails is a bug, reported as one), and the
tests run it on every shipped game. It reads what ISO 15930-7 and -4 require of the file's structure
(pdfx.py lists them); it does not judge colour against the profile, which takes the vendors' software.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf

from generator.output.pdfx import Standard

ALLOWED_BLEND = {"/Normal", "/Compatible"}


def transparency(page: pikepdf.Page, groups: bool = True) -> list[str]:
    """What on `page` (through its resources, forms and patterns) is transparency in PDF's sense; with
    `groups` False, transparency groups (which change nothing when nothing in them is transparent) aside."""
    found: list[str] = []
    seen: set = set()

    def walk(owner, resources) -> None:
        group = owner.get("/Group")
        if groups and isinstance(group, pikepdf.Dictionary) and group.get("/S") == "/Transparency":
            found.append("a transparency group")
        if resources is None:
            return
        for _, state in (resources.get("/ExtGState") or {}).items():
            mask = state.get("/SMask")
            if mask is not None and mask != pikepdf.Name("/None"):
                found.append("a soft mask")
            for key in ("/CA", "/ca"):
                if key in state and float(state[key]) < 1:
                    found.append(f"{key[1:]} {float(state[key]):g}")
            blend = state.get("/BM")
            if blend is not None and str(blend) not in ALLOWED_BLEND and not (
                    isinstance(blend, pikepdf.Array) and all(str(b) in ALLOWED_BLEND for b in blend)):
                found.append(f"blend mode {blend}")
        for key in ("/XObject", "/Pattern"):
            for _, obj in (resources.get(key) or {}).items():
                if obj.objgen != (0, 0) and obj.objgen in seen:
                    continue
                seen.add(obj.objgen)
                if obj.get("/Subtype") == "/Image" and ("/SMask" in obj or int(obj.get("/SMaskInData", 0))):
                    found.append("an image with a soft mask")
                if obj.get("/Subtype") == "/Form" or obj.get("/PatternType") == 1:
                    walk(obj, obj.get("/Resources"))

    walk(page.obj, page.obj.get("/Resources"))
    return sorted(set(found))


def _boxes(pdf: pikepdf.Pdf) -> list[str]:
    problems = []
    for n, page in enumerate(pdf.pages, 1):
        media = [float(v) for v in page.obj.MediaBox]
        trim = page.obj.get("/TrimBox") or page.obj.get("/ArtBox")
        bleed = page.obj.get("/BleedBox")
        if trim is None or bleed is None:
            problems.append(f"page {n}: no {'TrimBox or ArtBox' if trim is None else 'BleedBox'}")
            continue
        trim_box, bleed_box = [float(v) for v in trim], [float(v) for v in bleed]
        inside = lambda a, b: a[0] >= b[0] - 1e-3 and a[1] >= b[1] - 1e-3 and a[2] <= b[2] + 1e-3 and a[3] <= b[3] + 1e-3
        if not (inside(trim_box, bleed_box) and inside(bleed_box, media)):
            problems.append(f"page {n}: TrimBox {trim_box} not inside BleedBox {bleed_box} inside MediaBox {media}")
    return problems


def _fonts(pdf: pikepdf.Pdf) -> list[str]:
    problems = []
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor":
            if not any(k in obj for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                problems.append(f"font {obj.get('/FontName')} is not embedded")
    return problems


def _declaration(pdf: pikepdf.Pdf, standard: Standard) -> list[str]:
    problems = []
    info = pdf.docinfo
    if str(info.get("/GTS_PDFXVersion", "")) != standard.version:
        problems.append(f"Info GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!r}, not {standard.version!r}")
    if "/GTS_PDFXConformance" in info:         # the 2001 editions' key: a 2003 or X-4 file declares its version alone
        problems.append(f"Info GTS_PDFXConformance {info['/GTS_PDFXConformance']!r} is the 2001 edition's key; "
                        f"{standard.version} declares GTS_PDFXVersion alone")
    if info.get("/Trapped") not in (pikepdf.Name("/True"), pikepdf.Name("/False")):
        problems.append("Info Trapped is not True or False")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not str(info.get(key, "")):
            problems.append(f"Info has no {key[1:]}")
    meta = pdf.open_metadata()
    if meta.get(standard.xmp_key) != standard.version:     # the XMP, where written, says what the Info says
        problems.append(f"XMP {standard.xmp_key} is {meta.get(standard.xmp_key)!r}, not {standard.version!r}")
    if standard.key == "4":
        trapped = str(info["/Trapped"])[1:] if isinstance(info.get("/Trapped"), pikepdf.Name) else "True or False"
        for key, want in (("pdf:Trapped", trapped), ("xmpMM:RenditionClass", "default")):
            if meta.get(key) != want:
                problems.append(f"XMP {key} is {meta.get(key)!r}, not {want!r}")
        for key in ("xmpMM:DocumentID", "xmpMM:VersionID", "xmp:CreateDate", "xmp:ModifyDate", "dc:title"):
            if not meta.get(key):
                problems.append(f"XMP has no {key}")
    if "/ID" not in pdf.trailer:
        problems.append("the trailer has no ID")
    return problems


def _intent(pdf: pikepdf.Pdf) -> list[str]:
    intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == "/GTS_PDFX"]
    if len(intents) != 1:
        return [f"{len(intents)} GTS_PDFX OutputIntents, not exactly one"]
    intent, problems = intents[0], []
    if not str(intent.get("/OutputConditionIdentifier", "")):
        problems.append("the OutputIntent has no OutputConditionIdentifier")
    profile = intent.get("/DestOutputProfile")
    if profile is None and not str(intent.get("/RegistryName", "")):
        problems.append("the OutputIntent neither embeds a profile nor names a registry")
    elif profile is not None:
        data = profile.read_bytes()
        if data[12:16] != b"prtr" or data[16:20] != b"CMYK":
            problems.append("the OutputIntent's profile is not a CMYK output profile")
    return problems


def _colour_spaces(pdf: pikepdf.Pdf) -> list[str]:
    """PDF/X-1a: DeviceCMYK, DeviceGray, Separation and DeviceN only, in content and images alike."""
    problems = set()
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image" and not obj.get("/ImageMask", False):
            space = obj.get("/ColorSpace")
            if str(space) not in ("/DeviceCMYK", "/DeviceGray"):
                problems.add(f"an image in {space[0] if isinstance(space, pikepdf.Array) else space}")
    for obj in [p.obj for p in pdf.pages] + [o for o in pdf.objects if isinstance(o, pikepdf.Stream)
                                              and o.get("/Subtype") == "/Form"]:
        for instruction in pikepdf.parse_content_stream(obj):
            operands, op = instruction.operands, instruction.operator
            if str(op) in ("rg", "RG", "sc", "SC", "scn", "SCN") and len(operands) == 3:
                problems.add("RGB colour in page content")
            elif str(op) in ("cs", "CS") and str(operands[0]) not in ("/DeviceCMYK", "/DeviceGray", "/Pattern"):
                resources = obj.get("/Resources")
                spaces = resources.get("/ColorSpace") if resources is not None else None
                space = spaces.get(str(operands[0])) if spaces is not None else None
                if not (isinstance(space, pikepdf.Array) and str(space[0]) in ("/Separation", "/DeviceN", "/Pattern")):
                    problems.add(f"colour space {operands[0]} in content")
    return sorted(problems)


def preflight(path: Path, standard: Standard) -> list[str]:
    """Every structural rule of `standard` the file breaks, one line each; [] when it passes."""
    with pikepdf.open(path) as pdf:
        data = path.read_bytes()
        head = data[:9]
        problems = []
        if head[5:8].decode("latin-1") > standard.pdf_version:
            problems.append(f"header PDF {head[5:8].decode('latin-1')}, above {standard.pdf_version}")
        if pdf.is_encrypted:
            problems.append("encrypted")
        if "/JavaScript" in pdf.Root.get("/Names", {}) or "/OpenAction" in pdf.Root or "/AA" in pdf.Root:
            problems.append("actions or JavaScript")
        problems += _declaration(pdf, standard) + _intent(pdf) + _boxes(pdf) + _fonts(pdf)
        if not standard.transparency:
            for n, page in enumerate(pdf.pages, 1):
                problems += [f"page {n}: {t}" for t in transparency(page)]
            problems += _colour_spaces(pdf)
            if not standard.object_streams and any(s in data for s in (b"/ObjStm", b"/XRefStm", b"/Type /XRef")):
                problems.append("object or cross-reference streams (PDF 1.5) in a PDF 1.4 file")
        return problems


def drop_groups(page: pikepdf.Page) -> None:
    """Remove the transparency groups of a page with nothing transparent in it (PDF/X-1a has none)."""
    seen: set = set()

    def walk(owner) -> None:
        if "/Group" in owner:
            del owner["/Group"]
        for key in ("/XObject", "/Pattern"):
            for _, obj in ((owner.get("/Resources") or {}).get(key) or {}).items():
                if obj.objgen not in seen and (obj.get("/Subtype") == "/Form" or obj.get("/PatternType") == 1):
                    seen.add(obj.objgen)
                    walk(obj)

    walk(page.obj)
