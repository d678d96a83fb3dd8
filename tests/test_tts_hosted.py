"""A Tabletop Simulator save that loads for other players: with `--tts-url` (or the spec's `tts_url:`) every
image address is the web folder the tts/ folder is uploaded to, plus the file's name; a bad address is one
line; without either, the save keeps its file:/// addresses."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import unquote

import pytest

from conftest import DEMO, run_cli, job_folder
from generator.common.hosting import hosted

URL_KEYS = ("FaceURL", "BackURL", "ImageURL", "ImageSecondaryURL")
BASE = "https://example.org/tide/"


def addresses(save: Path) -> list[str]:
    """Every image address of a saved object file, wherever it sits (decks, cards, tiles, tokens, bags)."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            found.extend(v for k, v in node.items() if k in URL_KEYS and v)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(json.loads(save.read_text(encoding="utf-8")))
    return found


def build(tmp_path: Path, game: Path | str, *argv: str) -> Path:
    code, _, err = run_cli("build", str(game), "--formats", "tts", "--out", str(tmp_path / "out"), *argv)
    assert code == 0, err
    return job_folder(tmp_path / "out", Path(game).name) / "tts"


def demo_with(tmp_path: Path, line: str) -> Path:
    """The demo game with one more top-level line in its spec."""
    game = tmp_path / "demo"
    shutil.copytree(DEMO, game)
    spec = game / "game.yaml"
    spec.write_text(spec.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    return game


def test_every_address_is_the_base_and_a_file_of_the_tts_folder(tmp_path):
    tts = build(tmp_path, DEMO, "--tts-url", BASE)
    urls = addresses(tts / "demo.json")
    images = sorted(p.name for p in tts.glob("*.png"))
    assert urls and all(u.startswith(BASE) for u in urls)
    assert sorted({unquote(u[len(BASE):]) for u in urls}) == images     # each image named once at least, none else


def test_a_base_without_its_slash_is_a_folder_and_names_are_quoted(tmp_path):
    tts = build(tmp_path, DEMO, "--tts-url", "https://example.org/tide")
    assert all(u.startswith(BASE) for u in addresses(tts / "demo.json"))
    assert hosted("https://example.org/my%20game", "card 1/é.png") == "https://example.org/my%20game/card%201/%C3%A9.png"


def test_the_spec_names_the_host_and_the_option_overrides_it(tmp_path):
    game = demo_with(tmp_path, "tts_url: https://cdn.example.net/demo")
    said = addresses(build(tmp_path / "a", game) / "demo.json")
    assert said and all(u.startswith("https://cdn.example.net/demo/") for u in said)
    over = addresses(build(tmp_path / "b", game, "--tts-url", BASE) / "demo.json")
    assert over and all(u.startswith(BASE) for u in over)


def test_without_a_host_the_save_keeps_its_file_addresses(tmp_path):
    tts = build(tmp_path, DEMO)
    urls = addresses(tts / "demo.json")
    assert urls and all(u.startswith("file:///") and Path(unquote(u[len("file://"):])).is_file() for u in urls)


@pytest.mark.parametrize("url, words", [
    ("ftp://example.org/tide/", "expected an http:// or https:// address"),
    ("file:///home/me/tide/", "expected an http:// or https:// address"),
    ("https://me:secret@example.org/tide/", "without a user name or password"),
    ("https://example.org/tide/?v=2", "without a query (?) or fragment (#)"),
    ("https://example.org/tide/#top", "without a query (?) or fragment (#)"),
    ("https://example.org/my tide/", "without spaces"),
    ("https://example.org:99999/", "expected a web address"),
    ("example.org/tide/", "expected an http:// or https:// address"),
])
def test_a_bad_address_is_one_line(tmp_path, url, words):
    code, _, err = run_cli("build", str(DEMO), "--formats", "tts", "--tts-url", url, "--out", str(tmp_path))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: --tts-url: ") and words in err, err
    assert not (tmp_path / "demo").exists()


def test_a_host_without_the_tts_format_is_refused(tmp_path):
    code, _, err = run_cli("build", str(DEMO), "--formats", "sheets", "--tts-url", BASE, "--out", str(tmp_path))
    assert (code, err) == (2, "error: --tts-url says where the Tabletop Simulator images will be hosted: add tts to "
                              "--formats\n")


def test_a_bad_address_in_the_spec_names_its_line(tmp_path):
    game = demo_with(tmp_path, "tts_url: https://me:secret@example.org/demo/")
    code, _, err = run_cli("check", str(game))
    lines = err.splitlines()
    assert code == 2 and len(lines) == 1
    assert "game.yaml:" in lines[0] and "tts_url" in lines[0] and "user name or password" in lines[0]
