"""A hall's pairing file: which game each board plays, handed to the boards by the relay.

A CSV file (a spreadsheet's export), one board a row, the first row naming the
columns; only `serial` is required:

    serial,table,black,black_rank,white,white_rank,event,round,rules,komi,handicap,clock
    E6614103E7,1,Ke Jie,9p,Shin Jinseo,9p,Ing Cup,Final 1,ing,8,0,ing

`goboard relay --pairings FILE` gives each board its row when it connects
(`apply`): a board whose game has not begun (no move yet) or is over starts the
paired game (`new`: rules, komi, handicap, players, event, round, table, clock); a game
in play with moves keeps going: it only gets the names if it has none, and a
game in play with other players is left alone and reported. A board already
playing its paired game gets nothing. Every row is checked when the file is
read: one line naming the file, the line and the problem.
"""

import csv

from goban import clock as C
from goban import players as P
from goban import rules as R
from goboard.errors import UserError
from goboard.live.state import clean_board_id

COLUMNS = ("serial",) + P.FIELDS + ("rules", "komi", "handicap", "clock")


def load(path):
    """{board id: {field: value}} of a pairing file (UserError for a bad row)."""
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            rows = list(csv.reader(f))
    except OSError as e:
        raise UserError("cannot read pairing file %s: %s" % (path, e.strerror or e)) from None
    except (UnicodeDecodeError, csv.Error) as e:
        raise UserError("pairing file %s is not UTF-8 CSV: %s" % (path, e)) from None
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        raise UserError("pairing file %s is empty" % path)
    head = [c.strip().lower() for c in rows[0]]
    for c in head:
        if c not in COLUMNS:
            raise UserError("pairing file %s: unknown column %r (known: %s)"
                            % (path, c, ", ".join(COLUMNS)))
    if "serial" not in head:
        raise UserError("pairing file %s: no serial column" % path)
    out = {}
    for n, row in enumerate(rows[1:], 2):
        where = "pairing file %s line %d" % (path, n)
        if len(row) > len(head):
            raise UserError("%s: %d values for %d columns" % (where, len(row), len(head)))
        d = {k: v.strip() for k, v in zip(head, row) if v.strip()}
        board = clean_board_id(d.pop("serial", ""))
        if board == "board":
            raise UserError("%s: no serial" % where)
        if board in out:
            raise UserError("%s: board %s is paired twice" % (where, board))
        out[board] = _row(d, where)
    return out


def _row(d, where):
    try:
        game = P.check({k: d[k] for k in P.FIELDS if k in d})
    except ValueError as e:
        raise UserError("%s: %s" % (where, e))
    if "rules" in d:
        if d["rules"] not in R.RULE_IDS:
            raise UserError("%s: unknown rules %r (known: %s)" % (where, d["rules"],
                                                                 ", ".join(R.RULE_IDS)))
        game["rules"] = d["rules"]
    if "komi" in d:
        try:
            komi = float(d["komi"])
        except ValueError:
            komi = None
        if komi is None or not -100 <= komi <= 100:
            raise UserError("%s: komi %r is not a number from -100 to 100" % (where, d["komi"]))
        game["komi"] = komi
    if "handicap" in d:
        h = d["handicap"]
        if not h.isdigit() or int(h) == 1 or int(h) > 9:
            raise UserError("%s: handicap %r must be 0 or 2..9" % (where, h))
        game["handicap"] = int(h)
    if "clock" in d:
        try:
            game["clock"] = C.parse(d["clock"]).text()
        except C.ClockError as e:
            raise UserError("%s: %s" % (where, e))
    return game


def apply(link, pairing):
    """Give a connected board (a HostLink after hello) its pairing row. Returns
    what was done, one line for the relay's log."""
    st = link.state()["state"]
    fields = {k: v for k, v in pairing.items() if k in P.FIELDS}
    has = st.get("players") or {}
    same = all(has.get(k) == v for k, v in fields.items()) and \
        (pairing.get("clock") is None or st.get("clock") == pairing["clock"])
    if same:
        return "already playing its paired game (game %s)" % st.get("game")
    if st.get("phase") == "over" or not st.get("move"):
        game = dict(fields)
        if pairing.get("clock"):
            game["clock"] = pairing["clock"]
        ans = link.new_game(pairing.get("rules") or st.get("rules") or "chinese",
                            pairing.get("komi"), pairing.get("handicap", 0), game=game)
        return "paired game started (game %s)" % ans.get("game")
    if not any(has.get(k) for k in P.FIELDS):
        link.set_players(fields)
        return "players set for the game in play (game %s)" % st.get("game")
    return ("a game with other players is in play (game %s, move %s): pairing not applied"
            % (st.get("game"), st.get("move")))
