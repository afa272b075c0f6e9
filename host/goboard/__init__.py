"""goboard: the host side of the electronic Go board (SGF sync, live feed, relay)."""

__version__ = "0.1.0"
