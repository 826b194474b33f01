#!/usr/bin/env python3
"""Writes the index at the top of docs/decisions.md (one line per decision, linked by GitHub's
anchor for its heading), between the two marker comments. With --check it writes nothing and
fails when the index is not current (make lint runs it so)."""

import re
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs/decisions.md"
START, END = "<!-- index: made by scripts/decisions-index.py -->", "<!-- end of index -->"


def anchor(heading: str, seen: dict[str, int]) -> str:
    slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
    count = seen.get(slug, 0)
    seen[slug] = count + 1
    return slug if count == 0 else f"{slug}-{count}"


def made(text: str) -> str:
    if START in text:
        head, rest = text.split(START, 1)[0], text.split(END, 1)[1]
    else:
        first = text.index("\n## ") + 1
        head, rest = text[:first], "\n" + text[first:]
    seen: dict[str, int] = {}
    lines = [f"- [{heading}](#{anchor(heading, seen)})" for heading in re.findall(r"^## (.+)$", rest, flags=re.MULTILINE)]
    return head + START + "\n" + "\n".join(lines) + "\n" + END + rest


def main() -> int:
    text = DOC.read_text()
    new = made(text)
    if "--check" in sys.argv[1:]:
        if new != text:
            print("docs/decisions.md's index is not current: run python3 scripts/decisions-index.py")
            return 1
        return 0
    DOC.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
