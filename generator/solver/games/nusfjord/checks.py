"""Nusfjord's spec checks for `pnp check`: the spec's numbers against the rulebook's (NUS-INV-01..11), the
Building flow and the token figures for every player count, and how many cards have text (a note).

The rulebook's numbers are written here once, with the lines they come from; the spec is what the
referee and the printed aids use, so a spec that drifts from the rulebook fails here.
"""

from __future__ import annotations

from generator.solver.api import CheckResult, Game
from generator.solver.games.nusfjord.flow import building_flow, token_figures
from generator.solver.games.nusfjord.setup import elder_stacks
from generator.solver.games.nusfjord.spec import ELDER, HARBOR, SHIP, NusfjordSpec

# Seed L40-41, L49-50, L196-202: plates p-1, Ships p+1, Round 3 +p A (3-5 players), Round 4 C each, Round 5 B.
RULEBOOK_SETUP = {2: (1, 3, 0, 4, 0), 3: (2, 4, 3, 3, 2), 4: (3, 5, 4, 2, 2), 5: (4, 6, 5, 2, 3)}
RULEBOOK_DECK = {"A": 18, "B": 12, "C": 14}      # L236, 132 = 3 x 44 (NUS-INV-03)
RULEBOOK_DECKS, RULEBOOK_CARDS = 3, 132
RULEBOOK_FACE_UP = {"A": 9, "B": 6}              # L68
RULEBOOK_SHARES = (2, 3)                         # L88: 2 issued, 3 unissued
RULEBOOK_FORESTS_EACH, RULEBOOK_FORESTS = 4, 30  # L21, L90
RULEBOOK_WORKERS = 3                             # L24, L170
RULEBOOK_FIRST_PLAYER_TILES = 15                 # L17
RULEBOOK_ELDERS = 18                             # L16


def _setup_table(game: Game, spec: NusfjordSpec) -> list[CheckResult]:
    out = []
    names = ("banquet_fish", "ships_per_type", "add_A", "draw_C_each", "add_B")
    for p, want in RULEBOOK_SETUP.items():
        row = spec.by_players.get(p)
        got = tuple(getattr(row, k) for k in names) if row else None
        ok = row is not None and got == want and row.action_board == ("1-2" if p <= 2 else "3-5") and \
            row.imitation_tile == {4: "4-player", 5: "5-player"}.get(p) and row.left_over_AB == ("box" if p == 2 else "aside")
        shown = ", ".join(f"{k} {v}" for k, v in zip(names, got or ()))
        detail = (f"{shown}; Action board {row.action_board}, Imitation {row.imitation_tile or 'none'}" if ok and row else
                  f"expected {', '.join(f'{k} {v}' for k, v in zip(names, want))} (seed L40-50, L196-202); "
                  f"rules.by_players.{p} gives {shown or 'nothing'}")
        out.append(CheckResult("spec", "NUS-INV-01/02 setup table", ok, detail, {"players": p}))
    return out


def _decks(game: Game, spec: NusfjordSpec) -> CheckResult:
    problems = []
    total = 0
    for deck_id in spec.decks:
        rows = game.component(deck_id).rows
        counts = {k: sum(r.count for r in rows if str(r.fields.get("letter")) == k) for k in RULEBOOK_DECK}
        total += sum(r.count for r in rows)
        if counts != RULEBOOK_DECK:
            problems.append(f"{deck_id} has {counts}, expected {RULEBOOK_DECK}")
    if len(spec.decks) != RULEBOOK_DECKS or total != RULEBOOK_CARDS:
        problems.append(f"{len(spec.decks)} decks of {total} cards, expected {RULEBOOK_DECKS} decks, {RULEBOOK_CARDS}")
    if dict(spec.deck) != RULEBOOK_DECK or dict(spec.face_up) != RULEBOOK_FACE_UP:
        problems.append(f"rules.deck {dict(spec.deck)} / face_up {dict(spec.face_up)}, expected "
                        f"{RULEBOOK_DECK} / {RULEBOOK_FACE_UP}")
    detail = "; ".join(problems) or f"{total} = {len(spec.decks)} x (18 A + 12 B + 14 C); 9 A and 6 B face up"
    return CheckResult("spec", "NUS-INV-03 Building decks", not problems, detail)


