"""The broadcast page as broadcasters and viewers use it, in Debian's headless
Chromium: a 1080p source, a 1080x1080 OBS source, the 1080p source scaled to
960x540, a 390 px phone, in English, 中文, 日本語 and 한국어; in play, in
byo-yomi and at the count; the transparent overlay; the clock on the page; the
move list, stepping back and the SGF; the language the browser asks for and
the one chosen; tables on the wall and the index.

Checked by DOM geometry (the panel and the side inside the window, every
caption inside the panel and uncut, the panel as wide as the board, captions
big enough to read, the same picture at another scale) and by pixels where
they matter (a black turn marker is a black stone, the overlay is clear beside
the board, a clock red only when the game is at stake).
"""

import io
import json
import time
import urllib.request

import pytest
from sgfmill import sgf

from browser_rig import (_real_browser_present, browser, server, viewport, wait_for,  # noqa: F401
                         PANEL_STONES, SEQ_SHOWN)
from goboard.live.state import LiveState
from synth import EventMaker, TimedGame

PLAYERS = {"black": "柯洁", "black_rank": "9p", "white": "Shin Jinseo", "white_rank": "9p",
           "event": "Ing Cup 应氏杯", "round": "Final 1"}
LONG = {"black": "Alexandra Konstantinopoulou", "black_rank": "3d",
        "white": "Maximilian Schwarzenberger", "white_rank": "1k",
        "event": "European Go Congress 2025 Open Championship", "round": "Round 7 (final)",
        "table": "12"}
LANGS = {
    "en": ("Ing rules", "komi 8", "Ing timing", "to play", "Captures", "Table 12"),
    "zh": ("应氏规则", "贴目8", "应氏计时", "行棋", "提子", "第12台"),
    "ja": ("応氏ルール", "コミ8", "応氏計時", "番", "アゲハマ", "12番卓"),
    "ko": ("응씨 규칙", "덤 8", "응씨 계시", "차례", "따낸 돌", "12번 테이블"),
}
RESULTS = {"en": "White wins W+28.5 (14.25 stones)", "zh": "白胜 W+28.5（14.25子）",
           "ja": "白勝ち W+28.5（14.25子）", "ko": "백 승 W+28.5 (14.25 돌)"}
SIZES = ((1920, 1080), (1080, 1080), (390, 844))

GEOMETRY = """
const p = document.getElementById('panel-' + arguments[0]);
const box = (e) => { const r = e.getBoundingClientRect();
  return {l: r.left, t: r.top, r: r.right, b: r.bottom, sw: e.scrollWidth, cw: e.clientWidth,
          text: e.textContent, font: parseFloat(getComputedStyle(e).fontSize),
          fit: e.dataset.fit ? Number(e.dataset.fit) : null,
          shown: !e.classList.contains('hidden') && getComputedStyle(e).display !== 'none'}; };
const side = document.querySelector('.side');
const out = {panel: box(p), svg: box(p.querySelector('svg.goban')), parts: {},
             side: side ? box(side) : null, vw: innerWidth, vh: innerHeight};
for (const sel of ['.head .title', '.head .title .ev', '.head .title .rest', '.head .rules',
                   '.head .status',
                   '.plate.black .pname', '.plate.black .rank', '.plate.black .capwrap',
                   '.plate.black .clock', '.plate.white .pname',
                   '.plate.white .clock', '.info .line', '.info .move', '.info .turn',
                   '.info .result', '.head', '.plate.black', '.plate.white', '.info'])
  out.parts[sel] = box(p.querySelector(sel));
return out;"""


def timed(board, srv, spec, players, thinks, then=None, **maker):
    """A game of `thinks` moves (each the ms its player thought) on a clock, the
    events `then(t)` gives after them, all published to the page's server."""
    t = TimedGame(EventMaker(serial=board, **maker), spec, players)
    evs = t.start()
    for ms in thinks:
        evs += t.move(ms)
    if then:
        evs += then(t)
    for ev in evs:
        srv.publish(board, ev)
    return t, evs


def ing_game(board, srv, moves=40, think=14000, end=None, players=PLAYERS):
    return timed(board, srv, "ing:600+3x100@2", players, [think] * moves, end, rules="ing",
                 seed=8)


