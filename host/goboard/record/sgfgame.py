"""Reading an SGF game into the rules core's replay record.

sgfmill parses the file; this module only maps SGF's words onto the core's:
coordinates to 'dd' points, `B[]`/`B[tt]` to the rules set's pass, `PT[abandon]`
(this project's private property) to a 计活子 abandon, AB/AW/PL to setup;
the count's markup on the last node: TB/TW/MA dead stones, SEKI/NOSEKI the
players' seki marks and PENALTY the Ing timer's penalty points (private too).
Everything that can be wrong with a file becomes one `UserError` sentence.
"""

import os

from sgfmill import sgf

from goban import rules as R
from goban.game import Game
from goban.points import LETTERS
from goban.replay import play_record
from goboard.errors import UserError


# SGF RU values -> rules ids (what other programs write; ours come first)
RU_NAMES = {r.sgf_name.lower(): r.id for r in (R.get(i) for i in R.RULE_IDS)}
RU_NAMES.update({"cn": "chinese", "jp": "japanese", "ing": "ing", "goe": "ing",
                 "nz": "tromp-taylor", "new zealand": "tromp-taylor",
                 "tromp-taylor": "tromp-taylor", "korean": "japanese"})


def point_name(size, row, col):
    """sgfmill's (row from the bottom, col) as SGF letters."""
    return LETTERS[col] + LETTERS[size - 1 - row]


def read_sgf(source, name=None):
    """Parse SGF bytes or a path; returns the sgfmill game or raises UserError
    (naming `name`, by default the path or "SGF")."""
    if isinstance(source, (bytes, bytearray)):
        data, name = bytes(source), name or "SGF"
    else:
        path = os.fspath(source)
        name = name or path
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise UserError("cannot read %s: %s" % (name, e.strerror or e))
    if not data.strip():
        raise UserError("%s is empty, not an SGF game" % name)
    try:
        game = sgf.Sgf_game.from_bytes(data)
    except ValueError as e:
        raise UserError("%s is not a valid SGF file: %s" % (name, e))
    try:
        gm = game.get_root().get("GM")
    except KeyError:
        gm = 1
    except ValueError:
        gm = None
    if gm != 1:
        raise UserError("%s is not a Go game (GM[%s])" % (name, gm))
    return game


def rules_from_sgf(game):
    """The rules id an SGF's RU names, or None."""
    try:
        ru = game.get_root().get("RU")
    except (KeyError, ValueError):
        return None
    return RU_NAMES.get(str(ru).strip().lower())


