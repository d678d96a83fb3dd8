"""Templates and art: every failure is one line naming the file, and a failed build leaves no output."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from conftest import run_cli, job_folder
from generator.common import paths
from generator.common.errors import display_path


def build(game: Path, *extra: str) -> tuple[int, str, str, Path]:
    out = game.parent / "out"
    code, stdout, stderr = run_cli("build", str(game), "--out", str(out), "--formats", "svg", *extra)
    return code, stdout, stderr.replace(str(game.parent) + "/", ""), out


def assert_no_output(out: Path) -> None:
    assert not out.exists() or [p.name for p in out.iterdir()] == []


def test_missing_template(game):
    text = (game / "game.yaml").read_text().replace("demo/plain-back.svg.j2", "demo/nowhere.svg.j2")
    (game / "game.yaml").write_text(text)
    code, _, err, out = build(game)
    assert code == 2
    assert err.splitlines() == ['error: template not found: "demo/nowhere.svg.j2" (searched demo/templates and '
                                f"{display_path(paths.TEMPLATES)})"]
    assert_no_output(out)


def test_broken_template_names_file_and_line(game):
    (game / "templates/demo/plain-back.svg.j2").write_text("<svg>\n{% if %}\n</svg>\n")
    code, _, err, out = build(game)
    assert code == 2
    assert err.splitlines() == ["error: demo/templates/demo/plain-back.svg.j2:2: broken template: Expected an expression, got 'end of statement block'"]
    assert_no_output(out)


def test_undefined_variable_names_template_line_and_design(game):
    (game / "templates/demo/plain-back.svg.j2").write_text('<svg xmlns="http://www.w3.org/2000/svg">\n<rect fill="{{ colours.nope }}"/>\n</svg>\n')
    code, _, err, out = build(game)
    assert code == 2
    assert err.splitlines() == ['error: demo/templates/demo/plain-back.svg.j2:2: design hex-back: colours.nope: no '
                                '"nope"; colours has: white, black, paper, ink, accent']
    assert_no_output(out)


def test_text_is_escaped_so_it_cannot_break_the_svg(game):
    text = (game / "game.yaml").read_text().replace("{title: Alpha,", '{title: "Salt & <Pepper>",')
    (game / "game.yaml").write_text(text)
    code, _, err, out = build(game)
    assert code == 0, err
    svg = (job_folder(out, "demo") / "svg" / "card-salt-pepper-d35400.svg").read_text()
    assert "Salt &amp; &lt;Pepper&gt;" in svg


def test_text_that_cannot_fit_its_box_is_an_error(game):
    text = (game / "game.yaml").read_text().replace("{title: Alpha,", '{title: "' + "Supercalifragilistic" * 6 + '",')
    (game / "game.yaml").write_text(text)
    code, _, err, out = build(game)
    assert code == 2
    assert "does not fit a 57.5 x 14.0 mm box even at 1.76 mm type (safe zone 3 mm inside the trim)" in err
    assert_no_output(out)


def test_missing_art_file(game):
    (game / "art/star.svg").unlink()
    code, _, err, out = build(game)
    assert code == 2
    assert err.splitlines() == ['error: demo/game.yaml:18: art.emblem: art file not found: "demo/art/star.svg"']
    assert_no_output(out)


def test_art_path_may_not_leave_the_game_folder(game):
    (game.parent / "secret.svg").write_text((game / "art/star.svg").read_text())
    text = (game / "game.yaml").read_text().replace("emblem: art/star.svg", "emblem: ../secret.svg")
    (game / "game.yaml").write_text(text)
    code, _, err, out = build(game)
    assert code == 2
    assert err.splitlines() == ['error: demo/game.yaml:18: art.emblem: art "secret.svg" lies outside demo; '
                                "expected a file inside it"]
    assert_no_output(out)


def test_svg_with_an_external_entity_is_refused_and_never_expanded(game, tmp_path):
    (tmp_path / "passwd").write_text("root:x:0:0")
    (game / "art/star.svg").write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file://{tmp_path}/passwd">]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>&xxe;</text></svg>\n')
    code, _, err, out = build(game)
    assert code == 2
    assert err.splitlines() == ["error: demo/art/star.svg: SVG art with a DOCTYPE or ENTITY declaration is refused "
                                "(entities are never expanded); remove the declaration"]
    assert_no_output(out)


def test_svg_with_a_remote_reference_is_refused(game):
    (game / "art/star.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
        '<image xlink:href="https://example.com/tracker.png" width="10" height="10"/>'
        '<rect width="10" height="10" fill="url(http://example.com/p.svg#g)"/></svg>\n')
    code, _, err, out = build(game)
    assert code == 2
    assert err.splitlines() == [
        'error: demo/art/star.svg: reference "https://example.com/tracker.png" on <image> is refused (never fetched): '
        "only #id inside the file and embedded data:image/png, jpeg, gif or webp are allowed",
        'error: demo/art/star.svg: reference "url(http://example.com/p.svg#g)" is refused (never fetched): only url(#id)']
    assert_no_output(out)


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims a size; no pixel data is ever decoded."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))
            + struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND")))


def test_an_image_too_large_to_be_art_is_refused(game):
    (game / "art/huge.png").write_bytes(_png_header(40000, 30000))
    text = (game / "game.yaml").read_text().replace("emblem: art/star.svg", "emblem: art/huge.png")
    (game / "game.yaml").write_text(text)
    code, _, err, out = build(game)
    assert code == 2
    assert err.splitlines() == ["error: demo/art/huge.png: image of 40000 x 30000 pixels is too large to be a piece "
                                "of art (limit 60 megapixels, 20000 pixels a side)"]
    assert_no_output(out)


def test_a_failed_build_keeps_the_previous_output(game):
    code, _, err, out = build(game)
    assert code == 0
    before = sorted(p.name for p in (job_folder(out, "demo") / "svg").iterdir())
    (game / "templates/demo/plain-back.svg.j2").write_text("{% if %}")
    code, _, err, _ = build(game)
    assert code == 2
    assert sorted(p.name for p in (job_folder(out, "demo") / "svg").iterdir()) == before
    assert sorted(p.name for p in out.iterdir()) == [".demo-svg.lock", "demo-svg"]  # no staging folder left behind


def test_a_misspelt_macro_names_the_macro_file_and_the_close_match(game):
    """`m.badg(` for a macro the shared file does not have: the line names the macro file and its macros with
    the close match, not jinja2's `'jinja2.environment.TemplateModule object' has no attribute`."""
    (game / "templates/demo/plain-back.svg.j2").write_text(
        '{% import "shared/macros.svg.j2" as m with context %}\n<svg xmlns="http://www.w3.org/2000/svg">\n'
        '{{ m.framme("#000") }}\n</svg>\n')
    code, _, err, out = build(game)
    assert code == 2 and len(err.splitlines()) == 1, err
    assert "TemplateModule" not in err and 'no macro "framme" in shared/macros.svg.j2' in err, err
    assert '(did you mean "frame"?)' in err and "plain-back.svg.j2:3" in err, err
    assert_no_output(out)
