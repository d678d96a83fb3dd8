"""Press files as the standards they declare: PDF/X-4 (ISO 15930-7) for `--press`, PDF/X-1a:2003 (ISO 15930-4)
for DriveThruCards' decks and `--press --pdfx 1a`, the shop's own profile with `--press-profile`.

The rules are written here from the standards' summaries (Adobe's and PDFlib's PDF/X references, the
PDF/X-1a checklist of pdfbox-preflight), not read from the module that writes the files.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from conftest import SHIPPED_GAMES, run_cli, tiny_game, job_folder

ROOT = Path(__file__).parent.parent
X4_VERSION = "PDF/X-4"
# ISO 15930-4:2003, as its files declare it: GTS_PDFXVersion (PDF/X-1a:2003) and no GTS_PDFXConformance, which
# with GTS_PDFXVersion (PDF/X-1:2001) is the pattern of the 2001 edition (ISO 15930-1)
X1A_VERSION = "PDF/X-1a:2003"
DTC_INK = 2.40                      # DriveThruCards: total ink at most 240 %


def header(path: Path) -> str:
    return path.read_bytes()[5:8].decode()


def boxes_nested(pdf: pikepdf.Pdf) -> None:
    for n, page in enumerate(pdf.pages, 1):
        media = [float(v) for v in page.obj.MediaBox]
        trim = [float(v) for v in page.obj.TrimBox]
        bleed = [float(v) for v in page.obj.BleedBox]
        for inner, outer in ((trim, bleed), (bleed, media)):
            assert inner[0] >= outer[0] - 1e-3 and inner[1] >= outer[1] - 1e-3, n
            assert inner[2] <= outer[2] + 1e-3 and inner[3] <= outer[3] + 1e-3, n
        assert trim != media, f"page {n}: no bleed around the trim"


def common_rules(pdf: pikepdf.Pdf) -> None:
    """What every PDF/X level asks: a Title and dates, Trapped True or False, a trailer ID, one GTS_PDFX
    OutputIntent with an identifier and an embedded CMYK output ('prtr') profile, boxes, embedded fonts."""
    info = pdf.docinfo
    assert str(info.Title) and re.fullmatch(r"D:\d{14}.*", str(info.CreationDate)) and str(info.ModDate)
    assert info.Trapped in (pikepdf.Name("/True"), pikepdf.Name("/False"))
    assert "/ID" in pdf.trailer
    intents = [i for i in pdf.Root.OutputIntents if i.S == "/GTS_PDFX"]
    assert len(intents) == 1 and str(intents[0].OutputConditionIdentifier)
    icc = intents[0].DestOutputProfile.read_bytes()
    assert icc[12:16] == b"prtr" and icc[16:20] == b"CMYK" and icc[36:40] == b"acsp"
    boxes_nested(pdf)
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor":
            assert any(k in obj for k in ("/FontFile", "/FontFile2", "/FontFile3")), obj.get("/FontName")
    assert not pdf.is_encrypted and "/OpenAction" not in pdf.Root
    assert not any("/Annots" in p.obj for p in pdf.pages)


def transparent_things(pdf: pikepdf.Pdf) -> list[str]:
    found = []
    for obj in pdf.objects:
        if not isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            continue
        if "/SMask" in obj and obj.SMask != pikepdf.Name("/None"):
            found.append("soft mask")
        for key in ("/CA", "/ca"):
            if key in obj and float(obj[key]) < 1:
                found.append(key)
        if "/BM" in obj and str(obj.BM) not in ("/Normal", "/Compatible"):
            found.append("blend mode")
        group = obj.get("/Group")
        if isinstance(group, pikepdf.Dictionary) and group.get("/S") == "/Transparency":
            found.append("transparency group")
    return found


def x1a_rules(path: Path) -> None:
    """PDF/X-1a:2003: PDF 1.4 at most, its Info keys, no transparency, a classic cross-reference table."""
    assert header(path) <= "1.4"
    data = path.read_bytes()
    assert b"/ObjStm" not in data and b"/XRefStm" not in data and not re.search(rb"/Type\s*/XRef\b", data)
    assert re.search(rb"\nxref\r?\n", data)
    with pikepdf.open(path) as pdf:
        assert str(pdf.docinfo.GTS_PDFXVersion) == X1A_VERSION
        assert "/GTS_PDFXConformance" not in pdf.docinfo
        assert pdf.open_metadata().get("pdfx:GTS_PDFXVersion") == X1A_VERSION
        common_rules(pdf)
        assert transparent_things(pdf) == []


@pytest.fixture(scope="module")
def press(shared_builds):
    return shared_builds("--press", "--formats", "svg")        # shared with test_press.py


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_press_files_are_declared_pdfx4(press, game):
    path = press / game / f"{game}-press.pdf"
    assert header(path) <= "1.6"
    with pikepdf.open(path) as pdf:
        common_rules(pdf)
        assert str(pdf.docinfo.GTS_PDFXVersion) == X4_VERSION
        meta = pdf.open_metadata()
        assert meta["pdfxid:GTS_PDFXVersion"] == X4_VERSION
        assert meta["pdf:Trapped"] == str(pdf.docinfo.Trapped)[1:]
        assert meta["xmpMM:RenditionClass"] == "default" and meta["xmpMM:VersionID"] and meta["xmpMM:DocumentID"]
        assert meta["dc:title"] == str(pdf.docinfo.Title)


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_templates_draw_without_transparency(press, game):
    """PDF/X-4 would allow it, but the shipped art needs none: the same art then passes PDF/X-1a unflattened."""
    with pikepdf.open(press / game / f"{game}-press.pdf") as pdf:
        assert transparent_things(pdf) == []


@pytest.fixture(scope="module")
def dtc(shared_builds) -> dict[str, Path]:
    """Every game's DriveThruCards files, as `pnp build GAME --shop dtc --formats shop` writes them."""
    builds = shared_builds("--shop", "dtc", "--formats", "shop")    # shared with test_preset_safe.py
    return {game: builds / game for game in SHIPPED_GAMES}


