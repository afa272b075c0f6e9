"""The `goboard` command: one subcommand per module `goboard.commands.<name>`.

Each module gives `add_arguments(parser)`, `run(args) -> int` and a docstring
whose first line is the help text. Errors a user can fix (a corrupt SGF, an
unknown rules id, a bad point) are `goboard.errors.UserError`: one line on
stderr and exit status 2, never a traceback.
"""

import argparse
import importlib
import os
import sys

from goboard.errors import UserError

COMMANDS = ("replay", "score", "sim", "ports", "sync", "watch", "serve", "relay", "record", "demo",
            "new", "clock", "gtp", "play", "diag")


def _load(name):
    try:
        return importlib.import_module("goboard.commands." + name.replace("-", "_"))
    except ModuleNotFoundError as e:
        if e.name == "goboard.commands." + name.replace("-", "_"):
            return None
        raise


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error, like every other error of goboard's."""

    def error(self, message):
        self.exit(2, "%s: %s (see %s --help)\n" % (self.prog, message, self.prog))


def build_parser():
    parser = Parser(
        prog="goboard", description="The electronic Go board's host tool: replay and score "
        "games, run the simulated board, sync games over serial into SGF, serve the live page.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for name in COMMANDS:
        mod = _load(name)
        if mod is None:
            continue
        doc = (mod.__doc__ or name).strip().splitlines()[0]
        p = sub.add_parser(name, help=doc, description=doc)
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv=None):
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:     # a usage error (one line said) or --help: its status
        return e.code
    try:
        return args._run(args) or 0
    except UserError as e:
        # one line whatever the message holds (a move text with a newline in it)
        text = str(e).replace("\r", "\\r").replace("\n", "\\n")
        print("goboard %s: %s" % (args.command, text), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (`goboard ... | head`): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
