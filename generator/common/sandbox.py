"""jinja2's sandbox, bounded: a template cannot make a value larger than a design could use.

The sandbox stops a template reaching Python's internals but not `'x' * 2000000000` or
`10 ** (10 ** 8)`: each is one long C call that no alarm interrupts, and a constant form would
run while the template compiles. Here the operators, the string methods and filters that make
long text from a small number, and every join of text are checked before they run; intercepted
operators are never folded at compile time, and a filter that refuses there is run (and refused,
with its line) when the template renders. What slips past these checks meets the memory limit
of `memory_limit`.
"""

from __future__ import annotations

import functools
import math
import re
import signal
import string
import threading
from contextlib import contextmanager
from types import ModuleType
from typing import Any, Callable, Iterator

from jinja2.compiler import CodeGenerator, Frame
from jinja2 import nodes
from jinja2.sandbox import SandboxedEnvironment, SecurityError

resource: ModuleType | None
try:
    import resource
except ImportError:          # Windows: no address-space limit, the checks above still apply
    resource = None

MAX_ITEMS = 1_000_000               # a repeated text or list, a field width: far beyond any design
MAX_TEXT = 20 * 1024 * 1024         # text joined together: the size of a whole design's SVG
MAX_INT_BITS = 10_000               # about 3,000 digits
MAX_JSON_INDENT = 100
MEMORY_HEADROOM = 1024 ** 3         # address space a template may add while it runs
_PERCENT = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?")
_SEQUENCE = (str, list, tuple)


class TemplateLimit(SecurityError):
    """A template asked for a value larger than a design can use."""


def bounded_items(n: int, what: str, unit: str = "items") -> None:
    if n > MAX_ITEMS:
        raise TemplateLimit(f"{what} would make {n} {unit}, more than the limit of {MAX_ITEMS}")


def bounded_text(n: int, what: str, unit: str = "characters") -> None:
    if n > MAX_TEXT:
        raise TemplateLimit(f"{what} would make {n} {unit}, more than the limit of {MAX_TEXT}")


def bounded_width(n: Any, what: str) -> None:
    if isinstance(n, int) and abs(n) > MAX_ITEMS:
        raise TemplateLimit(f"{what}: a width of {n} is more than the limit of {MAX_ITEMS}")


class _BoundedCode(CodeGenerator):
    """Text joined with `~` is checked like text joined with `+`."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.joined(")
        super().visit_Concat(node, frame)
        self.write(")")


class BoundedSandbox(SandboxedEnvironment):
    """The sandbox with `*`, `**`, `+` and `%`, text methods, filters and joins bounded."""

    code_generator_class = _BoundedCode
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        {"*": _times, "**": _power, "+": _plus, "%": _percent}[operator](left, right)
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (jinja's form)
        args = _checked_call(__obj, args, kwargs)
        return super().call(__context, __obj, *args, **kwargs)

    @staticmethod
    def concat(parts: Any) -> str:
        """A macro's, a block's or a `set` block's text, joined after checking its size."""
        parts = list(parts)
        bounded_text(sum(len(p) for p in parts), "this block's text")
        return "".join(parts)

    @staticmethod
    def joined(value: Any) -> Any:
        if isinstance(value, str):
            bounded_text(len(value), "joining text with ~")
        return value


def _times(left: Any, right: Any) -> None:
    if isinstance(left, int) and isinstance(right, _SEQUENCE):
        left, right = right, left
    if isinstance(left, _SEQUENCE) and isinstance(right, int):
        bounded_items(len(left) * right, f"repeating a {_kind(left)} {right} times", _unit(left))
    elif _whole(left) and _whole(right) and left.bit_length() + right.bit_length() > MAX_INT_BITS:
        raise TemplateLimit(f"multiplying numbers of {left.bit_length()} and {right.bit_length()} bits is more "
                            f"than the limit of {MAX_INT_BITS} bits")


