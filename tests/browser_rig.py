"""The broadcast page in a real browser for the system tests: Debian's headless
Chromium driven by selenium (`browser`, one a module, at WIDTH x HEIGHT), the page's
server on a free loopback port (`server`), a fixed viewport, and a wait for a
JavaScript condition. A missing Chromium fails the test, naming tools/setup."""

import os
import shutil
import tempfile
import time

import pytest

from goboard.live.server import ServerThread

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


@pytest.fixture(autouse=True)
def _real_browser_present():
    """The page is tested in a real browser or the test fails: tools/setup installs it."""
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.path.exists(p)]
    if missing:
        pytest.fail("%s missing: run tools/setup (Debian chromium, chromium-driver)"
                    % ", ".join(missing))

WIDTH, HEIGHT = 800, 900
CELL, MARGIN = 40, 64      # the page's SVG layout with coordinates shown (board.js)


def chromium_flags(profile):
    return ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--window-size=%d,%d" % (WIDTH, HEIGHT), "--force-device-scale-factor=1",
            "--hide-scrollbars", "--user-data-dir=" + profile]


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    profile = tempfile.mkdtemp(prefix="goboard-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for f in chromium_flags(profile):
        opts.add_argument(f)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_script_timeout(10)
    viewport(driver, WIDTH, HEIGHT)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def server():
    srv = ServerThread(host="127.0.0.1", port=0).start()
    yield srv
    srv.stop()


def viewport(driver, width, height):
    """A fixed CSS viewport at 1 device pixel per CSS pixel: screenshots of a known size."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1,
                            "mobile": False})


def wait_for(driver, script, *args, timeout=5.0):
    """Poll a JS expression until it returns something true; returns it."""
    end = time.monotonic() + timeout
    while True:
        v = driver.execute_script(script, *args)
        if v:
            return v
        if time.monotonic() > end:
            raise AssertionError("page never satisfied: %s %r" % (script, args))
        time.sleep(0.01)


SEQ_SHOWN = """
const p = document.getElementById('panel-' + arguments[0]);
return p && Number(p.dataset.seq) >= arguments[1];"""

# a board's panel (arguments[0]) and its living stones, {point: 'B' or 'W'}: the
# start of the scripts the page tests read a board with
PANEL_STONES = """
const p = document.getElementById('panel-' + arguments[0]);
const stones = {};
for (const c of p.querySelectorAll('circle.stone:not(.dead)'))
  stones[c.dataset.point] = c.classList.contains('black') ? 'B' : 'W';
const last = p.querySelector('circle.last');"""
