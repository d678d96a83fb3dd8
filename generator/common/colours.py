"""Colour science for `pnp check`'s colour warnings: colour-vision deficiency, colour difference, contrast.

- Simulation of protanopia, deuteranopia and tritanopia: G. M. Machado, M. M. Oliveira, L. A. F.
  Fernandes, "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE Trans.
  Visualization and Computer Graphics 15(6), 2009. The published severity-1.0 matrices, applied to
  linear sRGB and clipped to [0, 1].
- Colour difference: CIEDE2000 (CIE 142-2001), implemented as in G. Sharma, W. Wu, E. N. Dalal, "The
  CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary Test Data, and Mathematical
  Observations", Color Research and Application 30(1), 2005; CIELAB from sRGB with the D65 white.
- Contrast: WCAG 2 relative luminance and contrast ratio (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
"""

from __future__ import annotations

import math

Matrix = tuple[tuple[float, float, float], ...]
Lab = tuple[float, float, float]

MACHADO_2009: dict[str, Matrix] = {      # severity 1.0, linear RGB in, linear RGB out
    "protan": ((0.152286, 1.052583, -0.204868),
               (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968),
               (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779),
               (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", "protan", "deutan", "tritan")

_SRGB_TO_XYZ = ((0.4124564, 0.3575761, 0.1804375),     # IEC 61966-2-1, D65
                (0.2126729, 0.7151522, 0.0721750),
                (0.0193339, 0.1191920, 0.9503041))
_D65 = (0.95047, 1.0, 1.08883)


def rgb(hex_colour: str) -> tuple[float, float, float]:
    """"#rrggbb" (or "#rgb") -> sRGB components in 0..1."""
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def linear(c: float) -> float:
    """sRGB component -> linear light (the sRGB transfer curve, as WCAG 2 gives it)."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _mul(m: Matrix, v: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (sum(m[i][j] * v[j] for j in range(3)) for i in range(3))
    return r, g, b


def simulate(hex_colour: str, vision: str) -> tuple[float, float, float]:
    """Linear RGB of a colour as seen with `vision` ("normal" or a key of MACHADO_2009)."""
    r, g, b = rgb(hex_colour)
    lin = (linear(r), linear(g), linear(b))
    if vision == "normal":
        return lin
    r, g, b = (min(1.0, max(0.0, c)) for c in _mul(MACHADO_2009[vision], lin))
    return r, g, b


def lab_of_linear(lin: tuple[float, float, float]) -> Lab:
    """Linear sRGB -> CIELAB (D65)."""
    x, y, z = (v / w for v, w in zip(_mul(_SRGB_TO_XYZ, lin), _D65))

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference with kL = kC = kH = 1 (Sharma, Wu, Dalal 2005, equations 1-22)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dLp, dCp = L2 - L1, c2p - c1p
    dhp = 0.0
    if c1p * c2p:
        dhp = h2p - h1p
        dhp = dhp - 360 if dhp > 180 else dhp + 360 if dhp < -180 else dhp
    dHp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp) / 2)
    Lbp, Cbp = (L1 + L2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        hbp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbp = (h1p + h2p) / 2
    else:
        hbp = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbp - 30)) + 0.24 * math.cos(math.radians(2 * hbp))
         + 0.32 * math.cos(math.radians(3 * hbp + 6)) - 0.20 * math.cos(math.radians(4 * hbp - 63)))
    d_theta = 30 * math.exp(-(((hbp - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lbp - 50) ** 2 / math.sqrt(20 + (Lbp - 50) ** 2)
    sc, sh = 1 + 0.045 * Cbp, 1 + 0.015 * Cbp * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2 + rt * (dCp / sc) * (dHp / sh))


def difference(c1: str, c2: str, vision: str = "normal") -> float:
    """CIEDE2000 between two sRGB colours as a person with `vision` sees them."""
    return ciede2000(lab_of_linear(simulate(c1, vision)), lab_of_linear(simulate(c2, vision)))


def luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance: 0 for black, 1 for white."""
    r, g, b = (linear(c) for c in rgb(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(c1: str, c2: str) -> float:
    """WCAG 2 contrast ratio, 1 (none) to 21 (black on white); the order of the colours does not matter."""
    hi, lo = sorted((luminance(c1), luminance(c2)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
