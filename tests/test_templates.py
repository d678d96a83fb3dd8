"""Shipped templates share one root and the shared macros; lists are computed in Python, not built in jinja."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.render.svg import headed, repeated

TEMPLATES = sorted(p for p in (Path(__file__).parent.parent / "templates").glob("*/*.svg.j2")
                   if p.parent.name not in ("shared", "sheet"))   # sheet/: Punchboard's own overlay, not a design


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_design_templates_use_the_shared_root_and_no_do_loops(path):
    text = path.read_text()
    assert "{% call m.svg() %}" in text and "<svg" not in text
    assert "{% do" not in text and "namespace(" not in text


def test_repeated_gives_one_item_per_piece():
    assert repeated({"salmon": 1, "spider-crab": 2}) == ["salmon", "spider-crab", "spider-crab"]
    assert repeated({}) == []


def test_headed_turns_aid_steps_into_paragraphs():
    steps = [{"n": 1, "title": "Police raid", "text": "The round ends."}, {"title": "Score", "text": "Winners score."}]
    assert headed(steps, "label", "body", 1.1, 0.6, 0.2) == [
        {"text": "1 Police raid", "role": "label", "scale": 1.1, "space": 0.0},
        {"text": "The round ends.", "role": "body", "space": 0.2},
        {"text": "Score", "role": "label", "scale": 1.1, "space": 0.6},
        {"text": "Winners score.", "role": "body", "space": 0.2}]
    assert [p["text"] for p in headed(steps, inline=True)] == ["1 Police raid: The round ends.", "Score: Winners score."]


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_colours_come_from_the_palette(path):
    """A press file converts palette colours exactly (their `cmyk:` values), so templates name colours, never
    write them: `colours.ink`, `colours.white`, not "#24211e"."""
    import re
    assert not re.search(r"#[0-9a-fA-F]{6}\b|[\"']#[0-9a-fA-F]{3}[\"']", path.read_text())
