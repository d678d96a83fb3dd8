"""Niya's rules card as data, from the spec the engine reads: tile count, grid, win lines, the full
garden's outcome, match formats and who starts the next game. Templates only lay it out."""

from __future__ import annotations

from typing import Any

from generator.solver.api import Game
from generator.solver.games.niya.spec import NiyaSpec

TOKEN_COMPONENT = "character-token"


def niya_aid(game: Game, s: NiyaSpec) -> dict[str, Any]:
    each = next((d.each for e in game.setup for d in e.demands if d.component == TOKEN_COMPONENT and d.each), 0)
    full = ("a draw" if s.full_board == "draw"
            else "won by the player who filled it (the other is blocked)")
    starter = ("The loser of a game starts the next one." if s.next_starter == "loser"
               else "The players take turns to start.")
    first, *more = s.points_targets
    points = f"first to {first}" + (f" ({', '.join(str(t) for t in more)})" if more else "")
    return {"sections": [
        {"title": "Set up", "text": f"Shuffle the {len(s.tiles)} garden tiles and lay them face up in a {s.grid} x "
                                    f"{s.grid} square. Each player takes the {each} characters of one pattern. "
                                    "Player 1's characters have the patterned background."},
        {"title": "Your turn", "text": "Take a garden tile, put it on the pile beside the garden and put one of "
                                       "your characters in its place. The first tile of a game must come from the "
                                       "outer border. After that, the tile you take must share a plant or a symbol "
                                       "with the tile on top of the pile."},
        {"title": "Winning", "text": f"Win at once with {s.grid} of your characters in a row, a column or a "
                                     "diagonal, or in a 2 x 2 square, or when your opponent cannot take any tile. "
                                     f"A full garden without a winner is {full}."},
        {"title": "Matches", "text": f"Single game; or first to win {s.wins_needed} games; or points: the winner of "
                                     f"a game scores the tiles still in the garden, {points} wins. {starter}"}]}
