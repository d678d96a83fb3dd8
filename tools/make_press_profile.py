"""Build fonts-like shipped data: the CMYK press profile `profiles/punchboard-press-cmyk.icc` (CC0).

Why our own: the common press profiles (ISO Coated v2, FOGRA39, GRACoL, SWOP) may be used but their
licences do not let every project redistribute them. This profile is made here, from published aims only:
the CIELAB values ISO 12647-2 (2004, paper type 1, coated; the FOGRA39 characterisation) gives for paper,
the solids and their overprints. A Yule-Nielsen modified Neugebauer model (n = 2) over those 16 primaries,
with a tone value increase of 14 % at 50 %, predicts CMYK -> Lab (A2B tables); its inverse with grey
component replacement and a 300 % total ink limit gives Lab -> CMYK (B2A tables). It is a reasonable,
documented press space for proofs and shops that ask for CMYK, not a measured characterisation of any
one press: a shop with its own profile should be asked for it.

Run: python tools/make_press_profile.py (needs numpy; the project itself does not).
"""

from __future__ import annotations

import itertools
import struct
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "profiles" / "punchboard-press-cmyk.icc"
TAC = 3.0                # total ink limit of the separation, 300 %
N = 2.0                  # Yule-Nielsen factor
TVI = 0.14               # tone value increase at 50 %
GAMUT_DE = 3.0           # gamt: separations that miss their colour by more than this are out of gamut
D50 = np.array([0.9642, 1.0, 0.8249])

# ISO 12647-2:2004 paper type 1 aims (D50, 2 degrees): paper, solids and overprints.
PAPER = (95.0, 0.0, -2.0)
SOLIDS = {"c": (55.0, -37.0, -50.0), "m": (48.0, 74.0, -3.0), "y": (89.0, -5.0, 93.0), "k": (16.0, 0.0, 0.0),
          "my": (47.0, 68.0, 48.0), "cy": (50.0, -65.0, 27.0), "cm": (24.0, 22.0, -46.0), "cmy": (23.0, 0.0, 0.0)}


