#!/usr/bin/env python3
"""The fault campaign: GNU Go games played on the simulated board with faults.

    tools/bench faults                       # 200 games, seed 1, both cores
    .venv/bin/python tools/bench_faults.py --games 20 --seed 7 --jobs 2 --json out.json

Each game is a committed GNU Go self-play record (tools/sim/games/*.sgf) played
by the simulator's hands and players (`goboard sim`: the real firmware in the
MicroPython unix port) at a random tempo (0, back to back, in a fifth of the
games) with 2 to 6 random faults from the catalogue (goboard.simfaults:
flicker, drift, stuck, dead, hover, slide, knock, noise, power cut, two stones
in a window) and hand noise 1 to 3, all drawn from the seed. The ground truth is
the world's (what the hands put down), never the referee's. Prints, with the
seed and the counts: false moves (recorded, never played), lost moves (played,
never recorded), jams (the board asked for a fix no mistake caused, or stayed
stuck after the players did it; a stuck game stops there), false alarms (an
announcement without a mistake that went away by itself), and per fault kind
the recovery (from the end of the fault to the board agreeing with the hands
again; "never" when it did not by the end of the game, "ongoing" when the fault
itself was still going on then). Target: 0 false, 0 lost,
0 jams. Games run two at a time (one MicroPython process each).
"""

import argparse
import json
import os
import random
import sys
import time
from argparse import Namespace
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "host"))
sys.path.insert(0, str(REPO / "firmware"))

from goboard.sim import faults as simfaults  # noqa: E402
from goboard.commands.sim import simulate  # noqa: E402

GAMES = REPO / "tools" / "sim" / "games"
TEMPOS = (0, 0, None, 60, 150, 300, 600, 1000, 1500, 2500)   # ms; None: the default 120-400


def records():
    return sorted(GAMES.glob("*.sgf"))


def plan(games, seed, kinds=simfaults.CATALOGUE, faults=(2, 6)):
    """One dict per game: record, seed, tempo, n_faults, noise (all from `seed`)."""
    rng = random.Random(seed)
    recs = records()
    out = []
    for k in range(games):
        out.append({"game": k + 1, "record": str(recs[k % len(recs)]), "seed": seed * 10007 + k,
                    "tempo": rng.choice(TEMPOS), "n_faults": rng.randint(faults[0], faults[1]),
                    "noise": rng.randint(1, 3), "kinds": ",".join(kinds)})
    return out


def play(g):
    """One game of the plan -> its verdict (small: the worker's whole answer)."""
    args = Namespace(rules=None, komi=None, handicap=None, seed=g["seed"], noise=g["noise"],
                     size=None, profile=None, cut_after="", torn=False, log_dir=None, json=True,
                     tempo=g["tempo"], faults=g["n_faults"], fault_kinds=g["kinds"], players=True)
    t = time.monotonic()
    out = simulate(g["record"], args)
    v = out["verdict"]
    v.update(g)
    v["intended"] = len(out["sgf_moves"])
    v["wall_s"] = time.monotonic() - t
    v["sim_s"] = out["summary"]["now"] / 1000.0
    return v


def campaign(games, seed, jobs=2, kinds=simfaults.CATALOGUE):
    """Play the plan's games, `jobs` at a time; the verdicts in game order."""
    todo = plan(games, seed, kinds)
    with ThreadPoolExecutor(max(1, jobs)) as ex:
        return list(ex.map(play, todo))


def totals(results):
    t = {"games": len(results), "intended": 0, "played": 0, "recorded": 0, "false": 0,
         "lost": 0, "jams": 0, "stuck": 0, "false_alarms": 0, "asked": 0}
    for v in results:
        t["intended"] += v["intended"]
        t["played"] += v["played"]
        t["recorded"] += v["recorded"]
        t["false"] += len(v["false"])
        t["lost"] += len(v["lost"])
        t["jams"] += len(v["jams"])
        t["stuck"] += 1 if v["stopped"] else 0
        t["false_alarms"] += len(v["false_alarms"])
        t["asked"] += len(v.get("asked", ()))
    return t


def by_kind(results):
    """{kind: {injected, recoveries [ms], never, false, lost, jams, alarms}}."""
    rows = {}

    def row(kind):
        return rows.setdefault(kind, {"injected": 0, "rec": [], "never": 0, "ongoing": 0, "false": 0,
                                      "lost": 0, "jams": 0, "alarms": 0})
    for v in results:
        for f in v["faults"]:
            r = row(f["kind"])
            r["injected"] += 1
            if f.get("ongoing"):
                r["ongoing"] += 1
            elif f["recovery_ms"] is None:
                r["never"] += 1
            else:
                r["rec"].append(f["recovery_ms"])
        for key, what in (("false", "false"), ("lost", "lost"), ("jams", "jams"),
                          ("false_alarms", "alarms")):
            for e in v[key]:
                row(e["fault"])[what] += 1
    return rows


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else None


