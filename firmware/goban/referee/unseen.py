"""A move on a dead sensor: the board cannot see it, only what follows it.

A sensor that cannot be read matches anything, so a stone put on it is not
seen. The referee learns of such a move from what comes after: the opponent's
stone out of turn, or stones gone from the board that the move captured. Each
empty dead point where the side to move may play is tried first in the look's
explanation (goban.referee.explain): a point fits when, played there, the rest
of the frame is explained. Then:
  - one point fits, and the stones gone are exactly its captures (and no
    settled bowl says nothing left it), or some of them with a stone out of
    the mover's bowl: that was the move, played there (`move` {unseen: true}),
    and the rest in order. A stone out of the mover's bowl alone tells
    nothing: it may be in the mover's hand, the opponent's stone on the board
    the mover's slip;
  - one point fits, nothing new on the board, one stone out of the mover's
    settled bowl and the opponent's pass stone in the lid (`before_a_pass`):
    that was the move, and the pass came after it;
  - otherwise, with a stone of the opponent's on the board, the player says
    which: the fitting points are lit red and one offered yellow (`illegal`
    unseen with `choose` and `of`); down/up offers the next (`choose` event),
    ok plays it. Never guessed; nobody is asked to change a move. Under
    rules with pass stones, with a stone of the mover's in the lid beyond
    the game, its pass is one answer more (`unseen-pass`; in the choice, the
    frame index one past the board's, named "pass"): a prisoner of the move
    on the dead point weighs what the pass stone does.
When no dead point fits as the first move, the move there may have come later
(a ko fight at tempo 0 on a dead point: seed 588213 game 116): one search tries
every dead point as the hidden move anywhere in the order (`later`). The seen
moves that every fitting order begins with, before its hidden move, are taken
(`start`); the hidden move is then the first, and the look after asks or takes
it as above. After a restart, stones there since the power came back that fit
one order, with the mover's bowl one stone more out than it uses, may follow a
move on a dead point played while the board was off (`at_restart`).
"""

from goban.board import BLACK, WHITE
from goban.referee import bowlwatch, moves, timing
from goban.referee.words import LETTER
from goban.referee.explain import explain, new_stones, sure, Search, MAX_DEAD

COLOR2 = "yellow"            # the dead point offered
# a pass pressed out of turn with a sensor unread waits this long for the
# mover's bowl to settle (before_press)
PRESS_BOWL_MS = 2000
BOWL_MS = 1500      # the restart's look waits this long for the mover's bowl (at_restart);
# so does a capture on a dead point whose first prisoners are off (verdict)


def fits(ref, v, after):
    """The empty dead points where a move of the side to move explains the
    frame: [(frame index, its search)], each tried on the game and taken back.
    `after` (ms, or -1): stones lifted since then are not missing, and stones
    come since are not there (a press that waited is judged as the board was
    when pressed: 724453 game 320, the mover's next stone landing as the
    opponent's pass waited)."""
    g = ref.game
    to = g.to_move()
    out = []
    if not ref.n_faults or g.over or (ref.remote is not None and ref.remote.color == to):
        return out
    stable = v.stable
    new = new_stones(v)
    cells = g.board.cells
    missing = v.missing
    if after >= 0 and ref.since is not None:
        missing = _before(ref, missing, after)    # (not those lifted since `after`,
        new = _before(ref, new, after)            # nor those come since)
    for j in range(ref.n):
        if not ref.faults[j] or cells[ref.p_of(j)] != 0:
            continue
        p = ref.p_of(j)
        if g.play(to, p) is not None:
            continue
        caps = [ref.i_of(q) for q in g.last_capture()]
        s = explain(ref, stable, new, [i for i in missing if i not in caps])
        if s.found and s.complete:
            s.caps = len(caps)
            out.append((j, s))
        g.undo()
    return out


def _before(ref, points, after):
    """The points whose stone came or went before `after` (ms), or when,
    nobody saw."""
    out = []
    for i in points:
        t = timing.landed(ref, ref.since[i])
        if t is None or (t - after) & 0x3FFFFFFF >= 0x20000000:
            out.append(i)
    return out


