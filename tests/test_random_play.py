"""Every shipped game plays random legal games (`pnp check GAME --simulate N`), and the one runner behind it
(generator/solver/play.py) reports a broken invariant with the game and step that replay it."""

from __future__ import annotations

import json
import random

import pytest

from conftest import DEMO, SHIPPED_GAMES, run_cli
from generator.solver import play
from generator.solver.registry import rules_for
from generator.load import load_game

# The player counts of each game's setup table (its rulebook's box): one simulation line each.
PLAYER_COUNTS = {"izakaya": [2, 3, 4, 5], "kamiza": [3, 4, 5, 6], "niya": [2], "nusfjord": [2, 3, 4, 5],
                 "nyakuza": [2, 3, 4]}


@pytest.mark.parametrize("game_id", SHIPPED_GAMES)
def test_every_game_plays_twenty_random_games_at_each_player_count(game_id):
    game = load_game(game_id)
    counts = PLAYER_COUNTS.get(game_id) or sorted({e.players for e in game.setup})
    assert rules_for(game).new_state(counts[0], "probe") is not None, f"{game_id} has no engine"
    code, out, err = run_cli("check", game_id, "--simulate", "20", "--json")
    sims = [c for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "simulation"]
    assert [c["players"] for c in sims] == counts, err
    for c in sims:
        assert c["ok"] is True and c["failed_games"] == 0, c["detail"]
        assert c["games"] == 20 and c["detail"].startswith(f"20 random games at {c['players']} players: ")
        assert sum(c["ended"].values()) == 20
    assert code == 0, err


def test_without_simulate_no_random_game_is_played():
    code, out, _ = run_cli("check", "nyakuza", "--json")
    assert code == 0 and not [c for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "simulation"]


def test_a_game_without_an_engine_says_so_and_neither_passes_nor_fails():
    code, out, _ = run_cli("check", str(DEMO), "--simulate", "3", "--json")
    sims = [c for c in json.loads(out)["games"][0]["checks"] if c["kind"] == "simulation"]
    assert len(sims) == 1 and sims[0]["ok"] is None and "has no engine" in sims[0]["detail"]


# -- the runner, on engines written here ---------------------------------------------------------------
class Walk:
    """A walk from 0 by steps of 1 or 2, over at 30 or more; a die (the engine's chance) adds 0 or 1 a step.
    `gate`: the step count at which an invariant breaks (None: never). `loop`: never over."""

    def __init__(self, seed, gate=None, loop=False, actions=(1, 2)):
        self.rng, self.gate, self.loop, self.actions = random.Random(f"walk:{seed}"), gate, loop, actions
        self.at, self.steps = 0, 0

    def legal_actions(self):
        return list(self.actions)

    def apply(self, action):
        self.at += action + self.rng.randint(0, 1)
        self.steps += 1
        return self

    def is_over(self):
        return not self.loop and self.at >= 30

    def result(self):
        return {"how": "even" if self.at % 2 == 0 else "odd", "rounds": self.steps, "at": self.at}

    def invariants(self):
        return ["the gate broke"] if self.steps == self.gate else []


def test_a_broken_invariant_is_reported_with_its_game_seed_and_step():
    tally = play.simulate(lambda players, seed: Walk(seed, gate=5), 2, 4, 9)
    check = play.simulation_check(tally, 9)
    assert tally.failed_games == 4 and not check.ok
    assert tally.broken == ["game 9:2:0: step 5: the gate broke", "game 9:2:1: step 5: the gate broke",
                            "game 9:2:2: step 5: the gate broke"]          # the first three are kept
    assert "4 broke an invariant (game 9:2:0: step 5: the gate broke;" in check.detail
    assert check.data["failed_games"] == 4 and check.data["seed"] == 9


def test_an_engine_that_never_ends_stops_at_the_step_limit():
    state, steps, broken = play.play(Walk(1, loop=True), 1)
    assert steps == 100_000 and broken == ["not over after 100000 steps"] and state.steps == 100_000


def test_no_legal_action_before_the_end_is_a_failure():
    _, steps, broken = play.play(Walk(1, actions=()), 1)
    assert steps == 0 and broken == ["step 0: no legal action, and the game is not over"]


def test_the_same_seed_plays_the_same_games():
    def new(players, seed):
        return Walk(seed)

    first, again, other = play.simulate(new, 3, 10, 4), play.simulate(new, 3, 10, 4), play.simulate(new, 3, 10, 5)
    assert first == again and first.results == again.results and first.results != other.results
    assert [s for s, _ in first.results] == [f"4:3:{i}" for i in range(10)]
    # a walk of 30 by steps of 1-3 takes 10 to 30 steps
    assert first.failed_games == 0 and 10 * 10 <= first.rounds <= 30 * 10
    assert sum(first.endings.values()) == 10


