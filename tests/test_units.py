import pytest

from generator.common.units import parse_length_mm


@pytest.mark.parametrize("text, mm", [("50mm", 50.0), ("6.35cm", 63.5), ("2.5in", 63.5), ("72pt", 25.4),
                                      (" 3 mm ", 3.0), (".5in", 12.7), ("0mm", 0.0)])
def test_every_unit_is_parsed_to_millimetres(text, mm):
    assert parse_length_mm(text) == pytest.approx(mm)


def test_equivalent_lengths_are_equal():
    assert parse_length_mm("1in") == parse_length_mm("25.4mm") == parse_length_mm("2.54cm") == parse_length_mm("72pt")


@pytest.mark.parametrize("value, message", [
    ("fifty", 'expected a length like "50mm", got "fifty"'),
    (50, 'expected a length with a unit (mm, cm, in or pt) like "50mm", got 50'),
    ("50 furlongs", 'expected a length with a unit (mm, cm, in or pt) like "50mm", got "50 furlongs"'),
    (None, 'expected a length like "50mm", got nothing'),
    ([1, 2], 'expected a length like "50mm", got a list'),
])
def test_bad_lengths_say_what_is_expected(value, message):
    with pytest.raises(ValueError) as exc:
        parse_length_mm(value)
    assert str(exc.value) == message


def test_a_long_bad_value_is_cut_to_one_short_line():
    from generator.common.units import describe
    text = "line one\nline two " + "x" * 500
    shown = describe(text)
    assert "\n" not in shown and len(shown) <= 62 and shown.startswith('"line one line two') and shown.endswith('…"')
    assert describe("short") == '"short"'


def test_every_way_a_number_is_written_comes_from_one_function():
    """Trimmed for SVG and paths, fixed for PDF operands, significant digits for the gallery's scale factors."""
    from generator.common.units import fmt_number, rounded

    assert [fmt_number(63.5), fmt_number(-0.0001), fmt_number(1.23456, 4)] == ["63.5", "0", "1.2346"]
    assert [fmt_number(0.0, 4, fixed=True), fmt_number(2.5, 6, fixed=True)] == ["0.0000", "2.500000"]
    assert fmt_number(1 / 69.5, significant=6) == "0.0143885"
    assert rounded(2.00049, 3) == 2.0 and rounded(88.9, 2) == 88.9


def test_no_module_rounds_numbers_its_own_way():
    """round(x, n) belongs to units.py alone (units.rounded), so every writer rounds alike."""
    import ast

    from source_tree import GENERATOR as root, parsed

    found = []
    for path in sorted(root.rglob("*.py")):
        if path == root / "common" / "units.py":
            continue
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "round" \
                    and len(node.args) == 2:
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    assert found == []