def later(ref, v):
    """The seen moves that every order with a move on a dead point after them
    begins with (see the module docstring): [] when none fits, the search could
    not finish, or the orders part before their hidden move. Only stones whose
    arrival was seen: the order is theirs (after an outage a stone there since
    the board came back, stamp 0, may have come after a move it cannot see:
    seed 588213 game 57). The search is the view's own (`hiding`), made at the
    first look that needs it."""
    g = ref.game
    if not ref.n_faults or g.over or (ref.remote is not None and ref.remote.color == g.to_move()):
        return ()
    s = v.hiding
    if s is None:
        s = Search(ref.n, MAX_DEAD)
        if v.searching is not None:         # (the .mpy install: one made each time)
            v.hiding = s
    explain(ref, v.stable, new_stones(v), v.missing, s=s, hidden=True)
    if not s.found or not s.complete:
        return ()
    lead = s.found[0]             # what every fitting order begins with (Search._lead)
    since = ref.since
    # a stone there since the restart (stamp 0) came before every stone since,
    # and no hidden move came before it where one dead point is empty: a move
    # there and then the other side's would take two (332257 g252: black's ek
    # as the power came back, white's answer on the dead qn, black's af;
    # named to be played again)
    k = 0
    empty = -1
    while k < len(lead) and since is not None:
        t = since[lead[k]]
        if t == 0 and empty < 0:
            empty = 0
            cells = g.board.cells
            for j in range(ref.n):
                if ref.faults[j] and cells[ref.p_of(j)] == 0:
                    empty += 1
        if t < 0 or (t == 0 and empty > 1):
            break
        k += 1
    return lead[:k]


def verdict(ref, v):
    """What the dead points say of the frame: ("take", j) when one move there
    is sure (see the module docstring), ("ask", points, stone) when the player
    must say which, ("start", moves) when a move there came after those seen
    moves, ("orders",) when it may have come before moves taken
    (goban.referee.reorder), or None."""
    cand = fits(ref, v, -1)
    if not cand:
        order = later(ref, v)
        if order and ref.illegal is not None:
            # a stone announced slid, still where it came to rest while its
            # point is filled again, is no move (goban.referee.wrong's `slid`,
            # as play's `explained` holds it; a sensor is dead, so no bowl
            # vouches for it): seed 51329 game 560 took it as the start, then
            # corrected it. (Written out: a function here is heap at boot.)
            from goban.referee import wrong
            s = wrong.slid
            if s is not None and s[0] is ref and s[1] in order \
                    and ref.since[s[1]] == s[2] and v.stable[s[3]] != 0:
                return None
        if order:
            return ("start", order)
        # the fitting orders part (or none fits from the game as it is): one
        # may put the hidden move before moves taken (goban.referee.reorder)
        from goban.referee.reorder import orders
        return orders(ref, v)
    g = ref.game
    to = g.to_move()
    stable = v.stable
    since = ref.since
    new = new_stones(v)
    for i in new:
        if since is not None and since[i] == 0 and stable[i] == to:
            # the mover's stone there since a restart (played while the board
            # was off): its move on a dead point may have come after that stone
            # as well as before it; nobody can tell, so all are named to be
            # played again, the dead points lit (649796 g156: white's eb asked
            # for and taken before white's cc, the rest then named with no fix
            # the players could do)
            return ("order", list(new) + [j for j, s in cand])
    theirs = [i for i in new if stable[i] != to]
    if len(cand) == 1 and v.missing:
        # told by its captures: all of them gone (unless the bowl says no stone
        # left it), or some, with a stone out of the mover's bowl. Never by the
        # bowl alone: a stone out of it may be in the mover's hand, and an
        # opponent's stone then the mover's own slip (seed 765755 game 200)
        j, s = cand[0]
        gone = len(v.missing)
        w = bowlwatch.witness(ref, to)
        if (gone == s.caps and w >= 0) or (gone < s.caps and w == 1):
            return ("take", j)
        if gone < s.caps and not theirs and not bowlwatch.settled(ref, to) \
                and ref.since is not None:
            # the first of its prisoners lifted as the mover's bowl still moves
            # (the stone just out of it): waited for, BOWL_MS at most since
            # that stone went, not said knocked (seeds 755965 game 359,
            # 852066 game 100: `knocked` for 300 ms, then the move taken)
            t = timing.landed(ref, ref.since[v.missing[0]])
            waited = (ref.now - t) & 0x3FFFFFFF if t is not None else BOWL_MS
            if waited < BOWL_MS:
                ref.look_again(BOWL_MS - waited)
                return ("wait",)
        if gone == s.caps and not theirs:
            # all its captures gone and nothing else, but the bowl says no
            # stone left it: a bowl a stone behind the game (after power cuts)
            # or a knock. The player says (seed 527512 game 112: a ko retaken
            # on a dead sensor, said knocked for good, the move lost)
            return ("ask", [j], [v.missing[0]])
    if not theirs:
        return None
    pts = [j for j, s in cand]
    if g.rules.uses_pass_stones and bowlwatch.pass_stone_in(ref, to):
        # the opponent's lid holds more of the mover's stones beyond the game
        # than the prisoners seen gone, and a move there is captured by the
        # stones after it: its prisoner (never seen lifted), or the mover's
        # pass stone handed late (not taken for it: goban.referee.passorder's
        # `dead_prisoner`). The pass is one answer more
        k = 0
        for i in v.missing:
            if g.board.cells[ref.p_of(i)] == to:
                k += 1
        if bowlwatch.loose(ref, BLACK if to == WHITE else WHITE) > k:
            for j, s in cand:
                if captured_later(ref, to, j, s, stable):
                    pts.append(ref.n)
                    break
    if pts[-1] != ref.n:
        # the stone out of turn may have come before moves taken, the hidden
        # move before them too: the players say the order (goban.referee.reorder)
        from goban.referee.reorder import orders
        r = orders(ref, v, theirs[0])
        if r is not None:
            return r
    return ("ask", pts, theirs)