def byo_game(board, srv, last=True):
    """Black thinks in byo-yomi: in its last period (`last`) or with periods to spare."""
    def thinking(t):                       # black thinks: 6 s of its period left
        return t.wait(4000) + [t.clock_event()]
    # 15 s each: both into byo-yomi; then black loses two periods, or none
    thinks = [1500] * 20 + [21000 if last else 1000, 500]
    return timed(board, srv, "byoyomi:10+3x10", LONG, thinks, thinking, seed=4)


def counted_game(board, srv, players=LONG):
    """A 19x19 game played out, two stones lifted as dead, the count in stones."""
    return timed(board, srv, "byoyomi:600+3x30", players, [2000] * 120, counted, seed=3)


def counted(t):
    """Two passes, the first two stones lifted as dead, the count (after 120 moves)."""
    m = t.m
    dead = sorted(m.sgf(p) for p in m.g.board.points() if m.g.board.get(p))[:2]
    return [m.event("pass", color="B", number=121), m.event("pass", color="W", number=122),
            m.event("end", reason="two-passes"), m.event("dead", points=dead),
            m.event("count", result="W+28.5", winner="W", margin=14.25, unit="stones",
                    breakdown={})]


def check_geometry(g, where, whole=True):
    """The panel the board's width and in the window, the side beside it or below it
    and in the window too, every caption inside the panel, nothing cut (names and
    the event may be cut when not `whole`: with an ellipsis, never past their room,
    never smaller than 13 and 11 px)."""
    p, svg = g["panel"], g["svg"]
    assert abs((p["r"] - p["l"]) - (svg["r"] - svg["l"])) < 1.5, where
    assert p["l"] >= -0.5 and p["r"] <= g["vw"] + 0.5, (where, p)
    assert p["t"] >= -0.5 and p["b"] <= g["vh"] + 0.5, (where, p, g["vh"])
    s = g["side"]
    if s and s["shown"]:
        assert s["l"] >= -0.5 and s["r"] <= g["vw"] + 0.5 and s["b"] <= g["vh"] + 0.5, (where, s)
        assert s["l"] >= p["r"] - 0.5 or s["t"] >= p["b"] - 0.5, (where, "side over the panel", s)
    for sel, b in g["parts"].items():
        if not b["shown"]:
            continue
        assert b["l"] >= p["l"] - 0.5 and b["r"] <= p["r"] + 0.5, (where, sel, b, p)
        assert b["t"] >= p["t"] - 0.5 and b["b"] <= p["b"] + 0.5, (where, sel, b, p)
        if whole or sel not in CUT:
            assert b["sw"] <= b["cw"] + 1 or b["cw"] == 0, (where, sel, "cut", b)
        elif b["sw"] > b["cw"] + 1:
            assert b["font"] >= CUT[sel] - 0.05, (where, sel, "cut before shrunk", b)
    return p["r"] - p["l"]


CUT = {".plate.black .pname": 13, ".plate.white .pname": 13, ".head .title .ev": 11}


def load(driver, url, board, seq):
    driver.get(url)
    wait_for(driver, SEQ_SHOWN, board, seq)
    wait_for(driver, "return document.fonts.status === 'loaded'")
    return driver.execute_script(GEOMETRY, board)


