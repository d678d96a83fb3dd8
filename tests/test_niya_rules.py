"""Niya: rules, matches, spec checks, the exact solver (against a plain reference) and `pnp solve niya`."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from generator.cli import main
from generator.common.errors import SpecError
from generator.model.example import Example
from generator.solver.check import check_game
from generator.load.examples import load_examples
from generator.solver.examples import run_example
from generator.solver.games.niya.game import NiyaRules
from generator.solver.games.niya.garden import random_garden, read_layout
from generator.solver.games.niya.match import GameResult, next_starter, play_match
from generator.solver.games.niya.search import Search, solve_garden
from generator.solver.games.niya.state import IllegalMove, NiyaState
from generator.load import load_game

ROOT = Path(__file__).resolve().parents[1]
DX01 = "PS MS MP IB / CR IS CP PB / IP CB MR CS / PP PR MB IR"
BORDER = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 3), (2, 0), (2, 3), (3, 0), (3, 1), (3, 2), (3, 3)]
DX08 = [(2, 3), (1, 0), (2, 1), (1, 3), (0, 3), (2, 0), (1, 1), (0, 0), (3, 0), (3, 1), (3, 3), (2, 2), (0, 1), (3, 2),
        (0, 2), (1, 2)]


# -- a plain memoised reference: explicit lists, no bitmasks, no pruning beyond "a win cannot be bettered" --
N = 4
LINES = [[r * N + c for c in range(N)] for r in range(N)] + [[r * N + c for r in range(N)] for c in range(N)]
LINES += [[i * N + i for i in range(N)], [i * N + N - 1 - i for i in range(N)]]
LINES += [[r * N + c, r * N + c + 1, (r + 1) * N + c, (r + 1) * N + c + 1] for r in range(N - 1) for c in range(N - 1)]
BORDER_CELLS = [r * N + c for r, c in BORDER]


def reference_values(tiles, full_board, board=(0,) * 16, last=None):
    """Value (+1 win, 0 draw, -1 loss) of every legal move for the player to move.

    tiles: 16 (vegetation, symbol) pairs, row-major; board: the owner of each cell (0 free, 1, 2);
    last: the cell of the last removed tile (None before the first move).
    """
    memo = {}

    def legal(board, last):
        if last is None:
            return [i for i in BORDER_CELLS if board[i] == 0]
        return [i for i in range(16) if board[i] == 0
                and (tiles[i][0] == tiles[last][0] or tiles[i][1] == tiles[last][1])]

    def move_value(board, cell):
        me = 1 if board.count(0) % 2 == 0 else 2
        board = board[:cell] + (me,) + board[cell + 1:]
        if any(all(board[i] == me for i in line) for line in LINES if cell in line):
            return 1
        if 0 not in board:
            return 1 if full_board == "block" else 0
        if not legal(board, cell):
            return 1
        return -value(board, cell)

    def value(board, last):
        if (board, last) not in memo:
            best = -1
            for cell in legal(board, last):
                best = max(best, move_value(board, cell))
                if best == 1:
                    break
            memo[board, last] = best
        return memo[board, last]

    return {divmod(cell, N): move_value(board, cell) for cell in legal(board, last)}


def board_of(state: NiyaState) -> tuple[int, ...]:
    return tuple(1 if state.owned[0] >> c & 1 else 2 if state.owned[1] >> c & 1 else 0 for c in range(16))


# -- fixtures ------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def game():
    return load_game("niya")


@pytest.fixture(scope="module")
def rules(game):
    return NiyaRules(game)


@pytest.fixture(scope="module")
def dx01(rules):
    garden, problems = read_layout(DX01.split("/"), rules.spec)
    assert problems == []
    return garden


def play(garden, moves, full_board="draw") -> NiyaState:
    state = NiyaState(garden, full_board)
    for move in moves:
        state = state.apply_action(move)
    return state


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# -- the spec ------------------------------------------------------------------------------------------------
def test_spec_gives_tiles_and_options(rules):
    spec = rules.spec
    assert len(spec.tiles) == 16 and len(set(spec.tiles)) == 16
    assert spec.full_board == "draw" and spec.wins_needed == 3 and spec.points_targets == (10, 15, 20)
    assert (spec.grid, spec.next_starter) == (4, "loser")
    assert spec.lookup["PS"].name == "Pine/Sun" and spec.lookup["PINE/SUN"].code == "PS"


def test_bad_rules_are_reported_one_problem_each(game, monkeypatch):
    monkeypatch.chdir(ROOT)
    broken = replace(game, rules={**game.rules, "full_board": "coin-toss", "wins_needed": 0, "colour": "red"})
    with pytest.raises(SpecError) as info:
        NiyaRules(broken).spec
    assert [str(p) for p in info.value.problems] == [
        f"error: components/niya/game.yaml:{game.lines['rules']}: rules.colour: unknown key; expected one of: "
        "full_board, grid, next_starter, points_targets, symbols, vegetation, wins_needed",
        f"error: components/niya/game.yaml:{game.lines['rules.full_board']}: rules.full_board: expected one of "
        'draw, block, got "coin-toss"',
        f"error: components/niya/game.yaml:{game.lines['rules.wins_needed']}: rules.wins_needed: expected a whole "
        "number of at least 1, got 0",
    ]


def test_tile_outside_the_listed_vegetations_is_an_error(game, monkeypatch):
    monkeypatch.chdir(ROOT)
    tiles = game.component("garden-tile")
    rows = (replace(tiles.rows[0], fields={"vegetation": "bamboo", "symbol": "sun"}), *tiles.rows[1:])
    broken = replace(game, components=tuple(replace(c, rows=rows) if c is tiles else c for c in game.components))
    with pytest.raises(SpecError) as info:
        NiyaRules(broken).spec
    assert [str(p) for p in info.value.problems] == [
        f"error: components/niya/game.yaml:{game.lines['components[0].rows[0].vegetation']}: "
        'components[0].rows[0].vegetation: expected one of maple, cherry, pine, '
        'iris, got "bamboo"']


def test_spec_checks_pass_on_the_shipped_spec(rules):
    checks = rules.spec_checks()
    assert [c.name.split()[0] for c in checks] == ["NIY-INV-01", "NIY-INV-02", "NIY-INV-03", "NIY-INV-04"]
    assert all(c.ok and c.kind == "spec" for c in checks), checks


def _with_rows(game, component_id, rows):
    return replace(game, components=tuple(replace(c, rows=rows) if c.id == component_id else c
                                          for c in game.components))


def test_spec_checks_fail_on_a_duplicated_tile(game):
    tiles = game.component("garden-tile").rows
    broken = _with_rows(game, "garden-tile", tiles[:-1] + (tiles[0],))   # Maple/Sun twice, no Iris/Rain
    checks = {c.name.split()[0]: c for c in NiyaRules(broken).spec_checks()}
    assert not checks["NIY-INV-01"].ok and "missing Iris/Rain" in checks["NIY-INV-01"].detail
    assert not checks["NIY-INV-04"].ok
    assert checks["NIY-INV-04"].detail == ("maple on 5 tiles (expected 4); iris on 3 tiles (expected 4); sun on 5 tiles "
                                           "(expected 4); rain on 3 tiles (expected 4); Maple/Sun 2 times")
    assert checks["NIY-INV-02"].ok and checks["NIY-INV-03"].ok


def test_spec_checks_fail_on_a_missing_tile_and_short_tokens(game):
    tiles = game.component("garden-tile").rows
    tokens = game.component("character-token").rows
    broken = _with_rows(_with_rows(game, "garden-tile", tiles[:-1]), "character-token", (replace(tokens[0], count=7),))
    checks = {c.name.split()[0]: c for c in NiyaRules(broken).spec_checks()}
    assert [k for k, c in checks.items() if not c.ok] == ["NIY-INV-01", "NIY-INV-02", "NIY-INV-03", "NIY-INV-04"]
    assert checks["NIY-INV-02"].detail == "2 seats x 7 character tokens = 14, for 16 cells"
    assert checks["NIY-INV-03"].detail.startswith("12 border + 4 middle = 16 cells for 15 tiles")


def test_spec_check_fails_on_a_bigger_grid(game):
    broken = replace(game, rules={**game.rules, "grid": 5})
    checks = {c.name.split()[0]: c for c in NiyaRules(broken).spec_checks()}
    assert not checks["NIY-INV-01"].ok and not checks["NIY-INV-02"].ok and not checks["NIY-INV-03"].ok
    assert checks["NIY-INV-03"].detail.startswith("16 border + 9 middle = 25 cells")


# -- moves ---------------------------------------------------------------------------------------------------
def test_first_move_must_be_a_border_tile(dx01):
    state = NiyaState(dx01)
    assert state.legal_actions() == BORDER and state.current_player() == 1
    with pytest.raises(IllegalMove, match=r"^\(1, 1\) is a middle tile; the first tile must come from the border$"):
        state.apply_action((1, 1))


def test_later_moves_must_share_vegetation_or_symbol(dx01):
    state = play(dx01, [(3, 3)])                       # Iris/Rain
    assert state.current_player() == 2
    assert state.legal_actions() == [(0, 3), (1, 0), (1, 1), (2, 0), (2, 2), (3, 1)]
    assert state.why_illegal((0, 0)) == "Pine/Sun shares nothing with Iris/Rain"
    assert state.why_illegal((3, 3)) == "(3, 3) holds no tile"
    assert state.why_illegal((4, 0)) == "(4, 0) is not in the 4 x 4 garden"


@pytest.mark.parametrize("moves, winner, how", [
    ([(3, 3), (2, 2), (3, 2), (1, 3), (3, 1), (0, 0), (3, 0)], 1, "row 3"),
    ([(3, 3), (3, 1), (1, 3), (3, 2), (0, 3), (2, 1), (2, 3)], 1, "column 3"),
    ([(3, 3), (3, 1), (2, 2), (0, 1), (1, 1), (2, 3), (0, 0)], 1, "main diagonal"),
    ([(3, 0), (2, 0), (0, 3), (1, 3), (2, 1), (1, 0), (1, 2)], 1, "anti-diagonal"),
    ([(3, 3), (0, 3), (2, 0), (1, 2), (2, 3), (2, 1), (1, 3), (3, 0)], 2, "anti-diagonal"),
    ([(3, 3), (3, 1), (1, 3), (3, 2), (0, 3), (2, 1), (1, 0), (2, 2)], 2, "square rows 2-3 cols 1-2"),
    ([(0, 1), (2, 3), (0, 0), (3, 1), (1, 0), (3, 3), (1, 1)], 1, "square rows 0-1 cols 0-1"),
    ([(3, 3), (1, 0), (2, 3), (1, 2), (3, 0), (1, 3), (3, 2), (0, 3), (2, 1)], 1, "blocked"),
    ([(2, 3), (1, 1), (0, 1), (2, 2), (3, 1), (3, 0), (1, 3), (0, 0)], 2, "blocked"),
])
def test_each_way_to_win(dx01, moves, winner, how):
    state = play(dx01, moves)
    assert (state.winner, state.how, state.moves_made) == (winner, how, len(moves))
    assert state.is_terminal() and state.legal_actions() == []
    assert state.returns() == ((1, -1) if winner == 1 else (-1, 1))
    assert state.points == state.tiles_left == 16 - len(moves)
    with pytest.raises(IllegalMove, match=f"^the game is over \\({how}\\)$"):
        state.apply_action(next(divmod(c, 4) for c in range(16) if state.remaining >> c & 1))


def test_blocked_means_no_matching_tile_left(dx01):
    state = play(dx01, [(3, 3), (1, 0), (2, 3), (1, 2), (3, 0), (1, 3), (3, 2), (0, 3), (2, 1)])
    left = [t for c, t in enumerate(dx01.tiles) if state.remaining >> c & 1]
    assert [t.name for t in left] == ["Pine/Sun", "Maple/Sun", "Maple/Poem", "Iris/Sun", "Iris/Poem", "Maple/Rain",
                                      "Pine/Rain"]
    assert not any(t.shares(dx01.tiles[2 * 4 + 1]) for t in left)     # Cherry/Bird


def test_full_board_is_a_draw_or_a_win_for_the_16th_mover(dx01):
    draw = play(dx01, DX08, "draw")
    assert (draw.winner, draw.how, draw.outcome, draw.returns(), draw.points) == (None, "full board", "draw", (0, 0), 0)
    assert draw.owner_grid() == ["2 1 1 1", "2 1 2 2", "2 1 2 1", "1 2 2 1"]
    block = play(dx01, DX08, "block")
    assert (block.winner, block.how, block.outcome, block.returns(), block.points) == (
        2, "full board", "player-2-wins", (-1, 1), 0)
    assert play(dx01, DX08[:15]).how == ""


def test_states_are_immutable(dx01):
    start = NiyaState(dx01)
    after = start.apply_action((3, 3))
    assert start.owned == (0, 0) and start.last is None and after.owned == (1 << 15, 0)


# -- matches -------------------------------------------------------------------------------------------------
def test_points_match_niy_dx_09():
    results = [GameResult(1, 7), GameResult(2, 8), GameResult(1, 9)]
    standings, winner = play_match(results, "points", 10)
    assert [s.points for s in standings] == [(7, 0), (7, 8), (16, 8)]
    assert [s.starter for s in standings] == [None, 2, 1] and winner == 1


def test_points_match_to_15_needs_more_games():
    standings, winner = play_match([GameResult(1, 7), GameResult(2, 8), GameResult(1, 7)], "points", 15)
    assert standings[-1].points == (14, 8) and winner is None


def test_first_to_three_wins_ignores_draws_and_the_loser_starts():
    results = [GameResult(1, 5), GameResult(None, 0), GameResult(2, 3), GameResult(1, 4), GameResult(2, 2),
               GameResult(1, 6), GameResult(2, 1)]
    standings, winner = play_match(results, "wins", 3, first_starter=1)
    assert len(standings) == 6 and winner == 1
    assert [s.wins for s in standings] == [(1, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2)]
    assert [s.starter for s in standings] == [1, 2, 1, 1, 2, 1]   # game 3: after a draw, the non-starter of game 2


def test_single_game_match():
    assert play_match([GameResult(2, 9), GameResult(1, 9)], "single", 1) == ([(None, (0, 9), (0, 1))], 2)
    assert play_match([GameResult(None, 0)], "single", 1)[1] is None


def test_next_starter():
    assert next_starter(1, GameResult(1, 5)) == 2 and next_starter(1, GameResult(2, 5)) == 1
    assert next_starter(1, GameResult(None, 0)) == 2 and next_starter(None, GameResult(None, 0)) is None


def test_match_scenario_rejects_results_after_the_decision(rules):
    ex = Example("x", "match", {"format": "wins", "results": [{"winner": 1, "tiles_left": 3}] * 4}, {})
    with pytest.raises(SpecError) as info:
        rules.run(ex)
    assert [str(p) for p in info.value.problems] == [
        "error: given.results[3]: the match was decided after game 3; expected no more results"]


def test_match_scenario_checks_the_points_target(rules):
    ex = Example("x", "match", {"format": "points", "target": 12, "results": []}, {})
    with pytest.raises(SpecError, match=r"given.target: expected one of 10, 15, 20 \(rules.points_targets\), got 12"):
        rules.run(ex)


# -- the solver ----------------------------------------------------------------------------------------------
def _position(rules, seed: int, plies: int, full_board: str) -> NiyaState:
    state = NiyaState(random_garden(rules.spec, seed), full_board)
    rng = random.Random(seed)
    for _ in range(plies):
        state = state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("full_board", ["draw", "block"])
@pytest.mark.parametrize("seed, plies", [(s, 3) for s in range(8)] + [(11, 2), (12, 2)])
def test_solver_matches_the_reference(rules, seed, plies, full_board):
    state = _position(rules, seed, plies, full_board)
    expected = reference_values(state.garden.tiles, full_board, board_of(state), state.last)
    assert Search(state.garden, full_board).action_values(state) == expected


@pytest.mark.parametrize("full_board", ["draw", "block"])
def test_solver_matches_the_reference_late_in_the_game(rules, full_board):
    for seed in range(40):
        state = _position(rules, 100 + seed, 5 + seed % 5, full_board)
        if not state.is_terminal():
            expected = reference_values(state.garden.tiles, full_board, board_of(state), state.last)
            assert Search(state.garden, full_board).action_values(state) == expected, seed


def test_solver_first_move_matches_the_reference(rules, dx01):
    """A whole first move searched by the reference: its value is minus the opponent's best reply."""
    solution = solve_garden(dx01, "block")
    after = play(dx01, [(0, 3)], "block")
    replies = reference_values(dx01.tiles, "block", board_of(after), after.last)
    assert solution.values[0, 3] == -max(replies.values())


