"""The broadcast page in a real browser: Debian's Chromium, headless, driven by selenium.

The server runs in-process on a free loopback port; events of a game the rules
core plays are pushed one by one and the page's DOM is checked after each; a
screenshot of a known position is checked pixel by pixel.
"""

import io
import os
import time

from browser_rig import (CELL, MARGIN, PANEL_STONES, SEQ_SHOWN, WIDTH, HEIGHT,  # noqa: F401
                         _real_browser_present, browser, server, viewport, wait_for)
from goboard.live.server import ServerThread
from synth import EventMaker

PAGE_VIEW = PANEL_STONES + """
const banner = p.querySelector('.banner');
return {stones: stones, move: p.querySelector('.move').textContent,
        turn: p.querySelector('.turn').textContent,
        capB: p.querySelector('.cap.black').textContent, capW: p.querySelector('.cap.white').textContent,
        banner: banner.classList.contains('hidden') ? null : banner.textContent,
        last: last ? last.dataset.point : null,
        result: p.querySelector('.result').classList.contains('hidden') ? null :
                p.querySelector('.result').textContent};"""

def rules_core_stones(m):
    out = {}
    for y, row in enumerate(m.position()):
        for x, ch in enumerate(row):
            if ch != ".":
                out["abcdefghijklmnopqrs"[x] + "abcdefghijklmnopqrs"[y]] = "B" if ch == "X" else "W"
    return out


def push_and_wait(driver, srv, board, ev):
    srv.publish(board, ev)
    wait_for(driver, SEQ_SHOWN, board, ev["seq"])
    return driver.execute_script(PAGE_VIEW, board)


def test_page_shows_the_position_after_every_event(browser, server):
    m = EventMaker(seed=20240611, serial="GB-7")
    browser.get(server.url + "/board/table-7")
    wait_for(browser, "return window.goboard && window.goboard.connected")
    view = push_and_wait(browser, server, "table-7", m.start())
    assert view["stones"] == {} and view["move"] == "Move 0"
    captures_seen = 0
    for n in range(1, 131):
        ev = m.random_move()
        view = push_and_wait(browser, server, "table-7", ev)
        captures_seen += len(ev["captures"])
        assert view["stones"] == rules_core_stones(m), "after move %d" % n
        assert view["move"] == "Move %d" % n
        assert view["last"] == ev["point"]
        assert view["turn"] == ("Black" if ev["color"] == "W" else "White") + " to play"
        assert (int(view["capB"]), int(view["capW"])) == (m.g.captures[1], m.g.captures[2])
        assert view["banner"] is None
    assert captures_seen > 0, "the game should have captured something by move 130"
    # an illegal move: the banner names it, the position stays; restored clears it
    occupied = ev["point"]
    bad = m.play(occupied)
    assert bad["type"] == "illegal"
    view = push_and_wait(browser, server, "table-7", bad)
    assert "already a stone" in view["banner"] and "take the stone back" in view["banner"]
    assert view["stones"] == rules_core_stones(m)
    view = push_and_wait(browser, server, "table-7", m.restored())
    assert view["banner"] is None
    # a takeback of a capturing move puts the captured stones back
    while True:
        ev = m.random_move()
        push_and_wait(browser, server, "table-7", ev)
        if ev["captures"]:
            break
    view = push_and_wait(browser, server, "table-7", m.undo())
    assert view["stones"] == rules_core_stones(m)
    assert all(view["stones"][p] != ev["color"] for p in ev["captures"])
    # the end and the count
    for ev in [m.pass_move(), m.pass_move()]:
        push_and_wait(browser, server, "table-7", ev)
    m.seq += 1
    view = push_and_wait(browser, server, "table-7",
                         {"type": "end", "reason": "two-passes", "game": 1, "seq": m.seq})
    assert view["turn"] == ""
    m.seq += 1
    view = push_and_wait(browser, server, "table-7",
                         {"type": "count", "result": "W+6.5", "winner": "W", "margin": 6.5,
                          "unit": "points", "breakdown": {}, "game": 1, "seq": m.seq})
    assert view["result"] == "White wins W+6.5"


