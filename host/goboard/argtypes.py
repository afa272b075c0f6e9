"""argparse types the commands and the live sources share: a bad value is argparse's
one line, never a traceback."""

import argparse


def number(lo, hi, what="a number"):
    """An argparse type: a finite number in lo..hi (nan, inf and 1e308 are refused)."""
    def parse(text):
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a number" % text) from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError("%s must be %s from %g to %g" % (text, what, lo, hi))
        return v
    return parse


def port_number(text):
    """An argparse type: a TCP port, 0 (any free one) to 65535."""
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a port number" % text) from None
    if not 0 <= v <= 65535:
        raise argparse.ArgumentTypeError("%s is not a port (0..65535; 0: any free one)" % text)
    return v
