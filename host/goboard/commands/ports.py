"""List the boards plugged in: USB serial ports of a Pico that answer the link's hello.

One line per board: port, serial number, firmware, profile, current game and
event. --all probes every serial port, not only the Pico's (VID 2E8A);
--port adds a device, pty or URL to probe.
"""

import json

from goboard.link.boards import candidate_ports, find_boards


def add_arguments(p):
    p.add_argument("--all", action="store_true", help="probe every serial port")
    p.add_argument("--port", action="append", default=[], help="also probe this port (repeatable)")
    p.add_argument("--no-probe", action="store_true", help="list the candidate ports without asking them")
    p.add_argument("--json", action="store_true", help="one JSON list")
    p.add_argument("--timeout", type=float, default=0.5, help="seconds to wait for a hello")


def run(args):
    if args.no_probe:
        ports = candidate_ports(args.all) + [(p, "") for p in args.port]
        if args.json:
            print(json.dumps([{"port": d, "description": t} for d, t in ports]))
        else:
            for d, t in ports:
                print("%s\t%s" % (d, t))
        return 0
    held = []
    found = find_boards(args.port, args.all, args.timeout, held)
    if args.json:
        print(json.dumps([dict(h, port=p) for p, h in found]))
        return 0
    for p in held:
        print("%s\theld by another program (a goboard serving it?)" % p)
    if not found:
        print("no board found" + (" free" if held else ""))
        return 1
    for p, h in found:
        print("%s\tserial %s\tfirmware %s\tprofile %s\tgame %s event %s"
              % (p, h.get("serial"), h.get("fw"), h.get("profile"), h.get("game"), h.get("seq")))
    return 0
