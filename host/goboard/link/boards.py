"""Finding the boards plugged in, and choosing the one a command talks to.

Serial ports of a Raspberry Pi Pico (USB VID 0x2E8A), each probed with a link
"hello" so only ports that answer as a board count.

`GOBOARD_PORT` (a device, a pty path or a pyserial URL) names the board when
no --port is given, which is how tests and benches point at a pty.
"""

import os

from serial.tools import list_ports

from goboard.errors import UserError
from goboard.link.transport import HostLink, LinkError, PortHeld

PICO_VID = 0x2E8A


def candidate_ports(every=False):
    """[(device, description)] of serial ports that may be boards."""
    out = []
    for p in sorted(list_ports.comports(), key=lambda p: p.device):
        if every or p.vid == PICO_VID:
            out.append((p.device, p.description or ""))
    return out


def probe(url, timeout=0.5, tries=2):
    """The board's hello on `url`, or None if nothing there answers as a board.
    PortHeld when another program holds the port."""
    link = HostLink(url, reconnect=False)
    try:
        link.open()
    except PortHeld:
        raise
    except LinkError:
        return None
    try:
        return link.hello(timeout=timeout, tries=tries)
    except (LinkError, OSError):
        return None
    finally:
        link.close()


def find_boards(extra=(), every=False, timeout=0.5, held=None):
    """[(port, hello)] of the boards that answer, from the USB ports and `extra`;
    the ports another program holds (a goboard serving a board) are added to the
    list `held` when one is given."""
    ports = [d for d, _ in candidate_ports(every)]
    env = os.environ.get("GOBOARD_PORT")
    for p in list(extra) + ([env] if env else []):
        if p not in ports:
            ports.append(p)
    found = []
    for p in ports:
        try:
            h = probe(p, timeout)
        except PortHeld:
            if held is not None:
                held.append(p)
            continue
        if h is not None:
            found.append((p, h))
    return found


def choose_port(port=None, held_ok=False):
    """The one board's port: the one given, GOBOARD_PORT, or the only board found
    (with `held_ok`, one another goboard holds: a request goes through it)."""
    if port:
        return port
    if os.environ.get("GOBOARD_PORT"):
        return os.environ["GOBOARD_PORT"]
    held = []
    found = find_boards(held=held)
    if held_ok and not found and len(held) == 1:
        return held[0]
    if not found and held:
        raise UserError("no board free: %s held by another program (a goboard serve, relay, "
                        "sync or watch?); serve --serial or relay --serial with --out records "
                        "the SGF too" % ", ".join(held))
    if not found:
        raise UserError("no board found on USB (a Pico, VID 2E8A, answering hello): "
                        "plug one in or give --port")
    if len(found) > 1:
        raise UserError("%d boards found (%s): choose one with --port"
                        % (len(found), ", ".join(p for p, _ in found)))
    return found[0][0]
