"""The board's link (goban.link) answers every request, even one whose handler
fails: a fault of the board's is an `error` answer naming it, and the board
goes on answering (a handler's exception used to leave the loop, and the host
saw a board that no longer answered). Under CPython and MicroPython alike
(tests/mp/link_requests.py)."""

import json

import link_requests
from conftest import MP, run_micropython


def test_a_failing_handler_is_an_error_answer_and_the_board_answers_on():
    got = link_requests.answers()
    assert got[0][:2] == ["error", 7] and "state" in got[0][2] and "IndexError" in got[0][2]
    assert got[1][:2] == ["hello", 8]
    assert json.loads(run_micropython(MP / "link_requests.py").strip().splitlines()[-1]) == got
