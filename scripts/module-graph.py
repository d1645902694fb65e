#!/usr/bin/env python3
"""Checks the server's layering: which files import which, and which modules may.

Reads every `.rs` file of the server crate (crates/hirelane/src) and of the kernel crate
(crates/hirelane-core/src) and resolves every path the code names the way rustc does, closely
enough that it cannot be fooled by the usual forms: `crate::`, `self::` and `super::` paths, 2018
uniform paths to child modules (`use engine::Runtime`), `pub use` re-exports followed to the file
that defines the item, globs (`pub use sections::*`), grouped and aliased imports
(`use super::{repo as invites, x::{self, Y}}`) and later `invites::…` / `x::…` uses, `mod.rs`
beside `x.rs`, inline `mod x { … }` blocks, and `#[macro_export]` macros. `#[cfg(test)]` items
are left out: tests may reach anywhere. A path into another crate of the check (the kernel crate,
`hirelane_core::store::Db`, also through a re-export such as the server's
`pub use hirelane_core::store;` and then `crate::store::Db`) is followed into that crate's files.

Two rules, both from docs/architecture.md:
  1. No cycle among files that crosses a folder: a cycle among one folder's own `mod.rs` and
     its direct children is the usual Rust idiom and may stay; any other cycle fails.
  2. Layers: every top-level module of the server is `app`, a domain or `kernel` (the table in
     docs/architecture.md). A kernel module imports no domain and no app module; a domain
     imports no app module, and another domain only along an edge the document lists. An edge
     listed there that the code no longer has fails too, so the list stays true. Another crate
     of the check is one more name in that table (`hirelane_core`, the kernel crate), and a
     name the table lists that is neither a module nor such a crate fails as well.

    python3 scripts/module-graph.py            # "module graph: …" or every violation; exit 1
    python3 scripts/module-graph.py --edges    # also print every file's imports
    python3 scripts/module-graph.py --root DIR [--doc FILE]   # another tree (the tests' plants)
"""

import argparse
import re
import sys
from collections import deque
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ROOTS = [REPO / "crates" / "hirelane" / "src", REPO / "crates" / "hirelane-core" / "src"]
DEFAULT_DOC = REPO / "docs" / "architecture.md"
CRATE_ROOTS = ("lib.rs", "main.rs")
ITEM_KEYWORDS = r"fn|struct|enum|trait|type|const|static|union"
NOT_NAMES = {"fn", "mut", "unsafe", "extern", "async"}

Module = tuple[str, ...]


# --- Source cleaning -------------------------------------------------------------------------


