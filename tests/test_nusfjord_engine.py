"""Nusfjord's random-play engine: seven rounds of Fishing, Work and Returning Home finish with every invariant
holding, and the steps agree with the rulebook's numbers (seed 002), written here, never imported."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from generator.solver import play
from generator.solver.games.nusfjord import engine
from generator.solver.games.nusfjord.fishing import fish
from generator.solver.registry import rules_for
from generator.load.game import load_game

FISH = 100 + 3 * 5 + 3 * 10         # L9: 100 fish tokens; NUS-GAP-09 (English rulebook): 3 x "5 fish", 3 x "10 fish"
WOOD = 50 + 3 * 5                   # L10: 50 wood tokens; 3 x "5 wood"
GOLD = 35 + 3 * 5 + 3 * 10          # L19: 41 coins, 35 x 1, 3 x 5, 3 x 10
FORESTS = 30                        # L21
# L40-50, L196-202: players -> fish on the Banquet, Ships a type, Round 3 A, Round 4 C each, Round 5 B
SETUP = {2: (1, 3, 0, 4, 0), 3: (2, 4, 3, 3, 2), 4: (3, 5, 4, 2, 2), 5: (4, 6, 5, 2, 3)}


@pytest.fixture(scope="module")
def rules():
    return rules_for(load_game("nusfjord"))


def passes(state, turns: int):
    for _ in range(turns):
        state = state.apply(("pass",))
    return state


def finish(state, agent: random.Random):
    while not state.is_over():
        state = state.apply(agent.choice(list(state.legal_actions())))
        assert state.invariants() == []
    return state


# -- random games ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_thirty_random_games_finish_with_every_invariant(rules, players):
    tally = play.simulate(rules.new_state, players, 30, 22)
    assert tally.failed_games == 0, tally.broken
    assert dict(tally.endings) == {"after round 7": 30}
    assert tally.rounds == 7 * 30
    check = play.simulation_check(tally, 22)
    assert check.ok and "7.0 rounds on average" in check.detail


def test_same_seed_same_game(rules):
    a = finish(rules.new_state(3, "s"), random.Random(1)).result()
    b = finish(rules.new_state(3, "s"), random.Random(1)).result()
    assert a == b and a["how"] == "after round 7" and a["rounds"] == 7 and set(a["scores"]) == {"P1", "P2", "P3"}
    others = {str(finish(rules.new_state(3, f"t{i}"), random.Random(i)).result()["scores"]) for i in range(5)}
    assert len(others) > 1


# -- setup and the first Fishing phase ------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_start_after_round_one_fishing(rules, players):
    s = rules.new_state(players, "setup")
    banquet, ships, *_ = SETUP[players]
    assert (s.round, s.phase, s.order) == (1, "work", [(s.first + k) % players for k in range(players)] * 3)
    assert sum(s.banquet) == banquet == players - 1
    assert s.ship_supply == {"sloop": ships, "cutter": ships, "schooner": ships}
    # NUS-EX-06 (L153): 3 fish, no Elders, no foreign Shares: 2 on the issued Shares (then personal), 1 Reserve
    assert [(p.fish, p.reserve, p.wood, p.gold) for p in s.seats] == [(2, 1, 0, 0)] * players
    assert s.general == {"fish": FISH - banquet - 3 * players, "wood": WOOD, "gold": GOLD}
    assert [p.forests for p in s.seats] == [[2, 1, 1]] * players          # L90: the topmost double holds two
    assert s.forests_general == FORESTS - 4 * players
    assert [sum(1 for c in b if c) for b in s.boards.values()] == [9, 6]  # L68
    assert len(s.box) == (9 + 6 if players == 2 else 0) and len(s.piles["C"]) == 14
    assert [s.score(p)["total"] for p in s.seats] == [2 - 3 - 5] * players   # 2 Shares, 3 Unissued, 5 free


def test_a_game_of_passes_scores_the_start(rules):
    s = passes(rules.new_state(4, "idle"), 7 * 12)
    r = s.result()
    assert s.is_over() and r["how"] == "after round 7" and r["rounds"] == 7
    # every player: 2 issued Shares + gold 0 - 3 Unissued - 5 free spaces (L223-229); the wood, fish stay unscored
    assert r["scores"] == {"P1": -6, "P2": -6, "P3": -6, "P4": -6} and len(r["winners"]) == 4
    assert [p.reserve for p in s.seats] == [7] * 4 and [p.fish for p in s.seats] == [14] * 4   # 7 x (2 + 1)


def test_a_fishing_step_agrees_with_fishing_py_and_the_rulebook(rules):
    """NUS-DX-02: haul 10; Elders holding [2, 0]; one own Share on the Action board, one at another player;
    two issued own Shares; Reserve 6."""
    s = rules.new_state(4, "dx02")
    me = s.seats[s.first_by_round[1]]                       # fishes first in round 2
    other = s.seats[(me.seat + 1) % 4]
    me.ships = ["sloop", "sloop", "cutter", "schooner"]      # four Ships: the haul of 10 of L118
    for t in me.ships:
        s.ship_supply[t] -= 1
    me.elders = [[1, 2], [7, 0]]
    s.elder_stacks[0] = [e for e in s.elder_stacks[0] if e not in (1, 7)]
    s.general["fish"] -= 2
    me.reserve, s.general["fish"] = 6, s.general["fish"] - 5
    s.shares[me.seat] = ["own", "own", "board", other.seat, "unissued"]
    assert s.invariants() == []
    before = (me.fish, other.fish, s.general["fish"])
    s = passes(s, 12)
    seat, hand, catch = next(c for c in s.catches[4:] if c[0] == me.seat)
    assert hand == 10
    want = fish(s.spec, 10, [2, 0], 1, {other.seat: 1}, 2, 6)
    assert catch.as_json() == want.as_json()
    assert [f for _, f in me.elders] == [0, 1] and me.reserve == 8 and catch.excess == 2
    assert me.fish - before[0] == 3                          # 1 from the Elder, 2 from the own Shares
    assert other.fish - before[1] == 1 + 2                   # the Share it holds, and its own 3-fish haul's 2
    others = 3 * 3                                           # the other three hauls of 3
    assert s.general["fish"] - before[2] == -10 + 5 - others + 3 * 0
    assert s.invariants() == []


def test_a_short_haul_is_a_choice_of_elders(rules):
    """L164: with 3 fish and 4 Elders the player chooses which 3 Elders get one; each way is an action."""
    s = rules.new_state(2, "short")
    me = s.seats[s.first_by_round[1]]
    taken = [s.elder_stacks[i].pop() for i in range(4)]
    me.elders = [[e, 0] for e in sorted(taken)]
    s = passes(s, 6)
    assert s.phase == "fishing"
    actions = s.legal_actions()
    assert len(actions) == 4 and all(len(a[1]) == 3 for a in actions)
    skipped = sorted(taken)[0]
    s = s.apply(next(a for a in actions if skipped not in a[1]))
    assert {e: f for e, f in me.elders} == {e: (0 if e == skipped else 1) for e in taken}
    assert s.phase == "work" and s.invariants() == []


# -- work and round spaces ------------------------------------------------------------------------------
def _thin_out_legal(s) -> bool:
    return ("thin_out", ("thin_out",)) in s.legal_actions()


def test_thin_out_keeps_twelve_wood(rules):
    """NUS-EX-07 (L176, L82): 4 Forests and 10 wood -> 12 kept, 2 back; barred with 12 wood or no Forest."""
    s = rules.new_state(2, "thin")
    me = s.seats[s.order[0]]
    me.wood, s.general["wood"] = 10, s.general["wood"] - 10
    assert _thin_out_legal(s)
    s = s.apply(("thin_out", ("thin_out",)))
    assert me.wood == 12 and s.general["wood"] == WOOD - 12 and s.invariants() == []
    full = rules.new_state(2, "thin")
    full.seats[full.order[0]].wood, full.general["wood"] = 12, WOOD - 12
    assert not _thin_out_legal(full)
    bare = rules.new_state(2, "thin")
    bare.seats[bare.order[0]].forests, bare.forests_general = [0, 0, 0], bare.forests_general + 4
    assert not _thin_out_legal(bare) and bare.invariants() == []


def _build_away(s, letter: str, n: int, seat: int) -> None:
    """Move n face-up Buildings of `letter` to a player's Harbor, emptying their supply spaces."""
    for i, card in enumerate(s.boards[letter]):
        if card and n:
            s.seats[seat].buildings.append(card)
            s.boards[letter][i] = None
            n -= 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_round_spaces_and_the_ship_passing_right(rules, players):
    """L194-204: Round 3 + p A (3-5 players) into empty spaces only, Round 4 C each, Round 5 + B, Round 6
    the C face up; L190: the First Player ship passes to the right."""
    _, _, add_a, c_each, add_b = SETUP[players]
    s = rules.new_state(players, "flow")
    start, turns = s.first, 3 * players
    s = passes(s, turns)                                    # round 1 -> 2
    _build_away(s, "A", 5, 0)
    s = passes(s, turns)                                    # -> round 3: + add_a A, at most the 5 empty spaces
    assert s.round == 3 and sum(1 for c in s.boards["A"] if c) == 4 + min(add_a, 5)
    assert len(s.piles["A"]) == (0 if players == 2 else 18 - 9 - min(add_a, 5))
    s = passes(s, turns)                                    # -> round 4: C into hands
    assert [len(p.hand) for p in s.seats] == [c_each] * players and len(s.piles["C"]) == 14 - c_each * players
    _build_away(s, "B", 3, 1)
    s = passes(s, turns)                                    # -> round 5: + add_b B
    assert sum(1 for c in s.boards["B"] if c) == 3 + add_b
    assert [len(p.hand) for p in s.seats] == [c_each] * players and s.c_display == []   # hidden in 4-5 (L238)
    s = passes(s, turns)                                    # -> round 6: hands face up
    assert [p.hand for p in s.seats] == [[]] * players and len(s.c_display) == c_each * players
    assert s.first_by_round == [(start - r) % players for r in range(7)]
    assert s.invariants() == []


