"""Imposition: pieces packed into sheet plans (pure geometry): blocks, marks, outlines, folds, mirrored backs."""
