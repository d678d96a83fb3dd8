"""Izakaya as a `play.State`: bids, then three action discs each in turn order, until the pile reaches the
threshold; what must hold at every step (yen conserved, supplies, IZA-INV-08/09) and the supply figures
`pnp check izakaya --simulate N` reports.

Every choice a player makes is an action (a bid, a drink, a Price move, a claim, then the card its pyramid
goes on, a floor, the floor a line of three earns), so the generic runner (play.py) plays and seeds them all;
the only chance is the setup's draw of the turn-order discs.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from generator.solver.api import CheckResult, Tally, most, simulation_check, with_figures
from generator.solver.games.izakaya.rules import Building, Position, bid, claim_ruling, drink_ruling
from generator.solver.games.izakaya.spec import IzakayaSpec

BID, ACT, PYRAMID, BONUS, OVER = "bid", "act", "pyramid", "bonus", "over"
HELD = "yen conserved, no supply short, IZA-INV-08/09 held"
THRIFTY = 400             # the most a random player bids in a round (yen): a modelling choice, not a rule


class IzakayaGame:
    """A game in play (mutable: `apply` changes it and returns it). `supply`: floor chits printed, by shape."""

    def __init__(self, spec: IzakayaSpec, players: int, supply: dict[str, int], seed: Any):
        self.spec, self.printed, self.supply = spec, dict(supply), dict(supply)
        names = [f"P{i + 1}" for i in range(players)]
        self.pos = Position(names, spec.grid(players), dict(spec.prices), yen={p: spec.start_yen for p in names})
        self.order = names[:]
        random.Random(f"izakaya:{seed}").shuffle(self.order)      # the random disc draw of the setup
        self.phase, self.pile, self.rounds, self.last = BID, 0, 1, 0
        self.bids: dict[str, int] = {}
        self.turn = 0                                              # index into order x action discs
        self.taken: set[str] = set()                               # limited spots used this phase
        self.spots: Counter = Counter()                            # IZA-INV-08: discs on each limited spot
        self.discs: Counter = Counter()                            # and action discs each player placed
        self.floors: dict[tuple, int] = {}                         # (card, footprint) -> floors built
        self.short: Counter = Counter()                            # what a player wanted but the supply lacked
        self.claimed: tuple = ()                                   # the edge just claimed, its pyramid to place
        self.line = False                                          # and whether the claim made a line of three
        self.options: list[tuple] | None = None                    # the action phase's legal actions, once listed
        self.yen_start = self.yen_total

    @property
    def yen_total(self) -> int:
        return sum(self.pos.yen.values()) + self.pile + sum(self.pos.prices.values())

    @property
    def player(self) -> str:
        if self.phase == BID:
            return self.order[len(self.bids)]
        return self.order[self.turn % len(self.order)]

    # -- the State protocol -------------------------------------------------------------------------
    def legal_actions(self) -> list[tuple]:
        if self.phase == BID:
            coin = self.spec.coin
            return [("bid", coin * k) for k in range(self.pos.yen[self.player] // coin + 1)]
        if self.phase == PYRAMID:
            return [("pyramid", card) for card in self.claimed if card not in self.pos.pyramids]
        if self.phase == BONUS:
            return [("build", key, shape) for key, shape in self._build_targets(self.player)]
        if self.phase != ACT:
            return []
        if self.options is None:
            self.options = self._actions(self.player)
        return list(self.options)

    def random_action(self, rng: random.Random) -> tuple:
        """A random legal action, uniform except for the bid: at most THRIFTY yen. Bidding uniformly up to the
        whole purse ends most games in two rounds, when hardly a floor is built, and the supply figures the
        spec's counts rest on ("Simulation: at most 17 used") need games of the usual length (4-5 rounds)."""
        if self.phase == BID:
            return "bid", self.spec.coin * rng.randint(0, min(self.pos.yen[self.player], THRIFTY) // self.spec.coin)
        return rng.choice(self.legal_actions())

    def apply(self, action: tuple) -> IzakayaGame:
        self.options = None
        if action[0] == "bid":
            self.bids[self.player] = action[1]
            if len(self.bids) == len(self.order):
                self._reveal_bids()
            return self
        p = self.player
        if self.phase == PYRAMID:
            self.pos.pyramids[action[1]] = p
            return self._after_claim(p)
        if self.phase == BONUS:
            self._build(p, *action[1:])
            return self._next_disc()
        self.discs[p] += 1
        if action[0] in ("drink", "price"):
            spot = action[1] if action[0] == "drink" else "price"
            self.taken.add(spot)
            self.spots[spot] += 1
        if action[0] == "claim":
            return self._claim(p, action[1])
        self._act(p, action)
        return self._next_disc()

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> dict[str, Any]:
        used = {f"floor {shape}": n - self.supply[shape] for shape, n in self.printed.items()}
        return {"how": "threshold", "rounds": self.rounds, **used,
                "drinks": len(self.pos.drinks), "coins": self.yen_total // self.spec.coin,
                "pyramids": max(Counter(self.pos.pyramids.values()).values(), default=0)}

    def invariants(self) -> list[str]:
        s, out = self.spec, []
        if self.yen_total != self.yen_start:
            out.append(f"yen NOT conserved (players + pile + market): {self.yen_total}, {self.yen_start} at the start")
        if any(n > 1 for n in self.spots.values()) or any(n > s.action_discs for n in self.discs.values()):
            out.append("IZA-INV-08: a colour or the Price spot used twice in a phase, or a fourth action disc")
        if any(n > s.claim_discs for n in Counter(self.pos.claims.values()).values()) or \
                any(n > s.pyramids for n in Counter(self.pos.pyramids.values()).values()):
            out.append("IZA-INV-09: a player holds more claims or pyramids than printed")
        drinks = Counter(self.pos.drinks.values())
        if any(n < 0 for n in self.supply.values()) or any(drinks[c] > s.drinks_per_colour for c in s.colours):
            out.append("more floors or drinks in play than printed")
        if self.short:
            out.append("ran short: " + ", ".join(sorted(self.short)) + " (a player could use one, none is left)")
        return out

    # -- the flow of a round ------------------------------------------------------------------------
    def _reveal_bids(self) -> None:
        result = bid(self.spec, self.order, self.pos.yen, self.bids, self.pile)
        self.order, self.pile, self.bids = result["order"], result["pile"], {}
        self.pos.yen.update(result["yen"])
        if result["last_round"] and not self.last:
            self.last = self.rounds if self.spec.last_round == "this-round" else self.rounds + 1
        self.phase, self.turn = ACT, -1
        self.taken, self.spots, self.discs = set(), Counter(), Counter()
        self._next_disc()

    def _next_disc(self) -> IzakayaGame:
        """The next player with a legal action places a disc; a player with none passes that disc."""
        self.phase = ACT
        while True:
            self.turn += 1
            if self.turn >= len(self.order) * self.spec.action_discs:
                return self._end_round()
            self.options = self._actions(self.player)
            if self.options:
                return self

    def _end_round(self) -> IzakayaGame:
        if self.last and self.rounds >= self.last:
            self.phase = OVER
        else:
            self.rounds, self.phase = self.rounds + 1, BID
        return self

    # -- actions ------------------------------------------------------------------------------------
    def _actions(self, player: str) -> list[tuple]:
        s, pos = self.spec, self.pos
        out: list[tuple] = []
        spots = [c for c in pos.grid.spots if drink_ruling(pos, c)[0]]
        left = {c: s.drinks_per_colour - sum(1 for d in pos.drinks.values() if d == c) for c in s.colours}
        if spots and not any(left.values()):
            self.short["drinks"] += 1                         # every crate empty with spots to fill
        for colour in s.colours:
            if colour not in self.taken and left[colour] > 0:
                out += [("drink", colour, c) for c in spots[:3]]
        if "price" not in self.taken:
            out += [("price", a, b) for a in s.colours for b in s.colours
                    if a != b and pos.prices[a] - s.coin >= s.price_floor]
        if sum(1 for p in pos.claims.values() if p == player) < s.claim_discs:
            out += [("claim", e) for e in pos.grid.edges if claim_ruling(s, pos, player, e)[0]]
        return out + [("build", key, shape) for key, shape in self._build_targets(player)]

    def _act(self, player: str, action: tuple) -> None:
        """Play one action disc: a drink, a Price move or a floor."""
        pos, s, kind = self.pos, self.spec, action[0]
        if kind == "drink":
            pos.drinks[action[2]] = action[1]
        elif kind == "price":
            pos.prices[action[1]] -= s.coin
            pos.prices[action[2]] += s.coin
        elif kind == "build":
            self._build(player, *action[1:])

    def _claim(self, player: str, e: tuple) -> IzakayaGame:
        """A claim disc on an edge; then a pyramid on a free card beside it (the player's choice when both are)."""
        self.line = claim_ruling(self.spec, self.pos, player, e)[2]
        self.pos.claims[e] = player
        self.claimed = e
        free = [c for c in e if c not in self.pos.pyramids]
        if len(free) > 1:
            self.phase = PYRAMID
            return self
        self.pos.pyramids[free[0]] = player
        return self._after_claim(player)

    def _after_claim(self, player: str) -> IzakayaGame:
        """A line of three earns a floor at once, where the player chooses, if one can be built."""
        if self.line and self._build_targets(player):
            self.phase = BONUS
            return self
        return self._next_disc()

    def _build_targets(self, player: str) -> list[tuple]:
        out = []
        for card, owner in self.pos.pyramids.items():
            if self.spec.build_on == "own-claimed" and owner != player:
                continue
            for i, fp in enumerate(self.spec.footprints[self._card_number(card)]["white"]):
                if self.floors.get((card, i), 0) >= fp.floors:
                    continue
                if self.supply[fp.shape] <= 0:
                    self.short[f"floor {fp.shape}"] += 1
                    continue
                out.append(((card, i), fp.shape))
        return out

    def _card_number(self, card: tuple[int, int]) -> int:
        """The site card dealt to a grid place: the grid is dealt in card-number order."""
        numbers = sorted(self.spec.footprints)
        return numbers[(card[0] * self.pos.grid.n + card[1]) % len(numbers)]

    def _build(self, player: str, key: tuple, shape: str) -> None:
        self.supply[shape] -= 1
        self.floors[key] = self.floors.get(key, 0) + 1
        for b in self.pos.buildings:
            if (b.card, b.footprint) == key:
                b.floors += 1
                return
        self.pos.buildings.append(Building(key[0], self.pos.pyramids[key[0]], 1, key[1]))


def new_state(spec: IzakayaSpec, players: int, seed: str, supply: dict[str, int]) -> IzakayaGame:
    return IzakayaGame(spec, players, supply, seed)


# -- the report ---------------------------------------------------------------------------------------
def invariant_checks(tally: Tally) -> list[CheckResult]:
    """IZA-INV-08 and IZA-INV-09, which hold at every step of play, checked over random games (a game stopped
    by another broken invariant did not check them to its end, so it fails them too)."""
    def one(ref: str, name: str, what: str) -> CheckResult:
        hit = sum(ref in b for b in tally.broken)
        other = tally.failed_games - hit
        detail = f"{tally.games} random games: {hit} with {what}" + (
            f"; {other} stopped earlier by another broken invariant ({'; '.join(tally.broken)})" if other else "")
        return CheckResult("spec", f"{ref} {name}", tally.failed_games == 0, detail, {"players": tally.players})

    return [one("IZA-INV-08", "action spot limits", "a colour or the Price spot used twice in a phase or a player "
                "placing more than 3 action discs"),
            one("IZA-INV-09", "one pyramid a card, six claims", "a player holding more claims or pyramids than "
                "printed (one pyramid a card by construction)")]


def simulation_report(tally: Tally, seed: int, supply: dict[str, int], coins: int, drinks: int) -> CheckResult:
    """The generic line with the supplies: the most of each used in one game against the printed count."""
    rounds = sorted(r["rounds"] for _, r in tally.results) or [0]
    played = len(tally.results)
    floors = ", ".join(f"floor {k} {most(tally, f'floor {k}')}/{n}" for k, n in sorted(supply.items()))
    detail = (f"rounds {rounds[0]}-{rounds[-1]} (median {rounds[len(rounds) // 2]}); yen conserved (players + pile + "
              f"market) in {played}; most floors used {floors}; drinks placed {most(tally, 'drinks')}/{drinks}; "
              f"coins {most(tally, 'coins')}/{coins}")
    data = {"rounds_median": rounds[len(rounds) // 2],
            "most": {k: most(tally, k) for k in ("pyramids", "drinks", "coins")}}
    return with_figures(simulation_check(tally, seed, HELD), detail, data, ok=most(tally, "coins") <= coins)