def test_drivethrucards_decks_are_pdfx1a(dtc):
    decks = sorted(p for folder in dtc.values() for p in folder.glob("shop-dtc/*.pdf") if p.name != "proof.pdf")
    # every game with a card DriveThruCards sells (poker or tarot): Kamiza, Nusfjord, Izakaya
    jobs = {"kamiza-shop-dtc", "nusfjord-shop-dtc", "izakaya-shop-dtc"}                   # each a job of its own
    assert {p.parent.parent.name for p in decks} >= jobs, decks
    for path in decks:
        x1a_rules(path)


def gs_separations(path: Path, tmp: Path, dpi: int = 50) -> dict[str, Image.Image]:
    """The first page's four process plates as Ghostscript's tiffsep writes them (255 = no ink)."""
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", f"-r{dpi}",
                    "-dFirstPage=1", "-dLastPage=1", f"-sOutputFile={tmp}/sep.tif", str(path)], check=True)
    return {ink: Image.open(tmp / f"sep({ink}).tif").convert("L") for ink in ("Cyan", "Magenta", "Yellow", "Black")}


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript (gs) is not installed; .ci/run installs it")
def test_a_dtc_deck_separates_into_four_plates_within_240_percent(dtc, tmp_path):
    deck = dtc["kamiza"] / "shop-dtc" / "role-card.pdf"
    plates = gs_separations(deck, tmp_path)
    data = {k: list(v.tobytes()) for k, v in plates.items()}
    total = [sum(255 - data[k][i] for k in data) / 255 for i in range(len(data["Black"]))]
    assert max(total) <= DTC_INK + 0.02                # 8-bit plates round each ink to 1/255
    assert all(min(v) < 230 for v in data.values())    # every plate carries ink somewhere


OPACITY_SPEC = """id: glass
title: Glass
players: {min: 2, max: 2}
palette: {paper: "#ffffff", ink: "#000000"}
fonts: {title: {family: Vollkorn, weight: 700}, body: Lato}
art: {dot: art/dot.png}
components:
  - {id: card, kind: card, size: [63.5mm, 88.9mm], front: glass/card.svg.j2, count: 2}
"""
OPACITY_CARD = """{% import "shared/macros.svg.j2" as m with context %}
{% call m.svg() %}{{ m.background("#2060c0") }}
<rect x="10" y="10" width="40" height="40" fill="#ffcc00" fill-opacity="0.5"/>
{{ place(art.dot, 20, 50, 30, 30) }}{% endcall %}
"""