@pytest.mark.parametrize("width,height", SIZES)
def test_every_language_and_state_fits_and_reads(browser, server, width, height):  # noqa: F811
    """In play (a long event, a table), in byo-yomi and at the count (the result in
    words, dead stones): the page fits the window, nothing cut, big enough to read."""
    from PIL import Image
    ing_game("hall", server, players=dict(PLAYERS, event=LONG["event"], table="12"))
    byo_game("byo", server)
    counted_game("count", server)
    viewport(browser, width, height)
    try:
        for lang, words in LANGS.items():
            g = load(browser, server.url + "/board/hall?lang=" + lang, "hall", 1)
            where = "hall %s %dx%d" % (lang, width, height)
            w = check_geometry(g, where, whole=width >= 1080)
            parts = g["parts"]
            assert parts[".plate.black .pname"]["text"] == "柯洁", where
            assert parts[".plate.white .pname"]["text"] == "Shin Jinseo", where
            assert parts[".plate.black .rank"]["text"] == "9p", where
            assert parts[".head .title"]["text"] == "%s \u00B7 Final 1 \u00B7 %s" % (
                LONG["event"], words[5]), where
            # a long event is cut (on a phone) before the round and the table
            assert parts[".head .title .rest"]["text"] == " \u00B7 Final 1 \u00B7 " + words[5]
            for word in words[:3]:
                assert word in parts[".head .rules"]["text"], (where, parts[".head .rules"])
            assert words[3] in parts[".info .turn"]["text"], where
            assert words[4] in parts[".plate.black .capwrap"]["text"], where
            # 20 moves of 14 s each: black's main time 600 - 280 s
            clock = parts[".plate.black .clock"]["text"]
            assert clock.startswith("5:20") or clock.startswith("5:19"), (where, clock)
            # big enough to read: names and clocks at least 13 px, the rest 11 px
            assert parts[".plate.black .clock"]["font"] >= 13, where
            assert parts[".plate.black .pname"]["font"] >= 13, where
            assert min(parts[sel]["font"] for sel in parts) >= 11, (where, {
                sel: parts[sel]["font"] for sel in parts})
            # the board takes the room it has: the whole height (the width on a phone)
            assert w >= min(width, height * 0.75) - 0.5, (where, w)

            g = load(browser, server.url + "/board/byo?lang=" + lang, "byo", 3)
            where = "byo %s %dx%d" % (lang, width, height)
            check_geometry(g, where, whole=width >= 1080)
            assert "danger" in browser.execute_script(
                "return document.querySelector('.plate.black .clock').className"), where

            g = load(browser, server.url + "/board/count?lang=" + lang, "count", 3)
            where = "count %s %dx%d" % (lang, width, height)
            check_geometry(g, where, whole=width >= 1080)
            assert g["parts"][".info .result"]["shown"], where
            assert g["parts"][".info .result"]["text"] == RESULTS[lang], where
            dead = browser.execute_script("return document.querySelectorAll("
                                          "'#panel-count circle.stone.dead').length")
            assert dead == 2, where
        # the marker of the player to move reads as a stone of that colour, on a
        # ring of wood
        png = browser.get_screenshot_as_png()
        img = Image.open(io.BytesIO(png)).convert("RGB")
        for sel, dark in ((".plate.black .stone-icon", True), (".plate.white .stone-icon", False)):
            r = browser.execute_script("const r = document.querySelector(arguments[0])"
                                       ".getBoundingClientRect(); return [r.left, r.top, r.width];",
                                       sel)
            cx, cy, d = r[0] + r[2] / 2, r[1] + r[2] / 2, r[2]
            centre = lum(img.getpixel((int(cx + d * 0.15), int(cy + d * 0.15))))
            ring = img.getpixel((int(cx + d * 0.5 + max(1, d * 0.06)), int(cy)))
            assert (centre < 60) if dark else (centre > 180), (sel, centre, width)
            assert ring[0] > 170 and ring[2] < 140, (sel, ring, width)   # wood
    finally:
        viewport(browser, 800, 900)


def test_a_scaled_source_is_the_same_picture(browser, server):  # noqa: F811
    """The 1080p overlay scaled to 960x540 in OBS: every caption the same share of
    the panel, the panel half as wide."""
    ing_game("scale", server, players=dict(PLAYERS, table="3"))
    seen = {}
    try:
        for width, height in ((1920, 1080), (960, 540)):
            viewport(browser, width, height)
            g = load(browser, server.url + "/board/scale?transparent=1", "scale", 1)
            check_geometry(g, "%dx%d" % (width, height))
            w = g["panel"]["r"] - g["panel"]["l"]
            seen[width] = (w, {sel: (b["font"] / w, b["b"] - b["t"]) for sel, b in g["parts"].items()
                               if b["shown"]})
        (w1, big), (w2, small) = seen[1920], seen[960]
        assert abs(w2 / w1 - 0.5) < 0.01, (w1, w2)
        for sel, (share, height) in big.items():
            assert abs(small[sel][0] - share) < 0.002, (sel, share, small[sel])
            assert abs(small[sel][1] * 2 - height) <= 2.5, (sel, height, small[sel])
    finally:
        viewport(browser, 800, 900)


