"""The import graph of a package drawn from its source with `ast` (nothing is
imported): every import counts, at the top or inside a function, relative ones
resolved. Used by tests/unit/test_layers.py (the layers and circles of
host/goboard and firmware/goban) and by tests that check where a name comes from."""

import ast
import pathlib


def modules(pkgdir):
    """{dotted name: path} of every module of a package (a package is its __init__)."""
    pkgdir = pathlib.Path(pkgdir)
    out = {}
    for p in sorted(pkgdir.rglob("*.py")):
        parts = list(p.relative_to(pkgdir.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def imports(mods):
    """{module: {(module it imports, names taken from it)}} within `mods`.

    `from a.b import c` imports the module a.b.c when there is one, else the
    names of a.b; relative imports are resolved; every import counts, at the
    top or inside a function."""
    graph = {m: {} for m in mods}
    for name, path in mods.items():
        is_pkg = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [(a.name, None) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    here = name.split(".") if is_pkg else name.split(".")[:-1]
                    here = here[:len(here) - node.level + 1]
                    base = ".".join(here + ([node.module] if node.module else []))
                targets = [(base + "." + a.name, None) if base + "." + a.name in mods
                           else (base, a.name) for a in node.names]
            else:
                continue
            for target, taken in targets:
                parts = target.split(".")
                for k in range(len(parts), 0, -1):     # the module, or the package holding it
                    t = ".".join(parts[:k])
                    if t in mods:
                        if t != name:
                            graph[name].setdefault(t, set())
                            if taken:
                                graph[name][t].add(taken)
                        break
    return graph


def circles(graph):
    """One circle (a list of modules, the first again at the end) for each group of
    modules that import each other, in name order."""
    index, low, stack, on, groups = {}, {}, [], set(), []

    def visit(v):                       # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    out = []
    for group in sorted(groups, key=min):
        start = min(group)
        parent, todo = {start: None}, [start]
        while todo:                     # the shortest way from `start` back to it
            v = todo.pop(0)
            if start in graph[v]:
                break
            for w in sorted(graph[v]):
                if w in group and w not in parent:
                    parent[w] = v
                    todo.append(w)
        chain = []
        while v is not None:
            chain.append(v)
            v = parent[v]
        out.append(chain[::-1] + [start])
    return out


def show(cycles):
    return "\n".join(" -> ".join(c) for c in cycles)