def test_transparency_a_user_brings_is_flattened_faithfully_for_pdfx1a(tmp_path):
    game = tiny_game(tmp_path, "glass", OPACITY_SPEC, {"card.svg.j2": OPACITY_CARD})
    (game / "art").mkdir()
    dot = Image.new("RGBA", (60, 60), (0, 0, 0, 0))
    for y in range(60):
        for x in range(60):
            if (x - 30) ** 2 + (y - 30) ** 2 < 28 ** 2:
                dot.putpixel((x, y), (200, 30, 30, 255))
    dot.save(game / "art" / "dot.png")
    out4, out1 = tmp_path / "x4", tmp_path / "x1a"
    assert run_cli("build", str(game), "--press", "--formats", "svg", "--out", str(out4))[0] == 0
    code, _, err = run_cli("build", str(game), "--press", "--pdfx", "1a", "--formats", "svg", "--out", str(out1))
    assert code == 0, err
    assert "1 page drawn with transparency flattened" in err
    with pikepdf.open(job_folder(out4, "glass") / "glass-press.pdf") as pdf:
        assert transparent_things(pdf)                  # PDF/X-4 keeps it live
    x1a_rules(job_folder(out1, "glass") / "glass-press.pdf")
    import pypdfium2 as pdfium                         # the flattened page looks as the live one does
    pages = [pdfium.PdfDocument(str(job_folder(o, "glass") / "glass-press.pdf"))[0].render(scale=1).to_pil().convert("RGB")
             for o in (out4, out1)]
    for xy in ((45, 45), (100, 100), (100, 200)):      # yellow over blue at 50 %, the blue, the red dot
        a, b = pages[0].getpixel(xy), pages[1].getpixel(xy)
        assert max(abs(p - q) for p, q in zip(a, b)) <= 12, (xy, a, b)


def _profile_named(tmp_path: Path, description: str, tac: float | None = None) -> Path:
    """A CMYK output profile: the shipped one, or one made by the project's tool at another total ink, with
    its 'desc' text replaced (same length, so every tag offset stays)."""
    data = (ROOT / "profiles" / "punchboard-press-cmyk.icc").read_bytes()
    if tac is not None:
        np = pytest.importorskip("numpy")    # noqa: F841  (the tool's own dependency)
        sys.path.insert(0, str(ROOT / "tools"))
        import make_press_profile as tool
        tool.TAC, data = tac, None
        data = tool.profile()
    old = b"Punchboard press CMYK (ISO 12647-2 aims, 300% TAC)"
    new = description.encode().ljust(len(old), b" ")[:len(old)]
    path = tmp_path / "shop.icc"
    path.write_bytes(data.replace(old, new, 1))
    return path


def test_press_profile_names_the_condition_and_separates_through_it(press, tmp_path):
    fogra = _profile_named(tmp_path, "Coated FOGRA39 (ISO 12647-2:2004)", tac=2.2)
    code, _, err = run_cli("build", "kamiza", "--press", "--press-profile", str(fogra), "--formats", "svg",
                           "--out", str(tmp_path / "a"))
    assert code == 0, err
    with pikepdf.open(job_folder(tmp_path / "a", "kamiza") / "kamiza-press.pdf") as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"          # the ICC registry's reference name
        assert str(intent.RegistryName) == "http://www.color.org"
        assert intent.DestOutputProfile.read_bytes() == fogra.read_bytes()
        ours = set(_fills(pdf))
    with pikepdf.open((press / "kamiza") / "kamiza-press.pdf") as pdf:     # the shipped profile
        shipped = set(_fills(pdf))
    assert max(sum(c) for c in ours) <= 2.2 + 1e-6 < max(sum(c) for c in shipped)


def _fills(pdf: pikepdf.Pdf):
    for obj in [p.obj for p in pdf.pages] + [o for o in pdf.objects if isinstance(o, pikepdf.Stream)
                                              and o.get("/Subtype") == "/Form"]:
        for operands, op in pikepdf.parse_content_stream(obj):
            if str(op) in ("k", "K"):
                yield tuple(float(v) for v in operands)


