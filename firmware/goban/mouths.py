"""Unfilled 单官 read as players read them (goban.regions, issue 12): a pass
over the regions goban.regions.label_regions found, in a module of its own so
that the board imports it at the first count only (from .mpy files on the
stock image every KB of code at boot is a KB of heap the game cannot have).
MOUTH_POINTS (goban.regions) is how many contacts a mouth may have."""

from goban.compat import micropython, ptr8, ptr16, ptr32


@micropython.viper
def open_mouths(work, rid, bid, stack, rinfo, binfo, tot, length: int, W: int,
                limit: int, cap: int) -> int:
    """Read unfilled borders as players read them: a dame region that one
    colour (x) touches at `limit` points or fewer and the other (y) at more is
    y's area with an open mouth. Its points next to x stay dame (单官: either
    side may fill them), with any point shut in behind them; the rest becomes
    y's territory. Only where y's stones hold the region (four times as many
    of its points next to y as next to x: not an open corner that two lone
    stones face), some of its points lie beyond the
    mouth's reach (not next to a mouth point: a small region behind a mouth
    is still anybody's), and no block next to it is in seki (its liberties
    are shared). Run after seki_by_liberties (F_SEKI); label_blocks and the
    seki pass again if anything changed. Returns the number of regions
    changed (each one's mouth becomes a region of its own, up to `cap`)."""
    w = ptr8(work)
    ri = ptr16(rid)
    bi = ptr16(bid)
    st = ptr16(stack)
    rf = ptr16(rinfo)
    bf = ptr16(binfo)
    t = ptr32(tot)
    nreg = t[0]
    last = nreg
    changed = 0
    r = 1
    while r <= last:
        b = r << 3
        x = 0
        if rf[b + 1] == 3:
            nb = rf[b + 6]
            nw = rf[b + 7]
            if nb <= limit and nw >= nb << 2:
                x = 1
            elif nw <= limit and nb >= nw << 2:
                x = 2
        if x == 0 or nreg + 1 >= cap:
            r += 1
            continue
        y = 3 - x
        m = nreg + 1
        # the region's points, marked m while listed
        q = rf[b + 5]
        ri[q] = m
        st[0] = q
        n = 1
        i = 0
        seki = 0
        while i < n:
            q = st[i]
            i += 1
            k = 0
            while k < 4:
                if k == 0:
                    v = q - 1
                elif k == 1:
                    v = q + 1
                elif k == 2:
                    v = q - W
                else:
                    v = q + W
                if w[v] == 0:
                    if ri[v] == r:
                        ri[v] = m
                        st[n] = v
                        n += 1
                elif (w[v] == 1 or w[v] == 2) and bf[(bi[v] << 3) + 6] & 2:
                    seki = 1        # its liberties are shared: it stays dame
                k += 1
        # next to x: the mouth (m); else the territory (r)
        i = 0
        while i < n:
            q = st[i]
            if w[q - 1] != x and w[q + 1] != x and w[q - W] != x and w[q + W] != x:
                ri[q] = r
            i += 1
        # a point next to no y stone with only mouth points around is shut in
        i = 0
        while i < n:
            q = st[i]
            if ri[q] == r and w[q - 1] != y and w[q + 1] != y and w[q - W] != y \
                    and w[q + W] != y and ri[q - 1] != r and ri[q + 1] != r \
                    and ri[q - W] != r and ri[q + W] != r:
                ri[q] = m
            i += 1
        terr = 0
        ty = 0
        tfirst = 0
        mouth = 0
        mboth = 0
        mone = 0
        mnb = 0
        mnw = 0
        mfirst = 0
        inner = 0
        i = 0
        while i < n:
            q = st[i]
            bits = 0
            # the four neighbours written out on purpose (viper: no call, no loop);
            # the tally below is label_regions' own, repeated: a call a point would
            # slow the count, and label_regions' flood reads the same cells at once
            v = w[q - 1]
            if v == 1 or v == 2:
                bits = bits | v
            v = w[q + 1]
            if v == 1 or v == 2:
                bits = bits | v
            v = w[q - W]
            if v == 1 or v == 2:
                bits = bits | v
            v = w[q + W]
            if v == 1 or v == 2:
                bits = bits | v
            if ri[q] == r:
                terr += 1
                tfirst = q
                if bits != 0:
                    ty += 1
                if ri[q - 1] != m and ri[q + 1] != m and ri[q - W] != m and ri[q + W] != m:
                    inner += 1      # beyond the reach of the mouth
            else:
                mouth += 1
                mfirst = q
                if bits == 3:
                    mboth += 1
                elif bits != 0:
                    mone += 1
                if bits & 1:
                    mnb += 1
                if bits & 2:
                    mnw += 1
            i += 1
        if seki or inner == 0 or ty == 0 or mouth == 0:
            i = 0                   # not an open mouth: the region stays as it was
            while i < n:
                ri[st[i]] = r
                i += 1
            r += 1
            continue
        rf[b] = terr
        rf[b + 1] = y
        rf[b + 2] = 0
        rf[b + 3] = ty
        rf[b + 5] = tfirst
        rf[b + 6] = ty if y == 1 else 0
        rf[b + 7] = ty if y == 2 else 0
        mb = m << 3
        rf[mb] = mouth
        rf[mb + 1] = 3
        rf[mb + 2] = mboth
        rf[mb + 3] = mone
        rf[mb + 4] = 0
        rf[mb + 5] = mfirst
        rf[mb + 6] = mnb
        rf[mb + 7] = mnw
        t[2] -= terr                # fewer dame points (the 荒空 count stays as found)
        t[(y << 3) + 1] += terr
        nreg = m
        t[0] = nreg
        changed += 1
        r += 1
    return changed