def captured_later(ref, c, j, s, stable):
    """c's move on the dead point j (`fits` found it, with its search s) is
    captured by the stones after it, in the first order that fits."""
    g = ref.game
    p = ref.p_of(j)
    if g.play(c, p) is not None:
        return False              # (fits played it a moment ago: cannot happen)
    played = 1
    caught = False
    for i in s.found[0]:
        if g.play(stable[i], ref.p_of(i)) is not None:
            break
        played += 1
        if g.board.cells[p] == 0:
            caught = True
            break
    while played:
        g.undo()
        played -= 1
    return caught


def before_a_pass(ref, v, after):
    """The opponent passed (its pass stone in the lid) with one stone out of
    the mover's bowl and nothing new on the board: the move was on a dead
    point. The one point that fits, or None when none or several do (then the
    pass waits: no question names a pass stone yet). Seed 765755 game 48: the
    move lost, the passes after it taken a turn early, the count one short."""
    cand = fits(ref, v, after)
    return cand[0][0] if len(cand) == 1 else None


def before_press(ref, color):
    """`color` pressed pass while the opponent is to move and a sensor cannot be
    read: the opponent may have moved there, unseen. Its bowl tells, as for a
    pass stone out of turn (_passed_out_of_turn): settled with a stone out
    that the game has not used (more than one: the others in a hand or
    elsewhere; the press says a move came) and one dead point where it fits,
    that was the move, played now, and the pass comes after it. While that
    bowl is moving
    the press waits for it (PRESS_BOWL_MS at most; the presses after it wait
    behind it, goban.referee.Referee._release_presses, and are judged as the
    board was when pressed: goban.referee.play.button). True: held. Seed
    982539 game 11: white's move on a stuck sensor, black's pass refused,
    white's own pass taken instead; the count a point off."""
    o = ref.game.to_move()
    # a sensor flagged unstable since the game last changed, under an empty
    # point: the mover's stone may be landing there, taken once the sensor
    # reads again; the press waits for it as for the bowl (seed 388954 game
    # 403: white's dp on a flickering sensor, black's pass refused, the dead
    # stones lifted after the passes said knocked)
    from goban.referee.diff import FAULT    # (a global here is heap at boot)
    shaky = False
    since = ref.since
    cells = ref.game.board.cells
    for i in range(ref.n if since is not None else 0):
        if ref.faults[i] > FAULT and since[i] > ref.move_stamp and cells[ref.p_of(i)] == 0:
            shaky = True
            break
    sc = ref.scales
    if not shaky and (sc.seen is None or sc.seen[o - 1] < 0):
        return False              # no scale under the mover's bowl: it cannot tell
    pr = ref.presses
    if shaky or not bowlwatch.settled(ref, o):
        if pr.bowl_since < 0:
            pr.bowl_since = ref.now
        if (ref.now - pr.bowl_since) & 0x3FFFFFFF < PRESS_BOWL_MS:
            if not pr.held:
                pr.since = ref.now
                pr.fixing = False
            pr.held.append(LETTER[color] + ":pass")
            return True
        pr.bowl_since = -1
        return False
    pr.bowl_since = -1
    if bowlwatch.unused(ref, o) < 1:
        return False              # (two out: seed 93475 game 199, the move lost)
    v = ref.view
    # (as the board was when pressed: seed 982539 game 11, the dead stones
    # lifted at tempo 0 after both passes, before the mover's bowl settled)
    j = before_a_pass(ref, v, pr.after)
    if j is not None:
        play_unseen(ref, j, v.stable)
    return False