def lab_to_xyz(lab: np.ndarray) -> np.ndarray:
    L, a, b = lab[..., 0], lab[..., 1], lab[..., 2]
    fy = (L + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200
    f = np.stack([fx, fy, fz], -1)
    d = 6 / 29
    t = np.where(f > d, f ** 3, 3 * d * d * (f - 4 / 29))
    return t * D50


def xyz_to_lab(xyz: np.ndarray) -> np.ndarray:
    t = xyz / D50
    d = 6 / 29
    f = np.where(t > d ** 3, np.cbrt(np.maximum(t, 0)), t / (3 * d * d) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def primaries() -> np.ndarray:
    """Lab of the 16 Neugebauer primaries, indexed by bits c, m, y, k. Overprints with black: black's lightness
    falling 1.5 per other ink, keeping 15 % of that ink mix's chroma (no aim is published for them)."""
    out = np.zeros((2, 2, 2, 2, 3))
    for c, m, y, k in itertools.product((0, 1), repeat=4):
        name = "c" * c + "m" * m + "y" * y
        base = np.array(PAPER if not name else SOLIDS[name])
        if k:
            others = c + m + y
            base = np.array([SOLIDS["k"][0] - 1.5 * others, 0.15 * base[1], 0.15 * base[2]])
        out[c, m, y, k] = base
    return out


PRIM = lab_to_xyz(primaries()) ** (1 / N)


def effective(a: np.ndarray) -> np.ndarray:
    return np.clip(a + 4 * TVI * a * (1 - a), 0, 1)


def cmyk_to_lab(cmyk: np.ndarray) -> np.ndarray:
    e = effective(np.clip(cmyk, 0, 1))
    acc = np.zeros(cmyk.shape[:-1] + (3,))
    for bits in itertools.product((0, 1), repeat=4):
        w = np.ones(cmyk.shape[:-1])
        for i, bit in enumerate(bits):
            w = w * (e[..., i] if bit else 1 - e[..., i])
        acc += w[..., None] * PRIM[bits]
    return xyz_to_lab(acc ** N)


def separate(lab: np.ndarray) -> np.ndarray:
    """Lab -> CMYK: black from lightness and neutrality (grey component replacement), then C, M, Y by
    damped Gauss-Newton on the model, then the total ink limit (C, M, Y scaled down, black kept)."""
    L, chroma = lab[..., 0], np.hypot(lab[..., 1], lab[..., 2])
    k = np.clip((78 - L) / 62, 0, 1) ** 1.3 * np.clip(1 - chroma / 60, 0.15, 1)
    cmy = np.full(lab.shape[:-1] + (3,), 0.3)
    for _ in range(40):
        x = np.concatenate([cmy, k[..., None]], -1)
        base = cmyk_to_lab(x)
        r = base - lab
        J = np.zeros(lab.shape[:-1] + (3, 3))
        for j in range(3):
            dx = x.copy()
            dx[..., j] += 1e-3
            J[..., :, j] = (cmyk_to_lab(dx) - base) / 1e-3
        JtJ = np.einsum("...ki,...kj->...ij", J, J) + 1e-2 * np.eye(3)
        step = np.linalg.solve(JtJ, np.einsum("...ki,...k->...i", J, r)[..., None])[..., 0]
        cmy = np.clip(cmy - 0.8 * step, 0, 1)
    total = cmy.sum(-1) + k
    over = total > TAC
    scale = np.where(over, (TAC - k) / np.maximum(cmy.sum(-1), 1e-9), 1.0)
    cmy = cmy * scale[..., None]
    return np.concatenate([cmy, k[..., None]], -1)


def lab_to_u16(lab: np.ndarray) -> np.ndarray:
    """ICC v2 (legacy 16-bit) Lab encoding: L 0..100 -> 0..0xFF00, a and b -128..127.996 -> 0..0xFFFF."""
    L = np.clip(lab[..., 0], 0, 100) * 0xFF00 / 100
    ab = (np.clip(lab[..., 1:], -128, 127.996) + 128) * 256
    return np.round(np.concatenate([L[..., None], ab], -1)).astype(np.uint16)


def u16_to_lab(v: np.ndarray) -> np.ndarray:
    return np.concatenate([v[..., :1] * 100 / 0xFF00, v[..., 1:] / 256 - 128], -1)


def lut16(inputs: int, outputs: int, grid: int, clut: np.ndarray) -> bytes:
    head = b"mft2" + b"\0" * 4 + struct.pack(">BBBB", inputs, outputs, grid, 0)
    head += b"".join(struct.pack(">i", v) for v in (65536, 0, 0, 0, 65536, 0, 0, 0, 65536))
    head += struct.pack(">HH", 2, 2)
    identity = struct.pack(">HH", 0, 65535)
    return head + identity * inputs + clut.astype(">u2").tobytes() + identity * outputs


def a2b(grid: int = 9) -> bytes:
    axis = np.linspace(0, 1, grid)
    cmyk = np.stack(np.meshgrid(axis, axis, axis, axis, indexing="ij"), -1)
    return lut16(4, 3, grid, lab_to_u16(cmyk_to_lab(cmyk)).reshape(-1, 3))


def b2a(grid: int = 17) -> tuple[bytes, bytes]:
    """The B2A table and the `gamt` table over the same Lab grid (one separation serves both)."""
    axis = np.linspace(0, 65535, grid)
    code = np.stack(np.meshgrid(axis, axis, axis, indexing="ij"), -1)
    lab = u16_to_lab(code)
    cmyk = separate(lab)
    return lut16(3, 4, grid, np.round(cmyk * 65535).reshape(-1, 4)), gamut(lab, cmyk)


def gamut(lab: np.ndarray, cmyk: np.ndarray) -> bytes:
    """ICC v2 `gamt` (required in output profiles): PCS Lab -> one channel, 0 in gamut, 0xFFFF out. A colour is
    out of gamut when its separation, printed through the model, lands more than GAMUT_DE (CIE76) from it."""
    error = np.linalg.norm(cmyk_to_lab(cmyk) - lab, axis=-1)
    return lut16(3, 1, lab.shape[0], np.where(error > GAMUT_DE, 65535, 0).reshape(-1, 1))


def text_tag(text: str) -> bytes:
    return b"text" + b"\0" * 4 + text.encode("ascii") + b"\0"


def desc_tag(text: str) -> bytes:
    raw = text.encode("ascii") + b"\0"
    return (b"desc" + b"\0" * 4 + struct.pack(">I", len(raw)) + raw + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0)
            + b"\0" * 67)


def xyz_tag(xyz) -> bytes:
    return b"XYZ " + b"\0" * 4 + b"".join(struct.pack(">i", round(v * 65536)) for v in xyz)


def profile() -> bytes:
    paper = lab_to_xyz(np.array(PAPER))
    a2b0, (b2a0, gamt) = a2b(), b2a()
    tags = [(b"desc", desc_tag("Punchboard press CMYK (ISO 12647-2 aims, 300% TAC)")),
            (b"cprt", text_tag("CC0 1.0: no rights reserved. Built by Punchboard's tools/make_press_profile.py "
                               "from the published ISO 12647-2 paper type 1 aims.")),
            (b"wtpt", xyz_tag(paper)), (b"A2B0", a2b0), (b"A2B1", a2b0), (b"A2B2", a2b0),
            (b"B2A0", b2a0), (b"B2A1", b2a0), (b"B2A2", b2a0), (b"gamt", gamt)]
    offset = 128 + 4 + 12 * len(tags)
    table, data, seen = [], b"", {}
    for sig, body in tags:
        if body not in seen:
            while (offset + len(data)) % 4:
                data += b"\0"
            seen[body] = offset + len(data)
            data += body
        table.append(struct.pack(">4sII", sig, seen[body], len(body)))
    size = offset + len(data)
    header = struct.pack(">I4sI4s4s4s", size, b"lcms", 0x02100000, b"prtr", b"CMYK", b"Lab ")
    header += struct.pack(">HHHHHH", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + struct.pack(">I", 0)
    header += b"\0" * 8 + b"\0" * 8 + struct.pack(">I", 0)
    header += b"".join(struct.pack(">i", round(v * 65536)) for v in D50) + b"\0" * 4 + b"\0" * 16
    header += b"\0" * (128 - len(header))
    return header + struct.pack(">I", len(tags)) + b"".join(table) + data


if __name__ == "__main__":
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_bytes(profile())
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
