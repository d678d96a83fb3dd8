"""Random legal games for every game: one State protocol, one seeded runner, one report.

A game's engine is a `State`: who acts, what they may do, what doing it leads to, whether the game is over
and how it ended, and what must always hold (its invariants: pieces conserved, supplies never negative,
the round flow as the rulebook has it). `play` plays one game by uniform random legal choices, checking the
invariants after every step; `simulate` plays N games a player count, each seeded "seed:players:i" so a
failure names the game that replays it; `simulation_check` is the `pnp check GAME --simulate N` line.
A game plugs in by returning its initial state from `Rules.new_state(players, seed)`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Protocol, Sequence, TypeVar

from generator.common.units import rounded
from generator.solver.result import CheckResult

MAX_STEPS = 100_000       # a game that has not ended by then is reported as a failure (an engine that loops)
Action = TypeVar("Action")     # what a game's engine takes as one move: a space index, a tuple, ...


class State(Protocol[Action]):
    """What the runner needs of a game's engine. `apply` may change the state in place and return it, or
    return a new one; chance (shuffles, draws) is the engine's own, seeded from `new_state`.

    An engine may also offer `random_action(rng) -> action`: one random legal action, found without listing
    them all (Nyakuza tests a Kōban payment per space; rejection sampling skips most) or drawn by a policy
    its docstring states (Izakaya's bids). The runner then uses it instead of `legal_actions`, which stays
    the statement of the rules."""

    def legal_actions(self) -> Sequence[Action]:
        """The actions the player to act may take now; empty only when the game is over."""

    def apply(self, action: Action) -> "State[Action]":
        """The state after `action`."""

    def is_over(self) -> bool:
        ...

    def result(self) -> dict[str, Any]:
        """How the game ended, as JSON-like data; `"how"` (a word) is tallied, `"rounds"` averaged."""

    def invariants(self) -> list[str]:
        """What is wrong now, one sentence each; [] when every invariant holds."""


@dataclass
class Tally:
    """What `pnp check --simulate` reports for one player count."""

    players: int
    games: int = 0
    steps: int = 0
    rounds: int = 0
    endings: Counter = field(default_factory=Counter)
    broken: list[str] = field(default_factory=list)     # "game seed: what broke", first few only
    failed_games: int = 0
    results: list[tuple[str, dict]] = field(default_factory=list)   # (game seed, result) of each finished game


def play(state: State[Action], seed: Any) -> tuple[State[Action], int, list[str]]:
    """One game of uniform random legal actions from `state`: the final state, the steps taken and the
    invariants that broke (with the step they broke at), stopping at the first."""
    agent = random.Random(f"agent:{seed}")
    for step in range(MAX_STEPS):
        broken = state.invariants()
        if broken:
            return state, step, [f"step {step}: {b}" for b in broken]
        if state.is_over():
            return state, step, []
        pick = getattr(state, "random_action", None)
        if pick is not None:
            action = pick(agent)
        else:
            actions = list(state.legal_actions())
            if not actions:
                return state, step, [f"step {step}: no legal action, and the game is not over"]
            action = agent.choice(actions)
        try:
            state = state.apply(action)
        except ValueError as exc:          # an engine's IllegalMove: it offered what its rules refuse
            return state, step, [f"step {step}: {action!r} was offered as legal, then refused: {exc}"]
    return state, MAX_STEPS, [f"not over after {MAX_STEPS} steps"]


def simulate(new_state: Callable[[int, str], State[Any]], players: int, games: int, seed: int, keep: int = 3) -> Tally:
    """`games` random games at `players` players; `new_state(players, game_seed)` makes each start."""
    tally = Tally(players)
    for i in range(games):
        game_seed = f"{seed}:{players}:{i}"
        state, steps, broken = play(new_state(players, game_seed), game_seed)
        tally.games += 1
        tally.steps += steps
        if broken:
            tally.failed_games += 1
            if len(tally.broken) < keep:
                tally.broken.append(f"game {game_seed}: {broken[0]}")
            continue
        result = state.result()
        tally.results.append((game_seed, result))
        tally.endings[str(result.get("how", "over"))] += 1
        tally.rounds += int(result.get("rounds", 0))
    return tally


def simulation_check(tally: Tally, seed: int, what: str = "invariants held") -> CheckResult:
    """The report line of one player count."""
    ok = tally.failed_games == 0
    ended = ", ".join(f"{n} {how}" for how, n in sorted(tally.endings.items()))
    played = tally.games - tally.failed_games
    rounds = rounded(tally.rounds / played, 2) if played else 0
    detail = (f"{tally.games} random games at {tally.players} players: "
              + (f"{what}" if ok else f"{tally.failed_games} broke an invariant ({'; '.join(tally.broken)})")
              + (f"; ended: {ended}" if ended else "") + (f"; {rounds} rounds on average" if rounds else ""))
    data = {"players": tally.players, "games": tally.games, "seed": seed, "failed_games": tally.failed_games,
            "broken": tally.broken, "ended": dict(sorted(tally.endings.items())), "average_rounds": rounds,
            "average_steps": rounded(tally.steps / tally.games, 1) if tally.games else 0}
    return CheckResult("simulation", "random legal games", ok, detail, data)


def with_figures(check: CheckResult, detail: str, data: dict[str, Any], ok: bool = True) -> CheckResult:
    """A game's own figures (supplies used, a rule gap met) added to its simulation line; `ok` False fails it."""
    return replace(check, ok=bool(check.ok and ok), detail=f"{check.detail}; {detail}" if detail else check.detail,
                   data={**check.data, **data})


def most(tally: Tally, key: str) -> Any:
    """The largest value of result[key] over the finished games (0 when none)."""
    return max((r[key] for _, r in tally.results if key in r), default=0)
