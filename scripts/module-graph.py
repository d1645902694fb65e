#!/usr/bin/env python3
"""Checks that the server's files import each other one way only.

Reads every `.rs` file under crates/hirelane/src, resolves each `crate::…`, `super::…` and
`self::…` path it names to the deepest source file that path reaches (so `crate::voice::client::Voice`
points at voice/client.rs, `crate::voice::router` at voice/mod.rs), and reports every cycle
among files, as strongly connected components. Exits 1 when there is one.

    python3 scripts/module-graph.py            # cycles, or "no cycle" and the file count
    python3 scripts/module-graph.py --edges    # also print every file's imports
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "crates" / "hirelane" / "src"
CRATE_ROOTS = {"lib.rs", "main.rs"}


def module_of(path: Path) -> tuple[str, ...]:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts
    if parts[-1] == "mod" or (len(parts) == 1 and path.name in CRATE_ROOTS):
        parts = parts[:-1]
    return tuple(parts)


def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    # Strings may hold `crate::` in messages; they are not imports.
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def expand_use(tree: str) -> list[str]:
    """`a::{b, c::{d, e}}` -> [`a::b`, `a::c::d`, `a::c::e`]."""
    tree = tree.replace(" ", "").replace("\n", "")
    depth, start = 0, None
    for i, ch in enumerate(tree):
        if ch == "{":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0 and start is not None:
                prefix, inner = tree[:start], tree[start + 1 : i]
                items, level, item = [], 0, ""
                for c in inner:
                    if c == "," and level == 0:
                        items.append(item)
                        item = ""
                        continue
                    level += c == "{"
                    level -= c == "}"
                    item += c
                items.append(item)
                out = []
                for it in filter(None, items):
                    out += expand_use(prefix + ("" if it == "self" else it)) if it != "self" else [prefix.rstrip(":")]
                return out
    return [re.sub(r"\bas\w+$", "", tree)]


def paths_in(text: str) -> list[str]:
    found = []
    for tree in re.findall(r"\buse\s+((?:crate|super|self)::[^;]+);", text):
        found += expand_use(tree)
    text = re.sub(r"\buse\s+[^;]+;", "", text)
    found += re.findall(r"\b((?:crate|super|self)(?:::\w+)+)", text)
    return found


def resolve(path: str, here: tuple[str, ...], modules: set[tuple[str, ...]]) -> tuple[str, ...] | None:
    segments = path.split("::")
    if segments[0] == "crate":
        base: tuple[str, ...] = ()
    elif segments[0] == "self":
        base = here
    else:
        base = here
        while segments and segments[0] == "super":
            base = base[:-1]
            segments = segments[1:]
        segments = ["super"] + segments
    segments = segments[1:]
    target = base
    for segment in segments:
        if target + (segment,) in modules:
            target = target + (segment,)
        else:
            break
    return target


def main() -> int:
    files = {module_of(p): p for p in ROOT.rglob("*.rs")}
    if "main.rs" in {p.name for p in ROOT.iterdir()}:
        files = {m: p for m, p in files.items() if p.name != "main.rs"}
    modules = set(files)
    edges: dict[tuple[str, ...], set[tuple[str, ...]]] = {m: set() for m in modules}
    for module, path in files.items():
        text = strip_comments(path.read_text())
        # Unit tests may reach anywhere; they are not part of the graph the build depends on.
        text = re.split(r"#\[cfg\(test\)\]\s*mod\s+tests", text)[0]
        for p in paths_in(text):
            target = resolve(p, module, modules)
            # The crate root only declares modules and re-exports.
            if target is None or target == module or target == ():
                continue
            edges[module].add(target)

    def name(m: tuple[str, ...]) -> str:
        return str(files[m].relative_to(ROOT))

    if "--edges" in sys.argv:
        for m in sorted(edges, key=name):
            print(f"{name(m)} -> {', '.join(sorted(name(t) for t in edges[m]))}")

    # Tarjan's strongly connected components.
    index, low, stack, on_stack, sccs = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                sccs.append(scc)

    for v in sorted(edges):
        if v not in index:
            visit(v)

    if not sccs:
        print(f"module graph: no cycle among {len(files)} files")
        return 0
    for scc in sccs:
        print(f"cycle among {len(scc)} files: {', '.join(sorted(name(m) for m in scc))}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
