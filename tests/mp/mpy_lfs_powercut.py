"""MicroPython only: the game log on LittleFS (VfsLfs2 on a RAM block device),
with the power cut after every block-device operation the log caused, and in
the middle of every block write (half the block written). Each cut image is
mounted again: the log must reopen to a prefix of the events written (never
less than those whose append had returned before the cut started), and take a
new event. Prints "ok <cuts> <ops>" or the first failure."""

import os
import vfs

BS = 256
NB = 64


class Dev:
    def __init__(self, data=None, journal=None):
        self.data = bytearray(data) if data is not None else bytearray(b"\xff" * (BS * NB))
        self.journal = journal

    def readblocks(self, n, buf, off=0):
        a = n * BS + off
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:  # a whole-block write (erase included)
            off = 0
        a = n * BS + off
        if self.journal is not None:
            self.journal.append(("w", a, bytes(buf)))
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return NB
        if op == 5:
            return BS
        if op == 6:  # erase
            if self.journal is not None:
                self.journal.append(("e", arg * BS, None))
            self.data[arg * BS:(arg + 1) * BS] = b"\xff" * BS
            return 0
        return 0


base = Dev()
vfs.VfsLfs2.mkfs(base)
image0 = bytes(base.data)
journal = []
dev = Dev(image0, journal)
vfs.mount(vfs.VfsLfs2(dev), "/lfs")
from goban.gamelog import GameLog
log = GameLog("/lfs/games")
done_at = []  # journal length when each append returned
log.new_game({"type": "game-start", "size": 9})
done_at.append(len(journal))
for k in range(12):
    log.append({"type": "move", "color": "BW"[k % 2], "point": "c" + "abcdefghi"[k % 9],
                "number": k + 1, "captures": []})
    done_at.append(len(journal))
log.close()
vfs.umount("/lfs")
ops = len(journal)


def image(k, half=False):
    d = bytearray(image0)
    for i in range(k):
        kind, a, data = journal[i]
        if kind == "e":
            d[a:a + BS] = b"\xff" * BS
        else:
            d[a:a + len(data)] = data
    if half and k < ops and journal[k][0] == "w":
        kind, a, data = journal[k]
        h = len(data) // 2
        d[a:a + h] = data[:h]
    return d


cuts = 0
fail = None
for k in range(ops + 1):
    for half in (False, True):
        if half and (k >= ops or journal[k][0] != "w"):
            continue
        cuts += 1
        d = Dev(image(k, half))
        try:
            vfs.mount(vfs.VfsLfs2(d), "/cut")
        except OSError:
            if k > 0:
                fail = "cut %d: does not mount" % k
            break
        try:
            names = os.listdir("/cut")
            if "games" not in names:
                n = 0
                lg = None
            else:
                lg = GameLog("/cut/games")
                n = lg.count() if lg.current_game() else 0
                evs = list(lg.events(1)) if lg.current_game() else []
                if [e["seq"] for e in evs] != list(range(1, n + 1)):
                    fail = "cut %d: events %r" % (k, [e["seq"] for e in evs])
            sure = sum(1 for x in done_at if x <= k)
            if n < sure or n > len(done_at):
                fail = "cut %d (half %s): %d events, %d were committed" % (k, half, n, sure)
            if lg is not None and lg.current_game():
                lg.append({"type": "restored"})
                lg.close()
                if GameLog("/cut/games").count() != n + 1:
                    fail = "cut %d: append after the cut lost" % k
        finally:
            vfs.umount("/cut")
        if fail:
            break
    if fail:
        break
print(fail or "ok %d %d" % (cuts, ops))
