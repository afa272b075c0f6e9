"""Show the live game of a board in the terminal, redrawn at every referee event.

The position, the last move, whose turn, prisoners, the referee's banner (an
illegal move and how to fix it, stones waiting to be lifted) and the result.
It starts from the current game's events read back from the board, so it can be
started at any time; a cable pulled and plugged back resumes where it was.
"""

import sys
import time

from goban.points import LETTERS
from goboard.argtypes import number
from goboard.link.boards import choose_port
from goboard.link.sequence import Sequencer
from goboard.link.transport import HostLink
from goboard.link.wire import too_deep
from goboard.live.state import LiveState, EventError, ENDED, COUNTED
from goboard.record.sgfrecord import NAMES, point_label

CLEAR = "\x1b[H\x1b[2J"


def add_arguments(p):
    p.add_argument("--port", help="serial device, pty or pyserial URL (default: the one board found)")
    p.add_argument("--page", metavar="URL",
                   help="watch a board a `goboard serve` or `goboard demo` shows instead: "
                        "its page's address, http://HOST:PORT/board/ID")
    p.add_argument("--plain", action="store_true",
                   help="no screen clearing: each drawing follows the last (logs, pipes)")
    p.add_argument("--until-end", action="store_true", help="stop when the game has a result")
    p.add_argument("--idle-exit", type=number(0, 1e7, "a time in seconds"), default=None,
                   metavar="SECONDS",
                   help="stop after this long without an event")


def render(st):
    """The drawing of a LiveState as text lines."""
    size = st.size
    snap = st.snapshot()
    grid = [["."] * size for _ in range(size)]
    for p, c in st.stones.items():
        grid[LETTERS.index(p[1])][LETTERS.index(p[0])] = "X" if c == "B" else "O"
    for p, c in st.dead.items():
        grid[LETTERS.index(p[1])][LETTERS.index(p[0])] = "x" if c == "B" else "o"
    if st.pending:
        for p in st.pending.get("points", ()):
            grid[LETTERS.index(p[1])][LETTERS.index(p[0])] = "*"
    banner = snap.get("banner")
    bad = banner.get("point") if banner else None
    last = st.last.get("point") if st.last else None
    head = "    " + " ".join(NAMES[:size])
    lines = ["board %s  game %s  rules %s  komi %s" % (st.serial or st.board or "?", st.game,
                                                        st.rules, st.komi), head]
    for y in range(size):
        cells = grid[y]
        row = ""
        for x in range(size):
            p = LETTERS[x] + LETTERS[y]
            sep = "(" if p == last else ("[" if p == bad else " ")
            if x and row and row[-1] in ")]" and sep == " ":
                sep = ""
            row += sep + cells[x]
            if p == last:
                row += ")"
            elif p == bad:
                row += "]"
        lines.append("%3d %s" % (size - y, row[1:] if row.startswith(" ") else row))
    lines.append(head)
    if st.last:
        lm = st.last
        what = point_label(size, lm["point"]) if lm["point"] else lm.get("kind", "pass")
        lines.append("move %d: %s %s%s" % (lm["number"], lm["color"], what,
                                         ", %d captured" % len(lm["captures"]) if lm["captures"] else ""))
    turn = "" if st.status in (ENDED, COUNTED) else (
        "%s to play    " % ("Black" if st.to_move == "B" else "White"))
    lines.append("%sprisoners: black took %d, white took %d    %s" % (
        turn, st.captures["B"], st.captures["W"], st.status))
    if banner:
        lines.append("! %s%s" % (banner.get("text") or banner.get("code"),
                                 "; fix: " + banner["fix"] if banner.get("fix") else ""))
    if st.pending:
        lines.append("* lift the captured stones: %s" % " ".join(
            point_label(size, p) for p in st.pending.get("points", ())))
    for text in st.notices.values():
        lines.append("! " + text)
    if st.result:
        lines.append("result: %s" % st.result.get("result"))
    elif st.end:
        lines.append("play has ended (%s)" % st.end.get("reason"))
    return lines


def page_states(url, stop):
    """LiveStates of one board from a live page's event stream (`/events/<id>`)."""
    import json
    import urllib.error
    import urllib.parse
    import urllib.request
    from goboard.errors import UserError
    u = urllib.parse.urlsplit(url)
    parts = u.path.rstrip("/").split("/")
    if u.scheme not in ("http", "https") or len(parts) < 3 or parts[-2] != "board":
        raise UserError("--page wants a board page's address, http://HOST:PORT/board/ID, "
                        "not %s" % url)
    events = urllib.parse.urlunsplit((u.scheme, u.netloc, "/events/" + parts[-1], "", ""))
    try:
        stream = urllib.request.urlopen(events, timeout=30)
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise UserError("cannot open %s: %s" % (events, getattr(e, "reason", None) or e)) from None
    import queue
    import threading
    lines = queue.Queue(64)

    def reader():       # a thread, so an idle stream still lets stop() be asked
        try:
            while True:
                line = stream.readline(1 << 20)
                lines.put(line)
                if not line:
                    return
        except OSError:
            lines.put(None)
    threading.Thread(target=reader, daemon=True).start()
    with stream:
        while not stop():
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if line is None:
                raise UserError("the page %s went away" % url)
            if not line:
                return
            if not line.startswith(b"data: ") or too_deep(line):
                continue
            try:
                u = json.loads(line[6:])
                yield LiveState.from_snapshot(u["state"])
            except (ValueError, KeyError, TypeError, AttributeError):
                continue


def run(args):
    if args.page:
        return run_page(args)
    port = choose_port(args.port)
    out = sys.stdout
    st = LiveState()
    link = HostLink(port)
    last = [time.monotonic()]

    def draw():
        text = "\n".join(render(st))
        out.write((text + "\n\n") if args.plain else (CLEAR + text + "\n"))
        out.flush()

    def stop():
        if args.until_end and st.result is not None:
            return True
        return args.idle_exit is not None and time.monotonic() - last[0] > args.idle_exit

    try:
        link.open()
        hello = link.hello()
        st.board = hello.get("serial") or port
        game = hello.get("game") or 0
        seq = Sequencer(game, 0) if game else Sequencer()
        seq.behind = True  # fetch the current game from its start
        draw()
        for ev in link.follow(seq, stop=stop):
            last[0] = time.monotonic()
            try:
                changed = st.apply(ev)
            except EventError as e:
                print("watch: skipped an event: %s" % e, file=sys.stderr)
                continue
            if changed and not link.pending:
                draw()
        draw()
    finally:
        link.close()
    return 0


def run_page(args):
    """`watch --page URL`: the same drawing from a live page's stream."""
    out = sys.stdout
    last = [time.monotonic()]
    st = None

    def stop():
        if args.until_end and st is not None and st.result is not None:
            return True
        return args.idle_exit is not None and time.monotonic() - last[0] > args.idle_exit
    for st in page_states(args.page, stop):
        last[0] = time.monotonic()
        text = "\n".join(render(st))
        out.write((text + "\n\n") if args.plain else (CLEAR + text + "\n"))
        out.flush()
        if stop():
            break
    return 0