def test_late_page_gets_the_current_state_and_a_wall_shows_several_boards(browser, server):
    makers = {}
    for i, board in enumerate(["hall-a", "hall-b", "hall-c"]):
        m = makers[board] = EventMaker(seed=100 + i, serial=board)
        server.publish(board, m.start())
        for ev in m.moves(25 + 10 * i):
            server.publish(board, ev)
    browser.get(server.url + "/wall?boards=hall-a,hall-c")
    for board in ("hall-a", "hall-c"):
        m = makers[board]
        wait_for(browser, SEQ_SHOWN, board, m.seq)
        assert browser.execute_script(PAGE_VIEW, board)["stones"] == rules_core_stones(m)
    assert browser.execute_script("return document.getElementById('panel-hall-b')") is None
    ev = makers["hall-c"].random_move()
    view = push_and_wait(browser, server, "hall-c", ev)
    assert view["stones"] == rules_core_stones(makers["hall-c"])


def svg_pixel(browser, board, point, margin=MARGIN):
    """The screen pixel of a point's centre, from the SVG's box and viewBox (meet, centred)."""
    rect, vb = browser.execute_script("""
const s = document.querySelector('#panel-' + arguments[0] + ' svg.goban');
const r = s.getBoundingClientRect();
return [[r.left, r.top, r.width, r.height], s.getAttribute('viewBox').split(' ').map(Number)];
""", board)
    left, top, w, h = rect
    span = vb[2]
    scale = min(w / span, h / span)
    ox = left + (w - span * scale) / 2
    oy = top + (h - span * scale) / 2
    x, y = ord(point[0]) - 97, ord(point[1]) - 97
    return (ox + (margin + x * CELL) * scale, oy + (margin + y * CELL) * scale, scale)


def test_screenshot_of_a_known_position(browser, server, tmp_path):
    from PIL import Image
    m = EventMaker(seed=1, serial="GB-1")
    events = [m.start()] + [m.play(p) for p in ["dd", "pp", "ra", "sa", "dp", "pd", "sb"]]
    for ev in events:
        server.publish("final", ev)
    browser.get(server.url + "/board/final")
    wait_for(browser, SEQ_SHOWN, "final", events[-1]["seq"])
    png = browser.get_screenshot_as_png()
    (tmp_path / "final.png").write_bytes(png)
    if os.environ.get("GOBOARD_KEEP_SCREENSHOT"):
        (open(os.environ["GOBOARD_KEEP_SCREENSHOT"], "wb")).write(png)
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert img.size == (WIDTH, HEIGHT)

    def at(point, dx=0.0, dy=0.0):
        x, y, scale = svg_pixel(browser, "final", point)
        return img.getpixel((round(x + dx * CELL * scale), round(y + dy * CELL * scale)))

    def lum(rgb):
        return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]

    # the stones, sampled off-centre (the gradient's highlight is up-left)
    for p in ("dd", "dp", "ra", "sb"):
        assert lum(at(p, 0.2, 0.2)) < 70, (p, at(p, 0.2, 0.2))
    for p in ("pp", "pd"):
        assert lum(at(p, 0.2, 0.2)) > 180, (p, at(p, 0.2, 0.2))
    # 'sa' was captured by 'sb': wood there now (between the lines), and on empty points
    for p in ("sa", "jj", "cc", "ss"):
        r, g, b = at(p, 0.3, 0.3)
        assert r > 180 and 140 < g < 210 and b < 140, (p, (r, g, b))
    # the last move (black 'sb') carries a white ring, its centre stays black
    assert lum(at("sb", 0.2, 0)) > 180
    assert lum(at("sb")) < 70
    # the info bar below the board: white text on the dark bar says move 7
    view = browser.execute_script(PAGE_VIEW, "final")
    assert view["move"] == "Move 7" and view["capB"] == "1"


