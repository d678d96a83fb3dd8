"""Customising colours safely: `pnp check --theme` warns when seats become hard to tell apart for
colour-blind players, and when text falls below WCAG 2 AA contrast.

The colour science is checked against published figures: the CIEDE2000 test pairs of Sharma, Wu and
Dalal (2005, table 1), the WCAG 2 contrast of known pairs, and the Machado et al. (2009) matrices.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import DEMO, run_cli
from generator.common.colours import ciede2000, contrast, difference, simulate

RED, GREEN = "#d62728", "#2ca02c"      # the red and green of the issue (matplotlib's tab:red and tab:green)


# Sharma, Wu, Dalal (2005), table 1: pairs 1, 2, 3, 4, 7, 9, 11, 13, 17, 25, 34 (hue wrap, blue rotation,
# near-zero chroma and large differences).
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.4900, -0.0010), (50.0, -2.4900, 0.0009), 7.1792),
    ((50.0, 2.4900, -0.0010), (50.0, -2.4900, 0.0011), 7.2195),
    ((50.0, -0.0010, 2.4900), (50.0, 0.0009, -2.4900), 4.8045),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA)
def test_ciede2000_matches_the_published_test_pairs(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("fg, bg, ratio", [("#000000", "#ffffff", 21.0), ("#777777", "#ffffff", 4.48),
                                           ("#767676", "#ffffff", 4.54), ("#ffffff", "#ffffff", 1.0)])
def test_wcag_contrast_of_known_pairs(fg, bg, ratio):
    assert round(contrast(fg, bg), 2) == ratio
    assert round(contrast(bg, fg), 2) == ratio


def test_machado_simulation_uses_the_published_severity_one_matrices():
    # Pure red in linear RGB is (1, 0, 0): the simulation gives the matrix's first column (negatives clipped).
    assert simulate("#ff0000", "protan") == pytest.approx((0.152286, 0.114503, 0.0), abs=1e-6)
    assert simulate("#ff0000", "deutan") == pytest.approx((0.367322, 0.280085, 0.0), abs=1e-6)
    assert simulate("#0000ff", "tritan") == pytest.approx((0.0, 0.147602, 0.303900), abs=1e-6)
    # Each row sums to 1, so a grey stays the grey it was for every deficiency.
    for vision in ("protan", "deutan", "tritan"):
        assert difference("#808080", "#808080", vision) < 1e-9
        assert simulate("#808080", vision) == pytest.approx(simulate("#808080", "normal"), abs=1e-5)


def test_red_and_green_merge_for_deuteranopes_only():
    assert difference(RED, GREEN) > 60              # far apart in normal vision
    assert difference(RED, GREEN, "deutan") < 6     # nearly the same for a deuteranope
    assert difference(RED, GREEN, "tritan") > 40


def theme(tmp_path: Path, text: str) -> str:
    path = tmp_path / "theme.yaml"
    path.write_text(text)
    return str(path)


def colour_checks(*argv: str) -> tuple[int, list[dict], str]:
    code, out, err = run_cli("check", *argv, "--json")
    assert code in (0, 1), err
    return code, [c for g in json.loads(out)["games"] for c in g["checks"] if c["kind"] == "colour"], out


def test_a_red_green_theme_names_the_pair_and_its_cues(tmp_path):
    code, checks, _ = colour_checks("nusfjord", "--theme", theme(
        tmp_path, f"players: {{red: {{colour: '{RED}'}}, green: {{colour: '{GREEN}'}}}}\n"))
    assert code == 0                                # warnings, not failures
    pair = [c for c in checks if c.get("seats") == ["red", "green"]]
    assert len(pair) == 1 and pair[0]["ok"] is None and pair[0]["severity"] == "warning"
    assert "deutan" in pair[0]["visions"] and "normal" not in pair[0]["visions"]
    assert "deuteranopia" in pair[0]["detail"] and RED in pair[0]["detail"] and GREEN in pair[0]["detail"]
    assert "pattern dots vs checks and symbol circle vs square still tell them apart" in pair[0]["detail"]
    # the text summary prints the whole warning, not a truncated table cell
    code, out, _ = run_cli("check", "nusfjord", "--theme", str(tmp_path / "theme.yaml"))
    line = next(x for x in out.splitlines() if x.strip().startswith("colour: Red (#d62728)"))
    assert "still tell them apart" in line


def test_without_the_theme_the_shipped_red_and_green_stay_apart():
    _, checks, _ = colour_checks("nusfjord")
    assert not [c for c in checks if c.get("seats") == ["red", "green"] and "protan" in c["visions"]]


def test_light_grey_ink_is_below_wcag_aa_with_its_ratio(tmp_path):
    code, checks, _ = colour_checks(str(DEMO), "--theme", theme(
        tmp_path, "palette: {ink: '#777777', paper: '#ffffff'}\n"))
    text = [c for c in checks if c["name"] == "text ink on paper"]
    assert code == 0 and len(text) == 1 and text[0]["ok"] is None
    assert text[0]["contrast"] == 4.48 and text[0]["required"] == 4.5
    assert "4.48:1, below WCAG 2 AA's 4.5:1" in text[0]["detail"]
    _, checks, _ = colour_checks(str(DEMO), "--theme", theme(tmp_path, "palette: {ink: '#767676', paper: '#ffffff'}\n"))
    assert not [c for c in checks if c["name"].startswith("text")]      # 4.54:1 passes


def test_a_style_is_checked_too():
    _, checks, _ = colour_checks("niya", "--style", "colour-in")
    assert not [c for c in checks if c["name"].startswith("text")]      # ink on white stays dark


def strict_game(game: Path, extra: str = "") -> Path:
    spec = game / "game.yaml"
    spec.write_text(spec.read_text() + "colour_checks:\n  strict: true\n" + extra)
    return game


def test_strict_fails_seats_only_colour_tells_apart(game, tmp_path):
    strict_game(game)
    same_cues = theme(tmp_path, f"players: {{red: {{colour: '{RED}'}}, green: {{colour: '{GREEN}', pattern: dots}}}}\n")
    code, checks, _ = colour_checks(str(game), "--theme", same_cues)
    pair = [c for c in checks if c.get("seats") == ["red", "green"]]
    assert code == 1 and pair[0]["ok"] is False and pair[0]["cues"] == []
    assert "nothing else tells them apart" in pair[0]["detail"]
    # the demo's own patterns (dots, checks) still tell them apart: a warning, and the check passes
    code, checks, _ = colour_checks(str(game), "--theme", theme(
        tmp_path, f"players: {{red: {{colour: '{RED}'}}, green: {{colour: '{GREEN}'}}}}\n"))
    pair = [c for c in checks if c.get("seats") == ["red", "green"]]
    assert code == 0 and pair[0]["ok"] is None and pair[0]["cues"] == ["pattern dots vs checks"]


def test_strict_fails_low_contrast_text_of_a_declared_pair(game, tmp_path):
    strict_game(game, "  text:\n    - {text: accent, background: paper, large: true}\n")
    code, checks, _ = colour_checks(str(game))
    # the demo's amber #e0a93a on cream #fdf6e3: too light for even the 3:1 of large text
    text = [c for c in checks if c["name"] == "text accent on paper"]
    assert code == 1 and text[0]["ok"] is False and text[0]["required"] == 3.0 and text[0]["contrast"] < 3
    assert "below WCAG 2 AA's 3:1 for large text" in text[0]["detail"]
    # #777 on white is 4.48:1: enough for large text, so the one summary check passes
    code, checks, _ = colour_checks(str(game), "--theme", theme(tmp_path, "palette: {accent: '#777777', paper: '#ffffff'}\n"))
    assert code == 0 and [c["ok"] for c in checks if c["name"].startswith("text") or c["ok"]] == [True]


def test_an_unknown_role_is_one_line_with_the_close_match(game):
    strict_game(game, "  text:\n    - {text: inc, background: paper}\n")
    code, out, err = run_cli("check", str(game))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "colour_checks.text[0].text" in lines[0] and 'did you mean "ink"' in lines[0]


def test_the_gallery_of_a_themed_build_shows_the_warning(tmp_path):
    path = theme(tmp_path, f"players: {{red: {{colour: '{RED}'}}, blue: {{colour: '{GREEN}', pattern: dots}}}}\n")
    code, out, err = run_cli("build", str(DEMO), "--out", str(tmp_path / "out"), "--formats", "sheets",
                             "--theme", path)
    assert code == 0, err
    page = next((tmp_path / "out").glob("*/index.html")).read_text()
    assert "Red (#d62728) and Blue (#2ca02c) are hard to tell apart" in page
    assert "nothing else tells them apart" in page and ">warning<" in page


def _seats(n: int) -> str:
    """`n` seats of distinct colours, one YAML line each."""
    return "".join(f'  - {{id: s{i}, name: Seat {i}, colour: "#{(i * 2654435761) % 0xFFFFFF:06x}"}}\n'
                   for i in range(n))


def _with_seats(game: Path, n: int, players_max: int = 3) -> None:
    spec = (game / "game.yaml").read_text()
    head, rest = spec.split("player_colours:\n", 1)
    rest = rest[rest.index("palette:"):]
    head = head.replace("players: {min: 2, max: 3}", f"players: {{min: 2, max: {players_max}}}")
    (game / "game.yaml").write_text(f"{head}player_colours:\n{_seats(n)}{rest}")


def test_thirty_seats_are_checked_pair_by_pair(game):
    """The README's limit is 30 seats: the 435 pairs of 30 seats are all compared (no seat left out)."""
    from generator.load import load_game
    from generator.solver.colour_checks import seat_checks

    _with_seats(game, 30)
    seats = load_game(str(game)).player_colours
    assert len(seats) == 30
    twin = seats[:29] + (seats[0].__class__("twin", "Twin", seats[0].colour, "plain", ""),)
    assert [c.name for c in seat_checks(twin) if "twin" in c.name] == ["seats s0 / twin"]


