#!/usr/bin/env python3
"""The fault campaign: GNU Go games played on the simulated board with faults and mistakes.

    tools/bench faults                       # 200 games, a seed drawn now, both cores
    .venv/bin/python tools/bench_faults.py --games 20 --seed 7 --jobs 2 --json out.json
    tools/bench faults --mistakes 0 --rules chinese      # issue 8's campaign: faults only

Each game is a committed GNU Go self-play record (tools/sim/games/*.sgf) played
by the simulator's hands and players (`goboard sim`: the real firmware in the
MicroPython unix port) at a random tempo (0, back to back, in a fifth of the
games) with 2 to 6 random faults from the catalogue (goboard.sim.faults:
flicker, drift, stuck, dead, hover, slide, knock, noise, power cut, two stones
in a window), 1 to 3 of the players' mistakes (simfaults.MISTAKES: a second
stone, a wrong colour, an undo by hand, prisoners in the wrong place, a rolled
stone, quick answers, a stray stone, a mistaken end, a slow capture (also a
large one under byo-yomi, the game then on a clock), a drift
or a noise burst at the count), under rules drawn from --rules, and hand noise
1 to 3, all drawn from the seed (one drawn at run time when none is given,
printed first). The ground truth is the world's (what the hands put down),
never the referee's. Prints, with the seed and the counts: false moves
(recorded, never played), lost moves (played, never recorded), jams (the board
asked for a fix no mistake caused, or stayed stuck after the players did it; a
stuck game stops there), counts wrong or missing (the board's count against
the players' game counted by the rules core), false alarms (an announcement
without a mistake that went away by itself), and per fault and mistake kind
the recovery (from its end to the board agreeing with the hands again; "never"
when it did not by the end of the game, "ongoing" when the fault itself was
still going on then) and the errors put down to it. Target: 0 false, 0 lost,
0 jams, 0 stuck, every count right. Games run two at a time (one MicroPython
process each); then the replay command of the first games with errors. Ctrl-C
(or a kill's SIGTERM) stops it early: the games under way end, and the report
(and --json) covers the games played.
"""

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from argparse import Namespace
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "host"))
sys.path.insert(0, str(REPO / "firmware"))

from goboard.sim import faults as simfaults  # noqa: E402
from goboard.sim.run import simulate  # noqa: E402
from goboard.errors import UserError  # noqa: E402

GAMES = REPO / "tools" / "sim" / "games"
TEMPOS = (0, 0, None, 60, 150, 300, 600, 1000, 1500, 2500)   # ms; None: the default 120-400
RULES = ("chinese", "japanese", "aga")   # a campaign's rules: area, territory, pass stones


def records():
    return sorted(GAMES.glob("*.sgf"))


def plan(games, seed, kinds=simfaults.CATALOGUE, faults=(2, 6), mistakes=(0, 0), rules=None):
    """One dict per game: record, seed, tempo, n_faults, n_mistakes, rules,
    noise (all from `seed`; the mistakes and rules from a stream of their
    own, so a campaign without them plays the same games). `rules` None: the
    record's own."""
    rng = random.Random(seed)
    mrng = random.Random(seed * 7919 + 3)
    recs = records()
    out = []
    for k in range(games):
        g = {"game": k + 1, "record": str(recs[k % len(recs)]), "seed": seed * 10007 + k,
             "tempo": rng.choice(TEMPOS), "n_faults": rng.randint(faults[0], faults[1]),
             "noise": rng.randint(1, 3), "kinds": ",".join(kinds),
             "n_mistakes": mrng.randint(mistakes[0], mistakes[1]) if mistakes[1] else 0,
             "rules": mrng.choice(rules) if rules else None}
        out.append(g)
    return out


