"""Partial builds: `--players N` prints what an N-player game uses, `--only` prints replacement pieces.

The expected numbers are the rulebooks' setup tables (../shared/reference/rules.md, sections 1.3, 2.3,
3.3, 4.3 and 5.2), written out here by hand, never read from the spec or the module under test.
"""

from __future__ import annotations

import json
import re

import pypdfium2 as pdfium
import pytest

from generator.commands.build import BuildOptions, build_game
from generator.model.designs import expand
from generator.layout.plan import SheetOptions
from generator.model.selection import Selection, parse_only, select
from generator.common.errors import OptionError
from generator.load import load_game
from conftest import pieces_by_component, run_cli


def nyakuza(p: int) -> dict[str, int]:
    """rules.md 1.3: Kōbans 24/16/12 each, Stalls 10/6/5 each (3 players: 2 more back to the box, not printed),
    40 Boats and a screen each; the board, 60 tiles, the Grand Market and the Amulet."""
    kobans, stalls = {2: (24, 10), 3: (16, 6), 4: (12, 5)}[p]
    return {"board": 1, "resource-tile": 60, "boat": 40 * p, "koban": kobans * p, "amulet": 1,
            "stall": stalls * p, "grand-market": 1, "screen": p}


def izakaya(p: int) -> dict[str, int]:
    """rules.md 2.2-2.3: the site cards are shuffled and dealt, so all 26 print; 12 market coins + 10 yen coins
    per player (the proposed 100-yen coins); 6 pyramids, 10 discs (proposed) and an aid per player."""
    return {"site-card": 26, "floor-1x1": 30, "floor-1x2": 24, "floor-2x2": 12, "floor-1x3": 16, "architect": 1,
            "stock-card": 6, "shape-card": 1, "crate": 6, "drink": 36, "coin-100": 12 + 10 * p,
            "pyramid": 6 * p, "disc": 10 * p, "turn-track": 1, "player-aid": p}


def nusfjord(p: int) -> dict[str, int]:
    """rules.md 3.2-3.3: the Herring deck (first game); Elders 1-6 / 1-12 / 1-12 / 1-18; p + 1 ships of each of
    the three types; the p-player First Player tiles; the Imitation tile from 4 players; per player a Harbor,
    an Elder Council, a Personal Supply, 5 Shares, 3 Workers and 4 Forests; the general supply whole."""
    out = {"building-herring": 44, "elder": {2: 6, 3: 12, 4: 12, 5: 18}[p], "ship": 3 * (p + 1),
           f"first-player-{p}": p, "first-player-ship": 1, "harbor": p, "elder-council": p, "personal-supply": p,
           "share": 5 * p, "worker": 3 * p, "action-board": 1, "banquet-table": 1, "building-supply-a": 1,
           "building-supply-b": 1, "ships-elders-board": 1, "fish-token": 100, "wood-token": 50, "gold": 41,
           "multiplier": 9, "forest": 4 * p}
    if p >= 4:
        out["imitation-tile"] = 1
    return out


def niya(p: int) -> dict[str, int]:
    """rules.md 4.3: 16 tiles, 8 characters each; the rules card."""
    return {"garden-tile": 16, "character-token": 8 * p, "rules-card": 1}


def kamiza(p: int) -> dict[str, int]:
    """rules.md 5.2 (proposed): 4 role cards per player, one play sheet; a reference card each."""
    return {"role-card": 4 * p, "play-sheet": 1, "reference-card": p}


RULEBOOK = {"nyakuza": (nyakuza, range(2, 5)), "izakaya": (izakaya, range(2, 6)),
            "nusfjord": (nusfjord, range(2, 6)), "niya": (niya, range(2, 3)), "kamiza": (kamiza, range(3, 7))}


def counts(specs, face: str = "front") -> dict[str, int]:
    out: dict[str, int] = {}
    for s in specs:
        if s.face == face:
            out[s.component.id] = out.get(s.component.id, 0) + s.count
    return out


@pytest.mark.parametrize("game_id", sorted(RULEBOOK))
def test_every_player_count_prints_the_rulebooks_setup(game_id):
    expected, players = RULEBOOK[game_id]
    game = load_game(game_id)
    specs = expand(game)
    for p in players:
        chosen = select(game, specs, Selection(players=p))
        assert counts(chosen) == expected(p), f"{game_id}, {p} players"


def test_per_player_pieces_are_the_first_seats_and_backs_follow_their_fronts():
    game = load_game("nyakuza")
    chosen = select(game, expand(game), Selection(players=3))
    boats = {s.id: s.count for s in chosen if s.component.id == "boat"}
    assert boats == {"boat-red": 40, "boat-purple": 40, "boat-blue": 40}   # rules.md 1.2: Red, Purple, Blue, Green
    backs = {s.id: s.count for s in chosen if s.face == "back"}
    assert backs == {"resource-tile-back": 60, "screen-back-red": 1, "screen-back-purple": 1, "screen-back-blue": 1}


