"""Niya: the rules, the worked-example scenarios and `pnp solve niya` (exact value of every first move).

The package's modules, from the spec reader up to the Rules class:
- spec: reads and validates the spec (tiles, `rules:`).
- garden: grid geometry, layouts, dealing.
- state: a game in play (legal moves, wins, blocking).
- search: perfect play.
- match: match arithmetic (formats, standings, next starter).
- engine: a game in play as the State the random-play runner (solver/play.py) plays.
- checks: the spec checks of `pnp check`.
- aid: what the printed aids say, from the spec.
- scenarios: the worked-example runners (`game`, `blocked`, `match`) and the readers they share.
- questions: `pnp solve niya`, declared as data.
- game: NiyaRules, tying them to `pnp check` and `pnp solve`.
Callers import names from the module that defines them; this file only names the game's Rules class.
"""

from generator.solver.games.niya.game import NiyaRules

RULES = NiyaRules
