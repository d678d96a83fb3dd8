"""Kamiza's engine: random matches at every player count keep the rulebook's invariants, the rulebook's worked
examples come out of the engine as the rulebook says, and a planted fault in a state is caught by invariants()."""

from __future__ import annotations

from functools import partial

import pytest

from generator.solver.games.kamiza.game import KamizaRules
from generator.solver.games.kamiza.engine import new_state
from generator.solver.play import play, simulate
from generator.load import load_game

PLAYER_COUNTS = [3, 4, 5, 6]            # components/kamiza/game.yaml setup: 3 to 6 players
ROUNDS_PER_MATCH = 9                    # 3 games (seed L35) of 3 rounds (4 cards, one left for step 5)
HAND = ["kumicho", "waka-gashira", "teppo-dama", "te-ire"]     # seed L37-39, one of each a player


@pytest.fixture(scope="module")
def rules():
    return KamizaRules(load_game("kamiza"))


def started(rules, players: int):
    """A match at its very start with P1 as the start player: a hand-made position."""
    state = rules.new_state(players, "hand-made")
    state.first_start = state.start = 0
    return state


def play_round(state, *plays: str):
    """'kumicho@kamiza' for each player in turn, clockwise from the start player."""
    for text in plays:
        role, side = text.split("@")
        assert (role, side) in state.legal_actions()
        state = state.apply((role, side))
    return state


def fronts(state) -> list[list[tuple[str, str]]]:
    return [[(state.card(c).role, face) for c, face in front] for front in state.front]


# -- random matches ---------------------------------------------------------------------------------
def test_the_setup_has_the_player_counts_the_tests_play(rules):
    assert sorted(e.players for e in rules.game.setup) == PLAYER_COUNTS


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_fifty_random_matches_keep_every_invariant(rules, players):
    tally = simulate(partial(new_state, rules.spec), players, 50, seed=7)
    assert tally.failed_games == 0, tally.broken
    assert tally.games == 50 and sum(tally.endings.values()) == 50
    assert set(tally.endings) <= {"outright", "chickens", "shared"}
    assert tally.rounds == 50 * ROUNDS_PER_MATCH
    assert tally.steps == 50 * ROUNDS_PER_MATCH * players      # one card a player a round


def test_the_rules_class_starts_the_engine_s_match(rules):
    a, b = rules.new_state(4, "x"), new_state(rules.spec, 4, "x")
    assert (a.start, a.hands, a.scores) == (b.start, b.hands, b.scores)
    assert [[a.card(c).role for c in hand] for hand in a.hands] == [HAND] * 4 and a.scores == [0] * 4


def test_a_match_replays_from_its_seed(rules):
    first = play(rules.new_state(5, "s:5:3"), "s:5:3")[0].result()
    again = play(rules.new_state(5, "s:5:3"), "s:5:3")[0].result()
    assert first == again and first["rounds"] == ROUNDS_PER_MATCH


def test_the_first_start_player_is_drawn_from_the_seed(rules):
    assert {rules.new_state(4, str(i)).start for i in range(40)} == {0, 1, 2, 3}


def test_a_player_acts_with_any_card_in_hand_on_either_side(rules):
    state = started(rules, 3)
    assert sorted(state.legal_actions()) == sorted((r, s) for r in HAND for s in ("kamiza", "shimoza"))
    state = play_round(state, "te-ire@kamiza")          # P1 has played; P2 holds a full hand
    assert len(state.legal_actions()) == 8 and state.to_act() == 1
    with pytest.raises(ValueError):
        state.apply(("kumicho", "middle"))


@pytest.mark.parametrize("players", [0, 1])
def test_fewer_than_two_players_is_refused(rules, players):
    with pytest.raises(ValueError, match="at least 2 players"):
        rules.new_state(players, "x")


# -- the rulebook's worked examples through the engine ----------------------------------------------
def test_the_hit_man_defeats_the_boss_on_kamiza(rules):
    """KAM-EX-04 (seed L29-31): the teppo-dama scores 4, upside down; the kumicho loses; shimoza's 2 scores."""
    state = play_round(started(rules, 3), "kumicho@kamiza", "teppo-dama@kamiza", "waka-gashira@shimoza")
    assert state.scores == [0, 4, 2]
    assert fronts(state) == [[("kumicho", "down")], [("teppo-dama", "upside-down")], [("waka-gashira", "up")]]
    assert state.start == 1 and state.invariants() == []     # no raid: the start passes clockwise to P2


