"""Nusfjord: setup for 2-5 players, the First Player rotation, the Fishing phase, scoring, the Building flow
and the token figures, and `pnp solve nusfjord setup|rounds|fish|score`.

The package's modules, from the spec reader up to the Rules class:
- spec: reads and validates `rules:`.
- setup, fishing, scoring, flow, work: pure functions of the spec (the setup table and elder stacks, the Fishing
  phase, end scoring, the Building flow, the printed pieces and the Work phase).
- engine: a game in play, the State the random-play runner (solver/play.py) plays.
- checks: the spec checks of `pnp check`.
- aid: what the printed boards show, from the spec.
- scenarios: the worked-example runners (setup, rounds, fish, score, thin_out, haul, ...).
- questions: `pnp solve nusfjord`, declared as data.
- game: NusfjordRules, tying them to `pnp check` and `pnp solve`.
Callers import names from the module that defines them; this file only names the game's Rules class.
"""

from generator.solver.games.nusfjord.game import NusfjordRules

RULES = NusfjordRules