def test_a_share_of_several_kinds_takes_each_kind_evenly():
    """rules.md 3.3: 'ships per type' p + 1; and the Elders of a 2-player game are #1-6."""
    game = load_game("nusfjord")
    chosen = select(game, expand(game), Selection(players=2))
    fronts = [s for s in chosen if s.face == "front"]
    ships = {s.fields["type"]: s.count for s in fronts if s.component.id == "ship"}
    assert ships == {"sloop": 3, "cutter": 3, "schooner": 3}
    elders = sorted(int(s.fields["number"]) for s in fronts if s.component.id == "elder")
    assert elders == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("argv, message", [
    (["nyakuza", "--players", "5"], "error: nyakuza: --players 5: expected a player count from 2 to 4"),
    (["niya", "--players", "3"], "error: niya: --players 3: expected a player count from 2"),
    (["nyakuza", "--players", "three"], 'expected a whole number of players, like 3, got "three"'),
])
def test_a_player_count_out_of_range_is_one_line(tmp_path, argv, message):
    code, out, err = run_cli("build", *argv, "--out", str(tmp_path), "--formats", "sheets")
    assert code == 2 and len(err.splitlines()) == 1 and message in err, err
    assert not any(tmp_path.iterdir())


@pytest.fixture(scope="module")
def three_players(tmp_path_factory):
    out = tmp_path_factory.mktemp("three")
    result = build_game("nyakuza", BuildOptions(SheetOptions(), out, formats=("sheets",),
                                                selection=Selection(players=3)))
    return out, result


def test_a_three_player_build_has_its_own_folder_and_an_honest_manifest(three_players):
    out, result = three_players
    assert result.folder == out / "nyakuza-sheets-3p" and not (out / "nyakuza-sheets").exists()
    assert pieces_by_component(result.folder) == nyakuza(3)       # 18 Stalls, 48 Kōbans, 3 screens, 120 Boats
    manifest = json.loads((result.folder / "manifest.json").read_text())
    on_pages: dict[str, int] = {}
    for page in manifest["sheets"]["pages"]:
        if page["side"] == "front":
            for piece in page["pieces"]:
                if not piece.get("tile") or piece["tile"] == "A1":     # a board split over pages is one piece
                    on_pages[piece["design"]] = on_pages.get(piece["design"], 0) + 1
    assert on_pages == {d["id"]: d["count"] for d in manifest["designs"] if d["face"] == "front"}
    assert manifest["build"]["players"] == 3


def test_every_page_of_a_three_player_build_says_so(three_players):
    out, result = three_players
    pdf = pdfium.PdfDocument(str(result.folder / "nyakuza-a4.pdf"))
    try:
        texts = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    finally:
        pdf.close()
    footers = [t for t in texts if re.search(r"sheet \d+ of \d+", t)]
    assert len(footers) == len(texts)
    assert all("Nyakuza · for 3 players · sheet" in t for t in footers), footers[0][-200:]


def test_the_summary_says_for_how_many_players(tmp_path):
    code, out, err = run_cli("build", "niya", "--players", "2", "--out", str(tmp_path), "--formats", "sheets")
    assert code == 0, err
    assert "niya for 2 players" in out.splitlines()[2]


@pytest.fixture(scope="module")
def replacements(tmp_path_factory):
    out = tmp_path_factory.mktemp("only")
    code, stdout, err = run_cli("build", "nyakuza", "--only", "boat-red:2,screen-blue,resource-tile-1?-*,koban:3",
                                "--out", str(out), "--formats", "sheets")
    assert code == 0, err
    return out / "nyakuza-sheets-only", stdout


def test_replacements_print_exactly_what_was_asked_with_their_backs(replacements):
    folder, stdout = replacements
    manifest = json.loads((folder / "manifest.json").read_text())
    designs = {d["id"]: d["count"] for d in manifest["designs"]}
    tiles = {f"resource-tile-{n}" for n in range(10, 20)}
    assert {re.sub(r"-[a-z-]+$", "", k) for k in designs if k.startswith("resource-tile-1")} == tiles
    assert designs["boat-red"] == 2 and designs["koban"] == 3 and designs["screen-blue"] == 1
    assert designs["resource-tile-back"] == 10 and designs["screen-back-blue"] == 1   # a back behind each front
    assert sum(designs.values()) == 2 + 3 + 1 + 10 + 10 + 1
    backs = [p for p in manifest["sheets"]["pages"] if p["side"] == "back"]
    assert sum(len(p["pieces"]) for p in backs) == 11
    assert "nyakuza replacements" in stdout