def test_a_single_police_raid_ends_the_round_and_its_player_starts_next(rules):
    """KAM-EX-01 (seed L5-7): nobody scores; the squealer keeps the te-ire in front and starts the next round."""
    state = play_round(started(rules, 4), "kumicho@kamiza", "waka-gashira@shimoza", "te-ire@shimoza",
                       "teppo-dama@shimoza")
    assert state.scores == [0, 0, 0, 0]
    assert fronts(state)[2] == [("te-ire", "up")] and state.start == 2 and state.to_act() == 2
    assert state.invariants() == []


def test_two_raids_on_one_side_cancel_and_judging_goes_on(rules):
    """KAM-EX-06 (seed L17): two te-ire do not squeal; they cancel, and C 5, D 2 score."""
    state = play_round(started(rules, 4), "te-ire@shimoza", "te-ire@shimoza", "kumicho@kamiza",
                       "waka-gashira@shimoza")
    assert state.scores == [0, 0, 5, 2] and state.start == 1 and state.invariants() == []


def test_a_tied_match_goes_to_the_player_with_the_lowest_card_left(rules):
    """KAM-EX-07 (seed L35-39) played out: P1 and P2 tie on 22, P1 keeps te-ire, P2 kumicho: P1 wins."""
    state = started(rules, 3)
    for _ in range(2):      # two games of 8 points each: a lone boss on kamiza, an underboss and a hit man below
        state = play_round(state, "kumicho@kamiza", "waka-gashira@shimoza", "teppo-dama@shimoza")
        state = play_round(state, "kumicho@kamiza", "waka-gashira@shimoza", "teppo-dama@shimoza")
        state = play_round(state, "kumicho@kamiza", "waka-gashira@shimoza", "teppo-dama@shimoza")
    assert state.scores == [16, 16, 16] and all(len(h) == 4 for h in state.hands)
    state = play_round(state, "kumicho@kamiza", "waka-gashira@shimoza", "teppo-dama@shimoza")   # 5, 2, 1
    state = play_round(state, "te-ire@shimoza", "waka-gashira@shimoza", "waka-gashira@kamiza")  # P2 squeals
    assert state.start == 1                                                                   # P2 again
    state = play_round(state, "teppo-dama@kamiza", "kumicho@kamiza", "teppo-dama@shimoza")    # P2 strikes: 4
    assert state.is_over() and state.invariants() == []
    result = state.result()
    assert result["totals"] == {"P1": 22, "P2": 22, "P3": 17}
    assert result["left"] == {"P1": "te-ire", "P2": "kumicho", "P3": "te-ire"}
    assert result["how"] == "chickens" and result["winners"] == ["P1"]
    assert result["rounds"] == 9 and result["raids"] == 1 and result["strikes"] == 1
    assert state.legal_actions() == []


# -- planted faults ---------------------------------------------------------------------------------
def _duplicate_in_hand(s):
    s.hands[0].append(s.hands[0][0])


def _steal_a_card(s):
    s.hands[0].append(s.hands[1].pop())


def _lose_a_card(s):
    s.front[1].pop()


def _extra_point(s):
    s.scores[2] += 1


def _flip_the_hit_man(s):
    s.front[1][0] = (s.front[1][0][0], "up")


def _wrong_start_player(s):
    s.start = 2


def _card_on_sheet_and_in_hand(s):
    s.sheet.append((1, s.hands[1][0], "kamiza"))


def _over_too_soon(s):
    s.outcome = object()


@pytest.mark.parametrize("fault, words", [
    (_duplicate_in_hand, "in 2 places"), (_steal_a_card, "P2's, is P1's hand"),
    (_lose_a_card, "expected {'kumicho': 1"), (_extra_point, "scores [0, 4, 3]"),
    (_flip_the_hit_man, "the referee rules"), (_wrong_start_player, "expected P2"),
    (_card_on_sheet_and_in_hand, "in 2 places"), (_over_too_soon, "the match is over"),
])
def test_a_planted_fault_is_caught(rules, fault, words):
    state = play_round(started(rules, 3), "kumicho@kamiza", "teppo-dama@kamiza", "waka-gashira@shimoza")
    assert state.invariants() == []
    fault(state)
    broken = state.invariants()
    assert any(words in b for b in broken), broken
