"""The broadcast page's server: live boards as SVG for overlays, pushed as they change.

Pages: `/` the boards, `/board/<id>` one board, `/wall` several on one page
(`?boards=a,b&cols=2`); any page takes `?transparent=1` (overlay), `?coords=0`,
`?info=0`. Beside them `/diag/<id>`, a board's bring-up (goboard diag: its
readings as a heat map, the problems with their fixes; data `/diag/<id>/data`).
Data: `/events/<id>` and `/events` (Server-Sent Events: the state
now, then every update), `/state/<id>` and `/boards` (JSON), `/sgf/<id>` (the
current game as SGF, written as sync writes it). `LiveServer` is the
aiohttp application around a `Feed` on the running loop; `ServerThread` runs
one in its own thread (`goboard serve`, the demo, tests and benches), and
sources push events with `publish(board, event)`.
"""

import asyncio
import json
import os
import threading

from aiohttp import web

from goboard.errors import UserError
from goboard.live.feed import Feed
from goboard.live.state import clean_board_id
from goboard.paths import WEB
from goboard.record.sgfrecord import record_game

HEARTBEAT = 15.0


def _page(name):
    with open(os.path.join(WEB, name), encoding="utf-8") as f:
        return f.read()


class LiveServer:
    """The aiohttp application around a Feed, started and stopped on the running loop."""

    def __init__(self, feed=None, host="127.0.0.1", port=0, delay=0.0, title="goboard live"):
        self.feed = feed or Feed(delay)
        self.host, self.port, self.title = host, port, title
        self.runner = None
        self.url = None
        self._streams = set()
        self.diag = {}          # board -> its bring-up's latest data (goboard.diag.page)
        self.app = self._make_app()

    def _make_app(self):
        app = web.Application()
        app.add_routes([
            web.get("/", self.index),
            web.get("/board/{board}", self.board_page),
            web.get("/wall", self.wall_page),
            web.get("/events", self.events),
            web.get("/events/{board}", self.events),
            web.get("/state/{board}", self.state),
            web.get("/boards", self.boards),
            web.get("/sgf/{board}", self.sgf),
            web.get("/diag/{board}", self.diag_page),
            web.get("/diag/{board}/data", self.diag_data),
            web.static("/static", WEB),
        ])
        app.on_shutdown.append(self._close_streams)
        return app

    async def start(self):
        """Listen; returns the base URL (the real port when port 0 asked for a free one)."""
        if self.feed.loop is None:
            self.feed.attach()
        self.runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=2.0)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, self.port)
        try:
            await site.start()
        except OSError as e:
            await self.runner.cleanup()
            raise UserError("cannot listen on %s:%s: %s" % (self.host, self.port,
                                                             e.strerror or e)) from None
        port = site._server.sockets[0].getsockname()[1]
        host = self.host if ":" not in self.host else "[%s]" % self.host
        self.url = "http://%s:%d" % (host, port)
        return self.url

    async def stop(self):
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    def publish(self, board, event):
        self.feed.publish(board, event)

    # --- pages -------------------------------------------------------------
    async def index(self, request):
        return web.Response(text=_page("index.html"), content_type="text/html")

    def _board_html(self, mode, title):
        html = _page("board.html").replace("{mode}", mode).replace("{title}", title)
        return web.Response(text=html, content_type="text/html")

    async def board_page(self, request):
        board = request.match_info["board"]
        if clean_board_id(board) != board:
            raise web.HTTPNotFound(text="no such board id: %s" % board)
        return self._board_html("board", "%s: %s" % (self.title, board))

    async def wall_page(self, request):
        return self._board_html("wall", self.title)

    async def diag_page(self, request):
        board = request.match_info["board"]
        if clean_board_id(board) != board:
            raise web.HTTPNotFound(text="no such board id: %s" % board)
        html = _page("diag.html").replace("{board}", board)
        return web.Response(text=html, content_type="text/html")

    async def diag_data(self, request):
        data = self.diag.get(request.match_info["board"])
        if data is None:
            raise web.HTTPNotFound(text="no bring-up of board %s" % request.match_info["board"])
        return web.json_response(data)

    # --- data --------------------------------------------------------------
    async def state(self, request):
        snap = self.feed.snapshot(request.match_info["board"])
        if snap is None:
            raise web.HTTPNotFound(text="no such board: %s" % request.match_info["board"])
        return web.json_response(snap)

    async def boards(self, request):
        out = []
        for b in self.feed.boards():
            s = self.feed.snapshot(b)
            out.append({"board": b, "game": s["game"], "number": s["number"],
                        "status": s["status"], "seq": s["seq"], "players": s["players"],
                        "table": s["players"].get("table"), "result":
                        (s["result"] or {}).get("result")})
        return web.json_response(out)

    async def sgf(self, request):
        """The board's current game as an SGF file (what the delayed feed shows)."""
        board = request.match_info["board"]
        events = self.feed.game_events(board)
        if not events:
            raise web.HTTPNotFound(text="no such board: %s" % board)
        try:
            data = record_game(events, serial=board)
        except UserError as e:
            raise web.HTTPNotFound(text="no game record on board %s: %s" % (board, e))
        game = events[0].get("game") or 1
        return web.Response(body=data, content_type="application/x-go-sgf", headers={
            "Content-Disposition": 'attachment; filename="%s-%04d.sgf"' % (board, game)})

    async def events(self, request):
        """Server-Sent Events: hello, the current states, then each update as it happens."""
        board = request.match_info.get("board")
        if board is not None:
            wanted = [board]
        elif request.query.get("boards"):
            wanted = [b for b in request.query["boards"].split(",") if b]
        else:
            wanted = None
        resp = web.StreamResponse(headers={
            "Content-Type": "text/event-stream", "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no", "Access-Control-Allow-Origin": "*"})
        await resp.prepare(request)
        # subscribe and read the states in one loop turn: nothing missed, nothing twice
        sub = self.feed.subscribe(wanted)
        first = []
        for b in (wanted if wanted is not None else self.feed.boards()):
            snap = self.feed.snapshot(b)
            if snap is not None:
                first.append(json.dumps({"board": b, "event": None, "state": snap},
                                        separators=(",", ":")))
        self._streams.add(sub)
        try:
            hello = json.dumps({"delay": self.feed.delay, "boards": wanted})
            chunk = "retry: 1000\nevent: hello\ndata: %s\n\n" % hello
            chunk += "".join("data: %s\n\n" % m for m in first)
            await resp.write(chunk.encode())
            while True:
                try:
                    u = await asyncio.wait_for(sub.get(), HEARTBEAT)
                except asyncio.TimeoutError:
                    await resp.write(b": ping\n\n")
                    continue
                if u is None:
                    break
                await resp.write(("data: %s\n\n" % u.json()).encode())
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self._streams.discard(sub)
            sub.close()
        return resp

    async def _close_streams(self, app):
        for sub in list(self._streams):
            sub.close()


