"""The one flip: where a front's box, its sides and its turn land on the back, for each way the paper turns over.
Numbers from the page itself: A4 is 210 x 297 mm, a poker card 63.5 x 88.9 mm."""

from __future__ import annotations

import pytest

from generator.layout.turn import Flip

A4 = (210.0, 297.0)


@pytest.mark.parametrize("duplex, x, y", [
    ("long", 210 - 10 - 63.5, 20.0),       # turned over the long edge: left and right swap
    ("short", 10.0, 297 - 20 - 88.9),      # turned over the short edge: top and bottom swap
    ("none", 10.0, 20.0),                  # printed apart: the back is where the front is
    ("fold", 10.0, 20.0),
])
def test_a_card_at_10_20_lands_behind_itself(duplex, x, y):
    flip = Flip(duplex)
    assert flip.x(10.0, 63.5, A4[0]) == pytest.approx(x) and flip.y(20.0, 88.9, A4[1]) == pytest.approx(y)


@pytest.mark.parametrize("duplex, sides", [("long", (3, 2, 1, 4)), ("short", (1, 4, 3, 2)), ("none", (1, 2, 3, 4))])
def test_a_boxs_sides_swap_with_the_flip(duplex, sides):
    """(left, top, right, bottom) = (1, 2, 3, 4): the bleed kept on the left of a front is on the back's right."""
    assert Flip(duplex).sides(1, 2, 3, 4) == sides


@pytest.mark.parametrize("duplex, turns", [
    ("long", {0: 0, 90: 270, 180: 180, 270: 90}),
    ("short", {0: 180, 90: 90, 180: 0, 270: 270}),
    ("none", {0: 0, 90: 90, 180: 180, 270: 270}),
])
def test_a_back_stands_upright_behind_its_turned_front(duplex, turns):
    assert {r: Flip(duplex).rotation(r) for r in turns} == turns


def test_the_footer_the_pieces_and_the_measurement_flip_alike():
    """A point 30 mm from the left and 40 mm from the top of an A4 front lies, seen from the back, at 180 mm from
    the left for a long-edge flip and 257 mm from the top for a short-edge one, whichever part asks."""
    import numpy as np

    from generator.calibrate.measure import mirror
    from generator.layout.duplex import mirror_x, mirror_y
    from generator.layout.plan import SheetOptions

    assert list(mirror(np.array([30.0, 40.0]), A4, "long")) == [180.0, 40.0]
    assert list(mirror(np.array([30.0, 40.0]), A4, "short")) == [30.0, 257.0]
    assert (mirror_x(30, 0, SheetOptions(duplex="long")), mirror_y(40, 0, SheetOptions(duplex="long"))) == (180, 40)
    assert (mirror_x(30, 0, SheetOptions(duplex="short")), mirror_y(40, 0, SheetOptions(duplex="short"))) == (30, 257)
