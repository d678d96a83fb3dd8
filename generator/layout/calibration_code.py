"""What the calibration sheet carries for a camera: ArUco markers and a code strip, as vector shapes.

Six 4x4 ArUco markers (OpenCV's DICT_4X4_50: ids 0-5 on the front, 6-11 on the back) sit near the
paper's corners and the middles of its long sides, 12 mm or more in from the edges so the edges
themselves stay clear for measuring. Their corners give a picture's perspective exactly. A strip of 36
cells beside them carries the sheet's paper, flip, side and the --back-offset it was built with, so
`pnp calibrate` knows what it is looking at. The back's markers and strip lie behind the front's
(mirrored for the flip, shifted by the built offset like every back), so what shows through the paper
falls on ink. Nothing here imports an image library: `pnp build` draws the sheet from these numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.duplex import mirror_x, mirror_y
from generator.layout.plan import Fill, SheetOptions, Text
from generator.common.units import fmt_number, rounded

CELL_MM = 2.0                  # one marker cell; a marker is 6 cells (a black border round 4 x 4 bits)
MARKER_MM = 6 * CELL_MM
INSET_MM = 14.0                # markers' and strip's distance from the paper's side edges
TOP_MM = 12.0                  # the corner markers' distance from the top and bottom edges
FRONT_IDS = (0, 1, 2, 3, 4, 5)
BACK_IDS = (6, 7, 8, 9, 10, 11)
# DICT_4X4_50's first twelve markers, their 4 x 4 bits row by row (1 = white), as OpenCV draws them
ARUCO_BITS = ("1011010100110010", "0000111110011010", "0011001100101101", "1001100101000110",
              "0101010010011110", "0111100111001101", "1001111000101110", "1100010011110010",
              "1111111011011010", "1100111101010110", "1111100110010001", "0001000110100111")

CODE_CELLS = 36                # 4 magic + 2 paper + 1 flip + 1 side + 10 + 10 offset + 8 CRC
CODE_W_MM, CODE_CELL_MM = 4.0, 2.0
CODE_TOP_MM = 56.0             # the strip runs down the left side, between the top and middle markers
MAGIC = (1, 0, 1, 1)
PAPER_CODES = ("a4", "letter", "a3", "tabloid")
OFFSET_STEP_MM = 0.05          # the built offset, to 0.05 mm, from -25.6 to +25.55 mm
OFFSET_BIAS = 512


@dataclass(frozen=True)
class SheetCode:
    paper: str
    duplex: str
    side: str
    back_offset_mm: tuple[float, float]


def _front_spots(options: SheetOptions) -> list[tuple[float, float]]:
    """Top-left corners of the six markers on the front: clear of the heading, the targets and their scales."""
    w, h = options.page_mm
    left, right = INSET_MM, w - INSET_MM - MARKER_MM
    return [(left, TOP_MM), (right, TOP_MM), (left, h / 2 - 6), (right, h / 2 - 6),
            (left, h - TOP_MM - MARKER_MM), (right, h - TOP_MM - MARKER_MM)]


def _place(x: float, y: float, w: float, h: float, options: SheetOptions, side: str) -> tuple[float, float]:
    """A front box's top-left corner on `side`: as is, or behind it on the back."""
    if side == "front":
        return x, y
    return mirror_x(x, w, options), mirror_y(y, h, options)


def marker_squares(options: SheetOptions, side: str) -> dict[int, tuple[float, float]]:
    """Each marker's id and top-left corner (mm) on `side`; the back's carry the built offset."""
    ids = FRONT_IDS if side == "front" else BACK_IDS
    return {i: _place(x, y, MARKER_MM, MARKER_MM, options, side) for i, (x, y) in zip(ids, _front_spots(options))}


def marker_corners(options: SheetOptions, side: str) -> dict[int, list[tuple[float, float]]]:
    """Each marker's four corners in the order OpenCV reports them: top-left, top-right, bottom-right, bottom-left."""
    s = MARKER_MM
    return {i: [(x, y), (x + s, y), (x + s, y + s), (x, y + s)] for i, (x, y) in marker_squares(options, side).items()}