def _power(base: Any, exp: Any) -> None:
    if _whole(base) and _whole(exp) and exp > 0 and abs(base) > 1:
        bits = exp * math.log2(abs(base))
        if bits > MAX_INT_BITS:
            raise TemplateLimit(f"{_short(base)} ** {_short(exp)} would be a number of about {bits:.0f} bits, more "
                                f"than the limit of {MAX_INT_BITS} bits")


def _plus(left: Any, right: Any) -> None:
    if isinstance(left, _SEQUENCE) and isinstance(right, _SEQUENCE):
        bounded_text(len(left) + len(right), f"adding {_kind(left)}s", _unit(left))


def _percent(fmt: Any, args: Any) -> None:
    if isinstance(fmt, str):
        _check_percent(fmt, args, "%-formatting")


def _check_percent(fmt: str, args: Any, what: str) -> None:
    """`'%999999999d' % 1`, or a `*` width taken from the arguments."""
    star = False
    for m in _PERCENT.finditer(fmt):
        for part in m.groups():
            star |= part == "*"
            if part and part != "*":
                bounded_width(int(part), what)
    values = args if isinstance(args, tuple) else (args,)
    texts = [len(a) for a in values if isinstance(a, str)]
    bounded_text(len(fmt) + fmt.count("%") * max(texts, default=0), what)
    if star:
        for a in values:
            bounded_width(a, what)


def _check_format(fmt: str, args: tuple, kwargs: dict, what: str) -> None:
    """`"{:>2000000000}".format(1)`, `"{:.999999999f}"`, or a nested width taken from the arguments."""
    try:
        fields = list(string.Formatter().parse(fmt))
    except ValueError:
        return                       # str.format refuses it itself
    texts = [len(a) for a in (*args, *kwargs.values()) if isinstance(a, str)]
    bounded_text(len(fmt) + sum(f[1] is not None for f in fields) * max(texts, default=0), what)
    for _, _, spec, _ in fields:
        for n in re.findall(r"\d+", spec or ""):
            bounded_width(int(n), what)
        if spec and "{" in spec:
            for a in (*args, *kwargs.values(), *(v for m in args if isinstance(m, dict) for v in m.values())):
                bounded_width(a, what)


def _checked_call(obj: Any, args: tuple, kwargs: dict) -> tuple:
    """A text method that makes long text from a small number is checked first; `join` gets a list
    (its argument may be an iterator, read once here)."""
    target = getattr(obj, "__wrapped__", obj)      # the sandbox wraps str.format
    owner, name = getattr(target, "__self__", None), getattr(target, "__name__", "")
    if not isinstance(owner, str):
        return args
    what = f"str.{name}()"
    if name in ("ljust", "rjust", "center", "zfill") and args:
        bounded_width(args[0], what)
    elif name == "expandtabs":
        size = args[0] if args else kwargs.get("tabsize", 8)
        if isinstance(size, int):
            bounded_text(len(owner) + owner.count("\t") * size, what)
    elif name == "replace" and len(args) >= 2 and all(isinstance(a, str) for a in args[:2]):
        bounded_text(_replaced_length(owner, *args[:2]), what)
    elif name == "join" and args:
        items = list(args[0])
        bounded_text(sum(len(i) for i in items if isinstance(i, str)) + len(owner) * len(items), what)
        args = (items, *args[1:])
    elif name in ("format", "format_map"):
        _check_format(owner, args, kwargs, what)
    return args


def _replaced_length(text: str, old: str, new: str) -> int:
    found = text.count(old) if old else len(text) + 1
    return len(text) + found * max(len(new) - len(old), 0)


# -- filters -----------------------------------------------------------------------------------------