def test_long_names_whole_where_there_is_room(browser, server):  # noqa: F811
    """Names shrink before they are cut: whole on a 1080p board and on a phone (the
    captures then lose their word); a name of 60 characters is cut, never past its room."""
    ing_game("names", server, players=LONG)
    far = dict(LONG, black="Bartholomew-Maximiliano Konstantinopoulou-Vanderbilt de la Cruz"[:60])
    ing_game("names60", server, players=far)
    try:
        for width, height in ((1920, 1080), (390, 844)):
            viewport(browser, width, height)
            g = load(browser, server.url + "/board/names", "names", 1)
            where = "%dx%d" % (width, height)
            check_geometry(g, where, whole=width >= 1080)    # the long event cut on a phone
            for c in ("black", "white"):
                who = g["parts"][".plate.%s .pname" % c]
                assert who["sw"] <= who["cw"] + 1, (where, c, who)
                assert who["text"] == LONG[c]
            if width == 1920:                 # shrunk a little at most
                assert g["parts"][".plate.black .pname"]["fit"] >= 0.75, g["parts"]
            g = load(browser, server.url + "/board/names60", "names60", 1)
            check_geometry(g, where, whole=False)
            who = g["parts"][".plate.black .pname"]
            assert who["r"] <= g["parts"][".plate.black .rank"]["l"] + 0.5
            assert g["parts"][".plate.black .rank"]["r"] <= g["parts"][".plate.black .capwrap"]["l"]
            assert who["fit"] < 1.0 or width == 1920
    finally:
        viewport(browser, 800, 900)


def lum(rgb):
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def test_result_and_clocks_at_a_loss_on_time_on_a_phone(browser, server):  # noqa: F811
    t, evs = ing_game("flag", server, moves=39, think=32000, end=lambda t: t.wait(300000))
    assert evs[-1]["reason"] == "time"
    viewport(browser, 390, 844)
    try:
        for lang, want in (("en", "Black wins B+T (on time)"), ("zh", "黑胜 B+T（超时）"),
                           ("ja", "黒勝ち B+T（時間切れ）"), ("ko", "흑 승 B+T (시간승)")):
            g = load(browser, server.url + "/board/flag?lang=" + lang, "flag", evs[-1]["seq"])
            check_geometry(g, lang + " flag")
            assert g["parts"][".info .result"]["text"] == want
            clock = g["parts"][".plate.white .clock"]["text"]
            assert clock.startswith({"en": "Time", "zh": "超时", "ja": "時間切れ",
                                     "ko": "시간패"}[lang]), clock
            # black entered overtime too: its penalty shows
            black = g["parts"][".plate.black .clock"]["text"]
            assert {"en": "−", "zh": "罚", "ja": "罰", "ko": "벌점"}[lang] in black, black
        # the flag: white bold words on red, at full strength after the game; the
        # other clock neither red nor lit
        look = browser.execute_script("""const o = {};
for (const c of ['black', 'white']) {
  const k = document.querySelector('.plate.' + c + ' .clock'), t = k.querySelector('.time');
  o[c] = {cls: k.className, bg: getComputedStyle(k).backgroundColor,
          color: getComputedStyle(t).color, weight: Number(getComputedStyle(t).fontWeight),
          opacity: Number(getComputedStyle(t).opacity)};
}
return o;""")
        assert "flag" in look["white"]["cls"] and look["white"]["bg"] == "rgb(200, 24, 30)"
        assert look["white"]["color"] == "rgb(255, 255, 255)", look
        assert look["white"]["weight"] >= 700 and look["white"]["opacity"] == 1, look
        assert "danger" not in look["black"]["cls"] and "running" not in look["black"]["cls"]
        assert look["black"]["bg"] == "rgba(0, 0, 0, 0)", look
    finally:
        viewport(browser, 800, 900)


