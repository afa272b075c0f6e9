"""A stand-in board for the link: a real rules-core Game, a real GameLog and
the board's Link on a serial device, playing scripted games. Runs in the
MicroPython unix port.

    MICROPYPATH=firmware micropython tools/link_board.py DEVICE PLAN.json LOGDIR

PLAN: {"games": [{"rules", "size", "komi", "handicap", "actions": [...]}],
"pace_ms": time between actions, "linger_ms": keep serving the host after
the last game, "serial", "profile", "bench": true to stamp events with
"t_ns" (the bench's clock), "wait_host": true to start playing only once a
host has said hello (a test that needs moves played after its host is up)}. Actions: ["play", "dd"] (an illegal one gives
"illegal" then "restored"), ["pass"], ["abandon"], ["undo"], ["resign"],
["count", "B+3.5"]. Prints one JSON line per game: its moves and position.
"""

import sys
import json
import time

from goban.link import Link
from goban.game import Game, PASS, PASS_STONE, ABANDON, reason_text
from goban.gamelog import GameLog
from goban import rules as R

LETTER = {1: "B", 2: "W"}


class Board:
    def __init__(self, link, log, bench=False):
        self.link = link
        self.log = log
        self.bench = bench

    def emit(self, ev, start=False):
        if start:
            self.log.new_game(ev)
        else:
            self.log.append(ev)
        if self.bench:
            ev["t_ns"] = time.time_ns()
        self.link.send_event(ev)

    def wait(self, ms):
        t0 = time.ticks_ms()
        while True:
            now = time.ticks_ms()
            self.link.poll(now)
            if time.ticks_diff(now, t0) >= ms:
                return
            time.sleep_ms(1)

    def play_game(self, spec, pace):
        changes = {}
        if spec.get("komi") is not None:
            changes["komi"] = spec["komi"]
        rules = R.get(spec.get("rules", "chinese"), **changes)
        size = spec.get("size", 19)
        g = Game(rules, size, capacity=len(spec["actions"]) + 8)
        b = g.board
        setup = []
        if spec.get("handicap", 0) >= 2:
            setup = g.place_handicap(spec["handicap"])
        self.emit({"type": "game-start", "size": size, "rules": rules.id, "komi": rules.komi,
                   "handicap": g.handicap, "first": LETTER[g.to_move()],
                   "setup": {"B": sorted(b.sgf(p) for p in setup), "W": []},
                   "serial": self.link.info.get("serial"), "profile": "link-board"}, True)
        ended = False
        for act in spec["actions"]:
            self.wait(pace)
            kind = act[0]
            c = g.to_move()
            col = LETTER[c]
            if kind == "play":
                code = g.play(c, b.from_sgf(act[1]))
                if code:
                    what, fix = reason_text(code)
                    self.emit({"type": "illegal", "color": col, "point": act[1], "code": code,
                               "text": what, "fix": fix})
                    self.wait(pace)
                    self.emit({"type": "restored"})
                else:
                    self.emit({"type": "move", "color": col, "point": act[1], "number": g.n,
                               "captures": sorted(b.sgf(p) for p in g.last_capture())})
            elif kind == "pass":
                if g.pass_move(c) is None:
                    self.emit({"type": "pass", "color": col, "number": g.n,
                               "stone": rules.passes != R.PASS_PLAIN})
            elif kind == "abandon":
                if g.abandon(c) is None:
                    self.emit({"type": "abandon", "color": col, "number": g.n})
            elif kind == "undo":
                n = g.n
                if n:
                    mp = g.move_point(n)
                    mc = LETTER[g.color_of(n)]
                    point = b.sgf(mp) if mp > ABANDON else ""
                    back = sorted(b.sgf(p) for p in g.last_capture())
                    g.undo()
                    self.emit({"type": "undo", "number": n, "color": mc, "point": point,
                               "restored": back})
            elif kind == "resign":
                g.resign(c)
                self.emit({"type": "resign", "color": col})
                self.emit({"type": "end", "reason": "resign", "winner": LETTER[3 - c]})
                ended = True
            elif kind == "count":
                self.emit({"type": "count", "result": act[1], "winner": act[1][0],
                           "margin": 0, "unit": "points", "breakdown": {}})
            if g.paused and kind == "pass":
                self.emit({"type": "paused"})
            if g.over and not ended:
                self.emit({"type": "end", "reason": g.end})
                ended = True
        moves = []
        for i in range(1, g.n + 1):
            p = g.move_point(i)
            kind = None
            if p == ABANDON:
                kind = "abandon"
            moves.append([LETTER[g.color_of(i)], b.sgf(p) if p > ABANDON else "", kind])
        return {"game": self.log.current_game(), "events": self.log.count(), "moves": moves,
                "rows": b.rows()}


def main(argv):
    dev, plan_path, logdir = argv[1], argv[2], argv[3]
    with open(plan_path) as f:
        plan = json.load(f)
    stream = open(dev, "r+b")
    log = GameLog(logdir, durable=False)
    info = {"serial": plan.get("serial", "LINK-1"), "profile": plan.get("profile", "link-board"),
            "size": 19}
    link = Link(stream, log=log, info=info, now_ms=time.ticks_ms())
    board = Board(link, log, plan.get("bench", False))
    greeted = []
    answer_hello = link.hello

    def hello(re):
        greeted.append(re)
        answer_hello(re)

    link.hello = hello
    board.wait(plan.get("start_ms", 0))
    while plan.get("wait_host") and not greeted:
        board.wait(20)
    for spec in plan["games"]:
        out = board.play_game(spec, plan.get("pace_ms", 5))
        sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.write('{"finished": true}\n')
    board.wait(plan.get("linger_ms", 30000))


if __name__ == "__main__":
    main(sys.argv)
