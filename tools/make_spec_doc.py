"""Write docs/spec.md's key tables from generator/load/schema.py (the rules packages' sections below them are kept).

    python tools/make_spec_doc.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.load.schema_doc import RULES_HEADING, markdown  # noqa: E402

DOC = Path(__file__).resolve().parent.parent / "docs" / "spec.md"


def main() -> None:
    rules = DOC.read_text(encoding="utf-8").split(RULES_HEADING, 1)[1]
    DOC.write_text(markdown() + RULES_HEADING + rules, encoding="utf-8")
    print(f"wrote {DOC}")


if __name__ == "__main__":
    main()
