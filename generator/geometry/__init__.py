"""Shapes in millimetres: piece outlines, grown outlines."""
