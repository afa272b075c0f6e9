"""DEAD: play has ended; the players lift the dead stones (lit blue), then press
end/ok: the count (goban.referee.scoring), or under Ing with white's bowl on a
scale the fill first (goban.referee.fill). A stone added now is announced, and
end while anything stands announced is refused; a pass press asks to resume play
(a dispute: goban.referee.dispute). The
seki the count would take are lit too, and the players correct them by a tap
(goban.referee.seki).

The count never takes a point it cannot read. The game's stones the frame
cannot vouch for are *doubtful*: on a sensor that reads no value, or reading
the other colour, or only weakly where the stone read strong at the end of
play (a sensor whose baseline wandered while the stone sat on it: lifted, it
still reads past the threshold). Each is judged lifted or not by what else the
board says:
  - its block: the other stones of its block all lifted, it is lifted too (a
    dead group goes as a whole); none of them lifted, it stays (`_by_block`);
  - the lids: the lid the dead stones of its colour go into has gained at least
    as many more stones than are known lifted (seen lifted, or judged so by
    their block or the players) as there are such stones of that colour
    (`_by_lids`: the lids count stones, not points).
While a sensor reads unstable (a burst of noise) a weak reading is judged by
nothing: noise breaks every stone's run of strong readings.
A weak reading judged lifted is the sensor's drift: its baseline is taken
again where it reads now (`ref.rebase_sensor`), so it reads empty from then
on. A sensor that reads nothing for a while only (flagged unstable: a burst of
noise) is never judged: the count waits for it to read again. So `end` waits
while anything is doubtful, announced or still settling, and counts as soon as
nothing is; after COUNT_WAIT_MS the board names what it cannot read, lit
yellow: down marks the lit stone lifted, up on the board, ok or end then
counts with what the players said. An empty point whose sensor reads nothing
is asked about too unless both bowls account for every stone that left them:
the players clear it and press down (a stone the game lacks, a second stone
unseen, is not counted, and a person takes it off as any stone added now), or
press up, a stone there: counted as the stone of the one bowl with a stone out
the game has not used (a move on the dead sensor the board lost), and logged
with the dead stones."""

from goban.board import BLACK, WHITE
from goban.referee.diff import FAULT, CAP, doubtful, diff_frame
from goban.referee import scoring, fill, moves
from goban.referee.play import phantoms

COUNT_WAIT_MS = 2000       # an end press held this long: the board says why
LATE_PASS_MS = 2000        # a pass this soon after play ended is a late one, not a request to resume
ANSWER_MS = 500            # a stone asked about this long: a down/up press answers it (seed 982539
                           # game 68: "down" for em, pressed as the question became sf, made sf dead)
UNSTABLE = FAULT + 1       # the frame's value of a sensor flagged unstable (goban.calibration)


