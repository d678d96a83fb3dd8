"""Hostile input, class by class: each is refused with one line per problem, exit 2, no traceback,
nothing outside the given folders read into the output, and bounded time."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import pnp, job_folder

ROOT = Path(__file__).parent.parent
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'


def build(game: Path) -> tuple[int, list[str]]:
    return pnp("build", game.name, "--out", "out", "--formats", "svg", cwd=game.parent)


# -- files outside the folder ------------------------------------------------------------------------
def test_a_template_linked_outside_the_game_folder_is_refused_unread(game, tmp_path):
    (tmp_path / "secret.txt").write_text("TOP-SECRET-CONTENT")
    target = game / "templates/demo/plain-back.svg.j2"
    target.unlink()
    target.symlink_to(tmp_path / "secret.txt")
    code, err = build(game)
    assert code == 2 and len(err) == 1 and "lies outside" in err[0] and "template" in err[0]
    out = tmp_path / "out"
    assert not any("TOP-SECRET" in p.read_text(errors="ignore") for p in out.rglob("*") if p.is_file())


def test_an_included_template_linked_outside_is_refused(game, tmp_path):
    (tmp_path / "secret.txt").write_text("TOP-SECRET-CONTENT")
    (game / "templates/demo/leak.svg.j2").symlink_to(tmp_path / "secret.txt")
    (game / "templates/demo/plain-back.svg.j2").write_text(SVG.format('<desc>{% include "demo/leak.svg.j2" %}</desc>'))
    code, err = build(game)
    assert code == 2 and len(err) == 1 and "lies outside" in err[0]


def test_a_csv_linked_outside_the_game_folder_is_refused(game, tmp_path):
    (tmp_path / "rows.csv").write_text("title,colour\nAlpha,#d35400\n")
    (game / "cards.csv").symlink_to(tmp_path / "rows.csv")
    spec = (game / "game.yaml").read_text()
    start = spec.index("    rows:\n      - {title: Alpha")
    end = spec.index("    count: 2")
    (game / "game.yaml").write_text(spec[:start] + "    rows: cards.csv\n" + spec[end:])
    code, err = build(game)
    assert code == 2 and len(err) == 1 and "lies outside" in err[0] and "game.yaml" in err[0]


def test_a_spec_linked_outside_is_refused(game, tmp_path):
    shutil.move(game / "game.yaml", tmp_path / "elsewhere.yaml")
    (game / "game.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    code, err = build(game)
    assert code == 2 and len(err) == 1 and "lies outside" in err[0]


# -- SVG art -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("body, found", [
    ('<rect width="10" height="10" onload="alert(1)"/>', 'event attribute onload="..."'),
    ('<rect width="10" height="10" ONCLICK="x()"/>', "event attribute ONCLICK"),
    ('<style>@IMPORT url(http://evil/x.css);</style>', 'CSS "@import"'),
    ('<style>@\\69mport "http://evil/x.css";</style>', 'CSS "@import"'),
    ('<rect width="10" height="10" style="fill: URL(http://evil/p.svg#g)"/>', 'reference "url(http://evil/p.svg#g)"'),
    ('<rect width="10" height="10" style="fill: u\\72l(http://evil/p)"/>', 'reference "url(http://evil/p)"'),
    ('<rect width="10" height="10" fill="url( \'https://evil/p\' )"/>', 'reference "url(https://evil/p)"'),
    ('<script>alert(1)</script>', "<script> is refused"),
    ('<foreignObject><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject>', "<foreignObject> is refused"),
    ('<use href="other.svg#x"/>', 'reference "other.svg#x" on <use> is refused'),
    ('<image href="data:image/png;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/>', "says image/png but its bytes"),
    ('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>', "<a> is refused"),
    ('<rect width="1e999" height="10"/>', 'width="1e999" on <rect> is not a finite number'),
    ('<circle r="NaN"/>', 'r="NaN" on <circle> is not a finite number'),
])
def test_svg_art_outside_the_allow_list_is_refused(game, body, found):
    (game / "art/star.svg").write_text(SVG.format(body))
    code, err = build(game)
    assert code == 2 and err and all(line.startswith("error: demo/art/star.svg: ") for line in err)
    assert any(found in line for line in err), err


@pytest.mark.parametrize("view_box", ["NaN NaN 10 10", "0 0 1e999 10", "0 0 inf 10", "0 0 0 10"])
def test_a_view_box_that_is_not_a_finite_size_is_refused(game, view_box):
    (game / "art/star.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}"/>')
    code, err = build(game)
    assert code == 2 and len(err) >= 1 and "demo/art/star.svg" in err[0]
    assert not list((game.parent / "out").rglob("*.svg"))


def test_a_utf16_doctype_with_an_entity_is_refused_unexpanded(game, tmp_path):
    (tmp_path / "passwd").write_text("root:x:0:0")
    text = (f'<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file://{tmp_path}/passwd">]>'
            '\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>&x;</text></svg>')
    (game / "art/star.svg").write_bytes(text.encode("utf-16"))
    code, err = build(game)
    assert code == 2 and len(err) == 1 and "DOCTYPE or ENTITY" in err[0]


def test_art_nested_ten_thousand_deep_is_one_line(game):
    (game / "art/star.svg").write_text(SVG.format("<g>" * 10_000 + "</g>" * 10_000))
    code, err = build(game)
    assert code == 2 and err == ["error: demo/art/star.svg: SVG art nested more than 64 elements deep is refused"]


def test_inkscape_metadata_is_dropped_not_refused(game):
    (game / "art/star.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 10 10">'
        '<sodipodi:namedview id="nv"/><g inkscape:label="Layer 1"><rect width="10" height="10" fill="#f00"/></g></svg>')
    code, err = build(game)
    assert code == 0, err
    svg = next((job_folder(game.parent / "out", "demo") / "svg").glob("card-alpha-*.svg")).read_text()
    assert "inkscape" not in svg and "namedview" not in svg


# -- templates that fail while running ------------------------------------------------------------------
@pytest.mark.parametrize("body, found", [
    ("{{ 1 / 0 }}", "ZeroDivisionError: division by zero"),
    ("{% for i in range(10000000) %}x{% endfor %}", "range() of 10000000 items is more than the limit of 10000"),
    ('{{ fit("a") }}', "TypeError: fit() missing 6 required positional arguments"),
    ('{{ place("not art", 0, 0, 1, 1) }}', "place() expects art, got str"),
])
def test_a_template_failing_while_it_runs_names_template_line_and_design(game, body, found):
    (game / "templates/demo/plain-back.svg.j2").write_text(SVG.format("\n" + body + "\n"))
    code, err = build(game)
    assert code == 2 and len(err) == 1
    assert err[0].startswith("error: demo/templates/demo/plain-back.svg.j2:2: design hex-back: "), err
    assert found in err[0]


# -- input that would eat the machine ---------------------------------------------------------------------
def test_ten_million_copies_are_refused_at_once(game):
    spec = (game / "game.yaml").read_text().replace("    count: 2\n", "    count: 10000000\n", 1)
    (game / "game.yaml").write_text(spec)
    code, err = pnp("build", "demo", "--out", "out", cwd=game.parent, timeout=10)
    assert code == 2 and err == ["error: demo/game.yaml:29: components[0].count: expected a whole number of at most "
                                 "10000, got 10000000"]


def test_a_yaml_alias_bomb_is_refused_at_once(game):
    bomb = 'a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]\n' + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 9))
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("title: Demo\n", "title: Demo\n" + bomb
                                    .replace("a0:", "x-a0:")))
    code, err = pnp("build", "demo", "--out", "out", cwd=game.parent, timeout=10)
    assert code == 2 and len(err) == 1 and "more than 200000 values once aliases are followed" in err[0]


def test_a_spec_nested_ten_thousand_deep_is_one_line(game):
    (game / "game.yaml").write_text("id: demo\nnest: " + "[" * 10_000 + "]" * 10_000 + "\n")
    code, err = pnp("build", "demo", "--out", "out", cwd=game.parent, timeout=10)
    assert code == 2 and err == ["error: demo/game.yaml:2: nested more than 40 levels deep (the limit)"]


def test_one_bad_length_in_the_board_is_one_line(tmp_path):
    shutil.copytree(ROOT / "components" / "nyakuza", tmp_path / "nyakuza")
    spec = tmp_path / "nyakuza" / "game.yaml"
    spec.write_text(spec.read_text().replace("size: {value: [470mm, 345mm]", "size: {value: [470mm, 34x5mm]"))
    code, err = pnp("check", "nyakuza", cwd=tmp_path)
    assert code == 2 and err == ['error: nyakuza/game.yaml:79: components[0].size[1]: expected a length like '
                                 '"50mm", got "34x5mm"']


def test_a_templates_folder_linked_outside_is_refused(game, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(game / "templates", elsewhere)
    (elsewhere / "demo" / "plain.svg.j2").write_text("TOP-SECRET {{ 1 }}")
    shutil.rmtree(game / "templates")
    (game / "templates").symlink_to(elsewhere)
    code, err = build(game)
    assert code == 2 and err and all("lies outside" in line for line in err)


def test_an_art_symlink_loop_is_one_line(game):
    (game / "art/star.svg").unlink()
    (game / "art/loop.svg").symlink_to("star.svg")
    (game / "art/star.svg").symlink_to("loop.svg")
    code, err = build(game)
    assert code == 2 and len(err) == 1 and "star.svg" in err[0]


@pytest.mark.parametrize("call, found", [
    ("place(art.emblem, 0, 0, -5, 5)", "place() expects a box of positive size"),
    ('fit("x", "body", 0, 0, geo.W * 1e308 * 10, 5, 5)', "fit() expects a finite number for w"),
    ('mix("#000000", "#ffffff", 2)', "mix() expects two colours"),
])
def test_helpers_refuse_impossible_numbers(game, call, found):
    (game / "templates/demo/plain-back.svg.j2").write_text(SVG.format("\n{{ " + call + " }}\n"))
    code, err = build(game)
    assert code == 2 and len(err) == 1 and found in err[0] and ":2: design hex-back" in err[0], err


@pytest.mark.parametrize("body, found", [
    ('<script>alert(1)</script>', "<script> is refused in a design"),
    ('<rect width="1" height="1" onclick="x()"/>', 'event attribute onclick="..." on <rect> is refused'),
    ('<image href="https://example.com/t.png" width="1" height="1"/>', 'reference "https://example.com/t.png"'),
])
def test_a_template_cannot_write_scripts_or_outside_references_into_a_design(game, body, found):
    """The SVG files of a build are opened in browsers: a shared template is held to the art allow-list."""
    (game / "templates/demo/plain-back.svg.j2").write_text(SVG.format(body))
    code, err = build(game)
    assert code == 2 and len(err) == 1 and found in err[0]
    assert err[0].startswith("error: demo/templates/demo/plain-back.svg.j2: design hex-back: ")