def bounded_filters(filters: dict[str, Callable]) -> dict[str, Callable]:
    """jinja's filters that turn a small number into a large value, each checked before it runs."""
    checks: dict[str, Callable[..., None]] = {
        "center": lambda value, width=80: bounded_width(width, "center"),
        "indent": _indent,
        "format": lambda value, *args, **kwargs: _check_percent(str(value), kwargs or args, "format"),
        "replace": lambda value, old, new, count=None: bounded_text(_replaced_length(str(value), str(old), str(new)),
                                                                    "replace"),
        "wordwrap": _wordwrap,
        "batch": lambda value, linecount, fill_with=None: bounded_items(linecount, "batch"),
        "slice": lambda value, slices, fill_with=None: bounded_items(slices, "slice"),
        "tojson": _tojson,
        "join": _join,
        "sum": _sum,
    }
    return {name: _guarded(filters[name], check) for name, check in checks.items() if name in filters}


def _guarded(flt: Callable, check: Callable[..., None]) -> Callable:
    first = 1 if getattr(flt, "jinja_pass_arg", None) is not None else 0   # eval context or environment

    @functools.wraps(flt)     # keeps jinja's pass_eval_context / pass_environment mark
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if len(args) > first and _once(args[first]):      # an iterator is read once, here, then checked
            args = (*args[:first], list(args[first]), *args[first + 1:])
        check(*args[first:], **kwargs)
        return flt(*args, **kwargs)
    return guarded


def _once(value: Any) -> bool:
    return hasattr(value, "__next__")


def _join(value: Any, d: str = "", attribute: Any = None) -> None:
    if attribute is None and hasattr(value, "__len__"):
        items = list(value)
        bounded_text(sum(len(i) for i in items if isinstance(i, str)) + len(str(d)) * len(items), "join")


def _sum(value: Any, attribute: Any = None, start: Any = 0) -> None:
    if isinstance(start, _SEQUENCE) and hasattr(value, "__len__"):
        bounded_text(len(start) + sum(len(i) for i in value if isinstance(i, _SEQUENCE)), "sum", _unit(start))


def _indent(value: Any, width: Any = 4, first: bool = False, blank: bool = False) -> None:
    lines = str(value).count("\n") + 1
    step = len(width) if isinstance(width, str) else width
    if isinstance(step, int):
        bounded_width(step, "indent")
        bounded_text(len(str(value)) + lines * step, "indent")


def _wordwrap(value: Any, width: int = 79, break_long_words: bool = True, wrapstring: Any = None,
              break_on_hyphens: bool = True) -> None:
    if isinstance(width, int) and width > 0:
        text = str(value)
        bounded_text(len(text) + (len(text) // width + 1) * len(wrapstring or "\n"), "wordwrap")


def _tojson(value: Any, indent: Any = None) -> None:
    if isinstance(indent, int) and indent > MAX_JSON_INDENT:
        raise TemplateLimit(f"tojson: an indent of {indent} is more than the limit of {MAX_JSON_INDENT}")


# -- time and memory ---------------------------------------------------------------------------------

@contextmanager
def deadline(seconds: float, expired: Callable[[], BaseException]) -> Iterator[None]:
    """Raise `expired()` when the work inside runs longer than `seconds`: a template's or an expression's
    loop cannot hold the command. Main thread only (SIGALRM); elsewhere it is not bounded."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise expired()

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def memory_limit() -> Iterator[None]:
    """While a template runs, the process may grow by MEMORY_HEADROOM and no more: what the checks
    above miss fails as a MemoryError instead of taking the machine's memory. Main thread only
    (the limit is the whole process's), and only where the system can say how large it is now."""
    now = _address_space()
    if resource is None or now is None:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = now + MEMORY_HEADROOM
    if (threading.current_thread() is not threading.main_thread()
            or (soft != resource.RLIM_INFINITY and soft <= limit) or (hard != resource.RLIM_INFINITY and hard < limit)):
        yield
        return
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _address_space() -> int | None:
    if resource is None:        # no resource module, no /proc either
        return None
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        return None


def _whole(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def _kind(seq: Any) -> str:
    return "text" if isinstance(seq, str) else "list"


def _unit(seq: Any) -> str:
    return "characters" if isinstance(seq, str) else "items"


def _short(n: int) -> str:
    return str(n) if n.bit_length() < 64 else f"a number of {n.bit_length()} bits"
