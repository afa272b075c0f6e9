"""Test rigs for the simulator's runner (MicroPython; a job's "plugins"): a board
that gets things wrong on purpose, so tests/test_sim_faults.py can check that
the fault harness catches a false move and a jam whatever the real referee does.

install(runner, args) runs after every boot; args["at_ms"] is when the rig acts:
  false-move  the referee records a move by the player to move on args["point"]
              (played in its game and logged) that no hand played
  fake-alarm  the board announces an extra stone on args["point"] (an illegal
              event with a point and a fix) that is not there; nothing clears it
"""


def install(runner, args):
    loop = runner.loop
    step = loop.step
    state = {"done": runner.now >= args["at_ms"]}

    def hooked(now):
        if not state["done"] and now >= args["at_ms"]:
            state["done"] = True
            act(runner, args)
        return step(now)

    loop.step = hooked


def act(runner, args):
    ref = runner.loop.ref
    kind = args["kind"]
    if kind == "false-move":
        g = ref.game
        p = g.board.from_sgf(args["point"])
        c = g.to_move()
        assert g.play(c, p) is None
        ref.events.append({"type": "move", "color": "B" if c == 1 else "W",
                           "point": args["point"], "number": g.n, "captures": []})
        ref.dirty = True
    elif kind == "fake-alarm":
        runner.on_event({"type": "illegal", "color": "B", "point": args["point"],
                         "code": "extra-stone", "text": "a second stone is on " + args["point"],
                         "fix": "take the stone off " + args["point"]})
    else:
        raise ValueError(kind)