def code_origin(options: SheetOptions, side: str) -> tuple[float, float]:
    """Top-left corner of the code strip on `side`; cell k spans y + 2k .. y + 2k + 2 (mm) on that side."""
    return _place(INSET_MM, CODE_TOP_MM, CODE_W_MM, CODE_CELLS * CODE_CELL_MM, options, side)


def _crc8(bits: list[int]) -> list[int]:
    """CRC-8 (polynomial x^8 + x^2 + x + 1) of a bit list, most significant bit first."""
    reg = 0
    for bit in bits:
        top = ((reg >> 7) & 1) ^ bit
        reg = ((reg << 1) & 0xFF) ^ (0x07 if top else 0)
    return [(reg >> (7 - i)) & 1 for i in range(8)]


def _int_bits(value: int, n: int) -> list[int]:
    return [(value >> (n - 1 - i)) & 1 for i in range(n)]


def encode(code: SheetCode) -> list[int]:
    """The strip's 36 bits (1 = black)."""
    ox, oy = (max(0, min(1023, round(v / OFFSET_STEP_MM) + OFFSET_BIAS)) for v in code.back_offset_mm)
    payload = (list(MAGIC) + _int_bits(PAPER_CODES.index(code.paper), 2) + [int(code.duplex == "short")]
               + [int(code.side == "back")] + _int_bits(ox, 10) + _int_bits(oy, 10))
    return payload + _crc8(payload)


def decode(bits: list[int]) -> SheetCode | None:
    """The sheet's code from the strip's bits, or None when they are not one (a misread or another page)."""
    if len(bits) != CODE_CELLS or tuple(bits[:4]) != MAGIC or _crc8(bits[:28]) != bits[28:]:
        return None
    number = lambda part: int("".join(map(str, part)), 2)
    x, y = (rounded((number(part) - OFFSET_BIAS) * OFFSET_STEP_MM, 2) for part in (bits[8:18], bits[18:28]))
    return SheetCode(PAPER_CODES[number(bits[4:6])], "short" if bits[6] else "long", "back" if bits[7] else "front",
                     (x, y))


def _square(x: float, y: float, w: float, h: float) -> str:
    return f"M{fmt_number(x)} {fmt_number(y)}h{fmt_number(w)}v{fmt_number(h)}h{fmt_number(-w)}Z"


def _marker_path(marker: int, x: float, y: float) -> str:
    """One marker as one path: its black cells, so a rasteriser leaves no seams between them."""
    bits = ARUCO_BITS[marker]
    cells = []
    for row in range(6):
        for col in range(6):
            inner = 1 <= row <= 4 and 1 <= col <= 4
            if not inner or bits[(row - 1) * 4 + (col - 1)] == "0":
                cells.append(_square(x + col * CELL_MM, y + row * CELL_MM, CELL_MM, CELL_MM))
    return "".join(cells)


def machine_parts(options: SheetOptions, side: str) -> tuple[list[Fill], list[Text]]:
    """The markers and the code strip of one side as filled shapes, and the strip's caption for a person."""
    fills = [Fill(_marker_path(i, x, y)) for i, (x, y) in marker_squares(options, side).items()]
    code = SheetCode(options.paper, options.duplex, side, options.back_offset_mm)
    x, y = code_origin(options, side)
    strip = "".join(_square(x, y + k * CODE_CELL_MM, CODE_W_MM, CODE_CELL_MM)
                    for k, bit in enumerate(encode(code)) if bit)
    fills.append(Fill(strip))
    ox, oy = (fmt_number(v) for v in options.back_offset_mm)
    words = f"{options.paper.upper()} · {options.duplex}-edge · {side}"
    words += f" · offset {ox},{oy}" if side == "back" else ""
    caption_x = x + CODE_W_MM + 2.6 if x < options.page_mm[0] / 2 else x - 1.0
    texts = [Text(caption_x, y + CODE_CELLS * CODE_CELL_MM, words, 6.0, "start", angle=-90)]
    return fills, texts
