"""Partial builds: what an N-player game uses (`--players N`) and replacement pieces (`--only`).

Both narrow the expanded designs (generator/model/designs.py) before anything is rendered, so a partial
build runs the same render, imposition and output path as a whole one. `--players` reads the
setup table `pnp check` proves (no second table); `--only` reads component and design ids.
"""

from __future__ import annotations

import dataclasses
import difflib
import fnmatch
import re
from dataclasses import dataclass

from generator.model.designs import DesignSpec
from generator.common.errors import OptionError, OptionProblem, option_problem
from generator.common.limits import MAX_PIECES
from generator.model.game import Game, SetupEntry

MAX_COPIES = 1000        # --only NAME:N: more is a typo, not a replacement


@dataclass(frozen=True)
class Selector:
    """One item of --only: a component id, a design id or a glob of them, and copies of each (None: all)."""

    pattern: str
    copies: int | None = None

    def __str__(self) -> str:
        return self.pattern if self.copies is None else f"{self.pattern}:{self.copies}"


@dataclass(frozen=True)
class Selection:
    """A build's scope: the player count and/or replacement selectors; empty means the whole game."""

    players: int | None = None
    only: tuple[Selector, ...] = ()

    def __bool__(self) -> bool:
        return self.players is not None or bool(self.only)

    def suffix(self) -> str:
        """The output folder's suffix: a partial build never replaces the whole game's files."""
        return (f"-{self.players}p" if self.players is not None else "") + ("-only" if self.only else "")

    def words(self) -> str:
        """How the footer and the summary name the scope."""
        parts = [f"for {self.players} players"] if self.players is not None else []
        return " · ".join(parts + (["replacements"] if self.only else []))

    def as_json(self) -> dict:
        return {"players": self.players, "only": [str(s) for s in self.only] or None}


def parse_only(text: str) -> tuple[Selector, ...]:
    """`pawn-red:2,token,screen-*`: comma-separated selectors, each with an optional copy count."""
    out: list[Selector] = []
    for item in (p.strip() for p in text.split(",")):
        if not item:
            continue
        pattern, sep, n = item.rpartition(":") if ":" in item else (item, "", "")
        if sep and not (n.isascii() and n.isdigit() and 1 <= int(n) <= MAX_COPIES):
            raise OptionError(option_problem('{only}: expected copies from 1 to {most} after ":", got "{item}"',
                                              most=MAX_COPIES, item=item))
        if not pattern.strip():
            raise OptionError(option_problem('{only}: expected a component or design id before ":", got "{item}"',
                                              item=item))
        selector = Selector(pattern.strip(), int(n) if sep else None)
        named = next((o for o in out if o.pattern == selector.pattern), None)
        if named == selector:
            continue
        if named is not None:           # which count would the user mean? say so rather than keep the last
            raise OptionError(option_problem('{only}: "{pattern}" is named twice with different copies ("{named}" and '
                                              '"{item}"); expected it once (a component and one of its designs may '
                                              'differ)', pattern=selector.pattern, named=named, item=item))
        out.append(selector)
    if not out:
        raise OptionError(option_problem('{only}: expected a comma-separated list of component or design ids, got '
                                          '"{text}"', text=text))
    return tuple(out)


def select(game: Game, specs: list[DesignSpec], selection: Selection) -> list[DesignSpec]:
    """The designs and counts the selection prints: fronts narrowed, backs recounted from their fronts."""
    fronts = [s for s in specs if s.face == "front"]
    if selection.players is not None:
        fronts = for_players(game, fronts, selection.players)
    if selection.only:
        try:
            fronts = only(fronts, selection.only, [s for s in specs if s.face == "front"], selection.players)
        except OptionError as exc:
            raise OptionError(dataclasses.replace(exc.problems[0], where=game.id)) from None
    _bounded(game.id, fronts, selection)
    return fronts + _backs(specs, fronts)


def _bounded(game_id: str, fronts: list[DesignSpec], selection: Selection) -> None:
    """The piece limit holds for what is built: --only's copies multiply after the spec's counts were checked."""
    total = sum(s.count for s in fronts)
    if total > MAX_PIECES:
        most = max(fronts, key=lambda s: s.count)
        said = ",".join(str(s) for s in selection.only)
        option = "{only} {said}" if said else "{players} {said}"
        raise OptionError(option_problem(option + ': {total} pieces in all is more than the '
                                         'limit of {limit} per build (the most: "{most}", {count}); expected fewer '
                                         "copies or a narrower selector", game_id, said=said or selection.players,
                                         total=f"{total:,}", limit=f"{MAX_PIECES:,}", most=most.id, count=f"{most.count:,}"))


