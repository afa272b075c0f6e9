"""goboard serve over HTTP without a browser: SSE order, JSON state, the delay, bad input."""

import asyncio
import json
import subprocess
import sys
import time

import aiohttp

from goboard.cli import main as goboard
from goboard.live.server import ServerThread
from synth import random_game


async def read_sse(url, count, timeout=10):
    """The first `count` data messages of an SSE stream (the hello event included)."""
    out = []
    async with aiohttp.ClientSession() as s:
        async with s.get(url, timeout=aiohttp.ClientTimeout(total=timeout)) as r:
            assert r.headers["Content-Type"].startswith("text/event-stream")
            kind = "message"
            async for raw in r.content:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    out.append((kind, json.loads(line[6:])))
                    kind = "message"
                    if len(out) >= count:
                        return out
    return out


def test_sse_sends_the_state_then_every_update_in_order_and_json_endpoints():
    events, maker = random_game(60, seed=3)
    with ServerThread() as srv:
        for ev in events[:20]:
            srv.publish("t1", ev)
        for ev in events[:5]:
            srv.publish("t2", ev)
        time.sleep(0.2)

        async def main():
            reader = asyncio.ensure_future(read_sse(srv.url + "/events/t1", 2 + len(events) - 20))
            await asyncio.sleep(0.3)
            for ev in events[20:]:
                srv.publish("t1", ev)
                srv.publish("t2", ev)          # another board: not on this stream
            return await reader
        msgs = asyncio.run(main())
        assert msgs[0] == ("hello", {"delay": 0.0, "boards": ["t1"]})
        first = msgs[1][1]
        assert first["event"] is None and first["state"]["seq"] == 20
        assert [m[1]["event"]["seq"] for m in msgs[2:]] == [e["seq"] for e in events[20:]]
        assert all(m[1]["board"] == "t1" for m in msgs[1:])
        assert msgs[-1][1]["state"]["number"] == 60

        async def get(path):
            async with aiohttp.ClientSession() as s:
                async with s.get(srv.url + path) as r:
                    return r.status, (await r.text())
        status, body = asyncio.run(get("/state/t1"))
        assert status == 200 and json.loads(body)["number"] == 60
        status, body = asyncio.run(get("/boards"))
        assert [b["board"] for b in json.loads(body)] == ["t1", "t2"]
        assert asyncio.run(get("/state/nope"))[0] == 404
        for page in ("/", "/board/t1", "/wall", "/static/board.js", "/static/board.css"):
            status, body = asyncio.run(get(page))
            assert status == 200 and body, page
        assert "http" not in asyncio.run(get("/board/t1"))[1].replace(
            "http-equiv", ""), "the page must load nothing from outside"


def test_delay_holds_the_feed_back():
    events, _ = random_game(5, seed=4)
    with ServerThread(delay=0.6) as srv:
        t0 = time.monotonic()
        for ev in events:
            srv.publish("d", ev)
        time.sleep(0.3)
        assert srv.snapshot("d") is None            # nothing visible before the delay
        while srv.snapshot("d") is None or srv.snapshot("d")["seq"] < events[-1]["seq"]:
            assert time.monotonic() - t0 < 5
            time.sleep(0.02)
        assert time.monotonic() - t0 >= 0.6


def test_serve_command_reports_bad_input_in_one_line(tmp_path, capsys):
    assert goboard(["serve", "--port", "0"]) == 2
    assert "no event source" in capsys.readouterr().err
    bad = tmp_path / "rec.jsonl"
    bad.write_text('{"type": "game-start"}\n[1, 2]\n')
    assert goboard(["serve", "--port", "0", "--replay", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith('line 2: an event must be an object with a "type"')
    assert len(err.splitlines()) == 1
    assert goboard(["serve", "--replay", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read replay file" in capsys.readouterr().err
    assert goboard(["serve", "--delay", "-1", "--replay", str(bad)]) == 2


def test_serve_command_runs_a_replay(tmp_path):
    events, maker = random_game(15, seed=8)
    rec = tmp_path / "hall.jsonl"
    rec.write_text("".join(json.dumps(dict(e, board="final-table")) + "\n" for e in events))
    from broker import free_port
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "goboard", "serve", "--port", str(port),
                             "--replay", str(rec), "--pace", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert "http://127.0.0.1:%d" % port in line

        async def get():
            async with aiohttp.ClientSession() as s:
                for _ in range(100):
                    async with s.get("http://127.0.0.1:%d/state/final-table" % port) as r:
                        if r.status == 200:
                            snap = await r.json()
                            if snap["seq"] == events[-1]["seq"]:
                                return snap
                    await asyncio.sleep(0.05)
        snap = asyncio.run(get())
        assert snap["number"] == 15
    finally:
        proc.terminate()
        proc.wait(10)
