"""The referee's phases, as numbers (the index of FRAMES and BUTTONS)."""

SETUP = 0   # a new game: the board cleared, handicap stones placed
PLAY = 1
DEAD = 2    # play has ended: the dead stones are lifted
OVER = 3    # counted, resigned or void
FILL = 4    # Ing with a scale under white's bowl: the fill count
