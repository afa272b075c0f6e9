"""The board's side of GTP (goban.remote wired into the referee), frames fed by
hand: the other side's move lit in its colour and shown, only that stone taken
(another point is `not-expected`, with both points lit; a stone of that side
before its move came is `remote-move`), its pass played once the captures are
lifted, its resignation at once, the host's takeback, a note when the controller
goes, the teaching hint; refusals named by their code; under rules with pass
stones the host's pass handed over as a stone the scales see. One scripted game
(tests/gtp_remote_script.py) runs under CPython, the MicroPython unix port and
on the emulated RP2040 (the product image, frozen): the same lines on all three,
then each step checked."""

import subprocess
import sys

from conftest import MP, REPO, run_micropython

SCRIPT = MP / "gtp_remote_script.py"


def lines_of(text):
    """{label: (events, display, lights, answer)} and {label: (text, fix)}."""
    steps, texts = {}, {}
    for line in text.strip().split("\n"):
        label, rest = line.split(" | ", 1)
        parts = rest.split(" | ")
        if label.endswith(" text"):
            texts[label[:-5]] = tuple(parts)
        else:
            steps[label] = tuple(parts)
    return steps, texts


def test_the_other_sides_moves_at_the_referee_both_ports():
    cpy = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                         env={"PYTHONPATH": str(REPO / "firmware")}, timeout=60, check=True).stdout
    mpy = run_micropython(str(SCRIPT), timeout=60)
    assert cpy == mpy
    s, text = lines_of(cpy)
    # the expected stone: lit in its colour, shown, the point as players say it
    assert s["expect-ee"] == ("", "Black plays E5 / put the stone", "black ee", "number=0")
    # elsewhere: announced with where it is and where it belongs, both lit
    assert s["wrong-point"][0] == "illegal:not-expected:B:dd" and s["wrong-point"][2] == "red dd,ee"
    assert text["wrong-point"] == ("a black stone is on dd; black plays ee",
                                   "take it off dd, put it on ee")
    assert s["lifted"][:2] == ("restored", "Black plays E5 / put the stone")
    assert s["white-out-of-turn"][0] == "illegal:wrong-color:W:cc"   # as ever
    assert s["put-ee"][:2] == ("move:B:ee", "White to play / move 2")
    assert [s[k][3] for k in ("refuse-turn", "refuse-occupied", "refuse-color")] == [
        "refused not-your-turn", "refused occupied", "refused bad-request"]
    # "wait": no black stone is taken until the host says which
    assert s["wait"][1:] == ("Black thinks / (the other side)", "off ", "number=2")
    assert s["black-too-soon"][0] == "illegal:remote-move:B:gg"
    assert text["black-too-soon"] == ("black's move comes from the other side, not from this board",
                                      "wait for the lights (take off any black stone put before them)")
    assert s["press-B-pass"][0] == "illegal:remote-move:B"           # nor black's pass button
    assert s["press-pass"][0] == "illegal:not-your-turn:W"           # a shared button is the person's
    assert s["put-aa"][0] == "move:B:aa"
    # teaching: ok asks, the hint is lit in blue, nothing enforced
    assert s["ok"][0] == "hint:W"
    assert s["hint"][1:] == ("Hint: A8 / White to play", "blue ab", "hint=A8")
    # a pass waits for the captured stone to be lifted
    assert s["white-ab-captures"][0] == "move:W:ab capture-pending:B"
    assert s["expect-pass"][0] == "" and s["expect-pass"][2] == "yellow aa"
    assert s["aa-lifted"][0] == "restored pass:B"
    assert s["undo"][:1] == ("undo:B",) and s["undo"][3] == "number=4"
    assert s["clear"][1] == "Controller gone / Black to play"
    assert s["black-cc"][:2] == ("move:B:cc", "Controller gone / White to play")
    assert s["resign"][0] == "resign:W end" and s["resign"][1] == "White resigns / B+R"
    assert s["after-resign"][3] == "refused game-over"
    # pass stones (AGA) with scales: the host's pass waits for the stone handed over
    assert s["aga-expect-pass"][:2] == ("", "Black passes / put a black stone in white's lid")
    assert s["aga-stone-handed"][:2] == ("bowls pass:B:stone", "White to play / move 2")
    assert s["aga-stray-stone"][0] == "bowls"      # not a pass: black's move is the host's
    assert s["aga-no-scales"][0] == "pass:B:stone"  # without scales: at once


def test_the_other_sides_moves_on_the_chip():
    """The same script on the emulated RP2040 with the product image (the referee,
    goban.remote and the viper diff frozen), through the raw REPL."""
    import chip_rig
    cpy = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                         env={"PYTHONPATH": str(REPO / "firmware")}, timeout=60, check=True).stdout
    chip = chip_rig.repl(chip_rig.product_image())
    try:
        out = chip.exec(SCRIPT.read_text())
    finally:
        chip.close()
    assert out.replace("\r", "") == cpy


def test_the_hosts_undo_acts_at_once_while_a_stone_is_still_settling():
    """The link's undo takes back the last move the host knows even while the
    frame is not quiet (the hands still lifting the stone of the undo just
    before): a press would wait for the look, the host's request must not (it
    was refused as 'no takeback' and then done later anyway)."""
    from goban import remote
    from referee_board import Board
    b = Board()
    b.play("B cc,W gg,B cg")
    assert b.ref.game.n == 3
    b.ref.frame(b.stable, 0, False)      # something in transition
    out = remote.undo(b.ref, {"k": "undo"})
    assert out["number"] == 2 and b.ref.game.n == 2
    out = remote.undo(b.ref, {"k": "undo"})
    assert out["number"] == 1 and b.ref.game.n == 1