def play(g):
    """One game of the plan -> its verdict (small: the worker's whole answer)."""
    args = Namespace(rules=g.get("rules"), komi=None, handicap=None, seed=g["seed"],
                     noise=g["noise"], size=None, profile=None, cut_after="", torn=False,
                     log_dir=None, json=True, tempo=g["tempo"], faults=g["n_faults"],
                     mistakes=g.get("n_mistakes", 0), fault_kinds=g["kinds"], players=True)
    t = time.monotonic()
    try:
        out = simulate(g["record"], args)
    except (UserError, subprocess.TimeoutExpired) as e:
        # the simulated board crashed or hung: the game is stuck there, the
        # campaign goes on (one crash used to end a 560-game run unreported)
        v = {"false": [], "lost": [], "jams": [], "false_alarms": [], "asked": [],
             "counts": [], "count": {}, "faults": [], "played": 0, "recorded": 0,
             "stopped": "crashed: %s" % (str(e).splitlines() or ["?"])[0], "crashed": True}
        v.update(g)
        v["intended"] = 0
        v["wall_s"] = time.monotonic() - t
        v["sim_s"] = 0.0
        return v
    v = out["verdict"]
    v.update(g)
    v["intended"] = len(out["sgf_moves"])
    v["wall_s"] = time.monotonic() - t
    v["sim_s"] = out["summary"]["now"] / 1000.0
    return v


def campaign(games, seed, jobs=2, kinds=simfaults.CATALOGUE, faults=(2, 6), mistakes=(0, 0),
             rules=None, progress=None, stop=None):
    """Play the plan's games, `jobs` at a time; the verdicts in game order.
    `progress(v, done)` is called as each game ends (in the order they end).
    `stop` (a threading.Event): once set, no game starts; those under way end
    (one killed with the stop is left out), and the verdicts so far are the
    answer (a long campaign stopped early still reports what it played)."""
    todo = plan(games, seed, kinds, faults, mistakes, rules)
    done = [0]

    def one(g):
        if stop is not None and stop.is_set():
            return None
        v = play(g)
        if v.get("crashed") and stop is not None and stop.is_set():
            return None           # killed by the stop with it (Ctrl-C reaches the whole
            # process group): cut short, not a crash of the board's (seed 499490 game 22)
        if progress is not None:
            with lock:
                done[0] += 1
                progress(v, done[0])
        return v
    lock = threading.Lock()
    with ThreadPoolExecutor(max(1, jobs)) as ex:
        return [v for v in ex.map(one, todo) if v is not None]


def failed(v):
    """The game went wrong: a false or lost move, a jam, a count, or stuck."""
    return bool(v["false"] or v["lost"] or v["jams"] or v.get("counts") or v["stopped"])


def failure(v):
    """A failed game in two lines: what went wrong, and its replay command."""
    return ["game %d: %s" % (v["game"], "; ".join(what_went_wrong(v))
                             or "stuck: %s" % v["stopped"]),
            "    " + replay_line(v)]


def progress_line(v, done, every=50):
    """What a long campaign says as it goes (stderr): each game that went wrong,
    with its replay line, as it ends, and a count every `every` games."""
    if failed(v):
        return "\n".join(failure(v))
    if done % every == 0:
        return "%d games played" % done
    return None


def totals(results):
    t = {"games": len(results), "intended": 0, "played": 0, "recorded": 0, "false": 0,
         "lost": 0, "jams": 0, "stuck": 0, "false_alarms": 0, "asked": 0, "counts": 0,
         "counted": 0, "count_wrong": 0, "count_missing": 0, "mistakes": 0}
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
        t["counted"] += 1 if (v.get("count") or {}).get("true") else 0
        for e in v.get("counts", ()):
            t["counts"] += 1
            t["count_wrong" if e["code"] == "count-wrong" else "count_missing"] += 1
        t["mistakes"] += sum(1 for f in v["faults"] if f["kind"] in simfaults.MISTAKES)
    return t


def errors(t):
    """The campaign's errors in one number (0 is the target)."""
    return t["false"] + t["lost"] + t["jams"] + t["stuck"] + t["counts"]