def frame(ref, stable, mis, pend):
    ref.view.stable = stable      # (the loop's frame, read in place: an end press looks again)
    extra, missing, changed = ref.mismatch(stable, mis)
    ghosts = phantoms(ref, stable, extra, _not_in_lids(ref, missing)) if extra else None
    if ghosts:
        # weak readings where the bowls say no stone can be: a sensor whose
        # baseline wandered, read from its old one after a restart, is no stone
        # added (seed 434437 game 223): flagged, as in play
        ref.flag_sensors(ghosts)
        return
    doubtful = _doubtful(ref, stable)
    blind = ()
    if ref.n_faults:            # (a sensor reads nothing: empty points among them)
        cells = ref.game.board.cells
        blind = [i for i in doubtful if not cells[ref.p_of(i)]]
        if blind:
            doubtful = [i for i in doubtful if cells[ref.p_of(i)]]
    extra = extra + [i for i in changed if i not in doubtful]
    if extra:
        i = extra[0]
        ref.announce("dead-extra", stable[i], i, extra)
        if ref.lights2:       # only the stone to take off lit (red) till it is
            ref.show_second([], ref.light_color2)
            if ref.seki is not None:
                ref.seki.counted = None     # lit again once the board is right
        return
    if ref.illegal:
        ref.restored()
    k = ref.counting
    unsure = []
    dead = list(missing)
    judged = [(i, _by_block(ref, stable, i, missing) if stable[i] != UNSTABLE else -1)
              for i in doubtful]
    unread = None                 # (a list only when there is one: the look's heap)
    for i in doubtful:
        if stable[i] == UNSTABLE:
            if unread is None:
                unread = []
            unread.append(i)
    # (a sensor flagged unstable may not be counted in n_faults yet: its stone
    # says so; seed 791373 game 366, five stones on the board counted dead)
    noisy = unread is not None or (ref.n_faults and _unstable(ref, stable))
    # a stone judged lifted by its block (or said lifted) went into a lid as
    # the stones the sensors saw lifted did: counted with them, else its lid
    # stone was taken for another's (seed 617196 game 436: pe, lifted over a
    # drifted sensor, left its stone in the lid to dr, a live stone on a dead
    # sensor, counted dead: the count a point off)
    lifted = missing + [i for i, yes in judged if yes > 0 or k.said.get(i, -1) == 1]
    left = _by_lids(ref, lifted, [i for i, yes in judged if yes < 0 and stable[i] != UNSTABLE],
                    unread)
    for i, yes in judged:
        if yes < 0 and i in left:
            yes = 1
        if yes < 0:
            yes = k.said.get(i, -1)         # what the players said of it
        if yes == 1 and stable[i] < FAULT and noisy:
            yes = -1                        # weak in a burst of noise says nothing yet
        if yes < 0:
            unsure.append(i)
        elif yes:
            if stable[i] < FAULT and ref.rebase_sensor is not None:
                ref.rebase_sensor(i, -1)        # lifted over a drifted sensor: reads empty next
            dead.append(i)
    for i in blind:
        said = k.said.get(i, -1)
        if said == 0:
            # up: a stone stands there, one the game never had (a move on the
            # dead sensor, lost). It counts as a stone of the one colour whose
            # bowl has a stone out the game has not used, the word kept as 2 +
            # that colour (goban.referee.scoring puts it on the board for the
            # count and logs it); with neither or both the board cannot tell
            # whose, and asks on (seed 530693 game 290: the count waited for
            # ever on such an up). Written out here: a function is heap at boot
            from goban.referee.bowlwatch import unused
            spare = [0, unused(ref, BLACK), unused(ref, WHITE)]
            for w in k.said.values():
                if w > 2:
                    spare[w - 2] -= 1
            if spare[BLACK] > 0 and spare[WHITE] == 0:
                said = k.said[i] = 2 + BLACK
            elif spare[WHITE] > 0 and spare[BLACK] == 0:
                said = k.said[i] = 2 + WHITE
        if said < 1:
            unsure.append(i)                # asked till the players say it is clear
    k.unsure = unsure
    ref.dead = dead
    from goban.referee import seki
    sk = ref.seki
    if sk is None:
        sk = ref.seki = seki.SekiMarks()
    sk.taps += seki.taps(ref, sk, missing)
    if sk.taps or sk.counted != dead:
        ref.later(seki.look)        # a count: in a step of its own (the loop's)
    if k.held >= 0 and not unsure and ref.quiet:
        _count(ref)
        return
    if k.held >= 0 and (ref.now - k.held) & 0x3FFFFFFF >= COUNT_WAIT_MS:
        _say_unread(ref)
    else:
        seki.show(ref)


def _doubtful(ref, stable):
    """The game's stones the frame cannot vouch for (see the module docstring),
    and the empty points it cannot read unless both bowls account for every
    stone that left them (else a stone the game lacks may lie there: seed
    281085 game 25, a second stone on a dead sensor, counted 41 points off)."""
    was = ref.counting.strong
    strong = ref.strong if ref.strong is not None else was
    flags = 1 if ref.strong is not None else 0
    if ref.n_faults:
        from goban.referee.bowlwatch import unused
        if unused(ref, BLACK) != 0 or unused(ref, WHITE) != 0:
            flags |= 2
    k = doubtful(stable, ref.game.board.cells, strong, was, flags,
                 ref.tolerated, CAP, ref.size)
    buf = ref.tolerated
    return [buf[j] for j in range(k if k < CAP else CAP)]


def _by_block(ref, stable, i, missing):
    """Whether the game's stone on frame point i was lifted, by its block: 1
    (the others all lifted), 0 (all there, read strong), or -1."""
    c = ref.game.board.cells[ref.p_of(i)]
    mates = _block(ref, i)
    if len(mates) > 1:
        gone = 0
        kept = 0
        for j in mates:
            if j == i:
                continue
            if j in missing:
                gone += 1
            elif stable[j] == c and (ref.strong is None or ref.strong[j]):
                kept += 1
        if gone == len(mates) - 1:
            return 1
        if kept == len(mates) - 1:
            return 0
    return -1


def _by_lids(ref, lifted, open_, unread):
    """Of the stones no block tells of (`open_`), those the lids say were
    lifted: all of a colour when the lid its dead stones go into gained at
    least as many more than the stones known lifted (`lifted`: the sensors
    saw them, their block or the players said so), and than the stones of
    that colour on sensors flagged unstable (`unread`, judged by nothing: any
    may have been lifted unseen; seed 791373 game 366, stones lifted in a burst
    of noise made five left on the board count dead); else none (the lids
    count stones, not points)."""
    k = ref.counting
    sc = ref.scales
    if not open_ or not k.lid_known or sc.seen is None:
        return []
    b = ref.game.board
    out = []
    for c in (BLACK, WHITE):
        mine = [i for i in open_ if b.cells[ref.p_of(i)] == c]
        o = WHITE if c == BLACK else BLACK
        gain = _lid_gain(ref, o)
        if not mine or gain < 0 or sc.now[1 + o] < 0:
            continue
        seen = 0
        for j in lifted:
            if b.cells[ref.p_of(j)] == c:
                seen += 1
        for j in unread or ():
            if b.cells[ref.p_of(j)] == c:
                seen += 1
        if gain - seen >= len(mine):
            out += mine
    return out


