"""A board's log kept as SGF files, one a game, idempotent and resuming.

`sync_once` fetches what the journal (`goboard.record.journal`) lacks of every
game in the board's log and writes each game's SGF; `follow` keeps the journal
and the files current from the live stream. `goboard sync`, the demo and a game
against an engine (`goboard.gtp.boardgame`) all sync this way. Every SGF is
parsed back before it is written (`sgfrecord.check_record`).
"""

import os
import sys
import time

from goboard.errors import UserError
from goboard.link.sequence import Sequencer
from goboard.link.transport import LinkError
from goboard.record.journal import Journal, clean_name
from goboard.record.sgfrecord import check_record, record_game


def sgf_path(out, serial, game):
    return os.path.join(out, "%s-%04d.sgf" % (clean_name(serial), game))


# what makes a game a record: a game nothing was played in (a board's start, a
# new game replaced before its first move) writes no file
PLAYED = ("move", "pass", "abandon", "resign", "end", "count")


def write_game(journal, game, out, meta):
    """(Re)write one game's SGF from the journal; returns "written", "unchanged" or
    None (no events, or nothing played yet)."""
    events = journal.events(game)
    if not any(ev.get("type") in PLAYED for ev in events):
        return None
    m = journal.meta(game, {k: v for k, v in meta.items() if v is not None})
    m["date"] = m.pop("seen")
    return write_record(sgf_path(out, journal.serial, game), events,
                        dict(m, serial=journal.serial))


def write_record(name, events, meta):
    """One game's events as the SGF file `name`, parsed back first, replaced whole
    (never half written); "written" or "unchanged". `meta`: Recorder's fields."""
    data = record_game(events, **meta)
    check_record(data, events, name)
    try:
        with open(name, "rb") as f:
            if f.read() == data:
                return "unchanged"
    except FileNotFoundError:
        pass
    tmp = name + ".tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, name)
    except OSError as e:
        # a full disk: the old file stays as it was, nothing half written
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise UserError("cannot write %s: %s" % (name, e.strerror or e)) from None
    return "written"


def sync_once(link, out, meta, say=print):
    """Fetch what the journal lacks of every game on the board; write the SGFs.
    Returns (journal, {"games", "events", "written", "unchanged"}, and "failed": the
    games that could not be written, each said on stderr, when there are any))."""
    hello = link.hello()
    serial = hello.get("serial") or os.path.basename(link.url)
    journal = Journal(out, serial)
    os.makedirs(out, exist_ok=True)
    stats = {"games": 0, "events": 0, "written": 0, "unchanged": 0}
    for game, last in link.games():
        stats["games"] += 1
        try:
            _sync_game(link, journal, game, last, out, meta, stats, say)
        except LinkError:
            raise
        except UserError as e:
            # this game cannot be written (a board sent nonsense in it): the others can
            stats.setdefault("failed", []).append(game)
            print("goboard sync: %s: game %d not written: %s" % (
                link.name(), game, str(e).replace("\n", " ")), file=sys.stderr, flush=True)
        finally:
            journal.forget(game)
    return journal, stats


def _sync_game(link, journal, game, last, out, meta, stats, say):
    """One game: what the journal lacks, read in chunks, then its SGF."""
    serial = journal.serial
    have = journal.have(game)
    if have:
        # the board's log still holds the game we have (not a wiped, renumbered log)
        mine = journal.events(game)[min(have, last) - 1] if last else None
        theirs = link.read_events(game, min(have, last), min(have, last)) if last else []
        if mine is not None and theirs and _strip(theirs[0]) != _strip(mine):
            raise UserError("game %d on board %s is not the game synced to %s (was the "
                            "board's log reset?): move that file and %s away, or sync "
                            "into another --out" % (game, serial, sgf_path(out, serial, game),
                                                    journal.dir))
    if have < last:
        for evs in link.read_chunks(game, have + 1, last):
            stats["events"] += journal.add(game, evs)
    r = write_game(journal, game, out, meta)
    if r:
        stats[r] += 1
        if r == "written":
            say("%s" % sgf_path(out, journal.serial, game))


def _strip(ev):
    return {k: v for k, v in ev.items() if k != "t_ns"}


def follow(link, journal, out, meta, stop=None, idle_exit=None, say=print, on_event=None,
           status=None, idle=None):
    """Keep the journal and the SGFs current from the live stream; `on_event`
    (the demo's live page) gets each event once, in order, after the journal;
    `status(up)` when the port goes away and comes back, `idle(link)` about every
    0.1 s (`HostLink.follow`)."""
    games = journal.games()
    g = games[-1] if games else 0
    seq = Sequencer(g, journal.have(g) if g else 0)
    seq.behind = True
    last_event = [time.monotonic()]
    dirty = set()
    flushed = [time.monotonic()]

    refused = set()

    def flush():
        for game in sorted(dirty):
            try:
                if write_game(journal, game, out, meta) == "written":
                    say("%s" % sgf_path(out, journal.serial, game))
            except UserError as e:
                if game not in refused:   # said once; the game stays as it was
                    refused.add(game)
                    print("goboard: %s: game %d not written: %s" % (
                        link.name(), game, str(e).replace("\n", " ")), file=sys.stderr,
                        flush=True)
        dirty.clear()
        flushed[0] = time.monotonic()

    def quiet(_link):
        if dirty and time.monotonic() - flushed[0] > 0.3:
            flush()
        if idle is not None:
            idle(_link)

    def stopping():
        if stop is not None and stop():
            return True
        return idle_exit is not None and time.monotonic() - last_event[0] > idle_exit

    try:
        for ev in link.follow(seq, stop=stopping, idle=quiet, status=status):
            if not ev.get("game") or not ev.get("seq"):
                continue
            if ev["game"] in refused:
                continue
            try:
                journal.add(ev["game"], [ev])
            except UserError as e:
                refused.add(ev["game"])
                print("goboard: %s: %s" % (link.name(), e), file=sys.stderr, flush=True)
                continue
            dirty.add(ev["game"])
            if on_event is not None:
                on_event(journal.serial, ev)
            last_event[0] = time.monotonic()
            if time.monotonic() - flushed[0] > 1.0:
                flush()
    finally:
        flush()
