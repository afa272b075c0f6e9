"""The names the referee uses for colours and phases (the words of its
announcements are goban.referee.texts, loaded at the first one)."""

from goban.board import BLACK, WHITE

# by colour (BLACK 1, WHITE 2): tuples of constants, frozen in flash with the
# code, where a dict each was built in RAM at boot
LETTER = ("", "B", "W")
COLOR = {"B": BLACK, "W": WHITE}
NAMES = ("", "black", "white")
TITLES = ("", "Black", "White")
TO_PLAY = ("", "Black to play", "White to play")
PHASE_NAMES = ("setup", "play", "dead", "over", "fill")