def _two_player_rematch(game: Game, spec: NusfjordSpec) -> CheckResult:
    """NUS-INV-06: at 2 players the A and B of one deck make exactly two games' face-up displays."""
    ok = all(2 * spec.face_up[k] == spec.deck[k] for k in ("A", "B"))
    detail = f"2 x ({spec.face_up['A']} A + {spec.face_up['B']} B) against {spec.deck['A']} A + {spec.deck['B']} B"
    return CheckResult("spec", "NUS-INV-06 Match and Rematch", ok, detail, {"players": 2})


def _ships(game: Game, spec: NusfjordSpec) -> list[CheckResult]:
    types: dict[str, int] = {}
    for r in game.component(SHIP).rows:
        types[str(r.fields.get("type"))] = types.get(str(r.fields.get("type")), 0) + r.count
    out = []
    for p, row in spec.by_players.items():
        short = {t: n for t, n in types.items() if n < row.ships_per_type}
        ok = len(types) == 3 and not short
        detail = (f"{row.ships_per_type} of each of {', '.join(types)}; printed {types}" if ok else
                  f"{row.ships_per_type} of each type needed, printed {types}")
        out.append(CheckResult("spec", "NUS-INV-02 Ships per type", ok, detail, {"players": p}))
    return out


def _elders(game: Game, spec: NusfjordSpec) -> list[CheckResult]:
    printed = game.component(ELDER).total_count(1)
    numbers = sorted(int(r.fields["number"]) for r in game.component(ELDER).rows)
    out = []
    for p in spec.player_counts:
        stacks = elder_stacks(spec, p)
        dealt = sorted(e for s in stacks for e in s["face_up"]) + \
            list(range(spec.face_down_from, spec.face_down_from + sum(s["face_down"] for s in stacks)))
        ok = dealt == list(range(1, spec.elders[p] + 1)) and spec.elders[p] <= printed and printed == RULEBOOK_ELDERS \
            and numbers == list(range(1, printed + 1))
        hidden = sum(s["face_down"] for s in stacks)
        detail = (f"#1-{spec.elders[p]} on {len(stacks)} stacks" + (f", {hidden} face down" if hidden else "")
                  + f"; {printed} printed")
        out.append(CheckResult("spec", "NUS-INV-11 Elders dealt", ok, detail, {"players": p}))
    return out


def _per_player(game: Game, spec: NusfjordSpec) -> CheckResult:
    problems = []
    if (spec.issued, spec.unissued) != RULEBOOK_SHARES:
        problems.append(f"rules.shares {spec.issued} + {spec.unissued}, expected 2 + 3")
    if spec.workers != RULEBOOK_WORKERS:
        problems.append(f"rules.workers {spec.workers}, expected {RULEBOOK_WORKERS}")
    if spec.forests_each != RULEBOOK_FORESTS_EACH:
        problems.append(f"rules.forests_each {spec.forests_each}, expected {RULEBOOK_FORESTS_EACH}")
    tiles = sum(game.component(f"first-player-{n}").total_count(1) for n in range(1, 6)
                if any(c.id == f"first-player-{n}" for c in game.components))
    if tiles != RULEBOOK_FIRST_PLAYER_TILES:
        problems.append(f"{tiles} First Player tiles, expected {RULEBOOK_FIRST_PLAYER_TILES} = 1 + 2 + 3 + 4 + 5")
    detail = "; ".join(problems) or (f"{spec.issued} issued + {spec.unissued} unissued Shares, {spec.workers} Workers, "
                                     f"{spec.forests_each} Forests each; {tiles} First Player tiles = 1+2+3+4+5")
    return CheckResult("spec", "NUS-INV-08/09/10 per player", not problems, detail)