@pytest.mark.parametrize("seats", [31, 2000])
def test_more_seats_than_the_limit_are_one_line(game, seats):
    _with_seats(game, seats)
    code, out, err = run_cli("check", str(game))
    assert code == 2 and len(err.splitlines()) == 1, err
    assert "player_colours" in err and f"{seats:,} seats is more than the limit of 30" in err, err


def test_a_player_count_past_the_limit_is_one_line(game):
    _with_seats(game, 3, players_max=101)
    code, out, err = run_cli("check", str(game))
    assert code == 2 and len(err.splitlines()) == 1, err
    assert "players.max" in err and "at most 100, got 101" in err, err


@pytest.mark.parametrize("first, second, cue", [
    ({"symbol": "★"}, {}, "symbol ★ vs none"),
    ({}, {"symbol": "●"}, "symbol none vs ●"),
    ({"pattern": "dots"}, {}, "pattern dots vs plain"),
    ({}, {"pattern": "stripes"}, "pattern plain vs stripes"),
])
def test_a_seat_pair_told_apart_by_one_seats_cue_alone_is_told_apart(first, second, cue):
    """Red and green (4.6 apart for a deuteranope) where only one of the two seats has a symbol or a pattern:
    that one cue tells them apart, in either order, and strict checking passes the pair."""
    from generator.model.game import PlayerColour
    from generator.solver.colour_checks import seat_checks

    a = PlayerColour("red", "Red", RED, first.get("pattern", "plain"), first.get("symbol", ""))
    b = PlayerColour("green", "Green", GREEN, second.get("pattern", "plain"), second.get("symbol", ""))
    [pair] = seat_checks([a, b], strict=True)
    assert pair.data["cues"] == [cue] and pair.ok is None, pair
    [bare] = seat_checks([a.__class__("red", "Red", RED, "plain", ""), b.__class__("green", "Green", GREEN, "plain", "")],
                         strict=True)
    assert bare.ok is False and bare.data["cues"] == []
