#!/usr/bin/env python3
"""The host's peak memory under a hostile board (issue 10's target: < 100 MB).

Each flood of tests/hostile_board.py (a stand-in board on a pty speaking valid
frames with absurd content) runs against the real `goboard` command in a child;
the figure is the child's peak resident memory (ru_maxrss from wait4), printed
with its exit status. The tests assert the same bound on the same floods.
Run: .venv/bin/python tools/bench_hostile.py
"""

import os
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("tests", "host", "firmware"):
    sys.path.insert(0, os.path.join(REPO, sub))

import hostile_board as H  # noqa: E402

TARGET_MB = 100


def main():
    print("== the host under a hostile board (peak RSS of the goboard child)")
    cases = [
        ("sync: games claims 1,000,000,000 events", lambda d: H.billion_events(d), 60),
        ("sync: first 100 events never come, flood", lambda d: H.first_events_never(d), 60),
        ("sync --follow: 4,000 new games + gaps", lambda d: H.follow_flood(d), 90),
        ("sync --follow: JSON nested 5,000 deep", lambda d: H.nested_json(d, 5000), 30),
        ("watch: JSON nested 20,000 deep", lambda d: H.nested_json(d, 20000, "watch"), 30),
    ]
    worst = 0.0
    for name, make, timeout in cases:
        with tempfile.TemporaryDirectory() as d:
            board, args = make(d)
            with board:
                rc, out, err, mb = H.run_host(args, timeout=timeout)
        worst = max(worst, mb)
        print("%-44s peak %6.1f MB   exit %d" % (name, mb, rc), flush=True)
    print("%-44s peak %6.1f MB   target < %d MB: %s"
          % ("worst", worst, TARGET_MB, "ok" if worst < TARGET_MB else "MISSED"))
    return 0 if worst < TARGET_MB else 1


if __name__ == "__main__":
    sys.exit(main())
