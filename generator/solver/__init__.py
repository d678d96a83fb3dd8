"""Proving a spec: inventory for every player count, rules modules, worked examples and searches.

The solver reads the validated model and never imports the renderer.
"""