def test_an_engine_with_its_own_sampler_is_played_through_it():
    class Sampled(Walk):
        def random_action(self, rng):
            return 3                       # not among legal_actions: only this sampler can produce it

    state, steps, broken = play.play(Sampled(1), 1)
    assert broken == [] and state.at >= 30 and steps <= 10          # 3 or 4 a step: at most 10 steps


def test_a_game_figure_fails_the_line_it_is_added_to():
    tally = play.simulate(lambda players, seed: Walk(seed), 2, 5, 1)
    line = play.with_figures(play.simulation_check(tally, 1), "at most 33 reached", {"max_at": play.most(tally, "at")},
                             ok=False)
    assert not line.ok and line.detail.endswith("; at most 33 reached") and 30 <= line.data["max_at"] <= 33


# -- the engines' own invariants, broken on purpose ------------------------------------------------------
def test_an_action_offered_then_refused_is_a_failure_not_a_crash(monkeypatch):
    from generator.solver.games.niya.state import NiyaState

    rules = rules_for(load_game("niya"))
    monkeypatch.setattr(NiyaState, "legal_mask", lambda self: 0 if self.is_terminal() else self.remaining)
    tally = play.simulate(rules.new_state, 2, 10, 1, keep=10)
    assert tally.failed_games > 0 and any("was offered as legal, then refused" in b for b in tally.broken)


def test_niya_invariants_catch_a_move_that_breaks_the_rules(monkeypatch):
    from generator.solver.games.niya.state import NiyaState

    rules = rules_for(load_game("niya"))
    monkeypatch.setattr(NiyaState, "legal_mask", lambda self: 0 if self.is_terminal() else self.remaining)
    monkeypatch.setattr(NiyaState, "why_illegal", lambda self, action: None)
    tally = play.simulate(rules.new_state, 2, 10, 1, keep=10)
    assert tally.failed_games > 0
    assert any("shares nothing with" in b or "is not on the border" in b for b in tally.broken), tally.broken


def test_niya_invariants_catch_a_lost_tile():
    game = rules_for(load_game("niya")).new_state(2, "1:2:0")
    state = game.state
    game.state = type(state)(state.garden, state.full_board, (1, 1), 0)      # one cell owned by both players
    assert any("the garden lost a tile" in b for b in game.invariants())


def test_izakaya_invariants_catch_a_yen_leak(monkeypatch):
    from generator.solver.games.izakaya import engine

    real = engine.IzakayaGame._reveal_bids

    def leaky(self):
        real(self)
        self.pile += 100                    # a bid that pays the pile twice

    monkeypatch.setattr(engine.IzakayaGame, "_reveal_bids", leaky)
    code, out, _ = run_cli("check", "izakaya", "--json")
    inv = [c for c in json.loads(out)["games"][0]["checks"] if c["name"].startswith("IZA-INV-08")]
    assert code == 1 and [c["ok"] for c in inv] == [False] * 4 and "yen NOT conserved" in inv[0]["detail"]


@pytest.mark.parametrize("argv, said", [
    (("--simulate", "-1"), 'expected a whole number of random games from 0 to 100,000, like 20, got "-1"'),
    (("--simulate", "abc"), 'expected a whole number of random games from 0 to 100,000, like 20, got "abc"'),
    (("--simulate", "100001"), 'got "100001"'),           # the README's bound: a typo of zeros must not run for days
    (("--seed", "x"), 'expected a whole number, like 1, got "x"'),
    (("--seed", "1.5"), 'got "1.5"'),
])
def test_a_bad_simulation_count_or_seed_is_one_line(argv, said):
    code, out, err = run_cli("check", "niya", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and said in err, err


def test_a_negative_seed_and_the_largest_count_are_taken():
    from generator.cli import parser                  # the parser alone: nothing is played

    args = parser().parse_args(["check", "niya", "--simulate", "100000", "--seed", "-7"])
    assert (args.simulate, args.seed) == (100_000, -7)


@pytest.mark.parametrize("seed", ["-7", "12345678901234567890", "9" * 100, "-" + "9" * 100])
def test_any_whole_number_of_up_to_100_digits_is_a_seed(seed):
    """The README promises any whole number; its limits table bounds whole numbers at 100 digits."""
    from generator.cli import parser

    assert parser().parse_args(["check", "niya", "--seed", seed]).seed == int(seed)
    code, out, err = run_cli("check", "niya", "--simulate", "1", "--seed", seed)
    assert code == 0 and err == "", err


def test_a_seed_of_more_than_100_digits_is_one_line():
    code, out, err = run_cli("check", "niya", "--seed", "1" * 101)
    assert code == 2 and err.count("\n") == 1 and "at most 100 digits, got one of 101" in err, err
