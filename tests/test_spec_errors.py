"""Bad specs: one line per problem, naming the file, line, key path and what was expected (exit 2)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from conftest import run_cli
from generator.common.errors import SpecError
from generator.load import load_game

VALID = """\
id: mini
title: Mini
players: 2
components:
  - id: card
    kind: card
    size: [63.5mm, 88.9mm]
    front: demo/plain.svg.j2
    rows:
      - {title: One, colour: "#ff0000"}
"""


def write_game(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "mini"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def errors(folder: Path) -> list[str]:
    with pytest.raises(SpecError) as exc:
        load_game(folder)
    return [str(p).replace(str(folder), "GAME") for p in exc.value.problems]


def test_a_valid_spec_loads(tmp_path):
    game = load_game(write_game(tmp_path, VALID))
    assert game.component("card").width_mm == 63.5
    assert game.component("card").rows[0].key == "one-ff0000"


def test_malformed_yaml_names_the_line(tmp_path):
    folder = write_game(tmp_path, VALID.replace("title: Mini", "title: [Mini"))
    assert errors(folder) == ["error: GAME/game.yaml:3: malformed YAML: expected ',' or ']', but got ':'"]


def test_unknown_key_bad_length_and_missing_key_are_reported_together(tmp_path):
    text = VALID.replace("kind: card", "kind: card\n    colour: red").replace("[63.5mm, 88.9mm]", "[63.5mm, fifty]")
    text = text.replace("title: Mini\n", "")
    assert errors(write_game(tmp_path, text)) == [
        'error: GAME/game.yaml:1: missing key "title"',
        "error: GAME/game.yaml:6: components[0].colour: unknown key; expected one of: back, columns, corner, count, fill_corners, fits, folds, "
        "front, hexmap, id, key, kind, name, net, note, orientation, outline, params, per_player, rotatable, rows, shape, "
        "size, spaces",
        'error: GAME/game.yaml:7: components[0].size[1]: expected a length like "50mm", got "fifty"',
    ]


def test_duplicate_keys_are_refused(tmp_path):
    folder = write_game(tmp_path, VALID.replace("players: 2", "players: 2\nplayers: 3"))
    assert errors(folder) == ["error: GAME/game.yaml:4: players: duplicate key (YAML would silently keep only the last one)"]


def test_a_designed_value_needs_a_reason(tmp_path):
    text = VALID.replace("size: [63.5mm, 88.9mm]", "size: {value: [63.5mm, 88.9mm], source: designed}")
    assert errors(write_game(tmp_path, text)) == [
        'error: GAME/game.yaml:7: components[0].size.note: a "designed" value needs a one-line note saying why']


def test_provenance_is_recorded(tmp_path):
    text = VALID.replace("size: [63.5mm, 88.9mm]", "size: {value: [63.5mm, 88.9mm], source: designed, note: poker}")
    game = load_game(write_game(tmp_path, text))
    assert game.provenance["components[0].size"].note == "poker"


def test_rows_must_share_their_fields(tmp_path):
    text = VALID + '      - {titel: Two, colour: "#00ff00"}\n'
    assert errors(write_game(tmp_path, text)) == [
        "error: GAME/game.yaml:11: components[0].rows[1].titel: unknown field; expected the fields of the first row: "
        "title, colour",
        'error: GAME/game.yaml:11: components[0].rows[1]: missing field "title"',
    ]


def test_setup_must_cover_every_player_count(tmp_path):
    text = VALID.replace("players: 2", "players: {min: 2, max: 4}") + "setup:\n  2: {card: 1}\n  5: {card: 1}\n"
    assert errors(write_game(tmp_path, text)) == [
        "error: GAME/game.yaml:13: setup.5: expected a player count from 2 to 4, got 5",
        "error: GAME/game.yaml:11: setup: expected an entry for every player count; missing: 3, 4",
    ]


def test_cli_prints_one_line_per_problem_and_exits_2(tmp_path):
    text = VALID.replace("kind: card", "kind: cardboard").replace("63.5mm, 88.9mm", "63.5mm, 88.9")
    code, out, err = run_cli("build", str(write_game(tmp_path, text)), "--out", str(tmp_path / "out"))
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 2 and all(line.startswith("error: ") for line in lines)
    assert "components[0].kind: expected one of card, tile, hex-tile, token, screen, standee, board, sheet, " \
           'got "cardboard"' in lines[0]
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.parametrize("path, expected", [
    ("M 0 0 L nan 5 L 5 5 Z", 'unexpected "nan 5 L 5 5" at character 9'),
    ("M 0 0 L 40 0 L 20 inf Z", 'unexpected "inf Z" at character 19'),
    ("M 0 0 L 1e999 0 L 20 30 Z", '"L" has a number beyond 2000 mm'),
    ("M 0 0 L 40 L 20 30 Z", '"L" expects 2 numbers, got 1'),
    ("L 0 0 L 40 0 L 20 30 Z", 'expected the path to start with "M", got "L"'),
    ("M 0 0 L 40 0 Z 7", '"Z" takes no numbers, got "7"'),
    ("M 0 0 Q 40 0 20 30 Z", 'unexpected "Q 40 0 20 30" at character 7'),
    ("M 0 0 L 40 0", "expected a closed outline of at least three points"),
])
def test_an_outline_the_cutter_could_not_read_is_one_line_when_the_spec_loads(tmp_path, path, expected):
    """Outlines are parsed with the spec: a broken path names its key and line, not the path parser's internals."""
    spec = VALID.replace("    size: [63.5mm, 88.9mm]\n", f'    size: [40mm, 30mm]\n    shape: outline\n    outline: "{path}"\n')
    [line] = errors(write_game(tmp_path, spec))
    assert line.startswith("error: GAME/game.yaml:9: components[0].outline: expected ") and expected in line, line