def test_turns_go_clockwise_three_each(rules):
    """NUS-DX-04: seats P1..P4, P1 first: P1 P2 P3 P4 three times; round 2 begins with P4."""
    s = rules.new_state(4, "turns")
    first = s.first
    seen = []
    for _ in range(12):
        seen.append(s.order[s.turn])
        s = s.apply(("pass",))
    assert seen == [(first + k) % 4 for k in range(4)] * 3
    assert s.first == (first - 1) % 4 and s.order[0] == seen[-1]


# -- planted bugs ---------------------------------------------------------------------------------------
def test_a_fish_from_nothing_in_fishing_is_caught(rules, monkeypatch):
    def leaky(*args):
        catch = fish(*args)
        return replace(catch, to_personal_supply=catch.to_personal_supply + 1)
    monkeypatch.setattr(engine, "fish", leaky)
    tally = play.simulate(rules.new_state, 3, 2, 1)
    assert tally.failed_games == 2 and "fish: " in tally.broken[0] and "counted" in tally.broken[0]


def _mid_game(rules):
    s = rules.new_state(5, "tamper")
    agent = random.Random(3)
    for _ in range(40):
        s = s.apply(agent.choice(list(s.legal_actions())))
    assert s.invariants() == []
    return s


def _gold_below_zero(s) -> None:
    s.seats[0].gold += s.general["gold"] + 1
    s.general["gold"] = -1