def test_overlay_is_no_wider_than_the_board(browser, server):  # noqa: F811
    from PIL import Image
    ing_game("ovl2", server, moves=10)
    browser.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride",
                            {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
    try:
        for width, height in ((1920, 1080), (1080, 1080)):
            viewport(browser, width, height)
            g = load(browser, server.url + "/board/ovl2?transparent=1&lang=zh", "ovl2", 1)
            assert g["side"] is None or not g["side"]["shown"]   # no move list on air
            check_geometry(g, "overlay %d" % width)
            img = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGBA")
            left, right = g["svg"]["l"], g["svg"]["r"]
            assert right - left >= height * 0.75
            for sel in (".head", ".plate.white", ".plate.black", ".info"):
                b = g["parts"][sel]
                y = int((b["t"] + b["b"]) / 2)
                assert b["l"] >= left - 0.5 and b["r"] <= right + 0.5, (sel, b, left, right)
                # opaque caption over the board's width, clear just beside it
                assert img.getpixel((int(left + 3), y))[3] > 200, sel
                assert img.getpixel((int(left - 4), y))[3] == 0, sel
                assert img.getpixel((int(right + 4), y))[3] == 0, sel
                assert img.getpixel((5, y))[3] == 0 and img.getpixel((width - 6, y))[3] == 0, sel
    finally:
        browser.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride", {})
        viewport(browser, 800, 900)


CLOCK = """
const c = document.querySelector('#panel-' + arguments[0] + ' .plate.' + arguments[1] + ' .clock');
return {main: Number(c.dataset.main), period: Number(c.dataset.period), cls: c.className,
        text: c.textContent, bg: getComputedStyle(c).backgroundColor};"""


def think_on(browser, server, t, ms):  # noqa: F811
    """Board "cd"'s player to move thinks `ms` longer; the page shows the clock then."""
    for ev in t.wait(ms):
        server.publish("cd", ev)
    nxt = t.clock_event()
    server.publish("cd", nxt)
    wait_for(browser, SEQ_SHOWN, "cd", nxt["seq"])


def test_the_clock_counts_down_and_is_red_only_when_the_game_is_at_stake(browser, server):  # noqa: F811
    from PIL import Image
    t = TimedGame(EventMaker(seed=9, serial="cd"), "byoyomi:20+2x12", PLAYERS)
    evs = t.start()
    for _ in range(4):
        evs += t.move(4000)               # 8 s each: 12 s of main time left
    for ev in evs:
        server.publish("cd", ev)
    browser.get(server.url + "/board/cd")
    wait_for(browser, SEQ_SHOWN, "cd", evs[-1]["seq"])
    a = browser.execute_script(CLOCK, "cd", "black")
    time.sleep(1.3)
    b = browser.execute_script(CLOCK, "cd", "black")
    w = browser.execute_script(CLOCK, "cd", "white")
    assert 12000 >= a["main"] > b["main"] >= 12000 - 2500, (a, b)   # black thinks
    assert "running" in b["cls"] and "danger" not in b["cls"] and "warn" not in b["cls"]
    assert w["main"] == 12000 and "running" not in w["cls"] and "warn" not in w["cls"]
    # black in byo-yomi with a period to spare, 11 s of it left: the period's
    # seconds and periods; below 10 s amber (a period would go), not red
    think_on(browser, server, t, 13000)
    c = browser.execute_script(CLOCK, "cd", "black")
    assert c["text"].startswith("11") and "2 periods" in c["text"], c
    wait_for(browser, "return document.querySelector('.plate.black .clock').classList"
                      ".contains('warn')", timeout=3)
    c = browser.execute_script(CLOCK, "cd", "black")
    assert "danger" not in c["cls"] and c["bg"] == "rgb(255, 194, 26)", c
    # the last period: red, white on red in the screenshot; white's clock still plain
    think_on(browser, server, t, 12000)
    wait_for(browser, "return document.querySelector('.plate.black .clock').classList"
                      ".contains('danger')", timeout=3)
    img = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    r = browser.execute_script("const r = document.querySelector('.plate.black .clock')"
                               ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
    red = img.getpixel((int(r[0] + 2), int(r[1] + r[3] / 2)))
    assert red[0] > 170 and red[1] < 60, red
    w = browser.execute_script(CLOCK, "cd", "white")
    assert "danger" not in w["cls"] and "warn" not in w["cls"] and w["bg"] == "rgba(0, 0, 0, 0)", w
    # the host stops the clock: the page stops counting, and nothing is red
    c = t.clock.host({"pause": True}, t.now)
    ev = t.clock_event(c)
    server.publish("cd", ev)
    wait_for(browser, SEQ_SHOWN, "cd", ev["seq"])
    a = browser.execute_script(CLOCK, "cd", "black")
    time.sleep(0.6)
    assert browser.execute_script(CLOCK, "cd", "black")["period"] == a["period"]
    assert "stopped" in a["cls"] and "danger" not in a["cls"], a


def test_territory_shading_at_the_count(browser, server):  # noqa: F811
    m = EventMaker(size=9, seed=1, serial="terr")
    evs = [m.start()]
    for y in "abcdefghi":                 # black owns columns a-d, white f-i
        evs += [m.play("e" + y), m.play("f" + y)]
    m.seq += 1
    evs.append({"type": "count", "result": "B+1.5", "winner": "B", "margin": 0.75,
                "unit": "stones", "breakdown": {}, "game": 1, "seq": m.seq})
    for ev in evs:
        server.publish("terr", ev)
    browser.get(server.url + "/board/terr?territory=1")
    wait_for(browser, SEQ_SHOWN, "terr", m.seq)
    got = browser.execute_script("""const o = {black: [], white: []};
for (const r of document.querySelectorAll('#panel-terr rect.terr'))
  o[r.classList.contains('black') ? 'black' : 'white'].push(r.dataset.point);
return o;""")
    assert len(got["black"]) == 36 and len(got["white"]) == 27
    assert "aa" in got["black"] and "ii" in got["white"]
    browser.get(server.url + "/board/terr")
    wait_for(browser, SEQ_SHOWN, "terr", m.seq)
    assert browser.execute_script("return document.querySelectorAll('rect.terr').length") == 0


LANG_SHOWN = "return [document.documentElement.lang, document.querySelector('.info .turn').textContent]"


def test_the_language_is_the_browsers_then_the_one_chosen(browser, server):  # noqa: F811
    ing_game("lang", server, moves=4)
    ua = browser.execute_script("return navigator.userAgent")
    try:
        # a Korean browser gets Korean, an unknown language English
        browser.execute_cdp_cmd("Emulation.setUserAgentOverride",
                                {"userAgent": ua, "acceptLanguage": "ko-KR,ko"})
        browser.get(server.url + "/board/lang")
        wait_for(browser, SEQ_SHOWN, "lang", 1)
        assert browser.execute_script(LANG_SHOWN) == ["ko", "흑 차례"]
        browser.execute_cdp_cmd("Emulation.setUserAgentOverride",
                                {"userAgent": ua, "acceptLanguage": "fr-FR,fr,ja"})
        browser.get(server.url + "/board/lang")
        wait_for(browser, SEQ_SHOWN, "lang", 1)
        assert browser.execute_script(LANG_SHOWN)[0] == "ja"    # the first the page speaks
        # the switcher: 中文 chosen, the page shows itself again in it, and it is kept
        browser.execute_script("const s = document.querySelector('.side select.lang');"
                               "s.value = 'zh'; s.dispatchEvent(new Event('change'));")
        wait_for(browser, "return document.documentElement.lang === 'zh-CN' && "
                          "document.querySelector('#panel-lang') && "
                          "Number(document.querySelector('#panel-lang').dataset.seq) >= 1")
        assert browser.execute_script(LANG_SHOWN) == ["zh-CN", "黑方行棋"]
        browser.get(server.url + "/board/lang")           # kept for the next page
        wait_for(browser, SEQ_SHOWN, "lang", 1)
        assert browser.execute_script(LANG_SHOWN)[0] == "zh-CN"
        browser.get(server.url + "/")                     # the index too
        wait_for(browser, "return document.querySelector('#list tr[data-board]')")
        assert browser.execute_script("return document.documentElement.lang") == "zh-CN"
        hints = browser.execute_script("return document.getElementById('hints').textContent")
        assert "?info=0 只显示棋盘" in hints and "/sgf/BOARD 棋盘的棋谱" in hints, hints
        # ?lang= wins over both
        browser.get(server.url + "/board/lang?lang=en")
        wait_for(browser, SEQ_SHOWN, "lang", 1)
        assert browser.execute_script(LANG_SHOWN) == ["en", "Black to play"]
    finally:
        browser.execute_script("localStorage.clear()")
        browser.execute_cdp_cmd("Emulation.setUserAgentOverride",
                                {"userAgent": ua, "acceptLanguage": "en-US,en"})


WORDS = """
const shape = (o) => o && typeof o === 'object' ? Object.fromEntries(Object.keys(o).sort()
    .map(k => [k, shape(o[k])])) : typeof o;
return window.goboardWords.codes.map(c => [c, JSON.stringify(shape(window.goboardWords(c)))]);"""


def test_every_language_has_every_word(browser, server):  # noqa: F811
    """Each language the page speaks has each word and phrase English has, of the
    same kind (a text or a function), so none shows undefined."""
    browser.get(server.url + "/")
    wait_for(browser, "return typeof window.goboardWords === 'function'")
    got = dict(browser.execute_script(WORDS))
    assert sorted(got) == ["en", "ja", "ko", "zh"]
    for code, shape in got.items():
        assert shape == got["en"], code


VIEW = PANEL_STONES + """
const at = document.querySelector('.side .moves li.at');
return {stones: stones, view: p.dataset.view, last: last ? last.dataset.point : null,
        move: p.querySelector('.info .move').textContent,
        golive: !p.querySelector('.golive').classList.contains('hidden'),
        listed: document.querySelectorAll('.side .moves li').length,
        at: at ? Number(at.dataset.n) : null,
        caps: [p.querySelector('.cap.black').textContent, p.querySelector('.cap.white').textContent]};"""


def states_after(events):
    """The position after each move (LiveState, as the board reported it): {number: state}."""
    s = LiveState()
    out = {}
    for ev in events:
        s.apply(ev)
        if ev["type"] in ("move", "pass", "game-start"):
            out[s.number] = (dict(s.stones), s.last["point"] if s.last else None,
                             dict(s.captures))
    return out


def test_the_move_list_steps_back_and_live_is_one_click_away(browser, server):  # noqa: F811
    m = EventMaker(seed=11, serial="step", local=0.9)
    evs = [m.start()]
    while sum(len(e.get("captures") or ()) for e in evs) < 3 or len(evs) < 60:
        evs.append(m.random_move())
    evs.append(m.pass_move())
    for ev in evs:
        server.publish("step", ev)
    n = len(evs) - 1
    want = states_after(evs)
    browser.get(server.url + "/board/step?lang=en")
    wait_for(browser, SEQ_SHOWN, "step", evs[-1]["seq"])
    v = browser.execute_script(VIEW, "step")
    assert v["view"] == "live" and v["listed"] == n and v["at"] == n and not v["golive"]
    last_li = browser.execute_script("return document.querySelector('.side .moves li:last-child')"
                                     ".textContent")
    assert last_li == "%dPass" % n
    # back one move, then to a move with captures and the one before it
    browser.find_element("css selector", ".side button.go.prev").click()
    v = browser.execute_script(VIEW, "step")
    assert v["view"] == str(n - 1) and v["at"] == n - 1 and v["golive"]
    assert v["stones"] == want[n - 1][0] and v["last"] == want[n - 1][1]
    took = next(e["number"] for e in evs if e.get("captures"))
    for k in (took, took - 1, 1, 0):
        browser.execute_script("document.querySelector('.side .moves li[data-n=\"%d\"]')"
                               ".click()" % k if k else
                               "document.querySelector('.side button.go.first').click()")
        v = browser.execute_script(VIEW, "step")
        assert v["view"] == str(k), (k, v["view"])
        assert v["stones"] == want[k][0], k
        assert v["last"] == want[k][1], k
        assert v["caps"] == [str(want[k][2]["B"]), str(want[k][2]["W"])], k
        assert v["move"].startswith("Move %d / %d" % (k, n)), v["move"]
    # the keyboard steps forward; a move played meanwhile leaves the view where it is
    browser.find_element("css selector", "body").send_keys("\ue014\ue014")   # right, right
    assert browser.execute_script(VIEW, "step")["view"] == "2"
    ev = m.random_move()
    server.publish("step", ev)
    wait_for(browser, SEQ_SHOWN, "step", ev["seq"])
    v = browser.execute_script(VIEW, "step")
    assert v["view"] == "2" and v["listed"] == n + 1 and v["stones"] == want[2][0]
    # live, one click away
    browser.find_element("css selector", "#panel-step .golive").click()
    v = browser.execute_script(VIEW, "step")
    assert v["view"] == "live" and v["at"] == n + 1 and v["last"] == ev["point"]
    assert not v["golive"]
    # a takeback shortens the list
    ev = m.undo()
    server.publish("step", ev)
    wait_for(browser, SEQ_SHOWN, "step", ev["seq"])
    assert browser.execute_script(VIEW, "step")["listed"] == n


def test_no_moves_yet_under_the_buttons(browser, server):  # noqa: F811
    """A game just started: the side says so under its buttons, not at its foot."""
    m = EventMaker(seed=2, serial="fresh")
    server.publish("fresh", m.start())
    viewport(browser, 1920, 1080)
    try:
        browser.get(server.url + "/board/fresh?lang=en")
        wait_for(browser, SEQ_SHOWN, "fresh", 1)
        got = browser.execute_script("""const e = document.querySelector('.side .empty'),
    bars = [...document.querySelectorAll('.side .bar')];
return [e.textContent, getComputedStyle(e).display, e.getBoundingClientRect().top,
        Math.max(...bars.map(b => b.getBoundingClientRect().bottom))];""")
        assert got[0] == "No moves yet" and got[1] != "none", got
        assert 0 <= got[2] - got[3] < 40, got
    finally:
        viewport(browser, 800, 900)


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.read(), r.headers


def test_the_sgf_download_is_the_game_shown(browser, server):  # noqa: F811
    t, evs = byo_game("dl", server)
    browser.get(server.url + "/board/dl")
    wait_for(browser, SEQ_SHOWN, "dl", evs[-1]["seq"])
    href = browser.execute_script("const a = document.querySelector('.side a.sgf');"
                                  "return [a.getAttribute('href'), a.hasAttribute('download')]")
    assert href == ["/sgf/dl", True]
    data, headers = fetch(server.url + href[0])
    assert "attachment" in headers["Content-Disposition"] and "dl-0001.sgf" in \
        headers["Content-Disposition"]
    game = sgf.Sgf_game.from_bytes(data)
    root = game.get_root()
    assert root.get("PB") == LONG["black"] and root.get("EV") == LONG["event"]
    assert root.get("OT") == "3x10 byo-yomi" and "table 12" in root.get("GC")
    moves = [n.get_move() for n in game.get_main_sequence()[1:]]
    played = [e for e in evs if e["type"] == "move"]
    assert len(moves) == len(played)
    assert game.get_main_sequence()[1].has_property("BL")      # the board's clock times
    # a display that joined from a snapshot (an MQTT relay's retained state): the
    # SGF of the game as its state holds it
    snap = json.loads(json.dumps(server.snapshot("dl")))
    server.publish_snapshot("late", dict(snap, board="late"))
    wait = time.monotonic() + 5
    while server.snapshot("late") is None and time.monotonic() < wait:
        time.sleep(0.05)
    late, _ = fetch(server.url + "/sgf/late")
    g2 = sgf.Sgf_game.from_bytes(late)
    assert [n.get_move() for n in g2.get_main_sequence()[1:]] == moves
    assert g2.get_root().get("PW") == LONG["white"]


WALL = """
const out = [];
for (const p of document.querySelectorAll('.panel')) {
  const r = p.getBoundingClientRect();
  out.push([p.dataset.board, Math.round(r.top), Math.round(r.bottom),
            p.querySelector('.head .title').textContent]);
}
return out;"""


def test_tables_on_the_wall_and_the_index(browser, server):  # noqa: F811
    """Boards by table on the wall, at one height whatever their headings; the index
    lists table, players and event."""
    ing_game("zz-1", server, moves=6, players=dict(PLAYERS, table="2"))
    ing_game("aa-2", server, moves=6, players=dict(LONG, table="10"))
    ing_game("mm-3", server, moves=6, players={"black": "Ann", "white": "Bo", "table": "1"})
    viewport(browser, 1920, 1080)
    try:
        browser.get(server.url + "/wall?lang=en")
        wait_for(browser, "return [...document.querySelectorAll('.panel')].filter("
                          "p => p.dataset.status === 'playing').length == 3")
        got = browser.execute_script(WALL)
        assert [b for b, _, _, _ in got] == ["mm-3", "zz-1", "aa-2"]
        assert len({(t, b) for _, t, b, _ in got}) == 1, got      # one height
        assert got[0][3] == "Table 1" and got[2][3].endswith("\u00B7 Table 10")
        for b in ("mm-3", "zz-1", "aa-2"):
            check_geometry(browser.execute_script(GEOMETRY, b), "wall " + b)
        browser.get(server.url + "/?lang=en")
        wait_for(browser, "return document.querySelectorAll('#list tr[data-board]').length == 3")
        rows = browser.execute_script("""return [...document.querySelectorAll('#list tr')].map(
            tr => [...tr.children].slice(0, 5).map(td => td.textContent));""")
        assert rows[0] == ["1", "mm-3", "Ann", "Bo", ""]
        assert rows[1] == ["2", "zz-1", "柯洁9p", "Shin Jinseo9p", "Ing Cup 应氏杯 \u00B7 Final 1"]
        assert rows[2][0] == "10" and rows[2][2] == LONG["black"] + "3d"
        boards = json.loads(fetch(server.url + "/boards")[0])
        assert {b["board"]: b["table"] for b in boards} == {"zz-1": "2", "aa-2": "10", "mm-3": "1"}
        # on a phone the table scrolls, the page does not
        viewport(browser, 390, 844)
        browser.get(server.url + "/?lang=ko")
        wait_for(browser, "return document.querySelectorAll('#list tr[data-board]').length == 3")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        heights = browser.execute_script("return [...document.querySelectorAll('#list tr')]"
                                         ".map(tr => tr.getBoundingClientRect().height)")
        assert max(heights) < 40, heights                # one line a row
    finally:
        viewport(browser, 800, 900)