def report(results, seed, jobs, wall):
    t = totals(results)
    lines = ["fault campaign: seed %d, %d games from %d GNU Go records, %d jobs"
             % (seed, t["games"], len(records()), jobs),
             "moves: %d in the records, %d played, %d recorded; %d games stuck (play stopped there)"
             % (t["intended"], t["played"], t["recorded"], t["stuck"]),
             "false moves %d, lost moves %d, jams %d, false alarms %d   (target 0, 0, 0)"
             % (t["false"], t["lost"], t["jams"], t["false_alarms"]),
             "asked %d (a move on one of several dead sensors: the board offered them, the "
             "player pressed ok on theirs)" % t["asked"],
             "", "%-11s %8s %6s %7s %9s %7s %7s %6s %6s %5s %5s"
             % ("fault", "injected", "never", "ongoing", "median ms", "p95 ms", "max ms",
                "false", "lost", "jams", "alarm")]
    rows = by_kind(results)
    for kind in list(simfaults.CATALOGUE) + sorted(k for k in rows if k not in simfaults.CATALOGUE):
        r = rows.get(kind)
        if r is None:
            continue
        rec = r["rec"]
        lines.append("%-11s %8d %6d %7d %9s %7s %7s %6d %6d %5d %5d"
                     % (kind, r["injected"], r["never"], r["ongoing"], pct(rec, 0.5),
                        pct(rec, 0.95), max(rec) if rec else None, r["false"], r["lost"],
                        r["jams"], r["alarms"]))
    lines += ["", "%-11s %8s %6s %6s %6s %5s" % ("tempo ms", "games", "stuck", "false", "lost",
                                               "jams")]
    for tempo in sorted(set(v["tempo"] for v in results), key=lambda x: -1 if x is None else x):
        vs = [v for v in results if v["tempo"] == tempo]
        lines.append("%-11s %8d %6d %6d %6d %5d" % (
            "120-400" if tempo is None else tempo, len(vs), sum(1 for v in vs if v["stopped"]),
            sum(len(v["false"]) for v in vs), sum(len(v["lost"]) for v in vs),
            sum(len(v["jams"]) for v in vs)))
    first = [v for v in results if v["false"] or v["lost"] or v["jams"]][:5]
    if first:
        lines.append("")
        lines.append("first games with errors (replay: goboard sim RECORD ... --json):")
        for v in first:
            what = []
            for e in v["false"][:1]:
                what.append("false %s %s as move %d (%s)" % (e["move"][0], e["move"][1],
                                                              e["number"], e["fault"]))
            for e in v["lost"][:1]:
                what.append("lost %s %s, move %d (%s)" % (e["move"][0], e["move"][1],
                                                         e["number"], e["fault"]))
            for e in v["jams"][:1]:
                what.append("jam %s %s at %.1f s (%s)" % (e["code"], e["point"], e["t"] / 1000.0,
                                                         e["fault"]))
            tempo = "" if v["tempo"] is None else " --tempo %d" % v["tempo"]
            kinds = "" if v["kinds"] == ",".join(simfaults.CATALOGUE) \
                else " --fault-kinds %s" % v["kinds"]
            lines.append("  game %d: %s --seed %d%s --faults %d%s --noise %d: %s"
                         % (v["game"], os.path.relpath(v["record"], REPO), v["seed"],
                            tempo, v["n_faults"], kinds, v["noise"], "; ".join(what)))
    sim = sum(v["sim_s"] for v in results)
    lines.append("")
    lines.append("wall time %.0f s for %.0f s of simulated play (%d jobs)" % (wall, sim, jobs))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--kinds", default=",".join(simfaults.CATALOGUE),
                    help="fault kinds to draw from (default: the catalogue)")
    ap.add_argument("--json", default=None, metavar="PATH", help="write every game's verdict here")
    a = ap.parse_args(argv)
    kinds = tuple(k for k in a.kinds.split(",") if k)
    t = time.monotonic()
    results = campaign(a.games, a.seed, a.jobs, kinds)
    wall = time.monotonic() - t
    for line in report(results, a.seed, a.jobs, wall):
        print(line)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
