"""Kiosk config: where it lives, what is valid, and that a bad file never locks anyone out."""
import json

import pytest

from game.kiosk import DEFAULT_IDLE_TIMEOUT, IdleWatch, kiosk_path, load_kiosk, main, parse_kiosk


def test_file_lives_in_the_config_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("ORLAN_CONFIG_DIR", str(tmp_path))
    assert kiosk_path() == tmp_path / "kiosk.json"
    assert load_kiosk().enabled is False  # no file: kiosk mode off, no problem reported
    assert load_kiosk().problems == ()
    (tmp_path / "kiosk.json").write_text(json.dumps({"operator_code": "0042", "idle_timeout": 90}))
    cfg = load_kiosk()
    assert (cfg.enabled, cfg.operator_code, cfg.idle_timeout, cfg.problems) == (True, "0042", 90, ())


def test_operator_code_check():
    cfg = parse_kiosk({"operator_code": "123456"})
    assert cfg.idle_timeout == DEFAULT_IDLE_TIMEOUT
    assert cfg.check_code("123456")
    assert not cfg.check_code("12345") and not cfg.check_code("")
    assert not parse_kiosk({}).check_code("")  # no code configured never unlocks


@pytest.mark.parametrize(
    "doc,field",
    [({"operator_code": "12"}, "operator_code"), ({"operator_code": "abcd"}, "operator_code"),
     ({}, "operator_code"), ({"operator_code": "1234", "idle_timeout": 5}, "idle_timeout"),
     ({"operator_code": "1234", "idle_timeout": "60"}, "idle_timeout"),
     ({"operator_code": "1234", "enabled": "yes"}, "enabled")],
)
def test_invalid_config_leaves_kiosk_off_and_names_the_field(doc, field):
    cfg = parse_kiosk(doc)
    assert cfg.enabled is False
    assert [m.params["field"] for m in cfg.problems if m.key == "kiosk.invalid"] == [field]


def test_unknown_field_is_reported_but_not_fatal():
    cfg = parse_kiosk({"operator_code": "1234", "colour": "red"})
    assert cfg.enabled and [m.key for m in cfg.problems] == ["kiosk.unknown_field"]


@pytest.mark.parametrize("content", [b"{", b"[]", b"\xff", b"null"])
def test_corrupt_file_is_reported(tmp_path, content):
    p = tmp_path / "kiosk.json"
    p.write_bytes(content)
    cfg = load_kiosk(p)
    assert cfg.enabled is False and cfg.problems[0].key == "kiosk.corrupt"


def test_checker_command(tmp_path, capsys):
    p = tmp_path / "kiosk.json"
    p.write_text('{"operator_code": "9999", "enabled": false}')
    assert main([str(p)]) == 0
    assert "kiosk mode: off" in capsys.readouterr().out
    p.write_text('{"operator_code": "9"}')
    assert main([str(p)]) == 1


def test_idle_watch_fires_once_after_the_timeout_and_input_rearms_it():
    w = IdleWatch(parse_kiosk({"operator_code": "1234", "idle_timeout": 30}).idle_timeout)
    fired = [w.tick(1.0) for _ in range(40)]
    assert fired.index(True) == 29 and fired.count(True) == 1  # at 30 s, once
    w.activity()
    assert not any(w.tick(1.0) for _ in range(29))
    w.activity()  # input just before the timeout starts the count again
    assert [w.tick(10.0) for _ in range(3)] == [False, False, True]
