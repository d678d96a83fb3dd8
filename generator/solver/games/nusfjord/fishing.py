"""One player's Fishing phase (rulebook L104-164): the haul distributed in five steps, then the phase end.

1 Elders (in the order given, which is the player's choice when the haul runs short): +1 each; an Elder
  reaching exactly 3 pays out at once (1 to the personal supply, 2 to the general supply).
2 Shares in foreign possession: those on the Action board first, then those in other players' supplies.
3 Issued Shares in the player's own supply.
4 The Reserve, up to its limit (skipped when it already holds the limit or more).
5 The rest goes back to the general supply as excess.
Phase end: fish on Action-board Shares go to the general supply, fish on Shares beside a Personal Supply
board go to that board's owner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Mapping, TypeVar

from generator.solver.games.nusfjord.spec import NusfjordSpec


Holder = TypeVar("Holder")      # who holds a Share: a player's label (examples, pnp solve) or seat (the engine)


@dataclass
class Catch(Generic[Holder]):
    haul: int
    elders: list[int]                        # fish on each Elder after the phase
    action_board_shares: int = 0             # fish placed on own Shares on the Action board
    foreign_shares: dict[Holder, int] = field(default_factory=dict)   # player -> fish placed on own Shares there
    own_shares: int = 0
    reserve: int = 0
    excess: int = 0
    elder_payouts: int = 0
    to_personal_supply: int = 0
    to_general_supply: int = 0

    def as_json(self) -> dict[str, Any]:
        return {"elders": self.elders, "action_board_shares": self.action_board_shares,
                "foreign_shares": dict(self.foreign_shares), "own_shares": self.own_shares, "reserve": self.reserve,
                "excess": self.excess, "to_personal_supply": self.to_personal_supply,
                "to_general_supply": self.to_general_supply,
                "to_other_players": {p: n for p, n in self.foreign_shares.items() if n}}

    @property
    def placed(self) -> int:
        """Every fish of the haul accounted for (NUS-INV-13): on Elders (counting payouts), Shares, Reserve, excess."""
        return self._on_elders + self.action_board_shares + sum(self.foreign_shares.values()) + self.own_shares \
            + self._to_reserve + self.excess

    _on_elders: int = 0
    _to_reserve: int = 0


def fish(spec: NusfjordSpec, haul: int, elders: list[int], action_board_shares: int, foreign: Mapping[Holder, int],
         own_shares: int, reserve: int) -> Catch[Holder]:
    """Distribute `haul` fish; `elders` are the fish on each Elder before, in feeding order."""
    hand = haul
    after = list(elders)
    catch: Catch[Holder] = Catch(haul, after)
    for i in range(len(after)):                       # step 1
        if hand == 0:
            break
        hand -= 1
        catch._on_elders += 1
        after[i] += 1
        if after[i] == spec.payout_at:
            after[i] = 0
            catch.elder_payouts += 1
    catch.action_board_shares = min(hand, action_board_shares)    # step 2, the Action board first
    hand -= catch.action_board_shares
    for player, shares in foreign.items():
        catch.foreign_shares[player] = min(hand, shares)
        hand -= catch.foreign_shares[player]
    catch.own_shares = min(hand, own_shares)          # step 3
    hand -= catch.own_shares
    room = max(0, spec.reserve_limit - reserve)       # step 4
    catch._to_reserve = min(hand, room)
    catch.reserve = reserve + catch._to_reserve
    catch.excess = hand - catch._to_reserve           # step 5
    catch.to_personal_supply = catch.elder_payouts * spec.payout_personal + catch.own_shares
    catch.to_general_supply = (catch.elder_payouts * spec.payout_general + catch.action_board_shares
                               + catch.excess)
    return catch
