"""Nyakuza: bids for Boats, Boats on the bay, Stalls on the shore; worked examples, `pnp solve nyakuza bid`
and `pnp check nyakuza --simulate N`.

The package's modules, from the spec reader up to the Rules class:
- spec: reads and validates the spec (board, clans, setups, `rules:`).
- bidding: pure rulings (bids, ranking).
- moves: the phases, an illegal move, a Stall built.
- table: everything on the table (the bay, each clan's pieces, the turn) as typed fields.
- chance, stalls, placement, rounds, bids: functions over a Table: the bag and the Secret tiles, the Stalls
  Boats force, where a Boat may go, who places next, a round's bid applied.
- state: a game in play: a Table with the game's interface, each rule delegated to those modules.
- engine: the game as the State the random-play runner (solver/play.py) plays, and its simulation report.
- checks: the spec checks of `pnp check`.
- aid: what the printed aids say, from the spec.
- scenarios: the worked-example runners (setup, bid, turn, legal, ranking) and the positions they play on.
- questions: `pnp solve nyakuza bid`, declared as data.
- game: NyakuzaRules, tying them to `pnp check` and `pnp solve`.
Callers import names from the module that defines them; this file only names the game's Rules class.
"""

from generator.solver.games.nyakuza.game import NyakuzaRules

RULES = NyakuzaRules
