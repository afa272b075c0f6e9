"""The move loop allocates nothing: under MicroPython, with the heap locked
(`micropython.heap_lock()` makes any allocation raise MemoryError), a real game
of 1,000 operations (moves, refused tries, passes, takebacks) is replayed under
each rule set after a warm-up.

The game is recorded first, with the heap unlocked, on a throw-away Game; then a
fresh Game (capacity for the whole game, so no array has to grow) replays it.
"""

import pytest

from conftest import MP, run_micropython
from goban.rules import RULE_IDS



@pytest.mark.parametrize("rules_id", RULE_IDS)
def test_move_loop_allocates_nothing(rules_id):
    out = run_micropython(MP / "core_heap.py", stdin="%s 7\n" % rules_id)
    name, played, refused, undone, delta, n, captured = out.split()
    print(out)
    assert name == rules_id
    assert int(played) > 500 and int(refused) > 10 and int(undone) > 10, out
    assert int(captured) > 0, "a game without captures tests too little: " + out
    assert int(delta) == 0, "the move loop left %s bytes on the heap" % delta
