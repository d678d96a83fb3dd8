"""Write docs/spec.md from the tables that declare each key: generator/load/schema.py, then each rules package's
RULE_FIELDS.

    python tools/make_spec_doc.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.load.schema_doc import markdown  # noqa: E402
from generator.solver import rules_doc  # noqa: E402

DOC = Path(__file__).resolve().parent.parent / "docs" / "spec.md"


def main() -> None:
    DOC.write_text(markdown() + rules_doc.markdown(), encoding="utf-8")
    print(f"wrote {DOC}")


if __name__ == "__main__":
    main()
