"""The bring-up page beside the broadcast page: `/diag/<serial>` on the live
server (goboard.live.server), a heat map of the board's readings and the
report. `serve(host, port)` starts one for `goboard diag --serve`;
`Page.publish` turns what the session has (a frame in channel or frame order,
baselines, the report) into what the page draws: one value a point, in frame
order, with the points' names and the marks of the dead ones."""

from goban.hw.matrix import wiring_to_frame
from goban.points import name as point_name
from goboard.live.server import ServerThread


class Page:
    def __init__(self, thread):
        self.thread = thread
        self.url = thread.url
        self.data = {}

    def publish(self, board, frame=None, info=None, base=None, report=None, status=None):
        """What the page shows next: a raw `frame` (channel order when `info`
        is given: the board in diag; else frame order) against `base` (frame
        order: a live map of each point's distance from it) or as it is, and
        the `report` (its points' noise when no frame comes)."""
        d = self.data
        if report is not None:
            d["report"] = {k: report[k] for k in ("problems", "points", "wiring") if k in report}
            size = report["size"]
            d.update(self._values(size, [e["noise"] for e in self._by_point(report, size)],
                                  "noise of each sensor (half its spread, counts)", 0,
                                  max([e["noise"] or 0 for e in report["points"]] + [8])))
            d["marks"] = {e["point"]: "x" for e in report["points"] if "dead" in e["flags"]}
        if frame is not None:
            size = (info or {}).get("size") or int(round(len(frame) ** 0.5))
            if info is not None:
                order = info.get("order", "rows")
                vals = [frame[wiring_to_frame(p, size, order)] for p in range(size * size)]
                d.update(self._values(size, vals, "readings of the empty board", 1648, 2448))
            elif base is not None:
                vals = [frame[p] - base[p] for p in range(size * size)]
                d.update(self._values(size, vals, "reading minus the first (a stone: +-600)",
                                      -600, 600))
        if status is not None:
            d["status"] = status
        self.thread.publish_diag(board, dict(d))

    @staticmethod
    def _by_point(report, size):
        by = {e["point"]: e for e in report["points"]}
        return [by[point_name(p, size)] for p in range(size * size)]

    @staticmethod
    def _values(size, values, label, lo, hi):
        return {"size": size, "values": values, "label": label, "lo": lo, "hi": hi,
                "names": [point_name(p, size) for p in range(size * size)]}

    def stop(self):
        self.thread.stop()


def serve(host, port):
    """A live server with the bring-up page, listening (UserError if it cannot)."""
    return Page(ServerThread(host, port, title="goboard diag").start())
