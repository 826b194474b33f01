#!/usr/bin/env python3
"""Checks the server's imports against the layers docs/architecture.md draws, and the admin's
rooms in the browser (web/src/features/admin): a room imports its own files, the frame and what
lies outside the admin, never another room; the frame imports no room but to route to it
(AdminApp.tsx).

Reads every module under server/src (tests excluded, inline or in a tests.rs), collects what each one imports from the
crate (`use crate::..`, `use super::..`, a child's items, and paths written inline), follows the
`pub use` re-exports of a folder's front (mod.rs) to the file that defines the item, and fails
when:
  - a module imports one of a higher layer;
  - a module imports another feature's route module (one with a `#[utoipa::path]` handler),
    or its own feature's core does (only the router, `routes`, imports them all);
  - a route module holds SQL (`sqlx::` or `with_db!`: queries live in the feature's stores), or
    is not named for what it holds (`routes.rs` or `*_routes.rs`; the router's own, under routes/);
  - a table the migrations make has no owner in the document's ```tables block, or SQL outside
    a table's folder names it and the ```crossings block does not list that file and table (a
    listed crossing that is gone fails too, so the list only shrinks);
  - the imports go round in a circle (one is printed).
A folder's mod.rs that only declares and re-exports its parts owns them rather than imports them;
one that also holds code imports the parts it re-exports or uses.

Usage: scripts/check-imports.py [--graph]   (--graph prints every module's imports)
"""

import collections
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..")
SOURCE = os.path.join(ROOT, "server", "src")
DOCUMENT = os.path.join(ROOT, "docs", "architecture.md")


def module_name(path):
    relative = os.path.relpath(path, SOURCE)[: -len(".rs")]
    if relative in ("lib", "main"):
        return None
    if relative.endswith("/mod") or relative == "mod":
        relative = relative[: -len("/mod")]
    return relative.replace("/", "::")


def read_sources():
    """{module: (source without comments and tests, whether it only declares and re-exports)}"""
    modules = {}
    for folder, _, names in os.walk(SOURCE):
        for name in names:
            if not name.endswith(".rs") or name == "tests.rs":  # a module's tests, in a file
                continue
            path = os.path.join(folder, name)
            module = module_name(path)
            if module is None:
                continue
            with open(path, encoding="utf-8") as file:
                text = file.read()
            text = re.split(r"#\[cfg\(test\)\]\s*mod tests\b", blank(text))[0]
            declarations = re.sub(r"#!?\[[^\]]*\]|\b(?:pub(?:\([\w:]+\))?\s+)?(?:mod|use)\s[^;]*;", "", text)
            modules[module] = (text, name == "mod.rs" and not declarations.strip())
    return modules


LEXEME = re.compile(
    r"""//[^\n]*|/\*.*?\*/|r(#*)".*?"\1|b?"(?:\\.|[^"\\])*"|b?'(?:\\.|[^'\\])'""", re.S
)


def without_comments(text):
    """The source with comments left out and strings kept (for the SQL in them)."""
    return LEXEME.sub(lambda match: "" if match.group(0).startswith(("//", "/*")) else match.group(0), text)


SQL_TABLE = re.compile(r"\b(?:FROM|JOIN|INTO|UPDATE)\s+(\w+)")
MIGRATIONS = os.path.join(ROOT, "server", "migrations", "sqlite")


def served_sources():
    """Each source file but the tests, by its path under SOURCE: its text without comments and
    without its `mod tests`."""
    for folder, _, names in os.walk(SOURCE):
        for name in sorted(names):
            if not name.endswith(".rs") or name == "tests.rs":
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as file:
                text = re.split(r"#\[cfg\(test\)\]\s*mod tests\b", without_comments(file.read()))[0]
            yield os.path.relpath(path, SOURCE), text


def migrated_tables():
    """The tables the SQLite migrations leave, in their order: created, renamed or dropped."""
    tables = set()
    statement = re.compile(
        r"CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?(\w+)|DROP TABLE (?:IF EXISTS )?(\w+)"
        r"|ALTER TABLE (\w+) RENAME TO (\w+)",
        re.I,
    )
    for name in sorted(os.listdir(MIGRATIONS)):
        with open(os.path.join(MIGRATIONS, name), encoding="utf-8") as file:
            for created, dropped, old, new in statement.findall(file.read()):
                tables.discard(dropped or old)
                tables.add(created or new)
    return tables - {""}


def read_block(text, name):
    """The lines of docs/architecture.md's ```name block, each split at its first colon."""
    block = re.search(rf"```{name}\n(.*?)```", text, re.S)
    if not block:
        sys.exit(f"{DOCUMENT} has no ```{name} block")
    return [[part.strip() for part in line.split(":", 1)] for line in block.group(1).splitlines() if line.strip()]


