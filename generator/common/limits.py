"""Limits on raster pictures, shared by the art reader (render) and the shop presets' pixel sizes (load)."""

MAX_RASTER_PIXELS = 60_000_000          # a 300 dpi A2 poster; beyond that it is not a piece of art
MAX_RASTER_SIDE = 20_000