def record_from_sgf(game, rules_id=None, komi=None, name="SGF"):
    """The core's replay record of an sgfmill game (main line)."""
    size = game.get_size()
    if not 2 <= size <= 25:
        raise UserError("%s: board size %d is not supported (2..25)" % (name, size))
    root = game.get_root()
    rules_id = rules_id or rules_from_sgf(game) or "chinese"
    if rules_id not in R.RULE_IDS:
        raise UserError("unknown rules %r (known: %s)" % (rules_id, ", ".join(R.RULE_IDS)))
    if komi is None:
        try:
            komi = game.get_komi()
        except ValueError as e:
            raise UserError("%s: bad KM: %s" % (name, e))
        if not root.has_property("KM"):
            komi = None
        elif not -1000 <= komi <= 1000:  # NaN fails too
            raise UserError("%s: bad KM: %s is not a komi in points from -1000 to 1000"
                            % (name, komi))
    elif not -1000 <= komi <= 1000:
        raise UserError("--komi %s is not a komi in points from -1000 to 1000" % (komi,))
    setup = {"B": [], "W": []}
    first = None
    try:
        black, white, empty = root.get_setup_stones()
        setup["B"] = sorted(point_name(size, r, c) for r, c in black)
        setup["W"] = sorted(point_name(size, r, c) for r, c in white)
        if root.has_property("PL"):
            first = root.get("PL").upper()
    except ValueError as e:
        # sgfmill's words are sometimes empty (AB[zz] on 19x19, PL[X]): say which
        bad = [p for p in ("AB", "AW", "AE", "PL") if root.has_property(p)
               and not _readable(root, p)]
        why = {"PL": "is not B or W"}
        raise UserError("%s: bad setup: %s" % (name, "; ".join(
            "%s%s %s" % (p, _raw(root, p), why.get(p, "holds a point off the %dx%d board"
                                                   % (size, size))) for p in bad)
            or "setup stones (%s)" % (e or "unreadable")))
    moves = []
    try:
        nodes = game.get_main_sequence()
    except ValueError as e:
        raise UserError("%s: %s" % (name, e))
    for i, node in enumerate(nodes):
        if i > 0 and (node.has_property("AB") or node.has_property("AW") or node.has_property("AE")):
            raise UserError("%s: setup stones in the middle of the game (node %d) "
                            "cannot be replayed as moves" % (name, i))
        try:
            colour, move = node.get_move()
        except ValueError:
            colour, text = raw_move(node)
            if len(text) != 2 or not text.isalpha():
                raise UserError("%s: bad move in node %d: %s[%s] is not a point"
                                % (name, i, colour, text))
            # letters off this board: the core refuses the move (off-board)
            moves.append([colour, text])
            continue
        if colour is None:
            continue
        if move is None:
            kind = None
            if node.has_property("PT"):
                try:
                    if str(node.get("PT")).strip().lower() == "abandon":
                        kind = "abandon"
                except ValueError:
                    pass
            moves.append([colour.upper(), ""] + ([kind] if kind else []))
        else:
            moves.append([colour.upper(), point_name(size, move[0], move[1])])
    if first is None and moves and (setup["B"] or setup["W"]):
        first = moves[0][0]
    if first is None and moves:
        first = moves[0][0]
    handicap = 0
    if root.has_property("HA"):
        text = _raw(root, "HA")[1:-1].strip()
        if not (text.isdigit() and len(text) <= 3 and 0 <= int(text) <= size * size):
            raise UserError("%s: bad HA: %s is not a handicap of 0..%d stones"
                            % (name, text[:30] or "''", size * size))
        handicap = int(text)
    return {"rules": rules_id, "komi": komi, "size": size, "first": first,
            "setup": setup, "moves": moves, "handicap": handicap,
            "resign": resigned_colour(root)}


def _raw(node, prop):
    """A property's raw text as the file has it, one line, for an error message."""
    try:
        vals = node.get_raw_list(prop)
    except (KeyError, ValueError):
        return "[]"
    text = "".join("[%s]" % v.decode("utf-8", "replace") for v in vals)
    text = text.replace("\n", "\\n").replace("\r", "\\r")
    return text if len(text) <= 40 else text[:37] + "..."


def _readable(node, prop):
    try:
        node.get(prop)
        return True
    except ValueError:
        return False


def raw_move(node):
    """(colour, the move's text) of a node whose move sgfmill refuses."""
    colour = "B" if node.has_property("B") else "W"
    return colour, node.get_raw(colour).decode("latin-1")


def resigned_colour(root):
    """The colour that resigned, from RE[W+R] / RE[B+Resign]; else None."""
    try:
        re_ = str(root.get("RE")).strip().upper() if root.has_property("RE") else ""
    except ValueError:
        return None
    if len(re_) >= 3 and re_[0] in "BW" and re_[1] == "+" and re_[2:] in ("R", "RESIGN"):
        return "W" if re_[0] == "B" else "B"
    return None


def markup_dead(sg, board):
    """Dead stones from the last node's markup: TB on a white stone, TW on a
    black stone (what CGoban and Sabaki write at the count), MA on any stone."""
    node = sg.get_main_sequence()[-1]
    size = board.size
    dead = []
    for prop, colour in (("TB", 2), ("TW", 1), ("MA", 0)):
        if not node.has_property(prop):
            continue
        try:
            pts = node.get(prop)
        except ValueError as e:
            raise UserError("bad %s markup in the last node: %s" % (prop, e))
        for row, col in sorted(pts):
            s = point_name(size, row, col)
            v = board.cells[board.from_sgf(s)]
            if v and (colour == 0 or v == colour) and s not in dead:
                dead.append(s)
    return dead


