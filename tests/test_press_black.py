"""Press text: black text solid K 100 % and overprinting, near-neutral grey text in black ink alone at its own
lightness, coloured text left in four inks; the shipped profile carries the `gamt` tag ICC v2 output profiles need."""

from __future__ import annotations

import struct
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms


ROOT = Path(__file__).resolve().parent.parent
PROFILE = ROOT / "profiles" / "punchboard-press-cmyk.icc"
TEXT_SHOW = {"Tj", "TJ", "'", '"'}
# The greys the issue names: Kamiza's muted text, Izakaya's "faint", Nusfjord's slate grey.
GREYS = {"kamiza": "#6b645c", "izakaya": "#9a958c", "nusfjord": "#8b949c"}
INKS = {"kamiza": "#1c1a19", "izakaya": "#22201d"}       # the palettes' "ink": black text
NEAR_NEUTRAL_CHROMA = 8.0                                 # the README's rule for near-neutral


def srgb_lightness(hex_colour: str) -> float:
    """CIE L* of an sRGB colour from its luminance (IEC 61966-2-1 and CIE 15 formulas)."""
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    y = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else 24389 / 27 * y


def printed_lab(cmyk) -> tuple[float, float, float]:
    """Lab the shipped profile predicts for a CMYK (0-1), relative colorimetric."""
    transform = ImageCms.buildTransform(ImageCms.ImageCmsProfile(str(PROFILE)), ImageCms.createProfile("LAB"),
                                        "CMYK", "LAB", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    L, a, b = ImageCms.applyTransform(Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk)),
                                      transform).getpixel((0, 0))
    return L * 100 / 255, a - 128, b - 128


def text_fills(pdf: pikepdf.Pdf) -> list[tuple[object, bool]]:
    """(fill colour, overprint on) for every text-showing operator of every page and form."""
    found = []

    def walk(owner, resources):
        fill, over, stack = None, False, []
        for operands, op in pikepdf.parse_content_stream(owner):
            name = str(op)
            if name == "q":
                stack.append((fill, over))
            elif name == "Q":
                fill, over = stack.pop()
            elif name == "k":
                fill = tuple(round(float(v), 4) for v in operands)
            elif name in ("rg", "g", "sc", "scn", "cs"):
                fill = f"not DeviceCMYK: {name}"
            elif name == "gs":
                state = resources.ExtGState[operands[0]]
                if "/op" in state or "/OP" in state:
                    over = bool(state.get("/op", state.get("/OP"))) and int(state.get("/OPM", 0)) == 1
            elif name in TEXT_SHOW:
                found.append((fill, over))
        for _, x in (resources.get("/XObject") or {}).items() if resources is not None else []:
            if x.get("/Subtype") == "/Form":
                walk(x, x.get("/Resources"))

    for page in pdf.pages:
        walk(page.obj, page.obj.get("/Resources"))
    return found


@pytest.fixture(scope="module")
def press(shared_builds):
    return shared_builds("--press", "--formats", "svg")        # shared with test_press.py and test_pdfx.py


@pytest.fixture(scope="module")
def fills(press) -> dict:
    result = {}
    for game in ("kamiza", "izakaya"):
        with pikepdf.open(press / game / f"{game}-press.pdf") as pdf:
            result[game] = text_fills(pdf)
    return result


@pytest.mark.parametrize("game", ["kamiza", "izakaya"])
def test_black_text_is_solid_black_overprinting(fills, game):
    found = fills[game]
    assert len(found) > 3000
    assert all(isinstance(fill, tuple) and len(fill) == 4 for fill, _ in found), \
        {f for f, _ in found if not isinstance(f, tuple)}
    solid = [over for fill, over in found if fill == (0.0, 0.0, 0.0, 1.0)]
    assert len(solid) > 3000 and all(solid)                  # thousands of black glyphs, every one overprinting
    tints = {fill for fill, _ in found if fill[:3] == (0, 0, 0) and 0.8 <= fill[3] < 1}
    assert not tints, tints                                  # no screened near-black left
    assert all(fill == (0.0, 0.0, 0.0, 1.0) for fill, over in found if over)   # nothing else overprints


