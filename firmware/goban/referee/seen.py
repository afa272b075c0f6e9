"""A stone a look saw, gone before the board took it, anywhere in the order.

At tempo 0 a move can come and be captured before the board takes it (it was
waiting on a bowl, a lid, an announcement): the stone was seen, then lifted as
a prisoner. goban.referee.play's `_captured_unseen` tries such a stone as the
first move; here it is tried later in the order, as the search tries a move on
a dead point (goban.referee.explain's hidden move), of its own colour, and
captured by a move after it. The moves every fitting order begins with before
it are sure: they are taken, and the next look finds the seen stone first
(seed 525944 game 10: white ns, black rq seen, white rr taking it; rr was said
extra and the game stopped on a mismatch nobody could fix). Loaded only when
a seen stone is gone and nothing else explains the frame."""

from goban.referee.explain import explain, new_stones, Search, MAX_DEAD


def later(ref, v):
    """The sure moves before a seen stone's move later in the order and that
    stone's frame point (list, point), or None."""
    g = ref.game
    seen = ref.seen
    cells = g.board.cells
    stable = v.stable
    new = new_stones(v)
    if not new:
        return None
    n = ref.n
    s = Search(n, MAX_DEAD)               # (one for every stone tried: `start` readies it)
    for q in range(n):
        c = seen[q]
        if (c != 1 and c != 2) or stable[q] != 0 or cells[ref.p_of(q)] != 0:
            continue
        missing = v.missing + [q]         # its stone gone: a move after it took it
        explain(ref, stable, new, missing, s=s, hidden=[q + n * c])
        if s.found and s.complete and s.found[0]:
            return list(s.found[0]), q
    return None
