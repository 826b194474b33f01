#!/usr/bin/env python3
"""Writes docs/configuration.md from the binary's own help: every command and subcommand, with
each flag, its environment variable and its default, as the CLI defines them. With --check it
writes nothing and fails when the file is not what the binary says (make lint runs it so)."""

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target/test-release/trailerworks"
DOC = ROOT / "docs/configuration.md"

HEADER = """# Configuration

Made by `python3 scripts/configuration.py` from the binary's own `--help` (the flags' definitions
in `server/src/config.rs` and `server/src/cli.rs`); `make lint` fails when it is out of date, so
it says what the binary does. Every flag of `serve` is also the environment variable it names
(`TRAILERWORKS_...`); a secret (a URL with a password, a token) is best given that way, so it
stays out of the process list. docs/deploy.md shows them in use.
"""


def help_of(path: list[str]) -> str:
    run = subprocess.run([str(BINARY), *path, "--help"], capture_output=True, text=True, check=True)
    return run.stdout.rstrip() + "\n"


def subcommands(text: str) -> list[str]:
    names, inside = [], False
    for line in text.splitlines():
        if line == "Commands:":
            inside = True
        elif inside and not line.strip():
            break
        elif inside and line.startswith("  ") and not line.startswith("   "):
            name = line.split()[0]
            if name != "help":
                names.append(name)
    return names


def sections(path: list[str]) -> list[str]:
    text = help_of(path)
    title = " ".join(["trailerworks", *path])
    found = [f"## `{title}`\n\n```text\n{text}```\n"]
    for name in subcommands(text):
        found += sections([*path, name])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail when the file differs")
    parser.add_argument("--doc", type=Path, default=DOC, help=f"the file (default {DOC.relative_to(ROOT)})")
    args = parser.parse_args()
    made = HEADER + "\n" + "\n".join(sections([]))
    if args.check:
        if args.doc.read_text() != made:
            print(f"{args.doc} is not what the binary's --help says: run python3 scripts/configuration.py")
            return 1
        return 0
    args.doc.write_text(made)
    return 0


if __name__ == "__main__":
    sys.exit(main())