@pytest.mark.parametrize("make, expect", [
    (lambda p: p.write_text("not a profile"), "is not an ICC profile"),
    (lambda p: p.write_bytes(__import__("PIL.ImageCms", fromlist=["x"]).ImageCmsProfile(
        __import__("PIL.ImageCms", fromlist=["x"]).createProfile("sRGB")).tobytes()), "not an output (printer"),
])
def test_a_profile_that_is_not_cmyk_output_is_one_line(tmp_path, make, expect):
    path = tmp_path / "bad.icc"
    make(path)
    code, _, err = run_cli("build", "kamiza", "--press", "--press-profile", str(path), "--out", str(tmp_path / "o"))
    assert code == 2 and expect in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("argv, expect", [
    (("--pdfx", "1a"), "--pdfx declares the press file: add --press"),
    (("--press-profile", "x.icc"), "--press-profile separates CMYK files"),
    (("--press", "--pdfx", "3"), "expected one of 4, 1a"),
])
def test_press_options_without_their_file_are_refused(tmp_path, argv, expect):
    code, _, err = run_cli("build", "kamiza", *argv, "--out", str(tmp_path))
    assert code == 2 and expect in err, err


def test_the_builds_own_preflight_flags_a_file_that_is_not_pdfx(press, tmp_path):
    """The check every press file passes as it is written (output/pdfx_check.py) is not a formality: a home
    sheet PDF, which declares nothing, fails it on the points a shop's preflight would."""
    from generator.output.pdfx import STANDARDS
    from generator.output.pdfx_check import preflight

    sheets = tmp_path / "sheets-for-preflight"
    assert run_cli("build", "kamiza", "--formats", "sheets", "--out", str(sheets))[0] == 0
    found = "\n".join(preflight(sheets / "kamiza-sheets" / "kamiza-a4.pdf", STANDARDS["1a"]))
    for said in ("above 1.4", "GTS_PDFXVersion", "Trapped", "GTS_PDFX OutputIntents", "no TrimBox"):
        assert said in found, found
    assert preflight((press / "kamiza") / "kamiza-press.pdf", STANDARDS["4"]) == []


@pytest.mark.parametrize("version, conformance, xmp", [
    ("PDF/X-1:2003", "PDF/X-1a:2003", "PDF/X-1a:2003"),     # the 2001 edition's pattern with the 2003 name
    ("PDF/X-1:2001", "PDF/X-1a:2001", "PDF/X-1:2001"),      # a PDF/X-1a:2001 file
    ("PDF/X-1a:2003", None, "PDF/X-1:2003"),                # Info right, XMP saying another version
])
def test_the_preflight_refuses_a_declaration_other_than_the_2003_editions(dtc, tmp_path, version, conformance, xmp):
    """ISO 15930-4:2003 files declare `GTS_PDFXVersion (PDF/X-1a:2003)` and nothing else; a DriveThruCards deck
    passes the build's own preflight, and the same deck declared the 2001 way fails it."""
    from generator.output.pdfx import STANDARDS
    from generator.output.pdfx_check import preflight

    deck = next(p for p in sorted((dtc["kamiza"] / "shop-dtc").glob("*.pdf")) if p.name != "proof.pdf")
    assert preflight(deck, STANDARDS["1a"]) == []
    changed = tmp_path / "changed.pdf"
    with pikepdf.open(deck) as pdf:
        pdf.docinfo.GTS_PDFXVersion = pikepdf.String(version)
        if conformance:
            pdf.docinfo.GTS_PDFXConformance = pikepdf.String(conformance)
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
            meta["pdfx:GTS_PDFXVersion"] = xmp
        pdf.save(changed, min_version="1.4", object_stream_mode=pikepdf.ObjectStreamMode.disable)
    found = "\n".join(preflight(changed, STANDARDS["1a"]))
    assert ("Info GTS_PDFXVersion is" in found) == (version != "PDF/X-1a:2003"), found
    assert ("GTS_PDFXConformance" in found) == bool(conformance), found
    assert ("XMP pdfx:GTS_PDFXVersion" in found) == (xmp != "PDF/X-1a:2003"), found