def _backs(specs: list[DesignSpec], fronts: list[DesignSpec]) -> list[DesignSpec]:
    """Each back once, printed as many times as the fronts it backs (so the manifest's counts stay true)."""
    counts: dict[str, int] = {}
    for f in fronts:
        if f.back:
            counts[f.back] = counts.get(f.back, 0) + f.count
    return [dataclasses.replace(s, count=counts[s.id]) for s in specs if s.face == "back" and s.id in counts]


def for_players(game: Game, fronts: list[DesignSpec], players: int) -> list[DesignSpec]:
    """What the setup table's entry for `players` demands; see docs/spec.md, setup_demand."""
    entry = _entry(game, players)
    listed = {d.component for e in game.setup for d in e.demands}
    demands = {d.component: d for d in entry.demands}
    seats = {p.id for p in game.player_colours[:players]}
    out: list[DesignSpec] = []
    for comp in game.components:
        mine = [s for s in fronts if s.component.id == comp.id]
        if comp.per_player:
            mine = [s for s in mine if s.player is not None and s.player.id in seats]
        demand = demands.get(comp.id)
        if demand is None:
            out += [] if comp.id in listed else mine      # listed elsewhere: unused; nowhere: supply, reference
        elif demand.drawn:
            out += mine
        elif comp.per_player:
            for seat in game.player_colours[:players]:
                own = [s for s in mine if s.player is not None and s.player.id == seat.id]
                out += _spread(own, demand.each if demand.each is not None else sum(s.count for s in own))
        else:       # the setup's own need, less what it sends back to the box (Game.setup_need)
            out += _spread(mine, game.setup_need(demand, players)[0] - demand.to_box)
    return out


def _entry(game: Game, players: int) -> SetupEntry:
    """The setup table's entry for `players`, or one line saying which counts there are."""
    if not game.setup:
        raise OptionError(option_problem("{players} {n}: the spec has no setup table to say what {n} players use "
                                         "(add setup: to game.yaml, or build the whole game)", game.id, n=players))
    entry = next((e for e in game.setup if e.players == players), None)
    if entry is None:
        counts = [e.players for e in game.setup]
        span = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
        raise OptionError(option_problem("{players} {n}: expected a player count from {span} (the setup table's)",
                                         game.id, n=players, span=span))
    if players > game.seats and any(c.per_player for c in game.components):
        raise OptionError(option_problem("{players} {n}: the spec prints {seats} player colours", game.id, n=players,
                                         seats=game.seats))
    return entry


def _spread(fronts: list[DesignSpec], wanted: int) -> list[DesignSpec]:
    """`wanted` pieces taken one row at a time in spec order, round and round (9 of three 6-ship rows: 3 each)."""
    take = [0] * len(fronts)
    left = min(wanted, sum(s.count for s in fronts))
    while left > 0:
        for i, s in enumerate(fronts):
            if left and take[i] < s.count:
                take[i] += 1
                left -= 1
    return [dataclasses.replace(s, count=n) for s, n in zip(fronts, take) if n]


def only(fronts: list[DesignSpec], selectors: tuple[Selector, ...], every: list[DesignSpec],
         players: int | None = None) -> list[DesignSpec]:
    """The fronts the selectors name, N copies each (default: the count in `fronts`); the last selector that
    names a design sets its copies. A selector naming nothing is an error with the closest ids."""
    copies: dict[str, int] = {}
    for sel in selectors:
        hits = [s for s in fronts if _matches(sel.pattern, s)]
        if not hits:
            raise OptionError(_unknown(sel.pattern, every, fronts, players))
        for s in hits:
            copies[s.id] = sel.copies if sel.copies is not None else s.count
    return [dataclasses.replace(s, count=copies[s.id]) for s in fronts if s.id in copies]


def _matches(pattern: str, spec: DesignSpec) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for name in (spec.id, spec.component.id))


def _unknown(pattern: str, every: list[DesignSpec], fronts: list[DesignSpec], players: int | None) -> OptionProblem:
    if players is not None and any(_matches(pattern, s) for s in every):
        return option_problem('{only}: "{pattern}" names nothing a {n}-player game uses', pattern=pattern, n=players)
    names = list(dict.fromkeys([s.component.id for s in every] + [s.id for s in every]))
    stem = re.split(r"[-*?\[]", pattern)[0]
    close = difflib.get_close_matches(pattern, names, n=5, cutoff=0.5) or \
        ([n for n in names if n.startswith(stem)][:5] if stem else [])
    components = ", ".join(dict.fromkeys(s.component.id for s in every))
    hint = f"; closest: {', '.join(close)}" if close else f"; components: {components}"
    return option_problem('{only}: unknown selector "{pattern}"; expected a component id, a design id or a glob of '
                          'them{hint}', pattern=pattern, hint=hint)