def _wood_over_cap(s) -> None:
    s.general["wood"] -= 13 - s.seats[0].wood
    s.seats[0].wood = 13


TAMPER = {
    "fish from nothing": (lambda s: s.general.__setitem__("fish", s.general["fish"] + 1), "fish: "),
    "gold below zero": (_gold_below_zero, "gold below zero"),
    "wood over the cap": (_wood_over_cap, "above 12"),
    "Reserve over the limit": (lambda s: setattr(s.seats[1], "reserve", 9), "Reserve holds 9"),
    "Building twice": (lambda s: s.seats[0].buildings.append(next(c for c in s.boards["B"] if c)), "doubled"),
    "Building lost": (lambda s: s.piles["C"].pop(), "lost"),
    "Share lost": (lambda s: s.shares[2].pop(), "Shares"),
    "Elder twice": (lambda s: s.seats[0].elders.append([1, 0]), "Elders"),
    "Forest from nothing": (lambda s: setattr(s, "forests_general", s.forests_general + 1), "Forests"),
    "a fourth Worker": (lambda s: setattr(s.seats[0], "workers_out", 4), "Workers out"),
    "Ship from nothing": (lambda s: s.seats[0].ships.append("cutter"), "cutter"),
    "phase order": (lambda s: s.log.append((s.round + 1, "work")), "phases out of order"),
    "Returning Home in the Work phase": (lambda s: s.log.append((s.round, "returning")), "phases out of order"),
    "turn order": (lambda s: s.acted.append(s.acted[-1] if s.acted else 0), "turns"),
}


@pytest.mark.parametrize("name", sorted(TAMPER))
def test_tampering_breaks_an_invariant(rules, name):
    s = _mid_game(rules)
    change, words = TAMPER[name]
    change(s)
    broken = s.invariants()
    assert any(words in b for b in broken), broken
