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
from typing import Any, Callable, Mapping

from generator.common import paths
from generator.common.confine import inside
from generator.common.errors import OptionError, option_problem, ProblemCollector, PunchboardError, did_you_mean, display_path
from generator.model.game import ArtSource, FontRole, Game, PlayerColour, Style
from generator.load.reader import Reader
from generator.load.schema import keys
from generator.load.yamlio import join, load_yaml

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
    icons: Mapping[str, ArtSource] = dataclasses.field(default_factory=dict)
    palette_cmyk: Mapping[str, tuple[float, ...]] = dataclasses.field(default_factory=dict)  # exact press colours
    placeholders: bool = False   # --placeholders: a missing art file prints as a labelled placeholder

    def press_colours(self) -> dict[tuple[int, int, int], tuple[float, float, float, float]]:
        """sRGB (0-255) -> CMYK (0-1) for every palette colour given its own `cmyk:` values (four, as read)."""
        return {_rgb255(self.palette[k]): _cmyk(v) for k, v in self.palette_cmyk.items() if k in self.palette}


def _cmyk(values: tuple[float, ...]) -> tuple[float, float, float, float]:
    c, m, y, k = values
    return c, m, y, k


def _rgb255(hex_colour: str) -> tuple[int, int, int]:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return r, g, b


def appearance(game: Game, theme_file: Path | None = None, style: str = "colour",
               placeholders: bool = False) -> Appearance:
    if style not in game.styles:
        raise OptionError(option_problem('{style}: unknown style "{said}" for {game}; expected one of: {known}{hint}',
                                         said=style, game=game.id, known=", ".join(game.styles),
                                         hint=did_you_mean(style, list(game.styles))))
    named = _named_in(game)
    art = {name: _sources(value, game.folder, join("art", name), named) for name, value in game.art.items()}
    look = Appearance(
        style=game.styles[style], palette=dict(game.palette), players=game.player_colours, fonts=dict(game.fonts),
        art=art, font_folders=(paths.FONTS, game.folder / "fonts"), palette_cmyk=dict(game.palette_cmyk),
        icons={name: ArtSource(game.folder / path, game.folder, named(join("icons", name)))
               for name, path in game.icons.items()}, placeholders=placeholders)
    if theme_file is not None:
        look = _apply_theme(game, look, theme_file)
    chosen = look.style          # a style's colours replace the game's, press colours included
    cmyk = {k: v for k, v in look.palette_cmyk.items() if k not in chosen.palette}
    return dataclasses.replace(look, palette={**look.palette, **chosen.palette},
                               palette_cmyk={**cmyk, **chosen.palette_cmyk})


def _named_in(game: Game) -> Callable[[str], str]:
    """`cafe/game.yaml:20: art.emblem`: the spec line that names an art file, for its messages."""
    spec = game.problems()

    def named(where: str) -> str:
        line = spec.line_of(where)
        return f"{spec.file}:{line}: {where}" if line else f"{spec.file}: {where}"
    return named


def _sources(value: Any, base: Path, where: str, named: Callable[[str], str]) -> Any:
    if isinstance(value, dict):
        return {k: ArtSource(base / v, base, named(join(where, str(k)))) for k, v in value.items()}
    return ArtSource(base / value, base, named(where))


def _apply_theme(game: Game, look: Appearance, theme_file: Path) -> Appearance:
    """Every mistake of a theme (names, colours, patterns, fonts and their files, art files) in one batch."""
    if not theme_file.is_file():
        raise OptionError(option_problem('{theme}: file not found: "{path}"', path=display_path(theme_file)))
    data, lines = load_yaml(theme_file)
    problems = ProblemCollector(display_path(theme_file), lines)
    r = Reader(problems)
    top = r.mapping(data if data is not None else {}, "", *keys("theme")) or {}
    base = theme_file.parent
    folders = (*look.font_folders, base / "fonts")
    palette, cmyk = _palette(r, game, look, r.field(top, "theme", "palette", ""))
    players = _players(r, look, r.field(top, "theme", "players", ""))
    fonts = _fonts(r, look, r.field(top, "theme", "fonts", ""), folders)
    art = _art(r, look, r.field(top, "theme", "art", ""), theme_file)
    problems.raise_if_any()
    return dataclasses.replace(look, palette=palette, players=players, fonts=fonts, art=art, font_folders=folders,
                               theme_file=theme_file, palette_cmyk=cmyk)


