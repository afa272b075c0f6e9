"""The whole bring-up session `goboard diag` runs (its docstring says the steps):
the empty board read, the wiring check, the analysis, the remap saved, the
scales, the parts' tests; the report."""

from goboard.diag import analysis


def bring_up(ses, info, frames=15, walk=True, mask=None, wait_s=20.0, save=True, scales=None,
             parts=(), ask=False, say=None, server=None, save_partial=False):
    """The report of a session on a board already in diag (`ses.start()`):
    `mask` the points the wiring check visits (None: all; a remap is saved
    after a whole walk only, unless `save_partial`: the points not walked are
    then where the wiring found says), `scales` (stones, grams) to calibrate
    them, `parts` the parts to test (`ask`: the answers typed here)."""
    say = say or (lambda text: None)
    size = info["size"]
    serial = (ses.link.board or {}).get("serial") or "board"
    ses.person.do("take every stone off the board and keep your hands off it",
                  [["wait", 200]])
    say("reading the empty board (%d frames)" % frames)
    empty = ses.frames(max(2, frames))
    if server is not None:
        server.publish(serial, frame=empty[-1], info=info, status="the empty board read")
    entries = []
    if walk:
        def progress(k, total, m):
            if server is not None:
                server.publish(serial, status="wiring check: %d of %d points, %s %s" % (
                    k, total, m["p"], "seen nowhere" if m["w"] < 0 else "on channel %d" % m["w"]))
            if k == 1 or k % 19 == 0 or k == total or m["w"] < 0:
                say("wiring check %d/%d: %s %s" % (k, total, m["p"],
                                                   "seen nowhere" if m["w"] < 0 else
                                                   "on channel %d (%+d)" % (m["w"], m["d"])))
        say("wiring check: put each lit stone on its point and leave it; take them all off "
            "at the end")
        entries = ses.walk(mask, int(wait_s * 1000), progress)
    rep = analysis.analyse(info, empty, entries)
    rep["size"] = size
    rep["frames"] = len(empty)
    rep["problems"] += silent_parts(info, (ses.last_frame or {}).get("s") or {})
    rm = rep["remap"]
    rm["saved"] = False
    if entries and save and (mask is None or save_partial):
        ans = ses.send_remap(rm["src"], rm["flip"])
        rm["saved"] = "remap" in ans.get("saved", [])
        say("remap saved with the calibration (%d points moved or flipped)" % rm["moved"])
    if scales is not None:
        from goboard.diag.scales import calibrate
        stones, grams = scales
        rep["scales"] = calibrate(ses, info, stones, grams, save=save, say=say)
        rep["problems"] += rep["scales"].pop("problems")
        rep["scales_text"] = rep["scales"].pop("text")
    if parts:
        rep["tests"] = {}
        # the buttons first: the board then knows which one answers yes
        for part in sorted(parts, key=lambda p: p != "buttons"):
            if part == "buttons" and not ses.person.sim and not ask:
                say("buttons: press each button the board names")
            rep["tests"][part] = res = ses.test(part, answer_here=ask)
            rep["problems"] += part_problems(part, res, info)
        rep["tests_text"] = ["test %s: %s" % (p, "all ok" if not r["wrong"] else
                                              "%d wrong" % len(r["wrong"]))
                             for p, r in rep["tests"].items()]
    rep["ok"] = not rep["problems"]
    return rep


FIXES = {"matrix": "check the ADC pins and the second-level muxes' outputs",
         "display": "check its SDA and SCL wires, their pull-ups, its address (display.addr) "
                    "and its supply",
         "buttons": "check the PCF8574's SDA and SCL wires, its address (buttons.expander.addr) "
                    "and its supply"}


def silent_parts(info, scales):
    """The parts that said nothing when asked: the drivers' own self-tests (the
    board's answer to `start`), and the scales whose HX711 sent no reading
    during the frames read."""
    out = []
    for part, what in sorted((info.get("selftest") or {}).items()):
        out.append({"kind": "part-silent", "part": part, "points": [], "severity": 95,
                    "fix": "%s: %s: %s" % (part, what, FIXES.get(part, "check its wires"))})
    pins = info.get("scale_pins") or {}
    for which in sorted(info.get("scales") or {}):
        v = scales.get(which)
        if v is not None and v[0] is None:
            p = pins.get(which)
            out.append({"kind": "part-silent", "part": which, "points": [], "severity": 95,
                        "fix": "scale %s: its HX711 sent no reading: check its DOUT and SCK "
                               "wires%s and its supply" % (
                                   which, " (GPIO%d, GPIO%d)" % tuple(p) if p else "")})
    return out


def part_problems(part, res, info):
    """What a part's test found: one problem a step answered no (or, for the
    buttons, by another button); a light chain whose every other row came out
    wrong is one problem, its order."""
    wrong = res["wrong"]
    size = info["size"]
    if part == "lights" and wrong:
        rows = sorted(step - 4 for step, _ in wrong if step >= 4)
        odd = [y for y in range(size) if y & 1]
        if len(rows) == len(wrong) and rows in (odd, [y for y in range(size) if not y & 1]):
            says = info.get("lights_order") or "serpentine"
            other = "rows" if says == "serpentine" else "serpentine"
            return [{"kind": "lights-order", "points": [], "severity": 30, "order": other,
                     "fix": "every other row of the light chain came out the other way round: "
                            "the chain is laid %s, the profile says %s: set lights.order to "
                            "\"%s\" in the profile" % (other, says, other)}]
    return [part_problem(part, res, step, got, info) for step, got in wrong]


def part_problem(part, res, step, got, info):
    """The problem a part's test found at `step` (`got`: the answer, or for the
    buttons the one that came)."""
    if part == "buttons":
        asked = sorted(info.get("buttons") or [])[step]
        if got is None:
            fix = ("no press came when %s was asked for: check its wire and its input "
                   "(buttons.pins.%s in the profile)" % (asked, asked))
        else:
            fix = ("pressing %s reads as %s: their wires are on each other's inputs, or the "
                   "profile's buttons.pins has them the other way round: swap them there"
                   % (asked, got))
        return {"kind": "button-wrong", "points": [], "button": asked, "got": got, "fix": fix,
                "severity": 30}
    what = res["says"][step] if step < len(res["says"]) else "step %d" % (step + 1)
    fixes = {"lights": "the lights chain did not show %s: check the chain's data wire, its "
                       "order (lights.order: serpentine or rows) and its 5 V supply",
             "display": "the display did not show %s: check its I2C wires, its address "
                        "(display.addr) and its supply",
             "buzzer": "the buzzer did not play %s: check its pin (buzzer.pin) and its "
                       "transistor"}
    return {"kind": "%s-wrong" % ("light" if part == "lights" else part), "points": [],
            "step": step, "fix": fixes[part] % what, "severity": 30}
