"""Where a build's files will be hosted: the base address a Tabletop Simulator save loads its images from.

The address comes from a spec (`tts_url:`) or the command line (`--tts-url`) and is checked the same way
for both. Every player who loads the save fetches from it, so it must be an ordinary web address: http or
https, no user name or password (they would travel inside a shared file), and no query or fragment (the
files' names are appended to it). A base without a closing slash gets one: `https://example.org/tide` means
the folder `tide/`, and the files lie below it, not beside it.
"""

from __future__ import annotations

from urllib.parse import quote, urlsplit

MAX_URL = 2000          # characters: longer addresses are cut short by browsers and servers alike
EXAMPLE = "https://example.org/tide/"
SHOWN = 200             # characters of a refused address repeated in its message


def base_problem(text: str) -> str | None:
    """Why `text` cannot be a hosting base address, in words for one line; None when it can."""
    if not text or len(text) > MAX_URL or not text.isascii() or any(c.isspace() or ord(c) < 32 for c in text):
        said = f', got "{text}"' if text.isprintable() and len(text) <= SHOWN else ""
        return f"expected a web address of at most {MAX_URL} plain characters without spaces, like {EXAMPLE}{said}"
    try:
        parts = urlsplit(text)
        parts.port                       # noqa: B018  (reading it checks the port's digits and range)
    except ValueError:
        return f'expected a web address like {EXAMPLE}, got "{text}"'
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return f'expected an http:// or https:// address with a host, like {EXAMPLE}, got "{text}"'
    if "@" in parts.netloc:
        return "expected an address without a user name or password: every player who loads the file sees it"
    if "?" in text or "#" in text:
        return (f'expected an address without a query (?) or fragment (#): the files\' names are added after '
                f'it, got "{text}"')
    return None


def hosted_base(text: str) -> str:
    """The base as files are addressed from it: a folder, so it ends with a slash (one is added)."""
    return text if text.endswith("/") else text + "/"


def hosted(base: str, relative: str) -> str:
    """The address of a file at `relative` (a path with / between folders) below `base`, quoted for the web."""
    return hosted_base(base) + quote(relative, safe="/")
