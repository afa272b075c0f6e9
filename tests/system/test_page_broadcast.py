"""The broadcast page as broadcasters use it, in Debian's headless Chromium: a 1080p
source, the same source scaled to 960x540, a 390 px phone, in English, 中文,
日本語 and 한국어; the transparent overlay; the clock on the page.

Checked by DOM geometry (every caption inside the panel, the panel as wide as the
board and inside the window, no text cut or ellipsised, caption text big enough
to read) and by pixels where they matter (a black turn marker is a black stone,
the overlay is clear beside the board, low time is red).
"""

import io
import time

import pytest

from browser_rig import _real_browser_present, browser, server, viewport, wait_for, SEQ_SHOWN  # noqa: F401
from synth import EventMaker, TimedGame

PLAYERS = {"black": "柯洁", "black_rank": "9p", "white": "Shin Jinseo", "white_rank": "9p",
           "event": "Ing Cup 应氏杯", "round": "Final 1"}
LANGS = {
    "en": ("Ing rules", "komi 8", "Ing timing", "to play", "Captures"),
    "zh": ("应氏规则", "贴目8", "应氏计时", "行棋", "提子"),
    "ja": ("応氏ルール", "コミ8", "応氏計時", "番", "アゲハマ"),
    "ko": ("응씨 규칙", "덤 8", "응씨 계시", "차례", "따낸 돌"),
}
SIZES = ((1920, 1080), (960, 540), (390, 844))

GEOMETRY = """
const p = document.getElementById('panel-' + arguments[0]);
const box = (e) => { const r = e.getBoundingClientRect();
  return {l: r.left, t: r.top, r: r.right, b: r.bottom, sw: e.scrollWidth, cw: e.clientWidth,
          text: e.textContent, font: parseFloat(getComputedStyle(e).fontSize),
          shown: !e.classList.contains('hidden') && getComputedStyle(e).display !== 'none'}; };
const out = {panel: box(p), svg: box(p.querySelector('svg.goban')), parts: {},
             vw: innerWidth, vh: innerHeight};
for (const sel of ['.head .name', '.head .rules', '.plate.black .pname', '.plate.black .rank',
                   '.plate.black .capwrap', '.plate.black .clock', '.plate.white .pname',
                   '.plate.white .clock', '.info .move', '.info .turn', '.info .result', '.head',
                   '.plate.black', '.plate.white', '.info'])
  out.parts[sel] = box(p.querySelector(sel));
return out;"""

def ing_game(board, srv, moves=40, think=14000, end=None):
    t = TimedGame(EventMaker(rules="ing", seed=8, serial=board), "ing:600+3x100@2", PLAYERS)
    evs = t.start()
    for _ in range(moves):
        evs += t.move(think)
    if end:
        evs += end(t)
    for ev in evs:
        srv.publish(board, ev)
    return t, evs


def check_geometry(g, where):
    """Every caption inside the panel, nothing cut, the panel the board's width and in view."""
    p, svg = g["panel"], g["svg"]
    assert abs((p["r"] - p["l"]) - (svg["r"] - svg["l"])) < 1.5, where
    assert p["l"] >= -0.5 and p["r"] <= g["vw"] + 0.5, (where, p)
    assert p["t"] >= -0.5 and p["b"] <= g["vh"] + 0.5, (where, p, g["vh"])
    for sel, b in g["parts"].items():
        if not b["shown"]:
            continue
        assert b["l"] >= p["l"] - 0.5 and b["r"] <= p["r"] + 0.5, (where, sel, b, p)
        assert b["sw"] <= b["cw"] + 1 or b["cw"] == 0, (where, sel, "cut", b)
    return p["r"] - p["l"]


@pytest.mark.parametrize("width,height", SIZES)
def test_captions_fit_and_read_in_every_language(browser, server, width, height):  # noqa: F811
    from PIL import Image
    ing_game("hall", server)
    viewport(browser, width, height)
    try:
        for lang, words in LANGS.items():
            browser.get(server.url + "/board/hall?lang=" + lang)
            wait_for(browser, SEQ_SHOWN, "hall", 1)
            wait_for(browser, "return document.querySelector('.plate.black .clock .time')")
            g = browser.execute_script(GEOMETRY, "hall")
            where = "%s %dx%d" % (lang, width, height)
            w = check_geometry(g, where)
            parts = g["parts"]
            assert parts[".plate.black .pname"]["text"] == "柯洁", where
            assert parts[".plate.white .pname"]["text"] == "Shin Jinseo", where
            assert parts[".plate.black .rank"]["text"] == "9p", where
            assert parts[".head .name"]["text"] == "Ing Cup 应氏杯 \u00B7 Final 1", where
            rules = parts[".head .rules"]["text"]
            for word in words[:3]:
                assert word in rules, (where, rules)
            assert words[3] in parts[".info .turn"]["text"], where
            assert words[4] in parts[".plate.black .capwrap"]["text"], where
            # 20 moves of 14 s each: black's main time 600 - 280 s
            clock = parts[".plate.black .clock"]["text"]
            assert clock.startswith("5:20") or clock.startswith("5:19"), (where, clock)
            # big enough to read: the names and clocks at least 13 px, the rest 11 px
            assert parts[".plate.black .clock"]["font"] >= 13, where
            assert min(parts[sel]["font"] for sel in parts) >= 11, where
            # the board takes the room it has: the whole height (or width on a phone)
            assert w >= min(width, height * 0.74), (where, w)
        # the marker of the player to move reads as a stone of that colour (white to
        # move here, black's plate marker too), on a ring of wood
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


