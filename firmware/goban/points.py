"""Points of the board in the three numberings the firmware uses, in one place.

- SGF names: 'dd' (column letter, then row letter from the top), as in the log,
  the events and the link;
- frame index i = y * size + x: the sensors, calibration, settle, lights;
- board index p = (y + 1) * (size + 1) + x: the rules core's cells with a border
  (goban/board.py).
"""

LETTERS = "abcdefghijklmnopqrstuvwxy"
NAMES = None  # type: tuple | None
try:
    from goban.names import NAMES      # the frozen image (and CPython): no string made
except ImportError:                    # tools/deploy's .mpy files leave it out
    pass


def sgf(x, y):
    """Column and row -> SGF name: from goban.names' table where the image has it
    (naming a move's point and captures then allocates nothing), else made."""
    if NAMES is not None and y >= 0:
        return NAMES[25 * x + y]
    return LETTERS[x] + LETTERS[y]


def name(i, size):
    """Frame index -> SGF name."""
    y = i // size
    return sgf(i - y * size, y)


def board_index(i, size):
    """Frame index -> board index."""
    return i + i // size + size + 1


def frame_index(p, size):
    """Board index -> frame index."""
    W = size + 1
    y = p // W - 1
    return y * size + p - (y + 1) * W


def frame_of_name(s, size):
    """SGF name -> frame index."""
    return LETTERS.index(s[1]) * size + LETTERS.index(s[0])