def clean(text: str) -> str:
    """Comments, strings and character literals blanked out; everything else kept in place."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            out.append(" ")
        elif (m := re.compile(r'b?r(#*)"').match(text, i)) and (i == 0 or not _ident(text[i - 1])):
            end = text.find('"' + m.group(1), m.end())
            i = n if end < 0 else end + 1 + len(m.group(1))
            out.append('""')
        elif c == '"' or (c == "b" and text.startswith('b"', i) and (i == 0 or not _ident(text[i - 1]))):
            i += 1 if c == '"' else 2
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'":
            # A character literal ('x', '\n', '\u{..}') or a lifetime ('a): only the former closes.
            m = re.compile(r"'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'])'").match(text, i)
            if m:
                out.append("' '")
                i = m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _ident(c: str) -> bool:
    return c.isalnum() or c == "_"


def matching_brace(text: str, open_at: int) -> int:
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(text) - 1


def drop_test_items(text: str) -> str:
    """Blanks every item under `#[cfg(test)]`: a `mod x;`, a `use …;` or a braced item."""
    pattern = re.compile(r"#\[cfg\(test\)\]")
    while m := pattern.search(text):
        rest = m.end()
        semi, brace = text.find(";", rest), text.find("{", rest)
        if brace >= 0 and (semi < 0 or brace < semi):
            end = matching_brace(text, brace)
        else:
            end = semi if semi >= 0 else len(text) - 1
        text = text[: m.start()] + " " * (end + 1 - m.start()) + text[end + 1 :]
    return text


# --- Use trees ---------------------------------------------------------------------------------


class Import:
    """One name a `use` binds (or a glob), with the path it stands for."""

    def __init__(self, path: list[str], name: str | None, glob: bool = False):
        self.path, self.name, self.glob = path, name, glob


def parse_use_tree(tree: str) -> list[Import]:
    """`a::{b as c, d::{self, e}, f::*}` -> a::b as c, a::d as d, a::d::e as e, a::f::*."""
    tokens = re.findall(r"::|\{|\}|,|\*|\w+", tree)
    pos = 0

    def parse(prefix: list[str]) -> list[Import]:
        nonlocal pos
        path = list(prefix)
        found: list[Import] = []
        while pos < len(tokens):
            tok = tokens[pos]
            if tok == "::":
                pos += 1
            elif tok == "{":
                pos += 1
                while pos < len(tokens) and tokens[pos] != "}":
                    if tokens[pos] == ",":
                        pos += 1
                        continue
                    found += parse(path)
                pos += 1
                return found
            elif tok == "*":
                pos += 1
                return found + [Import(path, None, glob=True)]
            elif tok in (",", "}"):
                break
            elif tok == "as":
                alias = tokens[pos + 1]
                pos += 2
                return found + [Import(path, None if alias == "_" else alias)]
            else:
                if tok == "self" and path:
                    pos += 1
                    continue
                path.append(tok)
                pos += 1
        if path:
            found.append(Import(path, path[-1]))
        return found

    out: list[Import] = []
    while pos < len(tokens):
        if tokens[pos] == ",":
            pos += 1
            continue
        out += parse([])
    return out


# --- The crate ---------------------------------------------------------------------------------


class Scope:
    """One module: a file or an inline `mod x { … }` block."""

    def __init__(self, module: Module, file: Path, text: str):
        self.module, self.file, self.text = module, file, text
        self.imports: dict[str, Import] = {}
        self.globs: list[Import] = []
        self.anonymous: list[Import] = []  # `use Trait as _`
        self.defs: set[str] = set()


class Crate:
    def __init__(self, root: Path):
        self.root = root
        # As code names it: crates/hirelane-core/src is `hirelane_core`.
        self.name = root.parent.name.replace("-", "_")
        # The other crates of the check, by name: paths into them are followed (see `link`).
        self.externs: dict[str, "Crate"] = {}
        self.scopes: dict[Module, Scope] = {}
        self.macros: dict[str, list[Path]] = {}
        self.exported_macros: dict[str, Path] = {}
        has_lib = (root / "lib.rs").exists()
        for path in sorted(root.rglob("*.rs")):
            if path.parent == root and path.name == "main.rs" and has_lib:
                continue  # main.rs uses the library as an external crate.
            text = drop_test_items(clean(path.read_text()))
            self._add_scope(self._module_of(path), path, text)

    def _module_of(self, path: Path) -> Module:
        parts = path.relative_to(self.root).with_suffix("").parts
        if parts[-1] == "mod" or (len(parts) == 1 and path.name in CRATE_ROOTS):
            parts = parts[:-1]
        return tuple(parts)

    def _add_scope(self, module: Module, file: Path, text: str) -> None:
        inline = re.compile(r"\bmod\s+(\w+)\s*\{")
        while m := inline.search(text):
            end = matching_brace(text, m.end() - 1)
            self._add_scope(module + (m.group(1),), file, text[m.end() : end])
            text = text[: m.start()] + " " * (end + 1 - m.start()) + text[end + 1 :]
        scope = Scope(module, file, text)
        use = re.compile(r"(?:\bpub\s*(?:\([^)]*\))?\s*)?\buse\s+([^;]+);")
        for m in use.finditer(text):
            for imp in parse_use_tree(m.group(1)):
                if imp.glob:
                    scope.globs.append(imp)
                elif imp.name is None:
                    scope.anonymous.append(imp)
                else:
                    scope.imports[imp.name] = imp
        for m in re.finditer(rf"\b(?:{ITEM_KEYWORDS})\s+(\w+)", text):
            if m.group(1) not in NOT_NAMES:
                scope.defs.add(m.group(1))
        for m in re.finditer(r"(#\[macro_export\]\s*)?\bmacro_rules!\s*(\w+)", text):
            self.macros.setdefault(m.group(2), []).append(file)
            if m.group(1):
                self.exported_macros[m.group(2)] = file
            scope.defs.add(m.group(2))
        self.scopes[module] = scope

    def file_of(self, module: Module) -> Path:
        while module not in self.scopes:
            module = module[:-1]
        return self.scopes[module].file

    def link(self, crates: list["Crate"]) -> None:
        self.externs = {c.name: c for c in crates if c is not self}

    def owns(self, file: Path) -> bool:
        return file.is_relative_to(self.root)

    # Resolution: a path ends at a module ("mod", Module), at a module of another crate of the
    # check ("ext", crate name, Module) or at an item's file ("item", Path); None when it leaves
    # the check (std, a dependency) or names nothing we know.

    def _in(self, name: str, module: Module, segment: str) -> tuple | None:
        """`segment` in another crate's module, as seen from this crate."""
        found = self.externs[name].resolve_name(module, segment, frozenset())
        return ("ext", name, found[1]) if found and found[0] == "mod" else found

    def _lookup(self, module: tuple, segment: str, seen: frozenset) -> tuple | None:
        """`segment` in a module of this crate ("mod", …) or of another ("ext", …)."""
        if module[0] == "ext":
            return self._in(module[1], module[2], segment)
        return self.resolve_name(module[1], segment, seen)

    def resolve_name(self, module: Module, name: str, seen: frozenset) -> tuple | None:
        key = (module, name)
        if key in seen or module not in self.scopes:
            return None
        seen = seen | {key}
        scope = self.scopes[module]
        if name in scope.imports:
            return self.resolve_path(scope.imports[name].path, module, seen)
        if module + (name,) in self.scopes:
            return ("mod", module + (name,))
        if name in scope.defs:
            return ("item", scope.file)
        if module == () and name in self.exported_macros:
            return ("item", self.exported_macros[name])
        for glob in scope.globs:
            target = self.resolve_path(glob.path, module, seen)
            if target and target[0] in ("mod", "ext"):
                found = self._lookup(target, name, seen)
                if found:
                    return found
        return None

    def resolve_path(self, segments: list[str], here: Module, seen: frozenset = frozenset()) -> tuple | None:
        if not segments:
            return None
        first, rest = segments[0], segments[1:]
        if first == "crate":
            current: tuple | None = ("mod", ())
        elif first == "self":
            current = ("mod", here)
        elif first == "super":
            base = here[:-1]
            while rest and rest[0] == "super":
                base, rest = base[:-1], rest[1:]
            current = ("mod", base)
        elif first == "Self":
            return None
        else:
            current = self.resolve_name(here, first, seen)
            if current is None and first in self.externs:
                current = ("ext", first, ())
        for segment in rest:
            if current is None or current[0] == "item":
                break
            found = self._lookup(current, segment, seen)
            # An item the module makes some other way (a macro): stop at the module's file.
            current = found if found else ("item", self.target_file(current))
        return current

    def target_file(self, target: tuple | None) -> Path | None:
        if target is None:
            return None
        if target[0] == "ext":
            return self.externs[target[1]].file_of(target[2])
        return target[1] if target[0] == "item" else self.file_of(target[1])

    def show(self, file: Path) -> str:
        """A file of this crate relative to its src/, another crate's as `crate/src/…`."""
        if self.owns(file):
            return str(file.relative_to(self.root))
        owner = next(c for c in self.externs.values() if c.owns(file))
        return str(file.relative_to(owner.root.parent.parent))

    def edges(self) -> dict[Path, set[Path]]:
        graph: dict[Path, set[Path]] = {s.file: set() for s in self.scopes.values()}
        path_re = re.compile(r"(?<![\w:])((?:crate|self|super|\w+)(?:::\w+)+)")
        for module, scope in self.scopes.items():
            targets: list[Path | None] = []
            for imp in [*scope.imports.values(), *scope.anonymous]:
                target = self.resolve_path(imp.path, module)
                # A bare module import binds a name; what the code reaches through it counts.
                if target and target[0] == "item":
                    targets.append(target[1])
            for glob in scope.globs:
                targets.append(self.target_file(self.resolve_path(glob.path, module)))
            body = re.sub(r"\buse\s+[^;]+;", ";", scope.text)
            # `pub(in crate::x)` names where an item is visible, not something it uses.
            body = re.sub(r"\bpub\s*\(\s*in\s+[\w:]+\s*\)", "pub", body)
            for m in path_re.finditer(body):
                targets.append(self.target_file(self.resolve_path(m.group(1).split("::"), module)))
            for m in re.finditer(r"(?<![\w:])(\w+)\s*!", body):
                targets.append(self._macro_file(m.group(1), scope.file))
            graph[scope.file].update(t for t in targets if t is not None and t != scope.file)
        return graph

    def _macro_file(self, name: str, here: Path) -> Path | None:
        defined = self.macros.get(name, [])
        if not defined or here in defined:
            return None
        return self.exported_macros.get(name, defined[0])


