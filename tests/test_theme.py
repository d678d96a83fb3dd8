"""Customising without touching the project: a theme file, and a game folder with its own templates and art."""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import Image

from conftest import DEMO, run_cli


def build(game: Path | str, out: Path, *extra: str) -> tuple[int, str, str]:
    return run_cli("build", str(game), "--out", str(out), "--formats", "svg,png", *extra)


def test_theme_recolours_players_and_palette_and_replaces_art(tmp_path):
    Image.new("RGB", (120, 120), (10, 200, 30)).save(tmp_path / "emblem.png")
    (tmp_path / "theme.yaml").write_text(
        "palette: {paper: '#112233'}\n"
        "players: {red: {colour: '#6a4c93', pattern: checks}}\n"
        "art: {emblem: emblem.png}\n")
    code, out, err = build(DEMO, tmp_path / "out", "--theme", str(tmp_path / "theme.yaml"))
    assert code == 0, err
    svg = tmp_path / "out" / "demo-theme-png-svg" / "svg"
    assert "#6a4c93" in (svg / "coin-red.svg").read_text()
    assert "#c0392b" not in (svg / "coin-red.svg").read_text()
    card = (svg / "card-alpha-d35400.svg").read_text()
    assert 'fill="#112233"' in card and "data:image/png;base64," in card
    # 120 px over a 37.5 mm box is 81 dpi: named, with the design it is printed on
    assert "emblem.png: 81 dpi at its printed size of 37.5 x 37.5 mm on card-alpha-d35400 (print needs 300 dpi)" in err
    png = Image.open(tmp_path / "out" / "demo-theme-png-svg" / "png" / "card-alpha-d35400.png").convert("RGB")
    assert (10, 200, 30) in {png.getpixel((x, 500)) for x in range(200, 600, 5)}


def test_theme_names_must_exist_in_the_game(tmp_path):
    (tmp_path / "theme.yaml").write_text(
        "palette: {papr: '#112233'}\nplayers: {purple: {colour: '#6a4c93'}}\nart: {emblem: gone.svg}\ncolours: {}\n")
    code, out, err = build(DEMO, tmp_path / "out", "--theme", str(tmp_path / "theme.yaml"))
    shown = err.replace(str(tmp_path) + "/", "")
    assert code == 2
    assert shown.splitlines() == [
        "error: theme.yaml:4: colours: unknown key; expected one of: art, fonts, palette, players",
        "error: theme.yaml:1: palette.papr: unknown palette colour; expected one of: accent, ink, paper",
        "error: theme.yaml:2: players.purple: unknown player; expected one of: red, blue, green",
        'error: theme.yaml:3: art.emblem: art file not found: "gone.svg"',   # in the same run as the rest
    ]


def test_patterns_and_fonts_are_checked_against_the_real_lists(tmp_path):
    """One reader for patterns and fonts, shared by spec and theme (issue 8: 'dot', 'itallic')."""
    (tmp_path / "theme.yaml").write_text(
        "players: {red: {pattern: dot}}\n"
        "fonts: {title: {family: Vollkorn, style: itallic}, body: {family: Comic Sans}}\n")
    code, out, err = build(DEMO, tmp_path / "out", "--theme", str(tmp_path / "theme.yaml"))
    shown = err.replace(str(tmp_path) + "/", "")
    assert code == 2
    assert shown.splitlines() == [
        'error: theme.yaml:1: players.red.pattern: expected one of plain, dots, stripes, checks, waves, seigaiha, '
        'got "dot" (did you mean "dots"?)',
        'error: theme.yaml:2: fonts.title.style: expected one of normal, italic, got "itallic" (did you mean "italic"?)',
        'error: theme.yaml:2: fonts.body.family: unknown font family "Comic Sans"; expected one of: Lato, '
        'Noto Sans CJK JP, Vollkorn',
    ]
    spec = (DEMO / "game.yaml").read_text().replace("pattern: dots", "pattern: dot")
    game = tmp_path / "demo"
    import shutil
    shutil.copytree(DEMO, game)
    (game / "game.yaml").write_text(spec)
    code, out, err = build(game, tmp_path / "out2")
    assert code == 2 and 'player_colours[0].pattern: expected one of plain, dots' in err
    assert len(err.splitlines()) == 1


def test_a_damaged_font_in_a_theme_is_one_line(tmp_path):
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Broken.ttf").write_bytes(b"\x00\x01\x00\x00" + b"garbage" * 50)
    (tmp_path / "theme.yaml").write_text("fonts: {body: {family: Lato}}\n")
    code, out, err = build(DEMO, tmp_path / "out", "--theme", str(tmp_path / "theme.yaml"))
    assert code == 2 and "Traceback" not in err
    assert err.replace(str(tmp_path) + "/", "").splitlines() == [
        "error: fonts/Broken.ttf: not a readable TrueType or OpenType font (TTLibError)"]


def test_theme_art_is_confined_to_the_theme_folder(tmp_path):
    (tmp_path / "themes").mkdir()
    (tmp_path / "themes" / "theme.yaml").write_text("art: {emblem: ../../etc/passwd.svg}\n")
    code, out, err = build(DEMO, tmp_path / "out", "--theme", str(tmp_path / "themes" / "theme.yaml"))
    assert code == 2 and "lies outside" in err and len(err.splitlines()) == 1


def test_a_game_folder_brings_its_own_templates(tmp_path):
    game = tmp_path / "demo"
    shutil.copytree(DEMO, game)
    (game / "templates" / "shared").mkdir()
    override = (Path(__file__).parent.parent / "templates/shared/macros.svg.j2").read_text()
    (game / "templates/shared/macros.svg.j2").write_text(override.replace(
        '<rect x="0" y="0" width="{{ geo.W|mm }}"', '<rect data-override="yes" x="0" y="0" width="{{ geo.W|mm }}"'))
    code, out, err = build(game, tmp_path / "out")
    assert code == 0, err
    assert 'data-override="yes"' in (tmp_path / "out/demo-png-svg/svg/card-alpha-d35400.svg").read_text()


def test_unknown_style_is_bad_input(tmp_path):
    code, out, err = build(DEMO, tmp_path / "out", "--style", "neon")
    assert code == 2
    assert err.strip() == 'error: --style: unknown style "neon" for demo; expected one of: colour, ink-saver'