def _harbor(game: Game, spec: NusfjordSpec) -> CheckResult:
    """The Harbor board's Building spaces (from the params its template draws) against rules.harbor_spaces, and
    its right half's double spaces against the starting Forests (the topmost holds two, L90)."""
    p = game.component(HARBOR).params
    left, rows = int(p.get("left_columns", 0)), int(p.get("rows", 0))
    singles, doubles = left * rows - 1, left // 2 * rows        # the Reserve takes one left cell
    spaces = singles + 2 * doubles
    covered = doubles + 1                                       # one Forest a double space, two on the topmost
    ok = spaces == spec.harbor_spaces and covered == spec.forests_each
    detail = (f"{singles} Building spaces and the Reserve on the left, {doubles} double spaces on the right: {spaces} "
              f"spaces (rules.harbor_spaces {spec.harbor_spaces}); {covered} Forests cover the double spaces "
              f"(rules.forests_each {spec.forests_each})")
    return CheckResult("spec", "NUS-HARBOR spaces and starting Forests", ok, detail)


def _flow(game: Game, spec: NusfjordSpec) -> list[CheckResult]:
    out = []
    for p in spec.player_counts:
        f = building_flow(spec, game, p)
        left = ", ".join(f"{k} {n}" for k, n in f["left"].items())
        detail = "; ".join(f["problems"]) or (f"{' · '.join(f['events'])}; left: {left} "
                                             f"({'back to the box' if f['left_over_AB'] == 'box' else 'aside'})")
        out.append(CheckResult("spec", "NUS-INV-04/05 Building flow over 7 rounds", not f["problems"], detail,
                               {"players": p, "left": f["left"]}))
    return out


def _tokens(game: Game, spec: NusfjordSpec) -> list[CheckResult]:
    out = []
    for p in spec.player_counts:
        t = token_figures(spec, game, p)
        wood_ok = t["wood_most_held"] <= t["wood_value"]
        out.append(CheckResult("spec", "NUS-INV-12 wood cap", wood_ok,
                               f"{p} x {spec.wood_cap} = {t['wood_most_held']} wood held at most; {t['wood_tokens']} "
                               f"tokens + {t['wood_tiles']} '5 wood' tiles = {t['wood_value']}", {"players": p}))
        forests_ok = t["forests_needed"] <= t["forests"] and t["forests"] == RULEBOOK_FORESTS
        out.append(CheckResult("spec", "NUS-INV-07 Forests", forests_ok,
                               f"{spec.forests_each} x {p} = {t['forests_needed']} of {t['forests']}", {"players": p}))
    t = token_figures(spec, game, spec.player_counts[-1])
    gold_ok = t["gold_every_amount_to"] == t["gold_value"]
    out.append(CheckResult("spec", "NUS-GOLD denominations", gold_ok,
                           " + ".join(f"{n} x {v}" for v, n in sorted(t["gold"].items())) +
                           f" = {t['gold_value']} gold; every amount from 1 to {t['gold_every_amount_to']} can be paid"))
    return out


def _texts(game: Game, spec: NusfjordSpec) -> CheckResult:
    """How much of the set has text: a note, never a failure (NUS-GAP-02, NUS-GAP-04)."""
    parts = []
    for cid in (*spec.decks, ELDER):
        rows = game.component(cid).rows
        written = sum(r.count for r in rows if str(r.fields.get("text") or "").strip())
        parts.append(f"{cid} {written}/{sum(r.count for r in rows)}")
    return CheckResult("note", "NUS-TEXT cards with text", None,
                       "cards with an effect text (the rest print as write-in cards): " + ", ".join(parts))


SPEC_CHECKS = (_setup_table, _decks, _two_player_rematch, _ships, _elders, _per_player, _harbor, _flow, _tokens, _texts)
