"""Nyakuza: bids for Boats, Boats on the bay, Stalls on the shore; worked examples, `pnp solve nyakuza bid`
and `pnp check nyakuza --simulate N`.

The package's modules, from the spec reader up to the Rules class:
- spec: reads and validates the spec (board, clans, setups, `rules:`).
- bidding: pure rulings (bids, ranking).
- moves, chance, placement, stalls, bids, rounds: what a turn produces, the bag and the Secret tiles, where a
  Boat may go, the Stalls Boats force, a round's bid applied, who places next.
- state: a game in play, built from those.
- engine: the game as the State the random-play runner (solver/play.py) plays, and its simulation report.
- checks: the spec checks of `pnp check`.
- aid: what the printed aids say, from the spec.
- scenarios: the worked-example runners (setup, bid, turn, legal, ranking) and the positions they play on.
- questions: `pnp solve nyakuza bid`, declared as data.
- game: NyakuzaRules, tying them to `pnp check` and `pnp solve`.
Callers import names from the module that defines them; this file only registers the game.
"""

from generator.solver.games.nyakuza.game import NyakuzaRules
from generator.solver.registry import register

register(NyakuzaRules)
