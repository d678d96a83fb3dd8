"""Izakaya: the grid engine, bids, drinks, claims, scoring, random games, and `pnp solve izakaya`.

The package's modules, from the spec reader up to the Rules class:
- spec: reads `rules:` and the site cards' footprints.
- grid: cards, corners, edges, lines of three.
- rules: the bid, drink and claim rulings, and scoring.
- position: a position file, read and validated.
- engine: a game in play, the State the random-play runner (solver/play.py) plays, IZA-INV-08/09 included.
- checks: the spec checks of `pnp check`.
- aid: what the printed pieces say, from the spec.
- scenarios: the worked-example runners (setup, bid, score, drink, claim, adjust_and_score).
- questions: `pnp solve izakaya`, declared as data.
- game: IzakayaRules, tying them to `pnp check` and `pnp solve`.
Callers import names from the module that defines them; this file only names the game's Rules class.
"""

from generator.solver.games.izakaya.game import IzakayaRules

RULES = IzakayaRules
