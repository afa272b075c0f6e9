"""The scales' bring-up: tare, a known weight or a counted handful of stones on
each bowl and lid, saved on the board; then one stone in and out of each, which
must read as one.

What the board weighs comes with every raw frame ({which: [raw, stones, mg]},
stones -1 and mg None while a scale is still settling); the board does the
arithmetic (goban.diag `tare`, `weigh`), this side tells the person what to do
and waits for the scale to hold still. A scale's figures measured far from its
profile's (counts per gram off by more than GAIN_OFF, a tare off by more than a
stone) are named, with the figure to put into the profile.
"""

from goboard.diag.session import DiagError

ORDER = ("B", "W", "lidB", "lidW")
NAMES = {"B": "black's bowl", "W": "white's bowl", "lidB": "black's lid", "lidW": "white's lid"}
# the stones each scale holds: a lid holds the other colour (goban.hw.bowls.STONES_IN)
HOLDS = {"B": "B", "W": "W", "lidB": "W", "lidW": "B"}
GAIN_OFF = 0.05
TIMEOUT = 60.0


def _act(which, k):
    """The simulated hands' action that puts k stones on a scale."""
    if which in ("B", "W"):
        return ["bowl", which, k]
    return ["lid", which[3:], k]


def _settled(which, pred=None):
    def ok(s):
        v = s.get(which)
        return v is not None and v[2] is not None and (pred is None or pred(v))
    return ok


def calibrate(ses, info, stones=10, grams=None, save=True, say=None, held=None):
    """The scales' session (module docstring); `held` {which: stones on it now}
    (the simulated board says; a person empties them by hand). Returns
    {figures, checks, problems, text}."""
    say = say or (lambda text: None)
    fitted = [w for w in ORDER if w in (info.get("scales") or {})]
    if not fitted:
        raise DiagError("this board has no scales")
    if grams is not None and ses.person.sim:
        raise DiagError("the simulated hands have stones, not weights: use --stones")
    held = held if held is not None else getattr(ses.person, "held", {})
    stone_mg = info.get("stone_mg") or {}
    profile_figs = info["scales"]
    problems = []
    ses.person.do("take every stone out of both bowls and both lids",
                  [_act(w, -held[w]) for w in fitted if held.get(w)])
    for w in fitted:
        ses.wait_scales(_settled(w), TIMEOUT)
    before = ses.wait_scales(lambda s: all(_settled(w)(s) for w in fitted), TIMEOUT)
    tared = ses.ask("tare")["tared"]
    if sorted(tared) != sorted(fitted):
        raise DiagError("the scales %s did not hold still for the tare"
                        % ", ".join(w for w in fitted if w not in tared))
    figures = {}
    for w in fitted:
        if grams is not None:
            what, fields, load = "a %g g weight" % grams, {"grams": grams}, []
        else:
            what, fields = "%d stones" % stones, {"stones": stones}
            load = [_act(w, stones)]
        ses.person.do("put %s on %s" % (what, NAMES[w]), load)
        need = (grams * 1000 if grams is not None else stones * stone_mg.get(HOLDS[w], 6500)) // 2
        ses.wait_scales(_settled(w, lambda v: abs(v[2]) > need), TIMEOUT)
        ans = ses.ask("weigh", which=w, **fields)
        cpk = ans["counts_per_kg"]
        figures[w] = {"tare": ans["tare"], "counts_per_g": round(cpk / 1000.0, 2)}
        tare_g = before[w][2] / 1000.0
        if abs(tare_g) > stone_mg.get(HOLDS[w], 6500) / 1000.0:
            problems.append({"kind": "scale-tare", "points": [], "scale": w, "severity": 25,
                             "fix": "%s weighed %.0f g empty against its profile's tare: tared "
                                    "now and saved (put \"tare\": %d into bowls.scales.%s of the "
                                    "profile to keep it there too)" % (
                                        NAMES[w], tare_g, ans["tare"], w)})
        was = profile_figs[w][1]
        if was and abs(cpk - was) > GAIN_OFF * was:
            problems.append({"kind": "scale-gain", "points": [], "scale": w, "severity": 25,
                             "fix": "%s reads %+.0f%% against its profile (counts_per_g %.1f, "
                                    "measured %.1f): saved now; put the measured figure into "
                                    "bowls.scales.%s.counts_per_g of the profile too" % (
                                        NAMES[w], 100.0 * (cpk - was) / was, was / 1000.0,
                                        cpk / 1000.0, w)})
        ses.person.do("take them off %s again" % NAMES[w], [_act(w, -stones)] if not grams else [])
        ses.wait_scales(_settled(w, lambda v: abs(v[2]) < need), TIMEOUT)
        say("%s: %s counts a gram" % (NAMES[w], figures[w]["counts_per_g"]))
    if save:
        ses.ask("save", scales=True)
    checks = {}
    for w in fitted:
        half = stone_mg.get(HOLDS[w], 6500) // 2
        ses.person.do("put one stone into %s" % NAMES[w], [_act(w, 1)])
        s_in = ses.wait_scales(_settled(w, lambda v: abs(v[2]) > half), TIMEOUT)
        ses.person.do("take it out again", [_act(w, -1)])
        s_out = ses.wait_scales(_settled(w, lambda v: abs(v[2]) < half), TIMEOUT)
        got_in, got_out = s_in[w][1], s_out[w][1]
        checks[w] = {"in": got_in, "out": got_out, "ok": got_in == 1 and got_out == 0}
        if not checks[w]["ok"]:
            problems.append({"kind": "scale-count", "points": [], "scale": w, "severity": 35,
                             "fix": "one stone into %s read %d and out again %d: weigh it again "
                                    "with more stones or a known weight, and check the load "
                                    "cell sits free of the case" % (NAMES[w], got_in, got_out)})
    if held:
        ses.person.do("put the stones back", [_act(w, held[w]) for w in fitted if held.get(w)])
    text = ["scales: %s" % ", ".join("%s %s c/g %s" % (w, figures[w]["counts_per_g"],
                                                        "one stone reads one" if checks[w]["ok"]
                                                        else "WRONG") for w in fitted)]
    return {"figures": figures, "checks": checks, "saved": bool(save), "problems": problems,
            "text": text}
