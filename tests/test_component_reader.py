"""The component reader walks the key table (generator/load/components.py): every key of the schema's "component"
section has an entry that reads it, every Component field is filled by an entry, a key's default is the schema's,
the rules between keys run where the table puts them, and a value of the wrong kind is one line naming the file,
the line, the key and what was expected."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from generator.common.errors import ProblemCollector
from generator.model.game import Component
from generator.load import components, load_game, schema
from generator.load.components import COMPONENT_KEYS, FILLED_LATER, RULES, Key, Rule, table_problems, walk
from generator.load.piece import GameParts, Piece
from generator.load.reader import Reader
from generator.load.values import ValueReader
from test_spec_errors import VALID, errors, write_game   # the same small spec and helpers

ROOT = Path(__file__).parent.parent


def test_every_schema_key_has_one_entry_and_every_component_field_is_filled():
    declared = [f.key for f in schema.SCHEMA["component"].fields]
    assert sorted(k.key for k in COMPONENT_KEYS) == sorted(declared)
    filled = [f for k in COMPONENT_KEYS for f in k.into] + list(FILLED_LATER)
    assert sorted(filled) == sorted(f.name for f in dataclasses.fields(Component))
    assert table_problems() == []


def test_the_table_check_names_a_key_or_field_left_out():
    """A key added to the schema or a field added to Component, and not to the table, is named; so is an entry
    for no key, and a rule after a key the walk does not read first."""
    without_fits = tuple(k for k in COMPONENT_KEYS if k.key != "fits")
    assert table_problems(without_fits) == ['schema key "fits" has no entry in COMPONENT_KEYS',
                                            'Component field "fits" is filled by no key']
    stray = (*COMPONENT_KEYS, Key("colour", into=("colour",)))
    assert table_problems(stray) == ['COMPONENT_KEYS reads "colour", which is not a key of the schema',
                                     'COMPONENT_KEYS fills "colour", which is not a field of Component']
    late = (*RULES, Rule(components.corner_fits_the_size, after="fits"))
    assert table_problems(rules=late) == ['rule corner_fits_the_size runs after "fits", which is not read before '
                                          'the piece is built']


def test_a_schema_key_without_an_entry_stops_the_import():
    """Not a test away: a component key declared in the schema and not in the table fails at import."""
    code = ("import importlib\n"
            "from generator.load import components, schema\n"
            "s = schema.SCHEMA['component']\n"
            "schema.SCHEMA['component'] = schema.Section(s.intro, (*s.fields, schema.Field('colour', schema.TEXT, 'x')))\n"
            "importlib.reload(components)\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert 'RuntimeError: the component key table is out of step: schema key "colour" has no entry in ' \
           "COMPONENT_KEYS" in run.stderr


def test_the_walk_reads_every_entry_once_in_the_tables_order(tmp_path):
    read = []

    def spied(key: Key) -> Key:
        def spy(p: Piece):
            read.append(key.key)
            return key.value(p)
        return dataclasses.replace(key, read=spy)

    m = {"id": "card", "kind": "card", "size": ["63.5mm", "88.9mm"], "front": "demo/plain.svg.j2"}
    r = Reader(ProblemCollector("game.yaml"))
    card = walk(Piece(r, m, "components[0]", GameParts(tmp_path, set())), tuple(spied(k) for k in COMPONENT_KEYS))
    assert read == [k.key for k in COMPONENT_KEYS]
    assert r.problems.problems == []
    assert (card.id, card.width_mm, card.height_mm, card.front.template) == ("card", 63.5, 88.9, "demo/plain.svg.j2")


def test_a_needed_key_that_fails_builds_nothing_and_reads_no_spaces_or_fits(tmp_path):
    """The keys read once built are not read for a piece that failed: nothing sits on it."""
    text = VALID.replace("kind: card", "kind: card\n    count: x\n    spaces: {Slot: [66mm]}\n    fits: [{space: slot}]")
    assert errors(write_game(tmp_path, text)) == [
        'error: GAME/game.yaml:7: components[0].count: expected a whole number, got "x"']


@pytest.mark.parametrize("key, default, field, expected", [
    ("count", 3, "count", 3),
    ("rotatable", False, "rotatable", False),
    ("corner", "2mm", "corner_mm", 2.0),
    ("fill_corners", "2mm", "fill_corners", 2.0),
    ("orientation", "flat", "hex_orientation", "flat"),
    ("shape", "circle", "shape", "circle"),
])
def test_a_keys_default_is_the_schemas(tmp_path, monkeypatch, key, default, field, expected):
    """An absent key takes the default the schema's table gives it (and the docs show): change the table's default
    and the component read changes with it."""
    assert Key(key).field is schema.field("component", key)
    monkeypatch.setitem(schema._BY_KEY, ("component", key),
                        dataclasses.replace(schema.field("component", key), default=default))
    text = VALID if key != "shape" else VALID.replace("[63.5mm, 88.9mm]", "20mm")
    card = load_game(write_game(tmp_path, text)).component("card")
    assert (card.rows[0].count if field == "count" else getattr(card, field)) == expected


@pytest.mark.parametrize("written, expected", [
    ("count: many", '7: components[0].count: expected a whole number, got "many"'),
    ("count: 20000", "7: components[0].count: expected a whole number of at most 10000, got 20000"),
    ('rotatable: "no"', '7: components[0].rotatable: expected true or false, got "no"'),
    ("per_player: 1", "7: components[0].per_player: expected true or false, got 1"),
    ("orientation: sideways", '7: components[0].orientation: expected one of pointy, flat, got "sideways"'),
    ("corner: round", '7: components[0].corner: expected a length like "50mm", got "round"'),
    ("name: 5", "7: components[0].name: expected text, got 5"),
    ("note: [a]", "7: components[0].note: expected text, got a list"),
    ("params: [a]", "7: components[0].params: expected a mapping, got a list"),
    ("shape: oval", '7: components[0].shape: expected one of rect, rounded, circle, hex, outline, got "oval"'),
])
def test_a_value_of_the_wrong_kind_names_file_line_key_and_expectation(tmp_path, written, expected):
    text = VALID.replace("kind: card", "kind: card\n    " + written)
    assert errors(write_game(tmp_path, text)) == ["error: GAME/game.yaml:" + expected]


def test_a_rule_runs_right_after_the_keys_it_relates(tmp_path):
    """The net rule follows `size`, before `front` is read; the rules after every key follow `name` and `note`."""
    text = VALID.replace("kind: card", "kind: card\n    net: {tetrahedron: {edge: 40mm, tab: 6mm}}\n    name: 5\n"
                                       "    back: {template: demo/plain.svg.j2, vary_by: [rank]}") \
                .replace("front: demo/plain.svg.j2", "front: demo/plain.svg")
    assert errors(write_game(tmp_path, text)) == [
        "error: GAME/game.yaml:7: components[0].net: a net sets the size, shape, outline and folds; remove those keys",
        'error: GAME/game.yaml:11: components[0].front.template: expected a template file ending in ".svg.j2", '
        'got "demo/plain.svg"',
        "error: GAME/game.yaml:8: components[0].name: expected text, got 5",
        'error: GAME/game.yaml:9: components[0].back.vary_by: unknown field "rank"; expected one of: player, title, '
        "colour",
    ]


def test_readers_and_rules_are_functions_that_say_why():
    """The tables hold functions, not names: a renamed reader fails at import and is found by tools."""
    for section in schema.SCHEMA.values():
        for f in section.fields:
            reader = f.kind.reader
            assert reader is None or getattr(ValueReader, reader.__name__) is reader, f.key
    for key in COMPONENT_KEYS:
        assert key.read is None or (callable(key.read) and key.read.__doc__), key.key
    for rule in (*RULES, *FILLED_LATER.values()):
        assert callable(getattr(rule, "check", rule)) and getattr(rule, "check", rule).__doc__
