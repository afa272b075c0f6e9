"""pyproject.toml names every package of the tree (setuptools warns at install,
and an installed copy lacks it, for a folder left out: the page's web/ was)."""

import tomllib

from conftest import REPO


def test_every_folder_of_the_tree_is_a_package_with_its_files():
    conf = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    roots = conf["package-dir"]
    listed = set(conf["packages"])
    data = conf.get("package-data", {})
    for name, where in roots.items():
        base = REPO / where
        for d in [base] + [p for p in base.rglob("*") if p.is_dir()]:
            if d.name == "__pycache__":
                continue
            files = [f for f in d.iterdir() if f.is_file()]
            if not files:
                continue
            pkg = ".".join([name] + list(d.relative_to(base).parts))
            assert pkg in listed, "%s (%s) is not in pyproject's packages" % (pkg, d)
            other = {f.suffix for f in files if f.suffix not in (".py", ".pyc")}
            if other:
                globs = data.get(pkg, [])
                for ext in other:
                    assert "*" + ext in globs, "%s's %s files are no package data" % (pkg, ext)
