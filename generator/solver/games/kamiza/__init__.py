"""Kamiza: the referee of a round (judging steps 1-4), the chickens tiebreak (step 5) and `pnp solve kamiza`.

The package's modules, from the spec reader up to the Rules class:
- spec: reads and validates the spec (cards, roles, `rules:`).
- referee: the table of one round, judging steps 1-4.
- tiebreak: step 5, the chickens.
- parse: the --play and --match texts.
- engine: a match in play, the State the random-play runner (solver/play.py) plays.
- checks: the spec checks of `pnp check`, KAM-INV-03 included.
- aid: what the printed aids say, from the spec.
- scenarios: the worked-example runners (`round`, `match`).
- questions: `pnp solve kamiza`, declared as data (--play for a round, --match for step 5).
- game: KamizaRules, tying them to `pnp check` and `pnp solve`.
Callers import names from the module that defines them; this file only names the game's Rules class.
"""

from generator.solver.games.kamiza.game import KamizaRules

RULES = KamizaRules