def at_restart(ref, v):
    """The restart's look (goban.referee.play's `restart` rule): the stones
    there since the power came back fit one order, the mover's bowl shows one
    stone more out than it uses, and a dead point where the mover's move lets
    the same stones follow (`fits`): that was the first move, played while
    the board was off (seeds 982539 game 216, 210311 game 52, 644394 game
    352: W of on a dead point, B me, W mf; taken as W mf, B me, a move was
    lost and the next look asked about one nobody could answer). One point:
    ("take", j, True), the stones after it looked at next; several: ("ask",
    ..., True), the player says which. When the move fits after the stones
    as well (the mover's turn again once they are played): ("order", the
    stones and those dead points), named to be played again, as nobody can
    tell which came first. The bowl not weighed yet since the restart:
    ("wait",), as a stone waits for its bowl, BOWL_MS at most. None where no
    bowl tells (the order the stones show is taken), or once a stone came
    since the restart (stamp > 1: its hand may hold the next already; 1 is
    the question's, `act`). Under pass stones the stone out may be the
    mover's pass stone: the lid tells (waited for, unread since the restart
    or moving); in a lid unread since, it may have come before the stones as
    well as after them: ("order", the stones) where both fit. So with no dead
    sensor too."""
    c = ref.game.to_move()
    since = ref.since
    new = new_stones(v)
    k = 0                         # the mover's stones: the other's as many
    for i in new:
        if since is None or since[i] > 1:
            return None
        if v.stable[i] == c:
            k += 1
            m = i
    if not k or 2 * k != len(new) or ref.pending or ref.scales.witness_ms <= 0:
        return None
    order = sure(explain(ref, v.stable, new, v.missing, s=v.searching))
    if not order:
        return None
    w = ref.wait
    out = bowlwatch.unused(ref, c)
    if not ref.n_faults and out != k + 1:
        return None               # (no dead point: only a pass stone is in doubt)
    if out == k + 1 and ref.game.rules.uses_pass_stones:
        # the stone out may be c's pass stone, after the stones: the lid it
        # goes into tells, once it settles (seed 530693 game 9: W no, B le and
        # W's pass stone while off, named to be played again with the dead ag
        # as W's hidden move)
        o = WHITE if c == BLACK else BLACK
        # the lid's stones may be the prisoners of the stones gone, the stone
        # out a move on a dead point (193400 game 53: named with a pass nobody
        # made, the count a point off). (Still in the lid when the fix is done,
        # they are the count: bowlwatch.fixed)
        lo = bowlwatch.loose(ref, o)
        prisoners = lo is not None and 0 < lo <= len(v.missing)
        if not prisoners and bowlwatch.pass_stone_in(ref, c):
            g = ref.game
            if ref.scales.gain_at[o] < 0 and g.pass_stone(c) is None:
                # in a lid not read since the restart: if the stones fit after it
                # as well as before, nobody can tell which (17397 game 631)
                both = sure(explain(ref, v.stable, new, v.missing, s=v.searching))
                g.undo()
                if both:
                    # c's pass stone named with them: in the lid before they were
                    # named, so no stone of their fix (bowlwatch.fixed)
                    ref.scales.gain_at[o] = ref.now - 1
                    from goban.referee.words import NAMES
                    return ("order", list(new), " and %s's pass stone" % NAMES[c])
            return None
        if bowlwatch.lid_moving(ref, o) or ref.scales.seen[1 + o] == -2:
            out = -1              # (or not read since the restart: 17397 game 631)
    if out < 0 or not bowlwatch.settled(ref, c):     # (a lid to wait for, or the bowl)
        if v.waited != m:
            w.since = ref.now
        if (ref.now - w.since) & 0x3FFFFFFF >= BOWL_MS:
            return None
        w.i = m                   # its bowl's readings look again
        w.ms = BOWL_MS
        ref.stale = True          # (presses wait on)
        return ("wait",)
    cand = fits(ref, v, -1) if out == k + 1 else None
    if not cand:
        return None
    last = _after_them(ref, v, order, cand)
    if last:
        # as well after them as before them: nobody can tell which (seed
        # 426465 game 338: W jf, B og, W on the dead lh taken as lh, og, jf)
        return ("order", list(new) + last)
    if len(cand) == 1:
        return ("take", cand[0][0], True)
    return ("ask", [j for j, s in cand], [i for i in new if v.stable[i] != c], True)


