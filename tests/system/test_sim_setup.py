"""The start of a game on the simulated board (the real firmware in MicroPython):
the handicap's stones and black's bowl, free placement, the handicap komi in the
game's record."""

from sim_rig import sim, script, kinds


def test_black_bowl_weighed_before_the_handicap_counts_it_once():
    """Ing (40 stones a bowl on 9x9): the bowls settle before black places the
    two handicap stones; the start is 40 (not 42: the stones counted twice, and
    the bowl said two stones were in a hand for the rest of the game) and the
    start-of-game check raises no alarm."""
    out = sim(script("wait 1000", "place B gc", "wait 200", "place B cg", "wait 600",
                     "place W ee", "wait 600", "place B dd", "wait 800"), handicap=2, rules="ing")
    bowls = kinds(out, "bowls")
    assert bowls[0]["B"] == 40 and bowls[0]["start"] == [40, 40]
    assert bowls[-1]["start"] == [40, 40] and bowls[-1]["B"] == 37
    assert [(e["B"], e["ok"]) for e in kinds(out, "setup-check")] == [(40, True)]
    assert kinds(out, "illegal") == [] and out["moves"] == ["ee", "dd"]