def test_transparent_overlay_leaves_the_background_clear(browser, server):
    m = EventMaker(seed=2, serial="GB-2")
    for ev in [m.start(), m.play("dd")]:
        server.publish("ovl", ev)
    browser.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride",
                            {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
    viewport(browser, 1280, 720)            # a 16:9 overlay: room left and right of the board
    try:
        browser.get(server.url + "/board/ovl?transparent=1&coords=0")
        wait_for(browser, SEQ_SHOWN, "ovl", m.seq)
        from PIL import Image
        png = browser.get_screenshot_as_png()
        if os.environ.get("GOBOARD_KEEP_OVERLAY"):
            open(os.environ["GOBOARD_KEEP_OVERLAY"], "wb").write(png)
        img = Image.open(io.BytesIO(png)).convert("RGBA")
        x, y, scale = svg_pixel(browser, "ovl", "aa", margin=32)   # coords=0: margin 32
        assert img.size == (1280, 720)
        left = x - (32 + 20) * scale       # left of the board's edge
        assert left > 10
        assert img.getpixel((round(left), round(y)))[3] == 0, (left, y, img.getpixel((round(left), round(y))))
        assert img.getpixel((5, 360))[3] == 0
        # the board and its stones are opaque
        assert img.getpixel((round(x + 0.2 * CELL * scale), round(y + 0.2 * CELL * scale)))[3] == 255
        dx, dy, _ = svg_pixel(browser, "ovl", "dd", margin=32)
        r, g, b, a = img.getpixel((round(dx + 0.2 * CELL * scale), round(dy + 0.2 * CELL * scale)))
        assert a == 255 and r < 70
    finally:
        browser.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride", {})
        viewport(browser, WIDTH, HEIGHT)


RECTS = """
const p = document.getElementById('panel-' + arguments[0]);
const box = (e) => { if (!e || e.classList.contains('hidden')) return null;
                     const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
return {banner: box(p.querySelector('.banner')), result: box(p.querySelector('.result'))};"""


def covers(rect, x, y):
    return rect is not None and rect[0] <= x <= rect[2] and rect[1] <= y <= rect[3]


def test_banner_and_result_leave_the_board_in_view(browser, server):
    """A broadcaster must still see the point an illegal banner names and the
    final position under the result: neither sits over them."""
    m = EventMaker(seed=7, serial="GB-8")
    for ev in [m.start()] + [m.play(p) for p in ("jj", "dp", "dd", "pp")]:
        server.publish("cover", ev)
    browser.get(server.url + "/board/cover")
    wait_for(browser, SEQ_SHOWN, "cover", m.seq)
    # illegal tries on occupied points in the lower and the upper half
    for point in ("dp", "dd"):
        view = push_and_wait(browser, server, "cover", m.play(point))
        assert view["banner"]
        rects = browser.execute_script(RECTS, "cover")
        x, y, _ = svg_pixel(browser, "cover", point)
        assert not covers(rects["banner"], x, y), (point, rects["banner"], x, y)
        push_and_wait(browser, server, "cover", m.restored())
    for ev in [m.pass_move(), m.pass_move()]:
        push_and_wait(browser, server, "cover", ev)
    m.seq += 1
    view = push_and_wait(browser, server, "cover",
                         {"type": "count", "result": "B+1.5", "winner": "B", "margin": 0.75,
                          "unit": "stones", "breakdown": {}, "game": 1, "seq": m.seq})
    assert view["result"] == "Black wins B+1.5 (0.75 stones)"
    assert view["move"] == "Move 6"          # the result takes the room of the pass
    rects = browser.execute_script(RECTS, "cover")
    for point in ("aa", "jj", "ss", "as", "sa"):
        x, y, _ = svg_pixel(browser, "cover", point)
        assert not covers(rects["result"], x, y), (point, rects["result"])


def test_reconnecting_is_shown_only_when_the_feed_stays_down(browser):
    srv = ServerThread(host="127.0.0.1", port=0).start()
    try:
        m = EventMaker(seed=3, serial="GB-9")
        srv.publish("blip", m.start())
        browser.get(srv.url + "/board/blip")
        wait_for(browser, "return window.goboard && window.goboard.connected")
        # an error event on a feed that is still open (a blip): nothing goes on air
        browser.execute_script("window.goboard.es.dispatchEvent(new Event('error'))")
        time.sleep(3.5)
        assert browser.execute_script("return document.documentElement.className") == ""
        view = push_and_wait(browser, srv, "blip", m.random_move())
        assert view["move"] == "Move 1"
    finally:
        srv.stop()
    # the server gone: "(reconnecting)" after a few seconds, not at once
    time.sleep(0.5)
    assert "offline" not in browser.execute_script("return document.documentElement.className")
    wait_for(browser, "return document.documentElement.classList.contains('offline')", timeout=8)