def test_solution_of_the_dx01_garden(dx01):
    solution = solve_garden(dx01, "draw")
    assert sorted(solution.values) == BORDER
    assert solution.outcome == "first-player-wins"
    wins = [a for a, v in solution.values.items() if v == 1]
    assert solution.best_move in wins
    fewest = min(len(play(dx01, [a]).legal_actions()) for a in wins)
    assert solution.best_move == min(a for a in wins if len(play(dx01, [a]).legal_actions()) == fewest)


# -- worked examples and pnp check ---------------------------------------------------------------------------
def test_pnp_check_niya_passes(game):
    report = check_game(game)
    assert report.ok, [c for c in report.checks if not c.ok]
    refs = {c.name.split()[0] for c in report.checks if c.kind == "example"}
    assert refs == {"NIY-EX-01", *(f"NIY-DX-0{i}" for i in range(1, 10))}


def test_a_wrong_expectation_fails(rules, tmp_path):
    path = tmp_path / "examples.yaml"
    path.write_text("examples:\n  - name: wrong\n    scenario: game\n"
                    f"    given: {{layout: '{DX01}', moves: [[3, 3], [2, 2], [3, 2], [1, 3], [3, 1], [0, 0], [3, 0]]}}\n"
                    "    expected: {winner: 2, how: row 3}\n", encoding="utf-8")
    [result] = [run_example(rules, ex) for ex in load_examples(path, list(rules.scenarios))]
    assert not result.ok and result.data["actual"] == {"winner": 1, "how": "row 3"}


