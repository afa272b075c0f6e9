"""An event's way out allocates nothing but its JSON: under MicroPython with the
heap locked, the link sends the event's frame with its JSON and its heartbeat
(put together in the buffer the product image gives it, the CRC written where it
goes), and the frames read back as the host reads them. Given no JSON buffer the
game log's record allocates its JSON and its CRC's four bytes (written before the
lock); given one (goban.outbuf.Json, as main.py gives the log and the link on the
product image) the record allocates nothing either (every 16th record keeps its
offset and looks at the log's size: those allocate).
"""

from conftest import MP, run_micropython


def test_an_event_frame_and_the_heartbeat_allocate_nothing(tmp_path):
    out = run_micropython(MP / "out_heap.py", stdin="%s plain\n" % tmp_path)
    assert out.strip().splitlines()[-1].startswith("OK")


def test_a_record_made_in_the_json_buffer_allocates_nothing(tmp_path):
    """The product image's way (main.py gives the log and the link one
    goban.outbuf.Json): a move's record and its frame, and a bowls reading's
    frame, with the heap locked; a record longer than the buffer the plain way;
    the log and the frames read back as the host reads them."""
    out = run_micropython(MP / "out_heap.py", stdin="%s buf\n" % tmp_path)
    last = out.strip().splitlines()[-1]
    assert last.startswith("OK") and int(last.split()[1]) >= 35, out
