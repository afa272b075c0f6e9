"""The import graph of the host package (host/goboard) and of the firmware
(firmware/goban), drawn from the source with `ast` (imports inside functions
included, nothing imported): no circles, no library module of the host
importing a command, no command importing another, no private name imported
across modules."""

from conftest import REPO
from importgraph import circles, imports, modules, show

HOST = REPO / "host" / "goboard"
FIRMWARE = REPO / "firmware" / "goban"
# the command layer: the subcommands and the table that dispatches to them
COMMAND_LAYER = ("goboard.commands", "goboard.cli", "goboard.__main__")


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


def test_no_command_imports_another():
    """A command is a leaf: what two commands share (the simulator's reader,
    how goboard was started) lives in a library both import."""
    graph = imports(modules(HOST))
    wrong = ["%s imports %s" % (m, t) for m, targets in sorted(graph.items())
             if m.startswith("goboard.commands.")
             for t in sorted(targets) if t.startswith(COMMAND_LAYER) and t != m]
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


def test_the_firmware_has_no_import_circle():
    graph = imports(modules(FIRMWARE))
    assert len(graph) > 30, sorted(graph)
    found = circles(graph)
    assert not found, "modules of firmware/goban import each other:\n" + show(found)