@pytest.mark.parametrize("game", ["kamiza", "izakaya"])
def test_grey_text_prints_black_ink_at_its_lightness(fills, game):
    wanted = srgb_lightness(GREYS[game])
    greys = [fill for fill, _ in fills[game] if fill[:3] == (0, 0, 0) and 0.2 < fill[3] < 0.8]
    assert len(greys) > 300
    for fill in set(greys):
        assert abs(printed_lab(fill)[0] - wanted) < 2.0, (fill, wanted)


@pytest.mark.parametrize("game", ["kamiza", "izakaya"])
def test_only_coloured_text_uses_colour_inks(fills, game):
    for fill in {fill for fill, _ in fills[game] if any(fill[:3])}:
        L, a, b = printed_lab(fill)
        assert (a * a + b * b) ** 0.5 > NEAR_NEUTRAL_CHROMA, fill


def test_converter_text_rule_on_the_named_colours():
    from generator.output.press import Converter

    convert = Converter()
    rgb = lambda h: tuple(int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))  # noqa: E731
    for game, grey in GREYS.items():
        cmyk, over = convert.text(*rgb(grey))
        assert cmyk[:3] == (0, 0, 0) and not over, (game, cmyk)
        assert abs(printed_lab(cmyk)[0] - srgb_lightness(grey)) < 2.0
        assert convert(*rgb(grey))[:3] != (0, 0, 0)          # a large grey fill keeps the general rule
    for ink in INKS.values():
        assert convert.text(*rgb(ink)) == ((0, 0, 0, 1), True)
    brown, over = convert.text(*rgb("#8a5a48"))              # coloured text keeps its colour
    assert min(brown[:3]) > 0.1 and not over
    assert convert.text(1, 1, 1) == ((0, 0, 0, 0), False)    # white text never overprints (it would vanish)


def tags(data: bytes) -> dict[bytes, bytes]:
    count = struct.unpack(">I", data[128:132])[0]
    out = {}
    for i in range(count):
        sig, offset, size = struct.unpack(">4sII", data[132 + 12 * i:144 + 12 * i])
        out[sig] = data[offset:offset + size]
    return out


def gamut_value(table: bytes, L: float, a: float, b: float) -> int:
    """The gamt lut's grid value nearest a Lab colour (ICC v2 16-bit Lab encoding)."""
    assert table[:4] in (b"mft2", b"mft1")
    inputs, outputs, grid = table[8], table[9], table[10]
    assert (inputs, outputs) == (3, 1)
    entries = struct.unpack(">HH", table[48:52])[0] if table[:4] == b"mft2" else 256
    width = 2 if table[:4] == b"mft2" else 1
    start = 52 + inputs * entries * width if table[:4] == b"mft2" else 48 + inputs * 256
    codes = (L * 0xFF00 / 100, (a + 128) * 256, (b + 128) * 256)
    idx = [round(c / (0xFFFF if width == 2 else 0xFF) * (grid - 1)) for c in codes]
    pos = start + ((idx[0] * grid + idx[1]) * grid + idx[2]) * width
    return int.from_bytes(table[pos:pos + width], "big")


@pytest.mark.parametrize("source", ["shipped", "output intent"])
def test_profile_has_gamut_tag(press, source):
    if source == "shipped":
        data = PROFILE.read_bytes()
    else:
        with pikepdf.open(press / "kamiza" / "kamiza-press.pdf") as pdf:
            data = pdf.Root.OutputIntents[0].DestOutputProfile.read_bytes()
    assert data[12:16] == b"prtr" and data[8] == 2          # an ICC v2 output profile...
    table = tags(data)
    for required in (b"desc", b"cprt", b"wtpt", b"A2B0", b"B2A0", b"gamt"):   # ICC.1:2001-04 table 22
        assert required in table, required
    gamt = table[b"gamt"]
    assert gamut_value(gamt, 50, 0, 0) == 0                  # mid grey prints
    assert gamut_value(gamt, 94.5, 0, 0) == 0                # near paper white prints
    assert gamut_value(gamt, 50, 127.9, -128) != 0           # a saturated violet no CMYK press makes
    assert gamut_value(gamt, 90, -128, 0) != 0               # a light green far beyond cyan + yellow
    ImageCms.ImageCmsProfile(str(PROFILE))                   # LittleCMS still reads it
