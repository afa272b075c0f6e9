"""Free handicap placement (a game of N handicap stones with none placed by the
game: `Referee.new_game(free=True)`, where `rules.free_handicap`): the first N
black stones put down after the game began, wherever they are, are the
handicap (a `setup` event names them), and white moves next; the stones beyond
them (white's answer, more) are then play's to look at. A stone there before
the game began is never one of them. Imported only by such a game's setup
(goban.referee.setup): the .mpy install's heap at boot has no room to spare."""

from goban.board import BLACK, WHITE


def frame(ref, stable, mis):
    """Free placement: the handicap is the first N black stones put down since
    the game began; until there are N, the board says how many are on. True
    once they are the game's setup (the caller starts play)."""
    g = ref.game
    n = g.handicap
    since = ref.since
    black = []
    other = []
    old = []
    if mis:
        for i in ref.mismatch(stable, mis)[0]:
            if since is not None and since[i] <= ref.move_stamp:
                old.append(i)               # there before the game began: to clear
            elif stable[i] == BLACK:
                black.append(i)
            else:
                other.append(i)
    if len(black) >= n:
        if since is not None:
            black.sort(key=lambda i: since[i])
        pts = [ref.p_of(i) for i in black[:n]]
        g.setup(black=pts, to_move=WHITE)
        ref.emit({"type": "setup", "B": [g.board.sgf(p) for p in pts], "W": []})
        return True
    if old:
        ref.show("Clear the board: %d" % len(old), " ".join(ref.name(i) for i in old[:6]), old)
    else:
        ref.show("Handicap: %d of %d" % (len(black), n),
                 "white waits" if other else "black: anywhere", other or black,
                 "red" if other else "green")
