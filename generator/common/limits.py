"""Limits shared by several readers: raster pictures (the art reader in render, the shop presets' pixel sizes, pnp
calibrate's photos) and data tables (CSV, TSV and XLSX rows, and the cards of an image folder)."""

MAX_RASTER_PIXELS = 60_000_000          # a 300 dpi A2 poster; beyond that it is not a piece of art
MAX_RASTER_SIDE = 20_000
MAX_PHOTO_PIXELS = 210_000_000          # the largest phone sensors, 200 MP (16,320 x 12,240), with room
MAX_PHOTO_SIDE = 20_000
MAX_ROWS = 10_000          # rows under a table's header, and images in a folder (docs/reference/limits.md)
MAX_COLUMNS = 200
MAX_PIECES = 20_000        # pieces in one build, whatever multiplies them (counts, --only copies, file-name copies)
MAX_SEATS = 30             # player colours in a spec (the seat checks compare every pair); party games seat 20
MAX_PLAYERS = 100          # players.max: the setup table and the checks run once per player count
MAX_DIGITS = 100           # digits of a whole number anywhere (docs/reference/limits.md); Python refuses 4,300 with a traceback
MAX_INVARIANTS = 200       # invariants: of one spec; each is a fact over the whole set, proved in 2 s at most
MAX_RULEBOOK_PAGES = 200  # pages of a kit's rulebook PDF (rulebook_pdf:); published rulebooks run 4 to 60 pages