def table_owner_problems():
    """A table no folder owns, and SQL outside a table's folder that names it, unless the
    document lists that crossing (a crossing listed but gone is a problem too, so the list
    only shrinks)."""
    with open(DOCUMENT, encoding="utf-8") as file:
        text = file.read()
    owners = {table: folder for folder, tables in read_block(text, "tables") for table in tables.split()}
    crossings = {(path, table) for path, tables in read_block(text, "crossings") for table in tables.split()}
    problems = [f"table {table}: no folder owns it (docs/architecture.md, ```tables)" for table in sorted(migrated_tables() - owners.keys())]
    problems += [f"table {table}: owned in docs/architecture.md but made by no migration" for table in sorted(owners.keys() - migrated_tables())]
    seen = set()
    for path, text in served_sources():
        mine = path.split(os.sep)[0].removesuffix(".rs")
        for table in sorted(set(SQL_TABLE.findall(text))):
            owner = owners.get(table)
            if owner and owner != mine:
                seen.add((path, table))
                if (path, table) not in crossings:
                    problems.append(f"{path}: SQL names {table}, which belongs to {owner}/ (ask {owner}'s store)")
    problems += [f"{path}: listed as crossing into {table}, but it no longer does (strike it from the list)" for path, table in sorted(crossings - seen)]
    return problems


# A status, state, role, channel, purpose (or its kind), kind or how compared with (or set to,
# or matched by LIKE against) a name typed into SQL: the value is bound, or written from its enum
# (`db::name`, `db::in_names`); a purpose's kind is its computed `purpose_kind`, never a LIKE.
SQL_LITERAL = re.compile(
    r"\b(status|state|role|channel|purpose(?:_kind)?|kind|how)\s*(=|<>|!=|\bIN\b|\bNOT IN\b|\bLIKE\b|\bNOT LIKE\b)\s*\(?\s*'",
    re.I,
)


def sql_literal_problems():
    """SQL in the sources (tests aside) that compares an enum's column with a typed name."""
    problems = []
    for path, text in served_sources():
        for literal in LEXEME.finditer(text):
            found = SQL_LITERAL.search(literal.group(0))
            if literal.group(0).startswith(("r", "b", '"')) and found:
                line = text[: literal.start() + found.start()].count("\n") + 1
                problems.append(
                    f"{path}:{line}: SQL compares {found.group(1)} with a typed name "
                    "(bind the enum's value, or write it with db::name / db::in_names)"
                )
    return problems


def blank(text):
    """The source with comments, strings and character literals left out."""
    return LEXEME.sub(lambda match: '""' if match.group(0)[-1] in "\"#'" else "", text)


def split_top(inner):
    parts, depth, current = [], 0, ""
    for char in inner:
        depth += char == "{"
        depth -= char == "}"
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return [part.strip() for part in parts if part.strip()]


def expand(prefix, tree):
    """The paths a use tree names: `a::{b, c::d}` -> [a, b], [a, c, d]."""
    tree = re.sub(r"\s+as\s+\w+$", "", tree.strip())
    if tree.startswith("{"):
        return [path for part in split_top(tree[1 : tree.rfind("}")]) for path in expand(prefix, part)]
    head, _, rest = tree.partition("::")
    head = head.strip()
    if head in ("self", "*"):
        return [prefix]
    if rest:
        return expand(prefix + [head], rest)
    return [prefix + [head]]


def absolute(module, path):
    """A path written in `module` made absolute (crate-relative), or None when outside the crate."""
    here = module.split("::")
    if path[0] == "crate":
        return path[1:]
    if path[0] in ("super", "self"):
        base = list(here)
        while path and path[0] in ("super", "self"):
            if path[0] == "super":
                base = base[:-1]
            path = path[1:]
        return base + path
    return here + path  # a child of this module


def collect(modules):
    """({module: [absolute paths]}, {module: {re-exported name: absolute path}})"""
    uses, exports = {}, {}
    for module, (text, is_front) in modules.items():
        children = set(re.findall(r"\bmod\s+(\w+)\s*;", text))
        paths, reexported = [], {}
        for match in re.finditer(r"\b(pub(?:\([\w:]+\))?\s+)?use\s+([^;]+);", text):
            for path in expand([], match.group(2)):
                if not path or path[0] not in ("crate", "super", "self") and path[0] not in children:
                    continue
                target = absolute(module, path)
                own_part = path[0] in children or (path[0] == "self" and len(path) > 1 and path[1] in children)
                if match.group(1) and own_part:
                    reexported[target[-1]] = target
                if not (is_front and own_part):
                    paths.append(target)
        for match in re.finditer(r"(?<![\w:])((?:crate|super)(?:::\w+)+)", text):
            paths.append(absolute(module, match.group(1).split("::")))
        uses[module], exports[module] = paths, reexported
    return uses, exports


def resolve(path, modules, exports, depth=0):
    """The module that defines what `path` names (following re-exports), or None."""
    for length in range(len(path), 0, -1):
        candidate = "::".join(path[:length])
        if candidate in modules:
            rest = path[length:]
            if rest and rest[0] in exports.get(candidate, {}) and depth < 8:
                return resolve(exports[candidate][rest[0]] + rest[1:], modules, exports, depth + 1)
            return candidate
    return None


