"""Every language's text, as `pnp check` reports it and the build summary says it: for each language the game prints
in (the default, then each of `languages:`), the texts an edition prints untranslated, each text that had to shrink
below the language's floor (`shrink_floor_pt`) to fit its box, and each that does not fit at all, named by design and
field. Finding what shrank means rendering the designs, which the solver never does: so these checks are made here,
beside it, and join its report as lines of the same kinds of result (docs/reference/check.md)."""

from __future__ import annotations

from pathlib import Path

from generator.common.errors import RenderError
from generator.layout.plan import SheetOptions
from generator.load.theme import appearance
from generator.model.designs import expand
from generator.model.edition import Untranslated, edition, languages_of, untranslated
from generator.model.game import Game
from generator.render import render_designs
from generator.render.store import SvgStore
from generator.render.context import RenderNotes
from generator.render.textnotes import TextFit
from generator.solver import guard
from generator.solver.registry import load_rules
from generator.solver.result import CheckResult

SHOWN = 8          # texts a summary line names; pnp check names every one


def language_checks(game: Game, theme: Path | None = None, style: str = "colour",
                    trusted: bool = False) -> list[CheckResult]:
    """For each language: its translation (an edition's), then its text fitted on every design."""
    out: list[CheckResult] = []
    for code in languages_of(game):
        out += translation_checks(game, code)
        out += text_checks(edition(game, code), theme, style, trusted)
    return out


def translation_checks(game: Game, code: str) -> list[CheckResult]:
    """None for the default language; else one passing line, or one warning listing every untranslated text."""
    if code == game.default_language:
        return []
    missing = untranslated(game, code)
    if not missing:
        return [CheckResult("translation", f"{code}: translated", True, f"every translated field of every row, and "
                            f"every label, has its {code} text", {"language": code})]
    return [CheckResult("translation", f"{code}: untranslated", None, untranslated_words(game, code, missing, None),
                        {"language": code, "severity": "warning",
                         "untranslated": [{"designs": list(u.designs), "field": u.field} for u in missing]})]


def untranslated_words(game: Game, code: str, missing: list[Untranslated], shown: int | None = SHOWN) -> str:
    """`3 texts have no de translation and print in en: card-harbour text, ...` (the first `shown`, or all)."""
    listed = missing if shown is None else missing[:shown]
    more = f" and {len(missing) - len(listed)} more (pnp check {game.id} names each)" if len(missing) > len(listed) else ""
    return (f"{_texts(len(missing))} no {code} translation and print{'s' if len(missing) == 1 else ''} in "
            f"{game.default_language}: {', '.join(map(str, listed))}{more}")


def text_checks(game: Game, theme: Path | None = None, style: str = "colour", trusted: bool = False) -> list[CheckResult]:
    """Every design of the game (an edition) rendered as a default build renders it: a warning for each text
    below the floor, a failure for each that does not fit, and one line for the language as a whole."""
    code, specs, notes = game.language, expand(game), RenderNotes()
    aid, _ = guard.aid(load_rules(game, trusted))
    problems = []
    try:
        render_designs(game, appearance(game, theme, style), SheetOptions().bleed_mm, specs, aid=aid, notes=notes,
                       store=SvgStore(None))
    except RenderError as exc:
        problems = exc.problems
    out = [_text_check(code, t) for t in notes.texts]
    overflows = {t.design for t in notes.texts if t.size_pt is None}
    others = [p for p in problems if (p.where or "").removeprefix("design ") not in overflows]
    if others:      # the build stops on them and says each; here they leave those designs' text unchecked
        first = str(others[0]).removeprefix("error: ")
        return out + [CheckResult("text", f"{code}: text fits", None, f"skipped: {len(others)} problem(s) keep designs "
                                  f"from rendering, so their text is not measured (pnp build {game.id} says each); "
                                  f"the first: {first}", {"language": code, "skipped": first})]
    below = len(notes.texts) - len(overflows)
    ok = not overflows
    said = (f"every text of {len(specs)} designs fits its box" if ok else
            f"{len(overflows)} of {len(specs)} designs have text that does not fit its box")
    return out + [CheckResult("text", f"{code}: text fits", ok, said + f"; {below} below {game.shrink_floor_pt:g} pt "
                              "(shrink_floor_pt)", {"language": code, "designs": len(specs), "below_floor": below})]


def _text_check(code: str, t: TextFit) -> CheckResult:
    data = {"language": code, "design": t.design, "field": t.field, "size_pt": t.size_pt, "max_pt": t.max_pt,
            "floor_pt": t.floor_pt}
    if t.size_pt is None:
        return CheckResult("text", f"{code}: {t.design} {t.field}", False, f"{t.field} of {t.design} does not fit its "
                           "box even at the smallest size its template allows: shorten it or give it more room", data)
    return CheckResult("text", f"{code}: {t.design} {t.field}", None,
                       f"{t.field} of {t.design} shrank from {t.max_pt:g} to {t.size_pt:g} pt to fit, below the "
                       f"{t.floor_pt:g} pt floor (shrink_floor_pt): shorten it or give it more room",
                       {**data, "severity": "warning"})


def summary_lines(game: Game, texts: list[TextFit]) -> list[str]:
    """The build summary's warnings of an edition (or the default build): its untranslated texts, and the texts set
    below the floor (a text that does not fit stops the build with its own error)."""
    who = game.id + (f" ({game.language})" if game.language != game.default_language else "")
    missing = untranslated(game, game.language) if game.language != game.default_language else []
    lines = [f"warning: {who}: {untranslated_words(game, game.language, missing)}"] if missing else []
    below = [t for t in texts if t.size_pt is not None]
    if below:
        listed = ", ".join(f"{t.design} {t.field} ({t.size_pt:g} pt)" for t in below[:SHOWN])
        more = f" and {len(below) - SHOWN} more (pnp check {game.id} names each)" if len(below) > SHOWN else ""
        lines.append(f"warning: {who}: {_texts(len(below))} shrunk below {game.shrink_floor_pt:g} pt to fit "
                     f"(shrink_floor_pt): {listed}{more}")
    return lines


def _texts(n: int) -> str:
    return f"{n} text has" if n == 1 else f"{n} texts have"
