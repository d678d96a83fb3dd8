"""An edition: the game as it prints in one of its languages, from the same spec.

A row's translations sit beside its text (`title@de` beside `title`, read by the loader into `Row.translations`);
the spec's `languages:` gives each language its fonts, labels, seat names, title and shrink floor. An edition is
the same model with those put in place of the default language's: the same components, rows, counts and keys,
so every design id, file name and selector is the same in every language (the ids come from the default
language's text, which the loader keyed the rows by). A text with no translation keeps the default language's
and is listed by `untranslated`, for the build summary and `pnp check` to say so.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping

from generator.common.errors import OptionError, OptionProblem, did_you_mean, option_problem
from generator.model.columns import Column
from generator.model.designs import front_id
from generator.model.game import Component, Game, Row, frozen_map


@dataclass(frozen=True)
class Untranslated:
    """A text an edition prints in the default language: a row's field (on these front designs), or a label."""

    field: str                        # "text", or "labels.iris"
    designs: tuple[str, ...] = ()     # the row's front designs (one per seat of a per-player component)

    def __str__(self) -> str:
        return f"{', '.join(self.designs)} {self.field}" if self.designs else self.field


def languages_of(game: Game) -> list[str]:
    """Every language the game prints in: the default one first, then the spec's `languages:` in order."""
    return [game.default_language, *game.languages]


def blank(value: Any) -> bool:
    """An empty cell: no translation (the default language's text prints instead)."""
    return value is None or (isinstance(value, str) and not value.strip())


def edition(game: Game, code: str) -> Game:
    """The game in language `code`: the rows' translated cells, the language's fonts over the game's roles, its
    labels, seat names, title, subtitle and shrink floor; the default language's where it gives none. An unknown
    code is one problem about the `lang` option, naming the close match."""
    if code == game.default_language:
        return game
    if code not in game.languages:
        raise OptionError(unknown_language(game, code))
    lang = game.languages[code]
    players = tuple(dataclasses.replace(p, name=lang.players.get(p.id, p.name)) for p in game.player_colours)
    return dataclasses.replace(
        game, language=code, title=lang.title or game.title, subtitle=lang.subtitle or game.subtitle,
        fonts=frozen_map({**game.fonts, **lang.fonts}), labels=frozen_map({**game.labels, **lang.labels}),
        player_colours=players, components=tuple(_component(c, code) for c in game.components),
        shrink_floor_pt=lang.shrink_floor_pt if lang.shrink_floor_pt is not None else game.shrink_floor_pt)


def unknown_language(game: Game, code: str) -> OptionProblem:
    """`--lang: unknown language "dee" for tide; expected one of: de, ja (did you mean "de"?); en is the default...`."""
    known = list(game.languages)
    if not known:
        return option_problem('{lang}: unknown language "{said}" for {game}: it is written in {default} only; declare '
                              'the language under languages: in its game.yaml', said=code, game=game.id,
                              default=game.default_language)
    return option_problem('{lang}: unknown language "{said}" for {game}; expected one of: {known}{hint}; {default} is '
                          'the default and needs no {lang}', said=code, game=game.id, known=", ".join(known),
                          default=game.default_language, hint=did_you_mean(code, known))


def _component(c: Component, code: str) -> Component:
    rows = tuple(_row(r, code, c.columns) for r in c.rows)
    return dataclasses.replace(c, rows=rows) if rows != c.rows else c


def _row(row: Row, code: str, columns: Mapping[str, Column]) -> Row:
    """The row with its translated cells in place, typed by their columns as the default's are."""
    given = {f: v for f, v in row.translations.get(code, {}).items() if not blank(v)}
    if not given:
        return row
    typed = {f: (columns[f].judge(v)[0] if f in columns else v) for f, v in given.items()}
    return dataclasses.replace(row, fields=frozen_map({**row.fields, **typed}))


def translated_fields(c: Component) -> list[str]:
    """The fields of a component that some row translates into some language, in the rows' order."""
    return list(dict.fromkeys(f for r in c.rows for cells in r.translations.values() for f in cells))


def untranslated(game: Game, code: str) -> list[Untranslated]:
    """What the edition in `code` prints in the default language: each printed row's field that some row
    translates (into any language) but this row does not into `code`, then each label the language does not
    give. The title, subtitle and seat names keep the default's silently (a name often stays)."""
    if code == game.default_language or code not in game.languages:
        return []
    out = []
    for c in game.components:
        fields = translated_fields(c)
        seats = [p.id for p in game.player_colours] if c.per_player else [None]
        for row in (r for r in c.rows if r.count and fields):
            cells = row.translations.get(code, {})
            out += [Untranslated(f, tuple(front_id(c.id, row.key, s) for s in seats)) for f in fields
                    if blank(cells.get(f)) and not blank(row.fields.get(f))]
    given = game.languages[code].labels
    return out + [Untranslated(f"labels.{k}") for k in game.labels if k not in given]
