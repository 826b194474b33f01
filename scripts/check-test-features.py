#!/usr/bin/env python3
"""Checks that the test dependencies change no feature of a dependency the server builds with.

`make test` first builds the binary with the server's normal dependencies; `cargo test` adds the
dev-dependencies, and Cargo builds every crate whose features they change once more, with all
that depends on it: in the past that was about twenty crates, the library and the binary, linked
a second time, about two minutes of every `make test`. A dev-dependency that asks for a
feature the normal build lacks (even a crate's "default") shows here; the mend is to ask for the
same feature in server/Cargo.toml, or to choose another test crate.

Compares `cargo tree` of the server with and without its dev-dependencies: every crate in both
must have the same feature sets.

Usage: scripts/check-test-features.py
"""

import collections
import re
import subprocess
import sys

LINE = re.compile(r"^(\S+ v\S+)(?: \(proc-macro\))?(?: \([^)]*\))? \[([^\]]*)\]")


def feature_sets(edges):
    """Each crate (name and version) with the feature sets it is built with."""
    output = subprocess.run(
        ["cargo", "tree", "--locked", "-p", "trailerworks", "-e", edges, "--prefix", "none", "-f", "{p} [{f}]"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    crates = collections.defaultdict(set)
    for line in output.splitlines():
        match = LINE.match(line)
        if match:
            crates[match.group(1)].add(match.group(2))
    return crates


def main():
    built = feature_sets("normal,build")
    tested = feature_sets("normal,build,dev")
    problems = [
        f"{crate}: built with {sorted(built[crate])}, tested with {sorted(tested[crate])}"
        for crate in sorted(built)
        if tested.get(crate) != built[crate]
    ]
    for problem in problems:
        print(problem)
    print(f"check-test-features: {len(built)} crates, {len(problems)} changed by the test dependencies")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
