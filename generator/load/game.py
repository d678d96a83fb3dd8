"""Load `components/<game>/game.yaml` into the frozen `Game` model, reporting every mistake at once."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import AbstractSet, Any

from generator.common import paths
from generator.common.confine import inside
from generator.common.errors import OptionError, ProblemCollector, did_you_mean, display_path
from generator.model.game import (INK_SAVER, INK_SAVER_NOTE, ColourChecks, Component, Demand, FontRole, Game, PlayerColour,
                             SetupEntry, Style, TextPair, frozen_map)
from generator.common.limits import MAX_PIECES, MAX_SEATS
from generator.load.invariants import read_invariants
from generator.load.languages import read_editions
from generator.load.components import ComponentReader
from generator.load.placement import link_fits
from generator.load.publishing import read_publishing
from generator.load.reader import SLUG, Reader
from generator.load.schema import keys
from generator.load.yamlio import join, load_yaml
from generator.common.units import describe

ART_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg", ".webp")   # what art by folder picks up

TOP_REQUIRED, TOP_OPTIONAL = keys("game")


def game_folders() -> list[Path]:
    """Every game shipped under components/, in id order."""
    return sorted(p.parent for p in paths.COMPONENTS.glob("*/game.yaml"))


def local_game_folders(where: Path = Path(".")) -> list[Path]:
    """The game folders a user keeps here (where `pnp new` writes them): `where` itself if it holds a game.yaml,
    then each folder in it that does, by name; hidden folders and the shipped games are left out."""
    shipped = {p.resolve() for p in game_folders()}
    try:
        found = sorted((p for p in where.iterdir() if not p.name.startswith(".") and _is_folder(p)),
                       key=lambda p: p.name)
    except OSError:                       # an unreadable folder has no games to list
        found = []
    return [p for p in [where, *found] if _holds_spec(p) and p.resolve() not in shipped]


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _holds_spec(folder: Path) -> bool:
    try:
        return (folder / "game.yaml").is_file()
    except OSError:                       # a folder we may not look into
        return False


def resolve_game(name: str) -> Path:
    """A game id under components/, or the path of any folder holding a game.yaml."""
    candidate = Path(name)
    if (candidate / "game.yaml").is_file():
        return candidate
    if SLUG.match(name) and (paths.COMPONENTS / name / "game.yaml").is_file():
        return paths.COMPONENTS / name
    known = ", ".join(p.name for p in game_folders())
    raise OptionError(f'unknown game "{name}"; expected one of: {known}, or the path of a folder with a game.yaml')


def load_game(name_or_folder: str | Path, placeholders: bool = False) -> Game:
    """The game's model; `placeholders` (pnp build --placeholders): art files that are missing are no
    error here, and print as labelled placeholders (render/art.py)."""
    folder = resolve_game(str(name_or_folder))
    spec_file = folder / "game.yaml"
    data, lines = load_yaml(spec_file)
    problems = ProblemCollector(display_path(spec_file), lines)
    game = _GameReader(Reader(problems), folder, spec_file, placeholders).read(data)
    problems.raise_if_any()
    assert game is not None
    return dataclasses.replace(game, lines=frozen_map(lines))


class _GameReader:
    def __init__(self, r: Reader, folder: Path, spec_file: Path, placeholders: bool = False):
        self.r = r
        self.placeholders = placeholders
        self.folder = folder
        self.spec_file = spec_file
        self.seats_written = 0
        self.folder_tables: dict[str, str] = {}   # art names given as a folder: value -> file of that name

    def read(self, data: Any) -> Game | None:
        r = self.r
        top = r.mapping(data, "", TOP_REQUIRED, TOP_OPTIONAL)
        if top is None:
            return None
        game_id, title = r.field(top, "game", "id", ""), r.field(top, "game", "title", "")
        pmin, pmax = self.players(top.get("players"))
        colours = self.player_colours(r.field(top, "game", "player_colours", ""))
        palette, cmyk = self.palette(r.field(top, "game", "palette", ""), "palette")
        fonts = self.fonts(r.field(top, "game", "fonts", ""))
        styles = self.styles(r.field(top, "game", "styles", ""))
        art = self.art(r.field(top, "game", "art", ""))
        icons = self.icons(r.field(top, "game", "icons", ""))
        rules_from = r.field(top, "game", "rules_from", "")
        labels = self.labels(r.field(top, "game", "labels", ""))
        words = read_editions(r, top, fonts, labels, [c.id for c in colours], self.folder)
        parts = ComponentReader(r, self.folder, set(self.folder_tables), self.placeholders, tuple(words.languages),
                                words.default)
        components = parts.components(top.get("components"), art)
        self.link(parts, top.get("components"), art, components)
        setup = self.setup(r.field(top, "game", "setup", ""), components, pmin, pmax, parts.declared)
        rules = self.rules(r.field(top, "game", "rules", ""))
        invariants = read_invariants(r, r.field(top, "game", "invariants", ""), components)
        notes = self.notes(r.field(top, "game", "notes", ""))
        colour_checks = self.colour_checks(r.field(top, "game", "colour_checks", ""), palette)
        subtitle, edition, rulebook = (r.field(top, "game", k, "") or "" for k in ("subtitle", "edition", "rulebook"))
        publishing = read_publishing(r, top, art)
        self.check_whole(game_id, components, pmax, len(colours))
        if r.problems.problems:
            return None
        return Game(
            id=game_id, title=title, folder=self.folder, spec_file=self.spec_file,
            players_min=pmin, players_max=pmax, player_colours=tuple(colours),
            palette=frozen_map(palette), palette_cmyk=frozen_map(cmyk), fonts=frozen_map(fonts), styles=frozen_map(styles),
            art=frozen_map(art), labels=frozen_map(labels), components=tuple(components), setup=tuple(setup),
            rules=frozen_map(rules),
            notes=tuple(frozen_map(n) for n in notes), provenance=frozen_map(r.provenance), icons=frozen_map(icons),
            rules_from=rules_from, colour_checks=colour_checks, subtitle=subtitle, edition=edition, rulebook=rulebook,
            invariants=tuple(invariants), cover=publishing.cover, rulebook_pdf=publishing.rulebook_pdf,
            tts_url=publishing.tts_url, **words.game_fields())

    def check_whole(self, game_id: str | None, components: list[Component], pmax: int | None, seats: int) -> None:
        """What holds of the spec as a whole: seats for every player count, the piece limit, and a shipped game's id
        being its folder's name."""
        self.check_seats(components, pmax)
        if game_id and self.folder.name != game_id and self.folder.resolve().parent == paths.COMPONENTS.resolve():
            self.r.add("id", f'expected "{self.folder.name}" (the folder name), got "{game_id}"')
        self.limit_pieces(components, seats)

    def link(self, parts: ComponentReader, raw: Any, art: dict[str, Any], components: list[Component]) -> None:
        """What components say of each other and of the art: art folders used, map tiles, fits."""
        self.check_art_folders(art, components)
        parts.link_map_tiles(raw, components)
        link_fits(self.r, components, parts.declared)

    def check_seats(self, components: list[Component], pmax: int | None) -> None:
        """A colour for every seat of the per-player components."""
        if any(c.per_player for c in components) and pmax and self.seats_written < pmax:
            self.r.add("player_colours", f"expected a colour for each of the {pmax} seats of per-player components, "
                                         f"got {self.seats_written}")

    def labels(self, value: Any) -> dict[str, str]:
        """`labels:`: words the templates print, each a text."""
        return {k: t for k, v in (self.r.mapping(value, "labels", free=True) or {}).items()
                if (t := self.r.text(v, join("labels", k)))}

    def rules(self, value: Any) -> dict[str, Any]:
        """`rules:`: free values the game's rules package reads, with their provenance."""
        rules = self.r.mapping(value, "rules", free=True) or {}
        self.rule_provenance(rules, "rules")
        return rules

    def limit_pieces(self, components: list[Component], seats: int) -> None:
        """A build is bounded: counts that would print more than MAX_PIECES pieces are refused at once."""
        total = sum(c.total_count(max(seats, 1)) for c in components)
        if total > MAX_PIECES:
            largest = max(components, key=lambda c: c.total_count(max(seats, 1)))
            self.r.add("components", f"{total} pieces in all is more than the limit of {MAX_PIECES} per build "
                                     f'(the most: "{largest.id}", {largest.total_count(max(seats, 1))})')

    def rule_provenance(self, value: Any, where: str) -> None:
        """Record where rule values came from; the rules module validates the values themselves."""
        if isinstance(value, dict) and "value" in value and "source" in value:
            self.r.unwrap(value, where)
        elif isinstance(value, dict):
            for key, item in value.items():
                self.rule_provenance(item, join(where, str(key)))

    # -- sections ---------------------------------------------------------------------------
    def players(self, value: Any) -> tuple[int, int]:
        r = self.r
        value = r.unwrap(value, "players")
        if isinstance(value, int) and not isinstance(value, bool):
            n = r.integer(value, "players", minimum=1)
            return (n or 0, n or 0)
        m = r.mapping(value, "players", *keys("players"))
        if m is None:
            return (0, 0)
        lo, hi = r.field(m, "players", "min", "players"), r.field(m, "players", "max", "players")
        if lo and hi and lo > hi:
            r.add("players", f"expected min <= max, got min {lo} and max {hi}")
        return (lo or 0, hi or 0)

    def player_colours(self, value: Any) -> list[PlayerColour]:
        r = self.r
        items = r.sequence(value, "player_colours") or []
        self.seats_written = len(items)      # a seat with a mistake still counts as written
        if len(items) > MAX_SEATS:           # every pair of seats is compared: bounded before any is read
            r.add("player_colours", f"{len(items):,} seats is more than the limit of {MAX_SEATS}; expected one "
                                    "entry per seat of the game")
            return []
        out, seen = [], set()
        for i, item in enumerate(items):
            where = join("player_colours", i)
            m = r.mapping(item, where, *keys("player_colours"))
            if m is None:
                continue
            pid, name, colour, pattern, symbol = (r.field(m, "player_colours", k, where)
                                                  for k in ("id", "name", "colour", "pattern", "symbol"))
            if pid in seen:
                r.add(join(where, "id"), f'duplicate player id "{pid}"')
            seen.add(pid)
            if pid and name and colour and pattern is not None and symbol is not None:
                out.append(PlayerColour(pid, name, colour, pattern, symbol))
        return out

    def palette(self, value: Any, where: str) -> tuple[dict[str, str], dict[str, tuple[float, ...]]]:
        """name -> "#rrggbb", and the exact press colours of the entries written {colour, cmyk}."""
        r = self.r
        m = r.mapping(value, where, free=True) or {}
        colours, cmyk = {}, {}
        for key, entry in m.items():
            if r.slug(key, join(where, key)):
                colour, exact = r.palette_entry(entry, join(where, key))
                if colour:
                    colours[key] = colour
                    if exact:
                        cmyk[key] = exact
        return colours, cmyk

    def fonts(self, value: Any) -> dict[str, FontRole]:
        r = self.r
        m = r.mapping(value, "fonts", free=True) or {}
        return {role: f for role, spec in m.items() if (f := r.font(spec, join("fonts", role))) is not None}

    def styles(self, value: Any) -> dict[str, Style]:
        r = self.r
        m = r.mapping(value, "styles", free=True) or {}
        out = {"colour": Style("colour"), INK_SAVER: Style(INK_SAVER, note=INK_SAVER_NOTE, ink_saver=True)}
        for name, spec in m.items():
            where = join("styles", name)
            if not r.slug(name, where):
                continue
            s = r.mapping(spec, where, *keys("style"))
            if s is None:
                continue
            palette, cmyk = self.palette(r.field(s, "style", "palette", where), join(where, "palette"))
            line_art = r.field(s, "style", "line_art", where)
            note = r.field(s, "style", "note", where) or ""
            out[name] = Style(name, frozen_map(palette), bool(line_art), note, frozen_map(cmyk),
                              ink_saver=name == INK_SAVER)   # a game's own ink-saver colours, then the same pass
        return out

    def art(self, value: Any) -> dict[str, Any]:
        """name -> path, or data field -> {value -> path}; paths stay relative to the game folder."""
        r = self.r
        m = r.mapping(value, "art", free=True) or {}
        out: dict[str, Any] = {}
        for name, spec in m.items():
            where = join("art", name)
            if isinstance(spec, str) and spec.endswith("/"):
                out[name] = self.art_folder(spec, where)
                self.folder_tables[name] = spec
            elif isinstance(spec, dict):
                out[name] = {k: p for k, v in spec.items() if (p := r.text(v, join(where, k)))}
            elif (p := r.text(spec, where)) is not None:
                out[name] = p
        return out

    def icons(self, value: Any) -> dict[str, str]:
        """Inline icons of rich text: `icons: {fish: art/fish.svg}`, or a folder (`icons: art/icons/`)
        whose every SVG, PNG or JPEG is an icon named after its file."""
        r = self.r
        if isinstance(value, str) and value.endswith("/"):
            return self.art_folder(value, "icons")
        return {k: p for k, v in (r.mapping(value, "icons", free=True) or {}).items()
                if r.slug(k, join("icons", k)) and (p := r.text(v, join("icons", k)))}

    def art_folder(self, spec: str, where: str) -> dict[str, str]:
        """`art: {icon: art/icons/}`: each value of the field "icon" has the file of that name in the folder."""
        folder = self.folder / spec
        if not inside(folder, [self.folder]) or not folder.is_dir():
            self.r.add(where, f'expected a folder inside the game folder, got "{spec}"')
            return {}
        files = sorted(p for p in folder.iterdir() if p.suffix.lower() in ART_SUFFIXES and p.is_file())
        return {p.stem: (Path(spec) / p.name).as_posix() for p in files}

    def check_art_folders(self, art: dict[str, Any], components: list[Component]) -> None:
        """One line per folder: the values with no file, and the files no value uses."""
        for name, spec in self.folder_tables.items():
            values = {str(row.fields[name]) for c in components for row in c.rows if name in row.fields}
            missing, unused = sorted(values - set(art[name])), sorted(set(art[name]) - values)
            if missing and self.placeholders:        # named after the value: the file to make
                art[name] = {**art[name], **{k: (Path(spec) / k).as_posix() for k in missing}}
            elif missing:
                files = ", ".join(Path(art[name][k]).name for k in unused) or "none"
                self.r.add(join("art", name), f'no file in {spec} for {len(missing)} value(s) of "{name}": '
                                              f'{", ".join(missing)}; files no value uses: {files}')

    def setup(self, value: Any, components: list[Component], pmin: int, pmax: int,
              declared: AbstractSet[str] = frozenset()) -> list[SetupEntry]:
        """Demands per player count; a component that failed to read is not reported again here."""
        r = self.r
        m = r.mapping(value, "setup", free=True) or {}
        ids = {c.id: c for c in components}
        out = []
        for players, needs in m.items():
            where = join("setup", str(players))
            if not isinstance(players, int) or not (pmin <= players <= pmax):
                if pmin and pmax:            # a range that failed to read was reported already, once
                    r.add(where, f"expected a player count from {pmin} to {pmax}, got {describe(players)}")
                continue
            n = r.mapping(needs, where, free=True)
            if n is None:
                continue
            demands = []
            for cid, need in n.items():
                here = join(where, cid)
                if cid not in ids:
                    if cid not in declared:
                        r.add(here, f'unknown component; expected one of: {", ".join(ids)}')
                    continue
                if isinstance(need, int) and not isinstance(need, bool):
                    total = r.integer(need, here, minimum=0)
                    if total is not None:
                        demands.append(Demand(cid, total=total))
                    continue
                demand = self.demand(cid, need, here, ids[cid].per_player)
                if demand is not None:
                    demands.append(demand)
            out.append(SetupEntry(players, tuple(demands)))
        if m and pmin and pmax:
            missing = [p for p in range(pmin, pmax + 1) if p not in m]
            if missing:
                r.add("setup", f"expected an entry for every player count; missing: {', '.join(map(str, missing))}")
        return sorted(out, key=lambda e: e.players)

    def demand(self, cid: str, need: Any, here: str, per_player: bool = False) -> Demand | None:
        """`{each: N, to_box, exact}` per player, or `{total: N}`; `drawn: true` on either says the share is
        taken from the whole set (so a build for one player count prints all of it)."""
        r = self.r
        d = r.mapping(need, here, *keys("setup_demand"))
        if d is None:
            return None
        if ("each" in d) == ("total" in d):
            r.add(here, 'expected one of "each" (pieces per player) or "total" (pieces in all)')
            return None
        to_box, shared, exact, drawn = (r.field(d, "setup_demand", k, here) for k in ("to_box", "shared", "exact", "drawn"))
        if "total" in d:
            total = r.field(d, "setup_demand", "total", here)
            beside = [k for k in ("to_box", "shared") if k in d]
            for k in beside:
                r.add(join(here, k), f'expected "{k}" only beside "each" (a total already counts it)')
            if None not in (total, exact, drawn) and not beside:
                return Demand(cid, total=total, exact=exact, drawn=drawn)
            return None
        if shared and per_player:
            r.add(join(here, "shared"), f'"{cid}" is per player: each seat has its own; expected "shared" only for a '
                                        "component the players share")
            return None
        each = r.field(d, "setup_demand", "each", here)
        if None not in (each, to_box, shared, exact, drawn):
            return Demand(cid, each=each, to_box=to_box, shared=shared, exact=exact, drawn=drawn)
        return None

    def colour_checks(self, value: Any, palette: dict[str, str]) -> ColourChecks:
        """`colour_checks: {strict: true, text: [{text: ink, background: paper}, ...]}`; roles must be palette names."""
        r = self.r
        m = r.mapping(value, "colour_checks", *keys("colour_checks")) or {}
        strict = bool(r.field(m, "colour_checks", "strict", "colour_checks"))
        if "text" not in m:
            return ColourChecks(strict=strict)
        roles = sorted({"white", "black", *palette})
        pairs = []
        for i, item in enumerate(r.sequence(m["text"], join("colour_checks", "text")) or []):
            where = join(join("colour_checks", "text"), i)
            p = r.mapping(item, where, *keys("text_pair")) or {}
            names = [r.text(p.get(k), join(where, k)) if k in p else None for k in ("text", "background")]
            for k, name in zip(("text", "background"), names):
                if name is not None and name not in roles:
                    r.add(join(where, k), f'unknown palette colour "{name}"; expected one of: {", ".join(roles)}'
                                          f'{did_you_mean(name, roles)}')
            large = bool(r.field(p, "text_pair", "large", where))
            text, background = names
            if text in roles and background in roles:
                pairs.append(TextPair(text, background, large))
        return ColourChecks(strict=strict, text=tuple(pairs))

    def notes(self, value: Any) -> list[dict]:
        r = self.r
        items = r.sequence(value, "notes") or []
        out = []
        for i, item in enumerate(items):
            where = join("notes", i)
            m = r.mapping(item, where, *keys("note"))
            if m and r.field(m, "note", "id", where) and r.field(m, "note", "text", where):
                r.field(m, "note", "severity", where)
                r.field(m, "note", "decision", where)
                out.append(m)
        return out

