"""Beneath every layer: the exception tree, units and numbers, where shipped files are, confined reads, limits, colour
science and the user-level cache. Nothing here imports another package of generator/."""