def test_a_bad_layout_in_an_example_names_file_and_key(rules, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "examples.yaml"
    path.write_text("examples:\n  - name: bad\n    scenario: game\n"
                    "    given: {layout: 'PS MS MP IB / CR IS CP PB / IP CB MR CS', moves: [[3, 3]]}\n"
                    "    expected: {winner: 1}\n", encoding="utf-8")
    [ex] = load_examples(path, list(rules.scenarios))
    with pytest.raises(SpecError) as info:
        run_example(rules, ex)
    assert [str(p) for p in info.value.problems] == [
        "error: examples.yaml:4: examples[0].given.layout: expected 4 rows of 4 tiles, got 3 rows"]


# -- pnp solve niya ------------------------------------------------------------------------------------------
def test_solve_json(dx01):
    code, out, err = run(["solve", "niya", "--layout", DX01, "--json"])
    assert (code, err) == (0, "")
    result = json.loads(out)
    solution = solve_garden(dx01, "draw")
    assert result["layout"] == ["PS MS MP IB", "CR IS CP PB", "IP CB MR CS", "PP PR MB IR"]
    assert result["full_board"] == "draw" and result["outcome"] == "first-player-wins"
    assert result["best_first_move"] == list(solution.best_move)
    assert result["first_moves"] == {f"{r},{c}": {1: "win", 0: "draw", -1: "loss"}[v]
                                     for (r, c), v in solution.values.items()}


def test_solve_text_shows_the_grid_of_results():
    code, out, _ = run(["solve", "niya", "--layout", DX01, "--full-board", "block"])
    assert code == 0
    assert out.splitlines()[:11] == [
        "Niya garden (full board: block); Player 1 moves first.",
        "",
        "  garden         first moves",
        "  PS MS MP IB    L L L L",
        "  CR IS CP PB    L . . W",
        "  IP CB MR CS    L . . L",
        "  PP PR MB IR    L W L L",
        "",
        "W win, D draw, L loss for the first player under perfect play; . not a legal first move.",
        "Outcome: first player wins.",
        "Best first move: (1, 3) Pine/Bird (ties: fewest replies for the opponent, then row-major).",
    ]
    assert out.splitlines()[11].endswith(" positions searched.")


def test_solve_random_layout_is_seeded():
    first = run(["solve", "niya", "--random-layout", "--seed", "7", "--json"])
    again = run(["solve", "niya", "--random-layout", "--seed", "7", "--json"])
    assert first == again and json.loads(first[1])["seed"] == 7
    assert json.loads(run(["solve", "niya", "--random-layout", "--seed", "8", "--json"])[1])["layout"] != \
        json.loads(first[1])["layout"]


@pytest.mark.parametrize("argv, message", [
    (["--layout", "PS MS MP IB / CR IS CP PB"], 'error: --layout: expected 4 rows of 4 tiles separated by "/", got 2 rows'),
    (["--layout", DX01.replace("IR", "XX")], 'error: --layout: unknown tile "XX"; expected a vegetation code (M, C, P, I) '
                                             'then a symbol code (S, P, B, R), like "MS" for Maple/Sun'),
    (["--layout", DX01.replace("IR", "PS")], 'error: --layout: tile "PS" (Pine/Sun) appears 2 times; expected each of '
                                             'the 16 tiles once'),
    (["--layout", DX01.replace("IB / ", "IB ")], "error: --layout: expected 4 rows of 4 tiles separated by \"/\", got 3 rows"),
    (["--layout", DX01, "--seed", "3"], "error: --seed: only used with --random-layout"),
    ([], "error: pnp solve niya: one of the arguments --layout --random-layout is required"),
    (["--layout", DX01, "--random-layout"], "error: pnp solve niya: argument --random-layout: not allowed with argument --layout"),
])
def test_solve_bad_options_are_one_line(argv, message):
    code, out, err = run(["solve", "niya", *argv])
    assert (code, out, err) == (2, "", message + "\n")


@pytest.mark.parametrize("rule, starters", [("loser", [1, 1, 2]), ("alternate", [1, 2, 1])])
def test_next_starter_ruling_decides_who_starts(rule, starters):
    """Player 2 wins game 1, player 1 wins game 2: the loser starts next (rulebook), or turns alternate."""
    results = [GameResult(2, 5), GameResult(1, 4), GameResult(2, 3)]
    standings, _ = play_match(results, "wins", 3, 1, rule)
    assert [s.starter for s in standings] == starters
