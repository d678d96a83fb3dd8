"""One rules module per game, each registering itself with `generator.solver.registry`."""