def _palette(r: Reader, game: Game, look: Appearance, value: Any) -> tuple[dict[str, str], dict]:
    """The theme's colours over the game's, and their press colours (a recoloured entry drops the game's)."""
    palette, cmyk = dict(look.palette), dict(look.palette_cmyk)
    known = set(game.palette) | {k for s in game.styles.values() for k in s.palette}
    for key, entry in (r.mapping(value, "palette", free=True) or {}).items():
        where = join("palette", key)
        if key not in known:
            r.add(where, f"unknown palette colour; expected one of: {', '.join(sorted(known))}")
            continue
        colour, exact = r.palette_entry(entry, where)
        if colour is not None:
            palette[key] = colour
            cmyk.pop(key, None)
            if exact:
                cmyk[key] = exact
    return palette, cmyk


def _players(r: Reader, look: Appearance, value: Any) -> tuple[PlayerColour, ...]:
    players = list(look.players)
    seats = {p.id: i for i, p in enumerate(players)}
    for pid, spec in (r.mapping(value, "players", free=True) or {}).items():
        where = join("players", pid)
        if pid not in seats:
            r.add(where, f"unknown player; expected one of: {', '.join(seats)}")
            continue
        m = r.mapping(spec, where, *keys("theme_player")) or {}
        changes = {}
        for key in ("colour", "pattern", "name", "symbol"):
            if (value := r.field(m, "theme_player", key, where)) is not None:
                changes[key] = value
        players[seats[pid]] = dataclasses.replace(players[seats[pid]], **changes)
    return tuple(players)


def _fonts(r: Reader, look: Appearance, value: Any, folders: tuple[Path, ...]) -> dict[str, FontRole]:
    from generator.load.fonts import font_book   # fonts are read only where a theme names some

    fonts = dict(look.fonts)
    given = r.mapping(value, "fonts", free=True) or {}
    if not given:
        return fonts
    try:
        families = font_book(tuple(folders)).families()
    except PunchboardError as exc:           # a damaged or escaping font file: named with the theme's mistakes
        r.problems.problems.extend(exc.problems)
        families = []
    for role, spec in given.items():
        where = join("fonts", role)
        if role not in fonts:
            r.add(where, f"unknown font role; expected one of: {', '.join(fonts)}")
        elif (f := r.font(spec, where, fonts[role].weight, families)) is not None:
            fonts[role] = f
    return fonts


def _art(r: Reader, look: Appearance, value: Any, theme_file: Path) -> dict[str, Any]:
    art, base, shown = dict(look.art), theme_file.parent, display_path(theme_file)

    def source(path: Any, where: str) -> ArtSource | None:
        p = r.text(path, where)
        if p is None:
            return None
        src = ArtSource(base / p, base, f"{shown}: {where}")
        if not inside(src.path, [base]):
            r.add(where, f'art "{p}" lies outside {display_path(base)}; expected a file inside it')
        elif not src.path.is_file() and not (look.placeholders and not src.path.exists()):
            r.add(where, f'art file not found: "{p}"')
        return src

    for name, spec in (r.mapping(value, "art", free=True) or {}).items():
        where = join("art", name)
        if name not in art:
            r.add(where, f"unknown art; expected one of: {', '.join(art) or 'none'}")
        elif isinstance(entry := art[name], dict):
            table = dict(entry)
            for key, path in (r.mapping(spec, where, free=True) or {}).items():
                if key not in table:
                    r.add(join(where, key), f"unknown value; expected one of: {', '.join(table)}")
                elif (src := source(path, join(where, key))) is not None:
                    table[key] = src
            art[name] = table
        elif (src := source(spec, where)) is not None:
            art[name] = src
    return art
