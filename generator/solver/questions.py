"""`pnp solve` as data: each game declares the questions a player asks at the table (a name, typed
parameters, an answer function), and only the command line turns them into options and parsers.

So the rules never see an option parser, a question can be listed, tested and documented from its
declaration, and every game's `pnp solve` reads alike. A parameter `name` is the option `--name` (underscores as
hyphens) and the keyword its answer function receives.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

Answer = Callable[..., "tuple[dict[str, Any], str]"]     # keyword per parameter -> (JSON-like data, text)


class BadValue(ValueError):
    """A parameter's text its converter refuses; the message says what is expected (one line, exit 2)."""


@dataclass(frozen=True)
class Param:
    """One option of a question. `kind` turns the text into the value (str, int, Path, or a converter
    that raises BadValue); `many` takes one or more words (a list); `flag` takes no value (True when given);
    params sharing a `one_of` tag are exclusive, and exactly one of them is given."""

    name: str
    help: str | None = None
    kind: Callable[[str], Any] = str
    default: Any = None
    required: bool = False
    choices: tuple[Any, ...] | None = None
    metavar: str | None = None
    many: bool = False
    flag: bool = False
    one_of: str = ""

    @property
    def option(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Question:
    """A question and its answer. An empty `name` is a game's only question, asked without a name
    (`pnp solve niya --layout ...`); `output` names what `--json` prints (None: no --json)."""

    name: str
    help: str | None
    params: tuple[Param, ...]
    answer: Answer
    description: str | None = None
    output: str | None = "answer"


@dataclass(frozen=True)
class Questions:
    """A game's `pnp solve`: what it answers (`description`) and its questions, in the order listed."""

    description: str
    asked: tuple[Question, ...]
    metavar: str = "QUESTION"

    @property
    def unnamed(self) -> Question | None:
        """The game's only question when it is asked without a name, else None."""
        return self.asked[0] if len(self.asked) == 1 and not self.asked[0].name else None
