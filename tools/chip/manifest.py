# The product image's frozen modules: the rp2 port's own (asyncio, neopixel...) and
# the firmware. Paths are relative to this file. tools/build-image includes this
# manifest and adds the shipped hardware profiles (goboard_profiles, generated).
# With a MicroPython checkout of your own:
#   make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/goboard/tools/chip/manifest.py
include("$(PORT_DIR)/boards/manifest.py")
package("goban", base_path="../../firmware")
module("main.py", base_path="../../firmware")
