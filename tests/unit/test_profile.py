"""Board profiles: the shipped ones load, and every kind of mistake is a
one-line ProfileError naming the file and the field."""

import copy
import json

import pytest

from goban import profile
from goban.profile import ProfileError
from conftest import BOARDS


def raw(name):
    return json.loads((BOARDS / (name + ".json")).read_text())


@pytest.mark.parametrize("name,size,kind", [("reference-19", 19, "hardware"),
                                            ("sim-19", 19, "sim"), ("sim-9", 9, "sim")])
def test_shipped_profiles_load(name, size, kind):
    p = profile.load(str(BOARDS / (name + ".json")))
    assert (p.id, p.size, p.kind) == (name, size, kind)
    assert p.bowls["stone_mg"] == 6500
    assert set(p.bowls["scales"]) == {"B", "W", "lidB", "lidW"}
    assert p.thresholds["black"] > 0 and p.thresholds["white"] > 0
    assert p.settle_ms == 120 and p.scan_ms == 10
    assert p.lights["count"] == size * size


def test_reference_pins_are_real_and_unique():
    p = profile.load(str(BOARDS / "reference-19.json"))
    m = p.matrix
    assert m["channels"] == 3 * 8 * 16 >= 361
    assert all(26 <= a <= 28 for a in m["adc_pins"])  # ADC0..2 on a Pico header
    pins = m["adc_pins"] + m["mux1_select"] + m["mux2_select"]
    for s in p.bowls["scales"].values():
        pins += [s["dout"], s["sck"]]
    pins += [p.buzzer["pin"], p.lights["pin"], p.display["sda"], p.display["scl"]]
    pins.append(p.data["step_pin"])     # held high while a loop step runs (a scope's)
    assert len(pins) == len(set(pins))
    # a Raspberry Pi Pico brings out GPIO0..22 and 26..28
    assert all(q <= 22 or 26 <= q <= 28 for q in pins)


def err(d, path="boards/x.json"):
    with pytest.raises(ProfileError) as e:
        profile.from_dict(d, path)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(path + ": ")
    return msg


def test_missing_field_is_named():
    d = raw("sim-19")
    del d["thresholds"]["black"]
    assert "field 'thresholds.black' is missing" in err(d)
    d = raw("sim-19")
    del d["size"]
    assert "field 'size' is missing" in err(d)
    d = raw("reference-19")
    del d["bowls"]["scales"]["W"]["dout"]
    assert "field 'bowls.scales.W.dout' is missing" in err(d)


def test_wrong_values_are_named_with_what_was_given():
    d = raw("sim-19")
    d["thresholds"]["black"] = "abc"
    assert "field 'thresholds.black' must be an integer 1..2047, got 'abc'" in err(d)
    d = raw("sim-19")
    d["size"] = 21
    assert "field 'size' must be an integer 5..19, got 21" in err(d)
    d = raw("sim-19")
    d["kind"] = "real"
    assert "field 'kind' must be one of hardware, sim" in err(d)
    d = raw("sim-19")
    d["bowls"]["stone_mg"] = True
    assert "field 'bowls.stone_mg'" in err(d)


def test_typo_in_a_field_name_is_an_error():
    d = raw("sim-19")
    d["thresholds"]["blak"] = 100
    assert "field 'thresholds.blak' is not a known field" in err(d)
    d = raw("sim-19")
    d["setle_ms"] = 100
    assert "field 'setle_ms' is not a known field" in err(d)


def test_pin_conflicts_and_impossible_pins():
    d = raw("reference-19")
    d["buzzer"]["pin"] = 16  # the lights' pin
    m = err(d)
    assert "'buzzer.pin' uses GPIO16, already used by" in m or "'lights.pin' uses GPIO16" in m
    d = raw("reference-19")
    d["matrix"]["adc_pins"] = [26, 27, 5]
    assert "field 'matrix.adc_pins[2]' must be one of GPIO 26, 27, 28, 29, got 5" in err(d)
    d = raw("reference-19")
    d["display"]["sda"] = 21
    assert "field 'display.sda'" in err(d)
    d = raw("reference-19")
    d["step_pin"] = 16
    assert "field 'step_pin' uses GPIO16, already used by 'lights.pin'" in err(d)
    d["step_pin"] = "22"
    assert "field 'step_pin' must be a GPIO number 0..29, got '22'" in err(d)
    d = raw("sim-19")
    d["step_pin"] = 22      # checked, but a simulated board has no pin to hold
    assert "step_pin" not in profile.from_dict(d, "boards/x.json").data
    d = raw("reference-19")
    d["bowls"]["scales"]["lidW"]["sck"] = 30
    assert "field 'bowls.scales.lidW.sck' must be a GPIO number 0..29, got 30" in err(d)