def graph(modules):
    uses, exports = collect(modules)
    edges = collections.defaultdict(set)
    for module, paths in uses.items():
        for path in paths:
            target = resolve(path, modules, exports)
            if target and target != module:
                edges[module].add(target)
    return edges


def read_rules():
    with open(DOCUMENT, encoding="utf-8") as file:
        text = file.read()
    block = re.search(r"```layers\n(.*?)```", text, re.S)
    if not block:
        sys.exit(f"{DOCUMENT} has no ```layers block")
    layers = {}
    for number, line in enumerate(l for l in block.group(1).splitlines() if l.strip() and not l.startswith("#")):
        name, _, members = line.partition(":")
        for member in members.split():
            layers[member] = (number, name.strip())
    return layers


def handler_modules(modules):
    """The modules that hold HTTP handlers: found by their `#[utoipa::path]`, not by a list, so a
    new handler module is held to the rules below the day it is written."""
    return {module for module, (text, _) in modules.items() if re.search(r"#\[utoipa::path\b", text)}


def circles(edges):
    """One circle from each group of modules that import each other (Tarjan's components)."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    sys.setrecursionlimit(10_000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    found = []
    for group in groups:
        first = min(group)
        paths, queue = {first: [first]}, [first]
        while queue:  # the shortest way from the first member back to itself
            node = queue.pop(0)
            for target in sorted(edges.get(node, ())):
                if target == first:
                    found.append((len(group), paths[node] + [first]))
                    queue = []
                    break
                if target in group and target not in paths:
                    paths[target] = paths[node] + [target]
                    queue.append(target)
    return found


ADMIN = os.path.join(ROOT, "web", "src", "features", "admin")
ADMIN_IMPORT = re.compile(r"""(?:from|import)\s*\(?\s*["'](\.[^"']*)["']""")


def admin_room_problems():
    """Imports between the admin's rooms, and from the frame up into a room."""
    problems = []
    for folder, _, names in os.walk(ADMIN):
        for name in sorted(names):
            if not name.endswith((".ts", ".tsx")):
                continue
            path = os.path.join(folder, name)
            room = os.path.relpath(path, ADMIN).split(os.sep)[0]
            with open(path, encoding="utf-8") as source:
                for spec in ADMIN_IMPORT.findall(source.read()):
                    target = os.path.relpath(os.path.normpath(os.path.join(folder, spec)), ADMIN)
                    theirs = target.split(os.sep)[0]
                    if target.startswith("..") or theirs in (room, "frame"):
                        continue
                    if room == "frame" and name == "AdminApp.tsx":
                        continue
                    problems.append(f"admin/{os.path.relpath(path, ADMIN)} imports {spec}: another room of the admin")
    return problems


def main():
    modules = read_sources()
    edges = graph(modules)
    if "--graph" in sys.argv:
        for module in sorted(modules):
            print(module, "->", ", ".join(sorted(edges.get(module, ()))))
        return 0
    layers = read_rules()
    route_modules = handler_modules(modules)
    problems = []
    top = lambda module: module.split("::")[0]

    def layer(module):
        parts = module.split("::")
        for length in range(len(parts), 0, -1):
            if "::".join(parts[:length]) in layers:
                return layers["::".join(parts[:length])]
        return None

    for module in sorted(modules):
        if layer(module) is None:
            problems.append(f"{module}: in no layer of docs/architecture.md")
    for module in sorted(edges):
        for target in sorted(edges[module]):
            if layer(module) is None or layer(target) is None:
                continue
            (mine, my_layer), (theirs, their_layer) = layer(module), layer(target)
            if theirs > mine:
                problems.append(f"{module} imports {target}: {my_layer} may not reach up to {their_layer}")
            # The router (`routes`) puts every handler on its path: it alone imports them all.
            if target in route_modules and top(module) == "routes":
                continue
            if target in route_modules and top(target) != top(module) and mine == theirs:
                problems.append(f"{module} imports {target}: another feature's routes")
            if target in route_modules and top(target) == top(module) and module not in route_modules:
                problems.append(f"{module} imports {target}: a feature's core may not use its routes")
    for module in sorted(route_modules):
        name = module.split("::")[-1]
        if top(module) != "routes" and name != "routes" and not name.endswith("_routes"):
            problems.append(f"{module}: holds HTTP handlers, so its name ends in routes (routes.rs, *_routes.rs)")
        if re.search(r"\bsqlx::|\bwith_db!", modules[module][0]):
            problems.append(f"{module}: a route module holds SQL (it belongs in the feature's store)")
    for size, circle in circles(edges):
        problems.append(f"{size} modules import each other, e.g. " + " -> ".join(circle))
    problems += table_owner_problems()
    problems += sql_literal_problems()
    problems += admin_room_problems()
    for problem in problems:
        print(problem)
    print(f"imports: {len(modules)} modules, {sum(map(len, edges.values()))} imports, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