def test_replacements_pack_onto_as_few_sheets_as_their_area_allows(replacements):
    """The screen (3 panels of 84 x 115 mm, rules.md 1.2: a tri-fold) and 16 small pieces: two A4 fronts."""
    folder, _ = replacements
    manifest = json.loads((folder / "manifest.json").read_text())
    assert sum(1 for p in manifest["sheets"]["pages"] if p["side"] == "front") <= 2


def test_a_replacement_build_is_the_same_bytes_twice(replacements, tmp_path):
    folder, _ = replacements
    code, _, err = run_cli("build", "nyakuza", "--only", "boat-red:2,screen-blue,resource-tile-1?-*,koban:3",
                           "--out", str(tmp_path), "--formats", "sheets")
    assert code == 0, err
    assert (tmp_path / "nyakuza-sheets-only" / "nyakuza-a4.pdf").read_bytes() == (folder / "nyakuza-a4.pdf").read_bytes()


def test_players_and_only_together_intersect(tmp_path):
    game = load_game("nyakuza")
    chosen = select(game, expand(game), Selection(players=2, only=parse_only("boat")))
    assert counts(chosen) == {"boat": 80}
    code, out, err = run_cli("build", "nyakuza", "--players", "2", "--only", "screen-green", "--out", str(tmp_path))
    assert code == 2 and err.strip() == 'error: nyakuza: --only: "screen-green" names nothing a 2-player game uses'


@pytest.mark.parametrize("selector, closest", [
    ("bota", "closest: boat"),
    ("boat-pink", "closest: boat-green, boat, boat-purple, boat-red, boat-blue"),
    ("screen-*-x", "closest: screen"),
])
def test_an_unknown_selector_is_exit_2_with_the_closest_ids(tmp_path, selector, closest):
    code, out, err = run_cli("build", "nyakuza", "--only", f"koban,{selector}", "--out", str(tmp_path))
    assert code == 2 and len(err.splitlines()) == 1, err
    assert f'unknown selector "{selector}"' in err and closest in err, err
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("text", ["boat:0", "boat:x", ":2", ","])
def test_a_malformed_only_is_one_line(tmp_path, text):
    code, out, err = run_cli("build", "nyakuza", "--only", text, "--out", str(tmp_path))
    assert code == 2 and len(err.splitlines()) == 1 and "--only" in err, err


@pytest.mark.parametrize("text", ["boat:1,boat:2", "koban, boat:2 ,boat"])
def test_one_selector_with_two_counts_is_one_line(tmp_path, text):
    """Which count was meant cannot be told: the same selector twice with different copies is refused."""
    code, out, err = run_cli("build", "nyakuza", "--only", text, "--out", str(tmp_path))
    assert code == 2 and len(err.splitlines()) == 1 and '"boat" is named twice with different copies' in err, err
    assert not any(tmp_path.iterdir())


def test_a_selector_repeated_as_it_was_is_taken_once():
    assert parse_only("boat:2,koban,boat:2") == parse_only("boat:2,koban")


def test_the_last_selector_naming_a_design_sets_its_copies():
    game = load_game("nyakuza")
    chosen = select(game, expand(game), Selection(only=parse_only("boat:2,boat-red:5")))
    assert {s.id: s.count for s in chosen} == {"boat-red": 5, "boat-purple": 2, "boat-blue": 2, "boat-green": 2}


def test_a_per_player_component_the_setup_does_not_list_prints_for_the_first_seats(game):
    """The demo's coins (3 per colour, per player) left out of the setup table: 2 players get red's and blue's."""
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("coin: {each: 3}", "card: 6").replace("{card: 6, card: 6}", "{card: 6}"))
    loaded = load_game(game)
    chosen = select(loaded, expand(loaded), Selection(players=2))
    coins = {s.id: s.count for s in chosen if s.component.id == "coin"}
    assert coins == {"coin-red": 3, "coin-blue": 3, "coin-back-red": 3, "coin-back-blue": 3}


@pytest.mark.parametrize("demand, message", [
    ("{total: 6, each: 3}", 'setup.2.card: expected one of "each" (pieces per player) or "total" (pieces in all)'),
    ("{drawn: true}", 'setup.2.card: expected one of "each" (pieces per player) or "total" (pieces in all)'),
    ("{total: 6, drawn: maybe}", "setup.2.card.drawn"),
])
def test_a_malformed_demand_is_one_line(game, demand, message):
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("2: {card: 6,", f"2: {{card: {demand},"))
    code, out, err = run_cli("check", str(game))
    assert code == 2 and len(err.splitlines()) == 1 and message in err, err


