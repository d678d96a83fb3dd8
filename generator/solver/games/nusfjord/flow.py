"""The Building flow over the seven rounds, and the token figures, for one player count.

The flow follows one deck's piles: A and B face up at setup (the rest aside, or back to the box at 2
players), the A added on Round space 3, the C drawn per player on Round space 4 and revealed on 6, the B
added on 5. "Never add more Buildings than there are empty spaces": at most the board's spaces are
face up, so an addition is bounded by the spaces the players emptied by building, and by the pile.
"""

from __future__ import annotations

from typing import Any

from generator.solver.api import Game
from generator.solver.games.nusfjord.spec import FISH, FOREST, GOLD, MULTIPLIER, WOOD, NusfjordSpec


def building_flow(spec: NusfjordSpec, game: Game, players: int) -> dict[str, Any]:
    row = spec.by_players[players]
    deck = game.component(spec.decks[0])
    letters = {k: sum(r.count for r in deck.rows if str(r.fields.get("letter")) == k) for k in spec.deck}
    spaces = {k: _spaces(game, board) for k, board in spec.supply_boards.items()}
    piles = {k: letters[k] - spec.face_up.get(k, 0) for k in letters}
    boxed = row.left_over_AB == "box"
    events, problems = [], []
    for k in ("A", "B"):
        if spec.face_up[k] > letters[k]:
            problems.append(f"{spec.face_up[k]} {k} face up but the deck has {letters[k]}")
        if spec.face_up[k] > spaces[k]:
            problems.append(f"{spec.face_up[k]} {k} face up but the board has {spaces[k]} spaces")
    if boxed:
        piles["A"] = piles["B"] = 0
    for r in range(1, spec.rounds + 1):
        event = spec.round_spaces.get(r)
        if event in ("add_A", "add_B"):
            k, n = event[-1], getattr(row, event)
            if n > piles[k]:
                problems.append(f"Round {r}: {n} {k} to add but {piles[k]} left")
            if n > spaces[k]:
                problems.append(f"Round {r}: {n} {k} to add but the board has {spaces[k]} spaces")
            piles[k] -= min(n, piles[k])
            events.append(f"R{r} +{n} {k} (≤ {spaces[k]} spaces)")
        elif event == "draw_C_each":
            n = players * row.draw_C_each
            if n > piles["C"]:
                problems.append(f"Round {r}: {players} x {row.draw_C_each} C to draw but {piles['C']} left")
            piles["C"] -= min(n, piles["C"])
            events.append(f"R{r} {players}x{row.draw_C_each} C drawn")
        elif event == "reveal_C":
            events.append(f"R{r} C revealed")
    return {"players": players, "deck": letters, "face_up": dict(spec.face_up), "left": piles,
            "left_over_AB": row.left_over_AB, "events": events, "problems": problems}


def _spaces(game: Game, board_id: str) -> int:
    """A supply board's Building spaces, from the same params its template draws."""
    p = game.component(board_id).params
    return int(p.get("columns", 0)) * int(p.get("rows", 0))


def _pieces(game: Game, component: str, **match: Any) -> int:
    c = game.component(component)
    return sum(r.count for r in c.rows if all(str(r.fields.get(k)) == str(v) for k, v in match.items()))


def token_figures(spec: NusfjordSpec, game: Game, players: int) -> dict[str, Any]:
    """Wood against the cap, gold denominations, Forests per player, fish for the Banquet."""
    wood_tokens = game.component(WOOD).total_count(game.seats)
    wood_tiles = _pieces(game, MULTIPLIER, good="wood")
    wood_tile_value = sum(int(r.fields["times"]) * r.count for r in game.component(MULTIPLIER).rows
                          if r.fields.get("good") == "wood")
    wood_need = spec.wood_cap * players
    gold = {int(r.fields["value"]): r.count for r in game.component(GOLD).rows}
    forests = game.component(FOREST).total_count(game.seats)
    fish_tokens = game.component(FISH).total_count(game.seats)
    return {"players": players, "wood_most_held": wood_need, "wood_tokens": wood_tokens,
            "wood_tiles": wood_tiles, "wood_value": wood_tokens + wood_tile_value,
            "gold": gold, "gold_value": sum(v * n for v, n in gold.items()),
            "gold_every_amount_to": _every_amount(gold),
            "forests_needed": spec.forests_each * players, "forests": forests,
            "banquet_fish": spec.by_players[players].banquet_fish, "fish_tokens": fish_tokens}


def _every_amount(coins: dict[int, int]) -> int:
    """The largest N such that every amount from 1 to N can be paid exactly with these coins."""
    reach = {0}
    for value, count in coins.items():
        reach = {a + value * k for a in reach for k in range(count + 1)}
    n = 0
    while n + 1 in reach:
        n += 1
    return n