def _after_them(ref, v, order, cand):
    """The dead points of `cand` where the mover's move fits after the seen
    stones (`order`) as well: played there last, it captures only stones gone
    from the frame."""
    g = ref.game
    stable = v.stable
    played = 0
    for i in order:
        if g.play(stable[i], ref.p_of(i)) is not None:
            break
        played += 1
    out = []
    if played == len(order):
        c = g.to_move()
        for j, s in cand:
            if g.play(c, ref.p_of(j)) is None:
                ok = True
                for q in g.last_capture():
                    if stable[ref.i_of(q)] != 0:
                        ok = False
                g.undo()
                if ok:
                    out.append(j)
    for _ in range(played):
        g.undo()
    return out


def act(ref, v):
    """Play the sure move (and look again for what came after it), or ask.
    (The seen moves before one: goban.referee.play._ask.) After `at_restart`
    (True last), or a sure move taken at the restart's look (`verdict` found
    the stones there since following it), the stones there since the restart
    come after that move, in the order the next look finds (stamp 1; left at
    0 they were named to be played again once it was taken: seed 425223
    game 51, black's one stone after white's capture on a stuck sensor)."""
    what = v.unseen
    if what[0] == "wait":
        return
    if what[0] == "orders":
        from goban.referee.reorder import ask
        ask(ref, v)
        return
    since = ref.since
    mine = what[-1] is True or (what[0] == "take" and ref.resumed)
    if since is not None and (mine or what[0] == "ask"):
        for i in new_stones(v) if mine else what[2]:
            if since[i] == 0:
                # on the board since a restart, now ordered by the move taken or
                # asked for: after it, before whatever comes next (unknown, -1, a
                # phantom the question named became the answer to the next move)
                since[i] = 1
    if what[0] == "take":
        if ref.illegal:
            ref.restored()
        play_unseen(ref, what[1], v.stable)
        return
    if what[0] == "order":
        pts = what[1]             # named to be played again, the dead points too
        ref.resumed = False
        l = " ".join(ref.name(i) for i in pts[:6])
        if len(what) > 2:         # and the pass stones: taken out of the lids, handed again
            l += what[2]
        ref.announce("resume-order", None, pts[0], pts, l=l)
        return
    pts = what[1]
    theirs = what[2]
    ch = ref.choice
    gone = v.stable[theirs[0]] == 0   # (a stone gone that the move captured: `unseen-gone`)
    passed = pts[-1] == ref.n     # (or the pass stone in the lid: `unseen-pass`)
    if (gone or passed) and ref.illegal == "unseen" and ref.announced == theirs[0] \
            and ch.points == pts:
        return                    # (asked already: nothing changed)
    if ref.illegal != "unseen" or ref.announced != theirs[0] or ch.points != pts:
        ref.illegal = None        # a new question: said afresh
        # the point lit stays lit if it is still offered: a press on its way
        # (held while a stone settles) is for it, not for the list's new first
        was = ch.points[ch.k] if ch.points is not None else -1
        ch.k = pts.index(was) if was in pts else 0
    k = ch.k
    c = v.stable[theirs[0]] or ref.game.board.cells[ref.p_of(theirs[0])]
    dead = pts[:-1] if passed else pts
    code = "unseen-gone" if gone else "unseen-pass" if passed else "unseen"
    if len(what) > 3 and what[3] is not True:
        code = what[3]            # (play's `pass_first_of_all`: unseen-then-pass)
    ref.announce(code, c,
                 theirs[0], theirs + dead, l=" ".join(ref.name(j) for j in dead[:4]),
                 q=named(ref, pts[k]),
                 extra={"choose": named(ref, pts[k]), "of": [named(ref, j) for j in pts]})
    ref.illegal = "unseen"        # (the same question: its answers are unseen's)
    ch.points = pts
    ch.k = k
    show_choice(ref)


