"""The referee with the other side's moves (goban.remote), frames fed by hand:
one scripted game on 9x9 that prints one line per step. tests/test_gtp_remote.py
runs it under CPython and the MicroPython unix port and compares the lines, then
checks what each step shows. Imports firmware modules only."""

from goban.referee import Referee
from goban import remote

SIZE = 9


def idx(pt):
    return (ord(pt[1]) - 97) * SIZE + ord(pt[0]) - 97


class Table:
    def __init__(self, rules="chinese"):
        self.stable = bytearray(SIZE * SIZE)
        self.ref = Referee(SIZE)
        self.ref.new_game(rules)
        self.look()

    def look(self):
        self.ref.frame(self.stable, 1, True)
        return list(self.ref.take_events())    # a copy: with none, it is the referee's own list

    def put(self, color, pt):
        self.stable[idx(pt)] = 1 if color == "B" else 2
        return self.look()

    def lift(self, pt):
        self.stable[idx(pt)] = 0
        return self.look()

    def press(self, name):
        self.ref.button(name)
        return list(self.ref.take_events()) + self.look()

    def ask(self, msg):
        """The link's expect request: (answer or "refused: ...", events)."""
        try:
            ans = remote.serve(self.ref, msg)
        except ValueError as e:
            ans = "refused " + str(e).split(":")[0]
        return ans, list(self.ref.take_events()) + self.look()

    def scales(self, b, w, lid_b, lid_w):
        """Settled readings of the bowls and lids."""
        self.ref.bowls(b, w, lid_b, lid_w)
        return list(self.ref.take_events()) + self.look()

    def undo(self):
        try:
            ans = remote.undo(self.ref, {})
        except ValueError as e:
            ans = "refused " + str(e).split(":")[0]
        return ans, list(self.ref.take_events()) + self.look()


def show(label, evs, t, ans=None):
    """One line: label | events (type/code/colour/point) | display | lights | answer."""
    r = t.ref
    parts = []
    for e in evs:
        s = e["type"]
        for k in ("code", "color", "point"):
            if e.get(k):
                s += ":" + str(e[k])
        if e.get("stone"):
            s += ":stone"
        parts.append(s)
    if isinstance(ans, dict):
        ans = ",".join("%s=%s" % (k, ans[k]) for k in sorted(ans))
    lights = ",".join(r.name(i) for i in sorted(r.lights))
    print("%s | %s | %s / %s | %s %s | %s" % (label, " ".join(parts), r.lines[0], r.lines[1],
                                             r.light_color, lights, ans))
    for e in evs:
        if e["type"] == "illegal":
            print("%s text | %s | %s" % (label, e["text"], e["fix"]))


def main():
    t = Table()
    show("ready", [], t)
    # the host plays black: E5 lit in black's colour, then a black stone elsewhere
    ans, evs = t.ask({"color": "B", "move": "ee", "who": "GNU Go"})
    show("expect-ee", evs, t, ans)
    show("wrong-point", t.put("B", "dd"), t)
    show("lifted", t.lift("dd"), t)
    show("white-out-of-turn", t.put("W", "cc"), t)
    show("lifted-white", t.lift("cc"), t)
    show("put-ee", t.put("B", "ee"), t)
    # refusals: not its turn, a point taken, a bad colour
    show("refuse-turn", [], t, t.ask({"color": "B", "move": "cc"})[0])
    show("refuse-occupied", [], t, t.ask({"color": "W", "move": "ee"})[0])
    show("refuse-color", [], t, t.ask({"color": "X", "move": "cc"})[0])
    # the person (white) plays; black's move will come from the host ("wait")
    show("white-ba", t.put("W", "ba"), t)
    ans, evs = t.ask({"color": "B", "move": "wait"})
    show("wait", evs, t, ans)
    show("black-too-soon", t.put("B", "gg"), t)
    show("lifted-gg", t.lift("gg"), t)
    show("press-B-pass", t.press("B:pass"), t)
    show("press-pass", t.press("pass"), t)      # the person's (white's) press, out of turn
    ans, evs = t.ask({"color": "B", "move": "aa"})
    show("expect-aa", evs, t, ans)
    show("put-aa", t.put("B", "aa"), t)
    # teaching: white asks (ok), the host lights a hint in blue
    show("ok", t.press("ok"), t)
    ans, evs = t.ask({"hint": "ab"})
    show("hint", evs, t, ans)
    show("white-ab-captures", t.put("W", "ab"), t)
    # black's pass arrives while the capture still waits to be lifted: played once it is
    ans, evs = t.ask({"color": "B", "move": "pass"})
    show("expect-pass", evs, t, ans)
    show("aa-lifted", t.lift("aa"), t)
    # a takeback from the host: black's pass taken back
    ans, evs = t.undo()
    show("undo", evs, t, ans)
    # the controller goes: a note above whose turn it is, any black stone taken again
    ans, evs = t.ask({"clear": True, "note": "Controller gone"})
    show("clear", evs, t, ans)
    show("black-cc", t.put("B", "cc"), t)
    # a resignation is played at once
    ans, evs = t.ask({"color": "W", "move": "resign"})
    show("resign", evs, t, ans)
    show("after-resign", [], t, t.ask({"color": "B", "move": "gg"})[0])
    # rules with pass stones (AGA), scales fitted: the host's pass is a stone to
    # hand over, played when the scales see it
    t = Table("aga")
    show("aga", t.scales(40, 40, 0, 0), t)
    ans, evs = t.ask({"color": "B", "move": "pass"})
    show("aga-expect-pass", evs, t, ans)
    show("aga-stone-handed", t.scales(39, 40, 0, 1), t)
    show("aga-white-ee", t.put("W", "ee"), t)
    ans, evs = t.ask({"color": "B", "move": "wait"})
    show("aga-wait", evs, t, ans)
    # a black stone dropped in white's lid while black's move is the host's: no pass
    show("aga-stray-stone", t.scales(38, 40, 0, 2), t)
    # no scales: the host's pass is played at once
    t = Table("aga")
    ans, evs = t.ask({"color": "B", "move": "pass"})
    show("aga-no-scales", evs, t, ans)


main()