def lum(rgb):
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def test_result_and_clocks_at_a_loss_on_time_on_a_phone(browser, server):  # noqa: F811
    t, evs = ing_game("flag", server, moves=39, think=32000, end=lambda t: t.wait(300000))
    assert evs[-1]["reason"] == "time"
    viewport(browser, 390, 844)
    try:
        for lang, want in (("en", "B+T (on time)"), ("zh", "黑胜 B+T（超时）"),
                           ("ja", "黒勝ち B+T（時間切れ）"), ("ko", "흑 승 B+T (시간승)")):
            browser.get(server.url + "/board/flag?lang=" + lang)
            wait_for(browser, SEQ_SHOWN, "flag", evs[-1]["seq"])
            g = browser.execute_script(GEOMETRY, "flag")
            check_geometry(g, lang + " flag")
            assert g["parts"][".info .result"]["text"] == want
            clock = g["parts"][".plate.white .clock"]["text"]
            assert clock.startswith({"en": "Time", "zh": "超时", "ja": "時間切れ",
                                     "ko": "시간패"}[lang]), clock
            # black entered overtime too: its penalty shows
            black = g["parts"][".plate.black .clock"]["text"]
            assert {"en": "−", "zh": "罚", "ja": "罰", "ko": "벌점"}[lang] in black, black
    finally:
        viewport(browser, 800, 900)


def test_overlay_is_no_wider_than_the_board(browser, server):  # noqa: F811
    from PIL import Image
    ing_game("ovl2", server, moves=10)
    browser.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride",
                            {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
    viewport(browser, 1920, 1080)
    try:
        browser.get(server.url + "/board/ovl2?transparent=1&lang=zh")
        wait_for(browser, SEQ_SHOWN, "ovl2", 1)
        wait_for(browser, "return document.querySelector('.plate.black .clock .time')")
        g = browser.execute_script(GEOMETRY, "ovl2")
        img = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGBA")
        left, right = g["svg"]["l"], g["svg"]["r"]
        for sel in (".head", ".plate.white", ".plate.black", ".info"):
            b = g["parts"][sel]
            y = int((b["t"] + b["b"]) / 2)
            assert b["l"] >= left - 0.5 and b["r"] <= right + 0.5, (sel, b, left, right)
            # opaque caption over the board's width, clear just beside it
            assert img.getpixel((int(left + 3), y))[3] > 200, sel
            assert img.getpixel((int(left - 4), y))[3] == 0, sel
            assert img.getpixel((int(right + 4), y))[3] == 0, sel
            assert img.getpixel((5, y))[3] == 0 and img.getpixel((1914, y))[3] == 0, sel
    finally:
        browser.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride", {})
        viewport(browser, 800, 900)


CLOCK = """
const c = document.querySelector('#panel-' + arguments[0] + ' .plate.' + arguments[1] + ' .clock');
return {main: Number(c.dataset.main), period: Number(c.dataset.period), cls: c.className,
        text: c.textContent};"""


def test_the_clock_counts_down_and_turns_red_when_low(browser, server):  # noqa: F811
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
    assert w["main"] == 12000 and "running" not in w["cls"]
    assert "low" not in b["cls"]
    # the board says black went into byo-yomi, 11 s of its first period left: the page
    # shows the period's seconds, the periods left, and low time (10 s) a second later
    more = t.wait(13000)
    for ev in more:
        server.publish("cd", ev)
    nxt = t.m.event("clock", **{k: v for k, v in t.clock.event().items() if k != "type"})
    server.publish("cd", nxt)
    wait_for(browser, SEQ_SHOWN, "cd", nxt["seq"])
    c = browser.execute_script(CLOCK, "cd", "black")
    assert c["text"].startswith("11") and "2 periods" in c["text"], c
    wait_for(browser, "return document.querySelector('.plate.black .clock').classList"
                      ".contains('low')", timeout=3)
    img = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    r = browser.execute_script("const r = document.querySelector('.plate.black .clock')"
                               ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
    red = img.getpixel((int(r[0] + 2), int(r[1] + r[3] / 2)))
    assert red[0] > 170 and red[1] < 60, red
    # the host stops the clock: the page stops counting
    c = t.clock.host({"pause": True}, t.now)
    ev = t.m.event("clock", **{k: v for k, v in c.items() if k != "type"})
    server.publish("cd", ev)
    wait_for(browser, SEQ_SHOWN, "cd", ev["seq"])
    a = browser.execute_script(CLOCK, "cd", "black")
    time.sleep(0.6)
    assert browser.execute_script(CLOCK, "cd", "black")["period"] == a["period"]
    assert "stopped" in a["cls"]


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