@pytest.mark.parametrize("path, points", [
    ("M 0 0 L 40 0 L 20 30 Z", [(0, 0), (40, 0), (20, 30)]),
    ("M0,0L40,0 20,30z", [(0, 0), (40, 0), (20, 30)]),
    ("m 0 0 h 40 v 30 h -40 z", [(0, 0), (40, 0), (40, 30), (0, 30)]),
    ("M 0 0 L 4e1 0 L +20 3.0E1 Z", [(0, 0), (40, 0), (20, 30)]),
])
def test_every_way_of_writing_an_outline_reads_the_same_points(tmp_path, path, points):
    from generator.geometry.outline import polygons

    spec = VALID.replace("    size: [63.5mm, 88.9mm]\n", f'    size: [40mm, 30mm]\n    shape: outline\n    outline: "{path}"\n')
    game = load_game(write_game(tmp_path, spec))
    [polygon] = polygons(game.component("card").outline)
    assert [(round(x, 6), round(y, 6)) for x, y in polygon] == points


@pytest.mark.parametrize("written, value", [("false", False), ("no", False), ("true", True)])
def test_rotatable_keeps_the_value_written_false_included(tmp_path, written, value):
    """A value that is false keeps its value: the key table's default (true) applies only to a key not written."""
    spec = VALID.replace("    front: demo/plain.svg.j2\n", f"    front: demo/plain.svg.j2\n    rotatable: {written}\n")
    assert load_game(write_game(tmp_path, spec)).component("card").rotatable is value


def test_unwritten_keys_take_the_documented_defaults(tmp_path):
    """docs/spec.md: count 1, rotatable true, per_player false."""
    card = load_game(write_game(tmp_path, VALID)).component("card")
    assert (card.rotatable, card.per_player, [r.count for r in card.rows]) == (True, False, [1])


@pytest.mark.parametrize("where", ["component", "row"])
def test_a_count_of_zero_keeps_its_zero(tmp_path, where):
    """`count: 0` (a row kept in the table but not printed) stays 0 rather than becoming the default 1."""
    spec = (VALID.replace("    rows:\n", "    count: 0\n    rows:\n") if where == "component" else
            VALID.replace('{title: One, colour: "#ff0000"}', '{title: One, colour: "#ff0000", count: 0}'))
    spec = spec.replace('      - {title: One', '      - {title: Two, colour: "#00ff00", count: 2}\n      - {title: One')
    game = load_game(write_game(tmp_path, spec))
    counts = {r.fields["title"]: r.count for r in game.component("card").rows}
    assert counts == {"Two": 2, "One": 0}, counts


@pytest.mark.parametrize("written, mm", [("0", 0.0), ("0mm", 0.0), ("2mm", 2.0), (None, 0.5)])
def test_a_fit_clearance_of_zero_keeps_its_zero(tmp_path, written, mm):
    """Izakaya's drink spot with `clearance: 0` must leave no gap, not the default 0.5 mm (docs/spec.md)."""
    import shutil
    from generator.common import paths

    folder = tmp_path / "izakaya"
    shutil.copytree(paths.COMPONENTS / "izakaya", folder)
    spec = (folder / "game.yaml").read_text()
    said = "{space: corner, holds: drink, clearance: 2mm}"
    assert said in spec
    spec = spec.replace(said, "{space: corner, holds: drink" + (f", clearance: {written}}}" if written else "}"))
    (folder / "game.yaml").write_text(spec)
    fits = [f for c in load_game(folder).components for f in c.fits if f.space == "corner"]
    assert [f.clearance_mm for f in fits] == [mm]
