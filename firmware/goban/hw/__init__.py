"""Drivers behind small interfaces, each with a simulated twin (goban.hw.sim).

Nothing here imports machine, rp2, neopixel or framebuf at import time: the
hardware classes import them in their constructors, so the host and the
MicroPython unix port can import every goban.hw module.

open_devices(profile) builds the whole set for a profile: the real drivers
for kind "hardware", the sim twins for kind "sim".
"""


class Devices:
    """What the board loop drives: matrix, scales {which: scale}, bowls,
    buttons, buzzer, display, lights (buzzer/display/lights may be None)."""

    def __init__(self, matrix, scales, bowls, buttons, buzzer, display, lights):
        self.matrix = matrix
        self.scales = scales
        self.bowls = bowls
        self.buttons = buttons
        self.buzzer = buzzer
        self.display = display
        self.lights = lights


def open_devices(profile):
    """The drivers for a profile (real for "hardware", sim twins for "sim")."""
    from goban.hw.bowls import Bowls
    if profile.kind == "sim":
        from goban.hw import sim
        scales = {w: sim.SimScale(s["counts_per_g"], s["tare"])
                  for w, s in profile.bowls["scales"].items()}
        return Devices(
            sim.SimMatrix.from_profile(profile), scales, Bowls(profile, scales),
            sim.SimButtons(profile), sim.SimBuzzer() if profile.buzzer is not None else None,
            sim.SimDisplay(profile) if profile.display is not None else None,
            sim.SimLights(profile) if profile.lights is not None else None)
    from goban.hw.matrix import HallMatrix
    from goban.hw.scale import open_scale
    from goban.hw.buttons import Buttons
    scales = {w: open_scale(s, k) for k, (w, s) in enumerate(profile.bowls["scales"].items())}
    display = lights = buzzer = i2c = None
    if profile.display is not None:
        from goban.hw.display import Display, open_i2c
        i2c = open_i2c(profile.display)
        try:
            display = Display(profile.display, i2c)
        except OSError:
            display = None      # nothing answers: the board plays without (diag names it)
    if profile.buzzer is not None:
        from goban.hw.buzzer import Buzzer
        buzzer = Buzzer(profile.buzzer["pin"])
    if profile.lights is not None:
        from goban.hw.lights import Lights
        lights = Lights(profile)
    # one scale read a loop step (hw.bowls), in turn: on PIO (~0.1 ms, the newest
    # reading) or bit-banged (~1.2 ms); the weighing in bytecode is the rest
    return Devices(HallMatrix(profile), scales, Bowls(profile, scales, per_update=1),
                   Buttons(profile, i2c), buzzer, display, lights)
