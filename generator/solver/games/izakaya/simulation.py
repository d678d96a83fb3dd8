"""Random legal games of Izakaya for `pnp check izakaya --simulate N`: bids, then three action discs each
in turn order, until the pile reaches the threshold. Every game is seeded ("seed:players:i") so any one can
be replayed, and the report says whether any supply ran short and whether yen was conserved.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from generator.solver.base import CheckResult
from generator.solver.games.izakaya.rules import Building, Position, bid, claim_ruling, drink_ruling
from generator.solver.games.izakaya.spec import IzakayaSpec

MAX_ROUNDS = 60          # a game where every bid is 0 never ends; random bids end it long before this


@dataclass
class Game:
    spec: IzakayaSpec
    players: list[str]
    supply: dict[str, int]               # floor chits left, by shape
    pos: Position
    order: list[str] = field(default_factory=list)
    pile: int = 0
    rounds: int = 0
    floors: dict[tuple, int] = field(default_factory=dict)    # (card, footprint) -> floors built
    short: Counter = field(default_factory=Counter)           # what a player wanted but the supply lacked
    used: Counter = field(default_factory=Counter)            # most of each supply in use
    conserved: bool = True
    ended: str = ""
    limit_breaks: int = 0          # IZA-INV-08: a limited spot used twice in a phase, or a fourth action disc
    claim_breaks: int = 0          # IZA-INV-09: more claims or pyramids than a player has (one a card by the map)

    @property
    def yen_total(self) -> int:
        return sum(self.pos.yen.values()) + self.pile + sum(self.pos.prices.values())


def new_game(spec: IzakayaSpec, players: int, supply: dict[str, int], rng: random.Random) -> Game:
    names = [f"P{i + 1}" for i in range(players)]
    pos = Position(names, spec.grid(players), dict(spec.prices), yen={p: spec.start_yen for p in names})
    order = names[:]
    rng.shuffle(order)                                        # the random disc draw of the setup
    return Game(spec, names, dict(supply), pos, order)


def _actions(g: Game, player: str, taken: set[str]) -> list[tuple]:
    s, pos = g.spec, g.pos
    out: list[tuple] = []
    spots = [c for c in pos.grid.spots if drink_ruling(pos, c)[0]]
    left = {c: s.drinks_per_colour - sum(1 for d in pos.drinks.values() if d == c) for c in s.colours}
    if spots and not any(left.values()):
        g.short["drinks"] += 1                                # every crate empty with spots to fill
    for colour in s.colours:
        if colour not in taken and left[colour] > 0:
            out += [("drink", colour, c) for c in spots[:3]]
    if "price" not in taken:
        out += [("price", a, b) for a in s.colours for b in s.colours
                if a != b and pos.prices[a] - s.coin >= s.price_floor]
    mine = [e for e, p in pos.claims.items() if p == player]
    if len(mine) < s.claim_discs:
        out += [("claim", e) for e in pos.grid.edges if claim_ruling(s, pos, player, e)[0]]
    out += [("build", key, shape) for key, shape in _build_targets(g, player)]
    return out


def _build_targets(g: Game, player: str) -> list[tuple]:
    out = []
    for card, owner in g.pos.pyramids.items():
        if g.spec.build_on == "own-claimed" and owner != player:
            continue
        number = _card_number(g, card)
        for i, fp in enumerate(g.spec.footprints[number]["white"]):
            if g.floors.get((card, i), 0) >= fp.floors:
                continue
            if g.supply[fp.shape] <= 0:
                g.short[f"floor {fp.shape}"] += 1
                continue
            out.append(((card, i), fp.shape))
    return out


def _card_number(g: Game, card: tuple[int, int]) -> int:
    """The site card dealt to a grid place: the grid is dealt in card-number order (the simulation's shuffle)."""
    numbers = sorted(g.spec.footprints)
    return numbers[(card[0] * g.pos.grid.n + card[1]) % len(numbers)]


def _apply(g: Game, player: str, action: tuple, rng: random.Random) -> None:
    pos, s = g.pos, g.spec
    kind = action[0]
    if kind == "drink":
        pos.drinks[action[2]] = action[1]
    elif kind == "price":
        pos.prices[action[1]] -= s.coin
        pos.prices[action[2]] += s.coin
    elif kind == "claim":
        e = action[1]
        line = claim_ruling(s, pos, player, e)[2]
        pos.claims[e] = player
        free = [c for c in e if c not in pos.pyramids]
        pos.pyramids[rng.choice(free)] = player
        if line:
            targets = _build_targets(g, player)
            if targets:
                _build(g, player, *rng.choice(targets))
    elif kind == "build":
        _build(g, player, *action[1:])


def _build(g: Game, player: str, key: tuple, shape: str) -> None:
    g.supply[shape] -= 1
    g.floors[key] = g.floors.get(key, 0) + 1
    owner = g.pos.pyramids[key[0]]
    for b in g.pos.buildings:
        if (b.card, b.footprint) == key:
            b.floors += 1
            break
    else:
        g.pos.buildings.append(Building(key[0], owner, 1, key[1]))


def play(spec: IzakayaSpec, players: int, supply: dict[str, int], seed: Any) -> Game:
    rng = random.Random(f"izakaya:{seed}")
    g = new_game(spec, players, supply, rng)
    total = g.yen_total
    last = None
    while g.rounds < MAX_ROUNDS:
        g.rounds += 1
        bids = {p: spec.coin * rng.randint(0, min(g.pos.yen[p], 400) // spec.coin) for p in g.order}
        result = bid(spec, g.order, g.pos.yen, bids, g.pile)
        g.order, g.pile = result["order"], result["pile"]
        g.pos.yen.update(result["yen"])
        g.conserved &= g.yen_total == total
        if result["last_round"] and last is None:
            last = g.rounds if spec.last_round == "this-round" else g.rounds + 1
        taken: set[str] = set()
        spots: Counter = Counter()                   # IZA-INV-08: discs on each limited spot this phase
        discs: Counter = Counter()                   # and action discs each player placed
        for _ in range(spec.action_discs):
            for p in g.order:
                options = _actions(g, p, taken)
                if options:
                    action = rng.choice(options)
                    if action[0] in ("drink", "price"):
                        spot = action[1] if action[0] == "drink" else "price"
                        taken.add(spot)
                        spots[spot] += 1
                    discs[p] += 1
                    _apply(g, p, action, rng)
                g.conserved &= g.yen_total == total
        g.limit_breaks += sum(n > 1 for n in spots.values()) + sum(n > spec.action_discs for n in discs.values())
        claims = Counter(g.pos.claims.values())
        g.claim_breaks += sum(n > spec.claim_discs for n in claims.values()) + \
            sum(n > spec.pyramids for n in Counter(g.pos.pyramids.values()).values())
        g.used["pyramids"] = max(g.used["pyramids"], max(Counter(g.pos.pyramids.values()).values(), default=0))
        if last is not None and g.rounds >= last:
            g.ended = "threshold"
            break
    else:
        g.ended = "no end"
    for shape, n in supply.items():
        g.used[f"floor {shape}"] = n - g.supply[shape]
    g.used["drinks"] = len(g.pos.drinks)
    g.used["coins"] = g.yen_total // spec.coin
    return g


@dataclass
class Tally:
    players: int
    games: int = 0
    rounds: list[int] = field(default_factory=list)
    endings: Counter = field(default_factory=Counter)
    short: Counter = field(default_factory=Counter)
    most: Counter = field(default_factory=Counter)
    broken: int = 0
    first_short: str = ""
    limit_breaks: int = 0
    claim_breaks: int = 0


def simulate(spec: IzakayaSpec, players: int, supply: dict[str, int], games: int, seed: int) -> Tally:
    t = Tally(players)
    for i in range(games):
        g = play(spec, players, supply, f"{seed}:{players}:{i}")
        t.games += 1
        t.rounds.append(g.rounds)
        t.endings[g.ended] += 1
        t.broken += not g.conserved
        t.limit_breaks += g.limit_breaks
        t.claim_breaks += g.claim_breaks
        for k, v in g.used.items():
            t.most[k] = max(t.most[k], v)
        if g.short and not t.first_short:
            t.first_short = f"{seed}:{players}:{i}"
        for k in g.short:
            t.short[k] += 1
    return t


def invariant_checks(t: Tally) -> list[CheckResult]:
    """IZA-INV-08 and IZA-INV-09, which hold at every step of play, checked over random games."""
    return [CheckResult("spec", "IZA-INV-08 action spot limits", t.limit_breaks == 0,
                        f"{t.games} random games: {t.limit_breaks} phases with a colour or the Price spot used twice or a "
                        f"player placing more than 3 action discs", {"players": t.players}),
            CheckResult("spec", "IZA-INV-09 one pyramid a card, six claims", t.claim_breaks == 0,
                        f"{t.games} random games: {t.claim_breaks} times a player held more claims or pyramids than "
                        f"printed; one pyramid a card by construction", {"players": t.players})]


def simulation_check(t: Tally, supply: dict[str, int], coins: int, drinks: int, seed: int) -> CheckResult:
    rounds = sorted(t.rounds)
    median = rounds[len(rounds) // 2] if rounds else 0
    short = ", ".join(f"{k} in {n} games" for k, n in sorted(t.short.items())) or "nothing"
    most = ", ".join(f"{k} {t.most[k]}/{supply[k.split()[1]]}" for k in sorted(t.most) if k.startswith("floor"))
    ok = not t.short and t.broken == 0 and t.endings.get("no end", 0) == 0 and t.most["coins"] <= coins
    detail = (f"{t.games} games: rounds {rounds[0]}-{rounds[-1]} (median {median}); ended by the threshold in "
              f"{t.endings.get('threshold', 0)}; ran short: {short}; yen conserved (players + pile + market) in "
              f"{t.games - t.broken}; most floors used {most}; drinks placed {t.most['drinks']}/{drinks}; "
              f"coins {t.most['coins']}/{coins}" + (f"; first short game: seed {t.first_short}" if t.first_short else ""))
    return CheckResult("simulation", "random legal games", ok, detail,
                       {"players": t.players, "games": t.games, "rounds_median": median, "seed": seed,
                        "short": dict(t.short), "most": dict(t.most)})