def by_kind(results):
    """{kind: {injected, recoveries [ms], never, false, lost, jams, counts, alarms}}."""
    rows = {}

    def row(kind):
        return rows.setdefault(kind, {"injected": 0, "rec": [], "never": 0, "ongoing": 0, "false": 0,
                                      "lost": 0, "jams": 0, "counts": 0, "alarms": 0})
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
                          ("counts", "counts"), ("false_alarms", "alarms")):
            for e in v.get(key, ()):
                row(e["fault"])[what] += 1
    return rows


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else None


def replay_line(v):
    """The `goboard sim` command line that plays game v again."""
    tempo = "" if v["tempo"] is None else " --tempo %d" % v["tempo"]
    kinds = "" if v["kinds"] in (",".join(simfaults.CATALOGUE), ",".join(simfaults.KINDS)) \
        else " --fault-kinds %s" % v["kinds"]
    mistakes = " --mistakes %d" % v["n_mistakes"] if v.get("n_mistakes") else ""
    rules = " --rules %s" % v["rules"] if v.get("rules") else ""
    return "goboard sim %s --seed %d%s --faults %d%s%s%s --noise %d --json" % (
        os.path.relpath(v["record"], REPO), v["seed"], tempo, v["n_faults"], mistakes, kinds,
        rules, v["noise"])


def what_went_wrong(v):
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
    for e in v.get("counts", ())[:1]:
        what.append("%s %s, true %s (%s)" % (e["code"], e["board"], e["true"], e["fault"]))
    return what


def report(results, seed, jobs, wall, show=5):
    t = totals(results)
    lines = ["fault campaign: seed %d, %d games from %d GNU Go records, %d jobs"
             % (seed, t["games"], len(records()), jobs),
             "moves: %d in the records, %d played, %d recorded; %d games stuck (play stopped there)"
             % (t["intended"], t["played"], t["recorded"], t["stuck"]),
             "false moves %d, lost moves %d, jams %d, false alarms %d   (target 0, 0, 0)"
             % (t["false"], t["lost"], t["jams"], t["false_alarms"]),
             "counts: %d games counted by the players, %d wrong, %d missing on the board   "
             "(target 0, 0)" % (t["counted"], t["count_wrong"], t["count_missing"]),
             "asked %d (questions the board had to ask: which of several dead sensors held a "
             "move, the order of stones played while it was off)" % t["asked"]]
    rows = by_kind(results)
    head = "%-16s %8s %6s %7s %9s %7s %7s %6s %6s %5s %5s %5s" % (
        "", "injected", "never", "ongoing", "median ms", "p95 ms", "max ms", "false", "lost",
        "jams", "count", "alarm")
    for title, kinds in (("fault", simfaults.CATALOGUE), ("mistake", simfaults.MISTAKES),
                         ("other", sorted(k for k in rows if k not in simfaults.KINDS))):
        have = [k for k in kinds if k in rows]
        if not have:
            continue
        lines += ["", title + head[len(title):]]
        for kind in have:
            r = rows[kind]
            rec = r["rec"]
            lines.append("%-16s %8d %6d %7d %9s %7s %7s %6d %6d %5d %5d %5d"
                         % (kind, r["injected"], r["never"], r["ongoing"], pct(rec, 0.5),
                            pct(rec, 0.95), max(rec) if rec else None, r["false"], r["lost"],
                            r["jams"], r["counts"], r["alarms"]))
    lines += ["", "%-11s %8s %6s %6s %6s %5s %5s" % ("tempo ms", "games", "stuck", "false", "lost",
                                                   "jams", "count")]
    for tempo in sorted(set(v["tempo"] for v in results), key=lambda x: -1 if x is None else x):
        vs = [v for v in results if v["tempo"] == tempo]
        lines.append("%-11s %8d %6d %6d %6d %5d %5d" % (
            "120-400" if tempo is None else tempo, len(vs), sum(1 for v in vs if v["stopped"]),
            sum(len(v["false"]) for v in vs), sum(len(v["lost"]) for v in vs),
            sum(len(v["jams"]) for v in vs), sum(len(v.get("counts", ())) for v in vs)))
    if any(v.get("rules") for v in results):
        lines += ["", "%-11s %8s %6s %6s %6s %5s %5s" % ("rules", "games", "stuck", "false", "lost",
                                                       "jams", "count")]
        for rules in sorted(set(v.get("rules") or "" for v in results)):
            vs = [v for v in results if (v.get("rules") or "") == rules]
            lines.append("%-11s %8d %6d %6d %6d %5d %5d" % (
                rules or "record", len(vs), sum(1 for v in vs if v["stopped"]),
                sum(len(v["false"]) for v in vs), sum(len(v["lost"]) for v in vs),
                sum(len(v["jams"]) for v in vs), sum(len(v.get("counts", ())) for v in vs)))
    bad = [v for v in results if failed(v)]
    if bad and show:
        lines.append("")
        lines.append("%d games with errors; the first %d (replay each with its command):"
                     % (len(bad), min(show, len(bad))))
        for v in bad[:show]:
            head, replay = failure(v)
            lines += ["  " + head, replay]
    sim = sum(v["sim_s"] for v in results)
    lines.append("")
    lines.append("wall time %.0f s for %.0f s of simulated play (%d jobs)" % (wall, sim, jobs))
    return lines