# --- Rules -------------------------------------------------------------------------------------


def sccs(graph: dict[Path, set[Path]]) -> list[list[Path]]:
    """Tarjan's strongly connected components with more than one file."""
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    on_stack: set[Path] = set()
    found: list[list[Path]] = []
    sys.setrecursionlimit(10000)

    def visit(v: Path) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        # Another crate's files are leaves here: crates cannot import each other both ways.
        for w in sorted(graph[v] & graph.keys()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def folder_local(crate: Crate, component: list[Path]) -> bool:
    """All files are one folder's mod.rs and its direct children (files or child folders' mod.rs).
    The crate root is no such folder: its children are the top-level modules."""
    modules = [crate._module_of(f) for f in component]
    folders = {m[:-1] for m in modules if m} | set(modules)
    return any(p and all(m == p or m[:-1] == p for m in modules) for p in folders)


def shortest_cycle(graph: dict[Path, set[Path]], members: set[Path]) -> list[Path]:
    best: list[Path] = []
    for start in sorted(members):
        prev: dict[Path, Path] = {}
        queue = deque([start])
        while queue:
            v = queue.popleft()
            for w in sorted(graph[v] & members):
                if w == start:
                    cycle = [v]
                    while cycle[-1] != start:
                        cycle.append(prev[cycle[-1]])
                    cycle.reverse()
                    if not best or len(cycle) < len(best):
                        best = cycle
                    queue.clear()
                    break
                if w not in prev:
                    prev[w] = v
                    queue.append(w)
    return best


def read_layers(doc: Path) -> tuple[dict[str, str], set[tuple[str, str]]] | None:
    """The ```layers and ```domain-edges blocks of docs/architecture.md."""
    if not doc.exists():
        return None
    text = doc.read_text()
    layers: dict[str, str] = {}
    edges: set[tuple[str, str]] = set()
    block = re.search(r"```layers\n(.*?)```", text, re.S)
    if not block:
        return None
    for line in block.group(1).splitlines():
        line = line.split("#")[0].strip()
        if ":" in line:
            layer, names = line.split(":", 1)
            for name in names.split():
                layers[name] = layer.strip()
    block = re.search(r"```domain-edges\n(.*?)```", text, re.S)
    for line in block.group(1).splitlines() if block else []:
        line = line.split("#")[0].strip()
        if "->" in line:
            source, targets = line.split("->", 1)
            for target in targets.replace(",", " ").split():
                edges.add((source.strip(), target))
    return layers, edges


def check_layers(crate: Crate, graph: dict[Path, set[Path]], doc: Path) -> list[str]:
    spec = read_layers(doc)
    if spec is None:
        return [f"{doc}: no ```layers block"]
    layers, allowed = spec
    problems: list[str] = []
    seen_edges: set[tuple[str, str]] = set()

    def top(f: Path) -> str:
        if not crate.owns(f):
            return next(name for name, c in crate.externs.items() if c.owns(f))
        module = crate._module_of(f)
        return module[0] if module else "lib"

    present = {top(f) for f in graph} | {top(t) for targets in graph.values() for t in targets}
    for module in sorted(present):
        if module not in layers:
            problems.append(f"{module}: not in the layers table of {doc.name}; give it a layer")
    for module in sorted(layers.keys() - present):
        problems.append(f"{module}: listed in the layers table of {doc.name} but no module or crate has that name; remove it")
    for source in sorted(graph):
        for target in sorted(graph[source]):
            a, b = top(source), top(target)
            la, lb = layers.get(a), layers.get(b)
            if a == b or la is None or lb is None or la == "app":
                continue
            edge = f"{crate.show(source)} -> {crate.show(target)}"
            if la == "kernel" and lb != "kernel":
                problems.append(f"kernel module {a} imports {lb} {b}: {edge}")
            elif lb == "app":
                problems.append(f"{la} {a} imports the app layer ({b}): {edge}")
            elif la == "domain" and lb == "domain":
                seen_edges.add((a, b))
                if (a, b) not in allowed:
                    problems.append(f"domain edge {a} -> {b} is not in {doc.name}: {edge}")
    for a, b in sorted(allowed - seen_edges):
        problems.append(f"domain edge {a} -> {b} is listed in {doc.name} but the code has none; remove it")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, action="append", help="a crate's src/ (repeatable)")
    parser.add_argument("--doc", type=Path, help="the architecture document with the layers")
    parser.add_argument("--edges", action="store_true", help="print every file's imports")
    args = parser.parse_args()
    roots = [r for r in (args.root or DEFAULT_ROOTS) if r.exists()]
    doc = args.doc or (DEFAULT_DOC if not args.root else None)

    problems: list[str] = []
    count = 0
    crates = [Crate(root) for root in roots]
    for crate in crates:
        crate.link(crates)
    for crate in crates:
        root = crate.root
        graph = crate.edges()
        count += len(graph)
        if args.edges:
            for f in sorted(graph):
                names = ", ".join(crate.show(t) for t in sorted(graph[f]))
                print(f"{crate.show(f)} -> {names}")
        for component in sccs(graph):
            if folder_local(crate, component):
                continue
            chain = shortest_cycle(graph, set(component))
            names = " -> ".join(str(f.relative_to(root)) for f in chain + chain[:1])
            problems.append(f"cycle among {len(component)} files crossing modules, e.g. {names}")
        # The layers are the server's; the kernel crate cannot import it at all (cargo).
        if doc is not None and root == roots[0]:
            problems += check_layers(crate, graph, doc)
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"module graph: no cross-module cycle among {count} files; layers as {doc.name if doc else 'not checked'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
