"""main.BOOT_ORDER: the modules main.py imports at boot, one at a time on the .mpy
install (tests/chip/test_chip_deploy.py boots it). A module main comes to import and
the list lacks would load inside another's cascade again; one listed that boot no
longer needs would cost the tight heap its code. Top-level imports only: what a
module imports inside a function loads when first needed."""

import ast

from conftest import REPO

FIRMWARE = REPO / "firmware"


def _module_path(name):
    base = FIRMWARE.joinpath(*name.split("."))
    if base.is_dir():
        return base / "__init__.py"
    path = base.with_suffix(".py")
    return path if path.exists() else None


def _top_imports(path):
    """The firmware modules a file imports at its top level (a try's body too, unless
    the try is for an ImportError: a module the .mpy install may leave out)."""
    out = []
    body = list(ast.parse(path.read_text()).body)
    while body:
        node = body.pop(0)
        if isinstance(node, ast.Try):
            optional = any(getattr(h.type, "id", "") == "ImportError" for h in node.handlers)
            if not optional:
                body[:0] = node.body
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append(node.module)
            out += [node.module + "." + a.name for a in node.names]
    return [m for m in out if _module_path(m) is not None]


def boot_closure():
    seen = set()
    todo = _top_imports(FIRMWARE / "main.py")
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:k]) for k in range(1, len(parts))]   # its packages run first
        todo += _top_imports(_module_path(name))
    return seen


def test_the_boot_order_lists_every_module_boot_imports_once():
    tree = ast.parse((FIRMWARE / "main.py").read_text())
    listed = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "BOOT_ORDER":
            listed = ast.literal_eval(node.value)
    assert listed is not None, "main.py has no BOOT_ORDER"
    assert len(listed) == len(set(listed)), "a module listed twice"
    closure = boot_closure()
    assert set(listed) == closure, (sorted(closure - set(listed)), sorted(set(listed) - closure))
    # packages before what they hold: a package's own imports load in its cascade
    for k, name in enumerate(listed):
        for j in range(1, name.count(".") + 1):
            parent = name.rsplit(".", j)[0]
            if parent != "goban.referee":       # its submodules load with it either way
                assert listed.index(parent) < k, (parent, name)
