"""A game's appearance: its palette, seats, fonts and art, with a user's theme and a style applied.

A theme changes colours, fonts and art without touching the project's files:

    palette: {maple: "#b03a2e"}
    players: {player-1: {colour: "#6a4c93", pattern: dots}}
    fonts: {title: {family: Lato, weight: 700}}
    art: {vegetation: {maple: my-maple.png}}

Every name in a theme must exist in the game, so a typo is an error rather than a silent no-op.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from generator import paths
from generator.errors import OptionError, ProblemCollector, display_path
from generator.model import ArtSource, FontRole, Game, PlayerColour, Style
from generator.spec.load import FONT_WEIGHTS
from generator.spec.reader import Reader
from generator.spec.yamlio import join, load_yaml
from generator.units import describe

ArtTable = Mapping[str, "ArtSource | Mapping[str, ArtSource]"]


@dataclass(frozen=True)
class Appearance:
    style: Style
    palette: Mapping[str, str]
    players: tuple[PlayerColour, ...]
    fonts: Mapping[str, FontRole]
    art: ArtTable
    font_folders: tuple[Path, ...]
    theme_file: Path | None = None


def appearance(game: Game, theme_file: Path | None = None, style: str = "colour") -> Appearance:
    if style not in game.styles:
        raise OptionError(f'--style: unknown style "{style}" for {game.id}; expected one of: {", ".join(game.styles)}')
    spec_shown = display_path(game.spec_file)
    art = {name: _sources(value, game.folder, f"{spec_shown}: {join('art', name)}") for name, value in game.art.items()}
    look = Appearance(
        style=game.styles[style], palette=dict(game.palette), players=game.player_colours, fonts=dict(game.fonts),
        art=art, font_folders=(paths.FONTS, game.folder / "fonts"))
    if theme_file is not None:
        look = _apply_theme(game, look, theme_file)
    return dataclasses.replace(look, palette={**look.palette, **look.style.palette})


def _sources(value: Any, base: Path, named_in: str) -> Any:
    if isinstance(value, dict):
        return {k: ArtSource(base / v, base, f"{named_in}.{k}") for k, v in value.items()}
    return ArtSource(base / value, base, named_in)


def _apply_theme(game: Game, look: Appearance, theme_file: Path) -> Appearance:
    if not theme_file.is_file():
        raise OptionError(f'--theme: file not found: "{display_path(theme_file)}"')
    data, lines = load_yaml(theme_file)
    shown = display_path(theme_file)
    problems = ProblemCollector(shown, lines)
    r = Reader(problems)
    top = r.mapping(data if data is not None else {}, "", (), ("palette", "players", "fonts", "art")) or {}
    palette = dict(look.palette)
    known_colours = set(game.palette) | {k for s in game.styles.values() for k in s.palette}
    for key, value in (r.mapping(top.get("palette", {}), "palette", free=True) or {}).items():
        where = join("palette", key)
        if key not in known_colours:
            r.add(where, f"unknown palette colour; expected one of: {', '.join(sorted(known_colours))}")
        elif (c := r.colour(value, where)) is not None:
            palette[key] = c
    players = list(look.players)
    seats = {p.id: i for i, p in enumerate(players)}
    for pid, spec in (r.mapping(top.get("players", {}), "players", free=True) or {}).items():
        where = join("players", pid)
        if pid not in seats:
            r.add(where, f"unknown player; expected one of: {', '.join(seats)}")
            continue
        m = r.mapping(spec, where, (), ("colour", "pattern", "name", "symbol")) or {}
        seat = players[seats[pid]]
        changes = {}
        if "colour" in m and (c := r.colour(m["colour"], join(where, "colour"))):
            changes["colour"] = c
        if "pattern" in m and (p := r.slug(m["pattern"], join(where, "pattern"))):
            changes["pattern"] = p
        for key in ("name", "symbol"):
            if key in m and (t := r.text(m[key], join(where, key))):
                changes[key] = t
        players[seats[pid]] = dataclasses.replace(seat, **changes)
    fonts = dict(look.fonts)
    for role, spec in (r.mapping(top.get("fonts", {}), "fonts", free=True) or {}).items():
        where = join("fonts", role)
        if role not in fonts:
            r.add(where, f"unknown font role; expected one of: {', '.join(fonts)}")
            continue
        if isinstance(spec, str):
            spec = {"family": spec}
        m = r.mapping(spec, where, ("family",), ("weight", "style")) or {}
        weight = m.get("weight", fonts[role].weight)
        if weight not in FONT_WEIGHTS:
            r.add(join(where, "weight"), f"expected one of {', '.join(map(str, FONT_WEIGHTS))}, got {describe(weight)}")
        elif "family" in m and (family := r.text(m["family"], join(where, "family"))):
            fonts[role] = FontRole(family, weight, m.get("style", "normal"))
    art = dict(look.art)
    base = theme_file.parent
    for name, spec in (r.mapping(top.get("art", {}), "art", free=True) or {}).items():
        where = join("art", name)
        if name not in art:
            r.add(where, f"unknown art; expected one of: {', '.join(art) or 'none'}")
            continue
        if isinstance(art[name], dict):
            table = dict(art[name])
            for value, path in (r.mapping(spec, where, free=True) or {}).items():
                if value not in table:
                    r.add(join(where, value), f"unknown value; expected one of: {', '.join(table)}")
                elif (p := r.text(path, join(where, value))) is not None:
                    table[value] = ArtSource(base / p, base, f"{shown}: {join(where, value)}")
            art[name] = table
        elif (p := r.text(spec, where)) is not None:
            art[name] = ArtSource(base / p, base, f"{shown}: {where}")
    problems.raise_if_any()
    return dataclasses.replace(look, palette=palette, players=tuple(players), fonts=fonts, art=art,
                               font_folders=(*look.font_folders, base / "fonts"), theme_file=theme_file)