def _not_in_lids(ref, missing):
    """The lifted stones the lids have not taken in yet: only those may have
    been put down elsewhere (a dead stone in a lid is in no hand)."""
    if not ref.counting.lid_known or ref.scales.seen is None:
        return missing
    cells = ref.game.board.cells
    out = []
    for c in (BLACK, WHITE):
        in_lid = _lid_gain(ref, WHITE if c == BLACK else BLACK)
        for i in missing:
            if cells[ref.p_of(i)] == c:
                if in_lid > 0:
                    in_lid -= 1
                else:
                    out.append(i)
    return out


def _lid_gain(ref, o):
    """Stones that came into o's lid since play ended (the dead stones of o's
    opponent go there), or -1 when that lid was not weighed then and now."""
    k = ref.counting
    sc = ref.scales
    if not k.lid_known or sc.seen is None or sc.seen[1 + o] < 0 or k.lid[o] < 0:
        return -1
    return sc.into[o] - k.lid[o]


def _unstable(ref, stable):
    """A sensor reads unstable now (a burst of noise, most likely)."""
    for i in range(ref.n):
        if stable[i] == UNSTABLE:
            return True
    return False


def _block(ref, i):
    """The frame points of the game's block holding frame point i."""
    b = ref.game.board
    cells = b.cells
    p0 = ref.p_of(i)
    c = cells[p0]
    todo = [p0]
    seen = [p0]
    W = b.W
    while todo:
        p = todo.pop()
        for q in (p - 1, p + 1, p - W, p + W):
            if cells[q] == c and q not in seen:
                seen.append(q)
                todo.append(q)
    return [ref.i_of(p) for p in seen]


def _say_unread(ref):
    """The count waits: the points it cannot read, lit yellow, and how to say."""
    k = ref.counting
    u = k.unsure
    if not u:
        ref.show("Count waits", "for the board to settle", ref.dead, "blue")
        return
    i = u[0]
    if k.asked != i:
        k.asked = i
        k.asked_at = ref.now
    how = ": down=dead up=on" if ref.game.board.cells[ref.p_of(i)] else ": clear it, then down"
    ref.show("Cannot read " + " ".join(ref.name(j) for j in u[:3]),
             ref.name(i) + how, ref.dead, "blue")
    ref.show_second([i], "yellow")


def _count(ref):
    ref.counting.held = -1
    if fill.fills(ref):
        fill.start(ref)
    else:
        scoring.count(ref)


def button(ref, name, color):
    from goban.referee import seki
    seki.finish(ref)            # taps still to take: before the count (the look's both halves)
    ref.job = None              # (their lighting: no matter now)
    k = ref.counting
    if name in ("down", "up") and k.held >= 0 and k.unsure:
        i = k.unsure[0]
        if i == k.asked and (ref.now - k.asked_at) & 0x3FFFFFFF >= ANSWER_MS:
            k.said[i] = 1 if name == "down" else 0
            ref.dirty = True
        # (else the answer to the question before, which changed as it was
        # pressed: no answer to this one)
        return
    if name == "pass" and (ref.now - k.began) & 0x3FFFFFFF < LATE_PASS_MS:
        return                              # a pass meant for play, pressed late: nothing
    if name == "pass" or (name in ("end", "ok") and ref.illegal):
        from goban.referee import dispute
        if name == "pass":
            dispute.resume(ref, color)      # a dispute: play resumes
        else:
            dispute.count_refused(ref)      # never a count while anything stands
        return
    if name in ("end", "ok"):
        if k.held < 0:
            k.held = ref.now        # held: counted once the board can be read
            ref.look_again(COUNT_WAIT_MS)
        if ref.view.stable is not None:
            # the board as it reads now: a sensor that drifted under a dead stone
            # reads it still there, weakly, once lifted, and no frame changed to
            # say so (the last look's dead list left it on the board: seed
            # 434437 game 161)
            stable = ref.view.stable
            r = diff_frame(stable, ref.game.board.cells, ref.tol, ref.out, CAP, ref.size)
            frame(ref, stable, r & 0x3FF, (r >> 10) & 0x3FF)
    elif name == "undo":
        if ref.game.end == "agreement":
            moves.play_on(ref)      # after an agreement: the agreement taken back, and
            # nothing else (dead stones lifted since go back on: announced in play)
        else:
            moves.undo(ref)
