"""The names the referee uses for colours and phases (the words of its
announcements are goban.referee.texts, loaded at the first one)."""

from goban.board import BLACK, WHITE

LETTER = {BLACK: "B", WHITE: "W"}
COLOR = {"B": BLACK, "W": WHITE}
NAMES = {BLACK: "black", WHITE: "white"}
TITLES = {BLACK: "Black", WHITE: "White"}
TO_PLAY = {BLACK: "Black to play", WHITE: "White to play"}
PHASE_NAMES = ("setup", "play", "dead", "over", "fill")
