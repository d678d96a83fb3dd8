"""Chance in Nyakuza: the bag, drawn blind by the Amulet holder, and the variant's Secret tiles."""

from __future__ import annotations

from generator.solver.games.nyakuza.moves import BID


class Chance:
    """Draws from the bag with the state's seeded random generator (mixed into NyakuzaState)."""

    def _deal_secrets(self) -> None:
        """Variant (L352-360): each clan draws one hidden tile; a redraw type goes back and is drawn again."""
        for p in range(len(self.seats)):
            while any(self.spec.tile_type[n] not in self.spec.secret_redraw for n in self.bag):
                i = self.rng.randrange(len(self.bag))
                if self.spec.tile_type[self.bag[i]] not in self.spec.secret_redraw:
                    self.secret[p] = self.bag.pop(i)
                    break

    def _start_round(self) -> None:
        """Place Resources (L229-236): the Amulet holder draws blind; an empty bag makes this the final round."""
        self.round += 1
        self.phase = BID
        if not self.bag:
            self.final = True
            return
        draw = self.setup.first if self.round == 1 else self.setup.later
        for _ in range(min(draw, len(self.bag))):
            self._put_tile(self.bag.pop(self.rng.randrange(len(self.bag))))

    def _put_tile(self, number: int) -> None:
        s = self.board.resource[number]
        self.tile[s] = True
        if self.owner[s] < 0:
            self.free_tiles.add(s)