class ServerThread:
    """A LiveServer on its own loop in a background thread: for the demo, tests and benches."""

    def __init__(self, host="127.0.0.1", port=0, delay=0.0, title="goboard live"):
        self.loop = asyncio.new_event_loop()
        self.feed = Feed(delay).attach(self.loop)
        self.server = LiveServer(self.feed, host, port, title=title)
        self.url = None
        self._thread = threading.Thread(target=self.loop.run_forever, name="goboard-serve",
                                        daemon=True)

    def start(self):
        self._thread.start()
        try:
            self.url = asyncio.run_coroutine_threadsafe(self.server.start(),
                                                        self.loop).result(10)
        except BaseException:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(10)
            raise
        return self

    def publish(self, board, event):
        """Thread-safe: the event reaches the pages in the order published."""
        self.feed.publish(board, event)

    def publish_snapshot(self, board, snapshot):
        self.feed.publish_snapshot(board, snapshot)

    def publish_link(self, board, up):
        """A board's source lost (the page says "(reconnecting)") or back."""
        self.feed.publish_link(board, up)

    def publish_diag(self, board, data):
        """A board's bring-up data for /diag/<id> (goboard.diag.page): replaced whole."""
        self.loop.call_soon_threadsafe(self.server.diag.__setitem__, board, data)

    def snapshot(self, board):
        async def get():
            return self.feed.snapshot(board)
        return asyncio.run_coroutine_threadsafe(get(), self.loop).result(10)

    def stop(self):
        if not self._thread.is_alive():
            return
        try:
            asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(10)
            self.loop.close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
