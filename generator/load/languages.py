"""`languages:`: the other languages a game prints in, each with the fonts, labels, seat names and title that differ
from the default language's (the rows' text is in their `field@code` columns, read with the rows). Every name must
be one the game has, so a misspelt role, label or seat is an error, not a setting that silently does nothing;
generator/model/edition.py makes an edition from them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from generator.common import paths
from generator.common.errors import PunchboardError, did_you_mean
from generator.load.reader import Reader
from generator.load.schema import keys
from generator.load.yamlio import join
from generator.model.game import DEFAULT_LANGUAGE, SHRINK_FLOOR_PT, FontRole, Language, frozen_map


@dataclass(frozen=True)
class Editions:
    """What the spec says of its languages: its own (`language:`), its shrink floor and the others."""

    default: str
    floor: float
    languages: dict[str, Language]

    def game_fields(self) -> dict[str, Any]:
        """The Game's fields they fill (a loaded game is in its default language)."""
        return {"language": self.default, "default_language": self.default, "languages": frozen_map(self.languages),
                "shrink_floor_pt": self.floor}


def read_editions(r: Reader, top: dict, fonts: Mapping[str, FontRole], labels: Mapping[str, str], seats: list[str],
                  folder: Path) -> Editions:
    """`language`, `shrink_floor_pt` and `languages` of the spec's top."""
    default = r.field(top, "game", "language", "")
    floor = r.field(top, "game", "shrink_floor_pt", "")
    languages = read_languages(r, r.field(top, "game", "languages", ""), default, fonts, labels, seats, folder)
    return Editions(default or DEFAULT_LANGUAGE, SHRINK_FLOOR_PT if floor is None else floor, languages)


def read_languages(r: Reader, value: Any, default: str | None, fonts: Mapping[str, FontRole],
                   labels: Mapping[str, str], seats: list[str], folder: Path) -> dict[str, Language]:
    """code -> Language, for each entry that reads; `default` (the spec's own language) is not one of them."""
    m = r.mapping(value, "languages", free=True) or {}
    families = _families(r, folder) if any(isinstance(s, dict) and s.get("fonts") for s in m.values()) else []
    out = {}
    for code, spec in m.items():
        where = join("languages", str(code))
        if r.language(code, where) is None:
            continue
        if code == default:
            r.add(where, f'"{code}" is the default language (language: {code}): the spec\'s own text is in it; '
                         "list only the other languages here")
            continue
        s = r.mapping({} if spec is None else spec, where, *keys("language"))
        if s is None:
            continue
        title, subtitle, floor = (r.field(s, "language", k, where) for k in ("title", "subtitle", "shrink_floor_pt"))
        out[code] = Language(code, title, subtitle,
                             frozen_map(_fonts(r, r.field(s, "language", "fonts", where), join(where, "fonts"), fonts,
                                               families)),
                             frozen_map(_names(r, r.field(s, "language", "labels", where), join(where, "labels"),
                                               list(labels), "label")),
                             frozen_map(_names(r, r.field(s, "language", "players", where), join(where, "players"),
                                               seats, "seat")), floor)
    return out


def _families(r: Reader, folder: Path) -> list[str]:
    """The font families a build finds: the shipped ones and the game's own `fonts/`."""
    from generator.load.fonts import font_book

    try:
        return font_book((paths.FONTS, folder / "fonts")).families()
    except PunchboardError as exc:         # a damaged font file: said with the spec's other mistakes
        r.problems.problems.extend(exc.problems)
        return []


def _fonts(r: Reader, value: Any, where: str, fonts: Mapping[str, FontRole], families: list[str]) -> dict:
    """role -> font, each role one the game's `fonts:` names (the templates ask for roles, not families)."""
    out = {}
    for role, spec in (r.mapping(value, where, free=True) or {}).items():
        here = join(where, str(role))
        if role not in fonts:
            r.add(here, f"unknown font role; expected one of the game's fonts: {', '.join(fonts) or 'none'}"
                        f"{did_you_mean(str(role), list(fonts))}")
        elif (f := r.font(spec, here, fonts[role].weight, families)) is not None:
            out[role] = f
    return out


def _names(r: Reader, value: Any, where: str, known: list[str], what: str) -> dict[str, str]:
    """name -> text in this language, each name one the game has (a label, a seat id)."""
    out = {}
    for key, text in (r.mapping(value, where, free=True) or {}).items():
        here = join(where, str(key))
        if key not in known:
            r.add(here, f"unknown {what}; expected one of: {', '.join(map(str, known)) or 'none'}"
                        f"{did_you_mean(str(key), [str(k) for k in known])}")
        elif (t := r.text(text, here)) is not None:
            out[key] = t
    return out
