"""Every back stands upright behind its front on both flips, judged from the printed pixels."""

from __future__ import annotations

import pytest

from generator.commands.build import BuildOptions, build_game
from generator.layout.plan import SheetOptions
from conftest import DEMO, job_folder
from upright import upside_down_backs


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_demo_backs_upright(tmp_path, duplex):
    build_game(DEMO, BuildOptions(SheetOptions(duplex=duplex), tmp_path, formats=("sheets", "png")))
    wrong, judged = upside_down_backs(job_folder(tmp_path, "demo"))
    assert judged >= 6, "the demo card backs carry a band at the top, so they are judged"
    assert wrong == []


@pytest.mark.slow
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_nyakuza_player_aid_upright_inside_each_screen(tmp_path, duplex):
    build_game("nyakuza", BuildOptions(SheetOptions(duplex=duplex), tmp_path, formats=("sheets", "png")))
    wrong, judged = upside_down_backs(job_folder(tmp_path, "nyakuza"))
    assert judged >= 4, "the four screens' insides (player aids) are asymmetric"
    assert wrong == []