def play_unseen(ref, j, stable=None):
    """The side to move's move on the dead point j, unseen, played and told;
    the board is looked at again for what came after it."""
    g = ref.game
    to = g.to_move()
    g.play(to, ref.p_of(j))
    moves.played(ref, to, ref.p_of(j), stable, unseen=True)
    ref.move_stamp = -1           # when its stone came, nobody saw: any stone may follow
    ref.dirty = True


def named(ref, j):
    """A choice's name: the dead point's, or "pass" (the pass stone: ref.n)."""
    return "pass" if j == ref.n else ref.name(j)


def show_choice(ref):
    """The dead point offered as the unseen move, lit yellow beside the red
    (the pass stone offered: none)."""
    ch = ref.choice
    j = ch.points[ch.k]
    ref.show_second([j] if j < ref.n else [], COLOR2)


def choose(ref, name):
    """A press while an unseen move waits to be chosen: down or up offers the
    next or the previous dead point (a `choose` event), ok plays the one lit
    (the same question of goban.referee.exchange's: its ok is
    play.button's). True when the press was for the choice."""
    ch = ref.choice
    cand = ch.points
    if cand is None or (ref.illegal != "unseen" and ref.illegal != "exchange"):
        return False
    if isinstance(cand[0], list):     # the order of moves asked (goban.referee.reorder)
        from goban.referee.reorder import choose as choose_order
        return choose_order(ref, name)
    if name == "down" or name == "up":
        ch.k = (ch.k + (1 if name == "down" else -1)) % len(cand)
        ref.emit({"type": "choose", "point": named(ref, cand[ch.k]),
                  "of": [named(ref, j) for j in cand]})
        show_choice(ref)
        return True
    if name != "ok":
        return False
    j = cand[ch.k]
    g = ref.game
    if j == ref.n:                # the pass stone in the lid: the pass, then the rest
        ref.restored()
        bowlwatch.check_lids(ref, 0)
        moves.pass_move(ref, g.to_move(), stone=True)
        ref.dirty = True
        return True
    if g.board.cells[ref.p_of(j)] != 0 or g.legal(g.to_move(), ref.p_of(j)) is not None:
        return True              # no longer a move there (cannot happen: the game waited)
    ref.restored()
    play_unseen(ref, j)
    return True


