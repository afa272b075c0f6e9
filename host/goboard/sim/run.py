"""A game or a script on the simulated board in one run: the firmware (board
loop, referee, game log) in the MicroPython unix port against the world model in
tools/sim (`run_job`), and `simulate`, `goboard sim`'s whole answer (its module
docstring says what the JSON object holds)."""

import json
import os
import subprocess
import tempfile
from pathlib import Path

from goban import players as P
from goban import rules as R
from goban.rules import bowl_stones
from goboard.argtypes import game_fields
from goboard.sim import faults as simfaults
from goboard.sim.board import runner
from goboard.sim.script import load_input
from goboard.errors import UserError
from goboard.paths import BOARDS


def run_job(job, timeout=600):
    """The runner inside MicroPython; returns (events, notes, summary)."""
    argv, env = runner()
    proc = subprocess.run(argv, input=json.dumps(job).encode(), capture_output=True,
                          timeout=timeout, env=env)
    events, notes, summary = [], [], None
    for line in proc.stdout.decode(errors="replace").splitlines():
        try:
            d = json.loads(line)
        except ValueError:
            continue
        if "event" in d:
            ev = dict(d["event"])
            ev["t"] = d["t"]
            events.append(ev)
        elif "note" in d:
            notes.append(d["note"])
        elif d.get("done"):
            summary = d
    if proc.returncode != 0 or summary is None:
        # MicroPython prints an uncaught exception's traceback on stdout
        err = (proc.stderr.decode(errors="replace").strip().splitlines()
               or [line for line in proc.stdout.decode(errors="replace").splitlines()
                   if line.strip() and not line.startswith("{")])
        raise UserError("the simulated board failed: %s" % (err[-1] if err else "no summary"))
    return events, notes, summary


def sgf_game_fields(path):
    """The players and game data an SGF names (PB, PW, BR, WR, EV, RO), for the
    board to log with the game; fields it cannot read are left out."""
    from goboard.record.sgfgame import read_sgf
    from goboard.record.sgfrecord import PLAYER_PROPS
    root = read_sgf(path).get_root()
    out = {}
    for key, prop in PLAYER_PROPS:
        try:
            v = root.get(prop) if root.has_property(prop) else None
        except ValueError:
            v = None
        if not v:
            continue
        try:
            out.update(P.check({key: str(v).strip()[:P.MAX_TEXT]}))
        except ValueError:
            pass                    # a rank like "9d*" or a name with a control character
    return out


def job_game(args, record, path):
    """(players and game data, clock spec) the board starts the game with: the
    command line's over the SGF's, colours swapped with the record's; the clock
    a planned mistake needs when none is given (simfaults.BYOYOMI_CLOCK)."""
    given = sgf_game_fields(path) if record is not None else {}
    if record is not None and record.get("swapped"):
        given = {SWAP.get(k, k): v for k, v in given.items()}
    fields = game_fields(args, given=given)
    clock = fields.get("clock") or (record.get("clock") if record is not None else None)
    return {k: v for k, v in fields.items() if k != "clock"}, clock


SWAP = {"black": "white", "white": "black", "black_rank": "white_rank",
        "white_rank": "black_rank"}


def simulate(path, args):
    record, actions, size = load_input(path, args)
    game, clock = job_game(args, record, path)
    profile = args.profile or str(BOARDS / ("sim-%d.json" % size))
    if not Path(profile).exists():
        raise UserError("no simulated board profile for %dx%d (%s)" % (size, size, profile))
    rules = args.rules or (record["rules"] if record else "chinese")
    komi = args.komi if args.komi is not None else (record["komi"] if record else None)
    handicap = args.handicap if args.handicap is not None else (record["handicap"] if record else 0)
    cuts = []
    for tok in (args.cut_after or "").split(","):
        if tok.strip():
            try:
                cuts.append(int(tok))
            except ValueError:
                raise UserError("--cut-after: %r is not an event number" % tok)
    with tempfile.TemporaryDirectory(prefix="goboard-sim-") as tmp:
        job = {"profile": profile, "rules": rules, "komi": komi, "handicap": handicap,
               "setup": record["setup"]["B"] if record else None,
               "seed": args.seed, "noise": args.noise, "actions": actions,
               "dir": args.log_dir or tmp, "cut_after": cuts, "torn": bool(args.torn),
               "bowl_stones": bowl_stones(size, R.get(rules)),   # Ing: 180 on 19x19
               "players": record is not None or bool(getattr(args, "players", False)),
               "clock": clock, "game": game}
        if args.log_dir:
            os.makedirs(args.log_dir, exist_ok=True)
        events, notes, summary = run_job(job)
    out = {"events": events, "moves": [m[1] for m in summary["moves"]],
           "colors": [m[0] for m in summary["moves"]], "result": summary["result"],
           "rules": rules, "size": size, "seed": args.seed, "noise": args.noise,
           "boots": [n for n in notes if n.get("type") == "boot"],
           "ui": [n for n in notes if n.get("type") == "ui"], "summary": summary}
    if "truth" in summary:
        out["truth"] = summary["truth"]
        out["fixes"] = [n for n in notes if n.get("type") in ("fix", "stuck")]
        out["verdict"] = simfaults.verdict(out)
    if record is not None:
        out["sgf_moves"] = [m[1] for m in record["moves"]]
        if record.get("stopped"):
            out["stopped"] = record["stopped"]   # the SGF move the board refused
    return out
