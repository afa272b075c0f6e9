"""One link frame made and read back by the board's codec (tests/system/test_link_frames.py),
run by the MicroPython unix port: prints the frame of a move event with frame
number 65535, the number parsed back, and the parse of the frame cut short (None)."""

import json

from goban.link import frame_bytes, parse_frame

b = json.dumps({"k": "ev", "e": {"type": "move", "point": "pd", "n": 12}})
f = frame_bytes(65535, b)
print(f.decode().strip())
print(parse_frame(f[1:-1])[0])
print(parse_frame(f[1:-2]))