def _span(text, name):
    """'A-B' or 'N' -> (A, B)."""
    try:
        lo, _, hi = text.partition("-")
        a, b = int(lo), int(hi or lo)
    except ValueError:
        a = b = -1
    if not 0 <= a <= b:
        raise SystemExit("%s: give N or A-B (0 <= A <= B), not %r" % (name, text))
    return a, b


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=None,
                    help="the campaign's seed (default: one drawn now, printed first)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--kinds", default=",".join(simfaults.KINDS),
                    help="fault and mistake kinds to draw from (default: both catalogues)")
    ap.add_argument("--faults", default="2-6", metavar="A-B", help="faults a game (default 2-6)")
    ap.add_argument("--mistakes", default="1-3", metavar="A-B",
                    help="player mistakes a game (default 1-3; 0: sensor faults only)")
    ap.add_argument("--rules", default=",".join(RULES),
                    help="rule sets drawn for each game (default: %s; 'record': the "
                         "record's own)" % ",".join(RULES))
    ap.add_argument("--show", type=int, default=5, help="replay lines for this many games")
    ap.add_argument("--json", default=None, metavar="PATH", help="write every game's verdict here")
    a = ap.parse_args(argv)
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1, 1000000)
    print("seed %d" % seed, flush=True)
    kinds = tuple(k for k in a.kinds.split(",") if k)
    bad = [k for k in kinds if k not in simfaults.KINDS]
    if bad:
        raise SystemExit("--kinds: unknown %s (known: %s)" % (", ".join(bad),
                                                             ", ".join(simfaults.KINDS)))
    rules = None if a.rules == "record" else tuple(r for r in a.rules.split(",") if r)
    t = time.monotonic()

    def say(v, done):
        line = progress_line(v, done)
        if line:
            print(line, file=sys.stderr, flush=True)
    stop = threading.Event()

    def halt(signum, frame):
        # Ctrl-C or a kill: the games under way end, then the report of those played
        stop.set()
        print("stopping: the games under way end, then the report", file=sys.stderr, flush=True)
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, halt)
    results = campaign(a.games, seed, a.jobs, kinds, _span(a.faults, "--faults"),
                       _span(a.mistakes, "--mistakes"), rules, progress=say, stop=stop)
    wall = time.monotonic() - t
    if stop.is_set():
        print("stopped early: %d of %d games played" % (len(results), a.games))
    for line in report(results, seed, a.jobs, wall, a.show):
        print(line)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
