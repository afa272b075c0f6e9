"""The bring-up page beside the broadcast page (`goboard diag --serve`): the
simulated board built with a dead sensor and two swapped ones, its page in
headless Chromium: a heat map of every point, the dead one marked, the problems
with their fixes; the data behind it at /diag/<serial>/data."""

import json
import signal
import subprocess
import sys
import time
import urllib.request

from browser_rig import browser, wait_for  # noqa: F401  (the fixtures)


def test_the_page_shows_the_heat_map_and_the_problems(browser):  # noqa: F811
    proc = subprocess.Popen([sys.executable, "-m", "goboard", "diag", "--sim", "--size", "9",
                             "--sim-wiring", "dead:cc;swap:ee,ff", "--serve", "0", "--plain"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = None
        while url is None:
            line = proc.stderr.readline()
            assert line, proc.stdout.read()
            if "the readings on " in line:
                url = line.split("the readings on ")[1].strip()
        data = None
        end = time.monotonic() + 120
        while time.monotonic() < end:
            with urllib.request.urlopen(url + "/data") as r:
                data = json.load(r)
            if "report" in data:
                break
            time.sleep(0.3)
        kinds = sorted(p["kind"] for p in data["report"]["problems"])
        assert kinds == ["dead-sensor", "swapped-sensors"]
        assert len(data["values"]) == 81 and data["marks"] == {"cc": "x"}
        browser.get(url)
        n = wait_for(browser, "return document.querySelectorAll('#grid div[data-point]').length")
        assert n == 81
        text = wait_for(browser, "var t = document.getElementById('problems').innerText;"
                                 "return t.indexOf('swapped-sensors') >= 0 && t")
        assert "dead-sensor" in text and "ee, ff" in text
        assert "solder or replace it" in text and "swap the two wires" in text   # the fixes
        assert browser.execute_script(
            "return document.querySelector('#grid div[data-point=\"cc\"]').className") == "dead"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
