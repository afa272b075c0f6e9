"""Issue 20: the firmware's docstrings say why, and leave measured figures to
docs/performance.md, where they carry their date and build. A time measured on
the chip goes stale with the next build, so no docstring states one."""
import ast
import pathlib
import re

FIRMWARE = pathlib.Path(__file__).resolve().parents[2] / "firmware"
# a time (12 ms, ~0.55 ms, 90 us, 40 µs) in the same sentence as the chip
TIME = re.compile(r"\d[\d.,]*\s*(?:ms|us|µs)\b")
CHIP = re.compile(r"RP2040|\bchip\b|\bPico\b")


def sentences_with_chip_times(text):
    flat = " ".join(text.split())
    for sentence in re.split(r"(?<=[.;:])\s", flat):
        if TIME.search(sentence) and CHIP.search(sentence):
            yield sentence


def docstrings(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                yield getattr(node, "name", "<module>"), doc


def test_the_rule_sees_a_measured_time():
    # the check itself: a sentence of the kind it must catch, and two it must not
    assert list(sentences_with_chip_times("A bytecode loop is ~2.7 ms on the RP2040."))
    assert not list(sentences_with_chip_times("A page is 3 ms of I2C at 400 kHz."))
    assert not list(sentences_with_chip_times("In bytecode it would not fit a step on the RP2040."))


def test_no_firmware_docstring_states_a_time_measured_on_the_chip():
    found = []
    for path in sorted(FIRMWARE.rglob("*.py")):
        for name, doc in docstrings(path):
            for sentence in sentences_with_chip_times(doc):
                found.append("%s %s: %s" % (path.relative_to(FIRMWARE), name, sentence[:120]))
    assert not found, "measured figures belong in docs/performance.md:\n" + "\n".join(found)