# the players' word on seki at the count (this project's private properties, on
# the last node beside TB/TW): a stone of each block they confirmed in seki, and
# of each block they said is not, whatever the counter reads (goban.count's seki)
SEKI_PROPS = (("SEKI", True), ("NOSEKI", False))


def markup_seki(sg, size):
    """The seki marks of the last node: [(point, on)], SEKI[cc] on, NOSEKI[dd]
    off. A value that is not one point of the board is a UserError naming the
    property."""
    node = sg.get_main_sequence()[-1]
    marks = []
    for prop, on in SEKI_PROPS:
        if not node.has_property(prop):
            continue
        for raw in node.get_raw_list(prop):
            s = raw.decode("utf-8", "replace").strip()
            if not (len(s) == 2 and s.isalpha() and s.islower()
                    and s[0] in LETTERS[:size] and s[1] in LETTERS[:size]):
                raise UserError("bad %s markup in the last node: %r is not a point of the "
                                "%dx%d board" % (prop, s[:20], size, size))
            marks.append((s, on))
    return marks


def seki_properties(marks):
    """{"SEKI": [...], "NOSEKI": [...]} of count marks {"on": [...], "off": [...]}."""
    marks = marks or {}
    return {prop: list(marks.get("on" if on else "off") or ()) for prop, on in SEKI_PROPS}


# the points each side's clock cost under Ing timing (时差罚点, goban.clock), on the
# last node beside TB/TW: PENALTY[B:2][W:4]; `goboard score` takes them off that side
PENALTY = "PENALTY"
MAX_PENALTY = 999


def markup_penalty(sg):
    """{"B": points, "W": points} of the last node's PENALTY, or None without
    one. A value that is not `B:n` or `W:n` (n 0..999), or a side given twice,
    is a UserError naming the property."""
    node = sg.get_main_sequence()[-1]
    if not node.has_property(PENALTY):
        return None
    out = {"B": 0, "W": 0}
    seen = set()
    for raw in node.get_raw_list(PENALTY):
        s = raw.decode("utf-8", "replace").strip()
        side, colon, n = s.partition(":")
        side = side.strip().upper()
        n = n.strip()
        if not (colon and side in out and n.isdigit() and len(n) <= 3) or side in seen:
            raise UserError("bad %s in the last node: %r is not B:points or W:points (each "
                            "side once, 0..%d)" % (PENALTY, s[:20], MAX_PENALTY))
        seen.add(side)
        out[side] = int(n)
    return out


def penalty_values(penalty):
    """PENALTY's values (bytes) for {"B": n, "W": n}: the sides with points."""
    return [("%s:%d" % (c, int(penalty.get(c) or 0))).encode("ascii")
            for c in ("B", "W") if penalty and penalty.get(c)]


def load_sgf(source, rules_id=None, komi=None):
    """An SGF file (path or bytes) played into a `Game`, stopping before the
    first illegal move. Returns (game, info); info holds the record, the SGF's
    own properties a reader wants (players, result, dead-stone markup) and
    `illegal` (None or the first refused move)."""
    name = "SGF" if isinstance(source, (bytes, bytearray)) else os.fspath(source)
    sg = read_sgf(source)
    record = record_from_sgf(sg, rules_id, komi, name)
    try:
        game, played, illegal = play_record(record)
    except ValueError as e:
        raise UserError("%s: %s" % (name, e))
    root = sg.get_root()

    def prop(key):
        try:
            return root.get(key) if root.has_property(key) else None
        except ValueError:
            return None
    info = {"name": name, "record": record, "illegal": illegal, "size": record["size"],
            "komi": record["komi"], "handicap": record["handicap"],
            "black": prop("PB"), "white": prop("PW"), "result": prop("RE"),
            "sgf": sg}
    return game, info


__all__ = ["read_sgf", "record_from_sgf", "load_sgf", "rules_from_sgf", "markup_dead",
           "markup_seki", "seki_properties", "SEKI_PROPS", "markup_penalty", "penalty_values",
           "PENALTY", "Game"]
