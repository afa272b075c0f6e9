"""The import graph of the host package (host/goboard) and of the firmware
(firmware/goban), drawn from the source with `ast` (imports inside functions
included, nothing imported): no circles, no library module of the host
importing a command, no private name imported across modules."""

import ast
import pathlib

import pytest

from conftest import REPO

HOST = REPO / "host" / "goboard"
FIRMWARE = REPO / "firmware" / "goban"
# the command layer: the subcommands and the table that dispatches to them
COMMAND_LAYER = ("goboard.commands", "goboard.cli", "goboard.__main__")


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


def test_the_drawing_sees_lazy_relative_and_from_imports(tmp_path):
    """The reader itself, on a made package whose circle runs through a lazy
    import, a relative import and a `from package import module`."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.sub import b\n")
    (pkg / "sub" / "b.py").write_text("from . import c\n")
    (pkg / "sub" / "c.py").write_text("def f():\n    from pkg.a import x\n")
    (pkg / "lone.py").write_text("import pkg.sub.c\nfrom pkg.sub.b import _hidden\n")
    graph = imports(modules(pkg))
    assert graph["pkg.lone"] == {"pkg.sub.c": set(), "pkg.sub.b": {"_hidden"}}
    assert circles(graph) == [["pkg.a", "pkg.sub.b", "pkg.sub.c", "pkg.a"]]
    (pkg / "sub" / "c.py").write_text("def f():\n    pass\n")
    assert circles(imports(modules(pkg))) == []


def test_the_host_has_no_import_circle():
    graph = imports(modules(HOST))
    assert len(graph) > 40, sorted(graph)        # the whole package was read
    found = circles(graph)
    assert not found, "modules of host/goboard import each other:\n" + show(found)


def test_no_host_library_imports_a_command():
    """Commands import libraries, never the reverse: a library that needs a
    piece of a command takes it from a library module beneath both."""
    graph = imports(modules(HOST))
    wrong = ["%s imports %s" % (m, t) for m, targets in sorted(graph.items())
             if not m.startswith(COMMAND_LAYER)
             for t in sorted(targets) if t.startswith(COMMAND_LAYER)]
    assert not wrong, "\n".join(wrong)


def test_every_command_is_a_module_of_commands():
    from goboard import cli
    mods = modules(HOST)
    assert sorted("goboard.commands." + c.replace("-", "_") for c in cli.COMMANDS) == \
        sorted(m for m in mods if m.startswith("goboard.commands."))


def test_no_private_name_is_imported_across_modules():
    graph = imports(modules(HOST))
    private = ["%s takes %s from %s" % (m, n, t) for m, targets in sorted(graph.items())
               for t, names in sorted(targets.items()) for n in sorted(names)
               if n.startswith("_") and not n.startswith("__")]
    assert not private, "\n".join(private)


@pytest.mark.xfail(strict=True, reason="issue 19: referee layers")
def test_the_firmware_has_no_import_circle():
    graph = imports(modules(FIRMWARE))
    assert len(graph) > 30, sorted(graph)
    found = circles(graph)
    assert not found, "modules of firmware/goban import each other:\n" + show(found)
