"""Punchboard: print-and-play components from a declarative spec, and a solver that proves them."""

__version__ = "0.1.0"