def test_a_drawn_total_prints_the_whole_set(game):
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("2: {card: 6,", "2: {card: {total: 2, drawn: true},"))
    loaded = load_game(game)
    whole = counts(expand(loaded))["card"]
    assert counts(select(loaded, expand(loaded), Selection(players=2)))["card"] == whole
    assert counts(select(loaded, expand(loaded), Selection(players=3)))["card"] == 6


def test_copies_asked_by_only_are_bounded_by_the_builds_piece_limit(tmp_path):
    """The README's limit, 20,000 pieces in one build, holds for what --only multiplies: every front design of
    Nyakuza at 1,000 copies each is refused in one line, before anything is rendered or written."""
    game = load_game("nyakuza")
    designs = len([s for s in expand(game) if s.face == "front"])
    at_limit = 20_000 // designs
    chosen = select(game, expand(game), Selection(only=parse_only(f"*:{at_limit}")))
    assert sum(s.count for s in chosen if s.face == "front") <= 20_000
    with pytest.raises(OptionError, match="more than the limit of 20,000"):
        select(game, expand(game), Selection(only=parse_only(f"*:{at_limit + 1}")))
    code, out, err = run_cli("build", "nyakuza", "--only", "*:1000", "--out", str(tmp_path / "out"))
    assert code == 2 and len(err.splitlines()) == 1 and f"{designs * 1000:,} pieces" in err, err
    assert not (tmp_path / "out").exists()


def _unequal_rows(game, demands: dict[int, int]) -> None:
    """The demo's three cards at 1, 5 and 2 copies (8 in all), and the setup asking `demands` of them."""
    spec = (game / "game.yaml").read_text()
    spec = spec.replace('- {title: Alpha, colour: "#d35400"}', '- {title: Alpha, colour: "#d35400", count: 1}')
    spec = spec.replace('- {title: Beta, colour: "#8e44ad"}', '- {title: Beta, colour: "#8e44ad", count: 5}')
    spec = spec.replace('- {title: Gamma, colour: "#16a085"}', '- {title: Gamma, colour: "#16a085", count: 2}')
    for players, cards in demands.items():
        spec = spec.replace(f"  {players}: {{card: 6,", f"  {players}: {{card: {cards},")
    (game / "game.yaml").write_text(spec)


@pytest.mark.parametrize("wanted, expected", [
    (3, {"Alpha": 1, "Beta": 1, "Gamma": 1}),
    (6, {"Alpha": 1, "Beta": 3, "Gamma": 2}),     # Alpha has its one copy: the rest go round Beta and Gamma
    (8, {"Alpha": 1, "Beta": 5, "Gamma": 2}),
])
def test_players_over_rows_of_unequal_counts_takes_round_and_round_within_each(game, wanted, expected):
    _unequal_rows(game, {2: wanted})
    loaded = load_game(game)
    chosen = select(loaded, expand(loaded), Selection(players=2))
    got = {s.fields["title"]: s.count for s in chosen if s.face == "front" and s.component.id == "card"}
    assert got == expected and sum(got.values()) == wanted


def test_players_never_prints_more_copies_than_the_game_has(game):
    """A setup asking 20 of the 8 cards printed (pnp check reports the shortage) prints the 8, not 20."""
    _unequal_rows(game, {3: 20})
    loaded = load_game(game)
    chosen = select(loaded, expand(loaded), Selection(players=3))
    got = {s.fields["title"]: s.count for s in chosen if s.face == "front" and s.component.id == "card"}
    assert got == {"Alpha": 1, "Beta": 5, "Gamma": 2}
    backs = sum(s.count for s in chosen if s.face == "back" and s.component.id == "card")
    assert backs == 8


def test_one_setup_need_serves_check_the_deal_and_players():
    """rules.md 1.3, 3 players: 6 Stalls each and 2 more back to the box, of the 20 printed; 16 Kōbans each of
    48; 40 Boats of each clan's 40. `pnp check`, the deal scenario and `--players 3` read the one computation,
    the last leaving out the 2 Stalls the setup sends back to the box."""
    from generator.solver.inventory import inventory_checks

    game = load_game("nyakuza")
    demands = {d.component: d for e in game.setup if e.players == 3 for d in e.demands}
    assert game.setup_need(demands["stall"], 3) == (20, 20)
    assert game.setup_need(demands["koban"], 3) == (48, 48)
    assert game.setup_need(demands["boat"], 3) == (40, 40)
    checks = {c.name: c.data for c in inventory_checks(game) if c.data.get("players") == 3}
    assert (checks["stall"]["needed"], checks["stall"]["available"]) == (20, 20)
    chosen = select(game, expand(game), Selection(players=3))
    assert sum(s.count for s in chosen if s.face == "front" and s.component.id == "stall") == 18