def test_too_few_mux_channels():
    d = raw("reference-19")
    d["matrix"]["adc_pins"] = [26, 27]
    assert "field 'matrix' wires 256 channels" in err(d)


def test_sim_profile_rejects_hardware_fields():
    d = raw("sim-9")
    d["matrix"]["adc_pins"] = [26]
    assert "field 'matrix.adc_pins' belongs to a hardware profile" in err(d)


def test_file_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"id": "x", ')
    with pytest.raises(ProfileError, match="bad.json: not valid JSON"):
        profile.load(str(bad))
    with pytest.raises(ProfileError, match="cannot read the profile"):
        profile.load(str(tmp_path / "missing.json"))


def test_defaults_are_filled():
    d = raw("sim-9")
    for k in ("settle_ms", "scan_ms", "log", "sim", "lights", "display", "buzzer"):
        d.pop(k, None)
    p = profile.from_dict(copy.deepcopy(d))
    assert p.settle_ms == 120 and p.scan_ms == 10
    assert p.lights is None and p.display is None and p.buzzer is None
    assert p.log["max_bytes"] == 512 * 1024


def test_evidence_fields_short_settle_and_bowl_witness():
    """settle_fast_ms, thresholds.strong/steady and bowls.witness_ms: defaults,
    the shipped values, and a bad one named."""
    p = profile.load(str(BOARDS / "reference-19.json"))
    assert p.settle_fast_ms == 50 and p.settle_fast_ms < p.settle_ms
    assert p.thresholds["strong"] == 300 and p.thresholds["steady"] == 150 // 6
    assert p.bowls["witness_ms"] == 300
    d = raw("sim-9")
    d.pop("settle_fast_ms")
    d["thresholds"] = {"black": 120, "white": 90}
    p = profile.from_dict(copy.deepcopy(d))
    assert p.settle_fast_ms == 0                     # off unless the profile asks
    assert p.thresholds["steady"] == 15 and p.thresholds["strong"] == 300
    d = raw("sim-9")
    d["settle_fast_ms"] = 200
    assert "field 'settle_fast_ms' must not be longer than settle_ms (120), got 200" in err(d)
    d = raw("sim-9")
    d["thresholds"]["strong"] = 120
    assert "field 'thresholds.strong' must be at least thresholds.enter (150), got 120" in err(d)
    d = raw("sim-9")
    d["thresholds"]["steady"] = 0
    assert "field 'thresholds.steady' must be an integer 1..2047, got 0" in err(d)
    d = raw("sim-9")
    d["bowls"]["witness_ms"] = -5
    assert "field 'bowls.witness_ms' must be an integer 0..10000, got -5" in err(d)
    d = raw("sim-9")
    d["settle_fast_ms"] = "fast"
    assert "field 'settle_fast_ms' must be an integer 0..5000" in err(d)


def test_the_scales_sample_rate_is_the_hx711s_ten_or_eighty():
    """bowls.samples_per_s: how the HX711's RATE pin is wired (the emulated chip's
    scales convert at it); the reference board samples at 80 so a bowl shows a
    stone taken before the stone lands."""
    assert profile.load(str(BOARDS / "reference-19.json")).bowls["samples_per_s"] == 80
    assert profile.from_dict(raw("sim-9")).bowls["samples_per_s"] == 10
    d = raw("sim-9")
    d["bowls"]["samples_per_s"] = 40
    assert "field 'bowls.samples_per_s' must be 10 or 80" in err(d)
