"""The command line names itself after the way it was started (usage lines in --help)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import build_parser, program_name

ROOT = Path(__file__).resolve().parents[1]
# What pip writes for a [project.scripts] / [project.gui-scripts] entry "game.cli:main".
PIP_LAUNCHER = """# -*- coding: utf-8 -*-
import re
import sys
from game.cli import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""


def run_help(args, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.run(args + ["--help"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


@pytest.mark.parametrize("name", ["orlan", "orlan-cli"])
def test_installed_launchers_show_their_own_name(tmp_path, name):
    launcher = tmp_path / name
    launcher.write_text(PIP_LAUNCHER, encoding="utf-8")
    out = run_help([sys.executable, str(launcher)], tmp_path)
    assert out.startswith(f"usage: {name} [-h]")
    assert "main.py" not in out


def test_main_py_shows_how_to_run_it(tmp_path):
    out = run_help([sys.executable, str(ROOT / "main.py")], tmp_path)
    assert out.startswith("usage: python main.py [-h]")


def test_subcommand_usage_carries_the_program_name(capsys):
    with pytest.raises(SystemExit):
        build_parser("orlan").parse_args(["simulate", "--help"])
    assert capsys.readouterr().out.startswith("usage: orlan simulate [-h]")


@pytest.mark.parametrize("argv0, expected", [
    ("/usr/local/bin/orlan", "orlan"),
    ("/home/ana/.local/bin/orlan-cli", "orlan-cli"),
    ("C:\\Python312\\Scripts\\orlan.exe", "orlan"),
    ("main.py", "python main.py"),
    ("/src/orlan/main.py", "python main.py"),
    ("/src/orlan/game/cli.py", "python -m game.cli"),
    ("", "orlan"),
])
def test_program_name(argv0, expected):
    assert program_name(argv0) == expected


# ------------------------------------------------------------------ the window size
@pytest.mark.parametrize("args", [["--size=abc"], ["--size", "1024"], ["--size=0x480"], ["--size=800x"], ["--size=-800x480"]])
def test_a_bad_window_size_is_an_argparse_error_naming_the_form(args, capsys):
    with pytest.raises(SystemExit) as stop:
        build_parser("orlan").parse_args(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "argument --size" in err and "WIDTHxHEIGHT" in err and "800x480" in err and "Traceback" not in err


@pytest.mark.parametrize("text, size", [("800x480", "800x480"), ("1024X768", "1024x768"), (" 1920 x 1080 ", "1920x1080")])
def test_a_window_size_is_read(text, size):
    assert build_parser("orlan").parse_args([f"--size={text}"]).size == size


# ------------------------------------------------------------------ no display
def test_without_a_display_the_app_says_so_in_one_line_and_stops(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    # An X server that is not there: SDL cannot open a window.
    env.update(PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="x11", DISPLAY=":97", SDL_AUDIODRIVER="dummy", ORLAN_DATA_DIR=str(tmp_path))
    proc = subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0] and "--offscreen" in lines[0], proc.stderr
    assert proc.stdout == ""


def test_the_off_screen_driver_runs_only_when_asked(monkeypatch):
    import pygame

    from game import cli

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")  # what SDL falls back to
    problem = cli.display_problem(asked_offscreen=False)
    assert "no display" in problem and "SDL_VIDEODRIVER=dummy" in problem
    assert cli.display_problem(asked_offscreen=True) is None
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert cli.display_problem(asked_offscreen=False) is None
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    assert cli.display_problem(asked_offscreen=False) is None


# ------------------------------------------------------------------ --kiosk without a file
@pytest.mark.parametrize("content, reason", [(None, "kiosk.off_missing"), ('{"enabled": false, "operator_code": "1234"}', "kiosk.off_disabled"),
                                             ('{"operator_code": "12"}', "kiosk.off_invalid")])
def test_kiosk_without_a_usable_file_says_on_screen_what_is_missing(tmp_path, monkeypatch, content, reason):
    from game import i18n
    from game.app import open_app
    from game.storage import set_default_storage

    config = tmp_path / "config"
    config.mkdir()
    if content is not None:
        (config / "kiosk.json").write_text(content)
    monkeypatch.setenv("ORLAN_CONFIG_DIR", str(config))
    monkeypatch.setenv("ORLAN_DATA_DIR", str(tmp_path / "data"))
    set_default_storage(None)
    try:
        app = open_app(["--kiosk", "--size=800x480"])
        i18n.set_language("en")
        app.run_frames(2)
        notice = app.scenes.top
        assert notice.name == "kiosk_off" and app.kiosk is None
        text = " ".join(line for line, _ in notice.lines(10_000))
        path = str(config / "kiosk.json")
        assert i18n.t(reason, path=path) in " ".join(notice.reasons())
        assert path in text and '"operator_code"' in text and "python -m game.kiosk" in text
        notice.back()
        assert app.scenes.top.name == "menu"
    finally:
        set_default_storage(None)


def test_kiosk_with_a_good_file_opens_kiosk_mode(tmp_path, monkeypatch):
    from game.app import open_app
    from game.storage import set_default_storage
    from game.ui import widgets

    (tmp_path / "kiosk.json").write_text('{"operator_code": "1234"}')
    monkeypatch.setenv("ORLAN_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("ORLAN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_NO_SIGNAL_HANDLERS", "1")  # kiosk mode sets it: put back after
    set_default_storage(None)
    min_button = widgets.MIN_BUTTON_PX
    on_sigterm = signal.getsignal(signal.SIGTERM)  # kiosk mode takes SIGTERM over
    try:
        app = open_app(["--kiosk", "--size=800x480"])
        assert app.kiosk is not None and app.scenes.top.name == "attract"
    finally:
        signal.signal(signal.SIGTERM, on_sigterm)
        widgets.MIN_BUTTON_PX = min_button
        set_default_storage(None)


# ------------------------------------------------------------------ python main.py saves
def test_saves_lists_the_games_in_progress_and_the_recent_games_and_changes_nothing(tmp_path):
    from game.app import App
    from game.scenes.match import Match, Seat
    from game.settings import Settings
    from game.storage import FileStorage

    data = tmp_path / "data"
    app = App((800, 480), headless=True, settings=Settings(language="en", sound=False), storage=FileStorage(data))
    app.run_frames(2)
    games = [
        Match("bezique", [Seat("human", "Ana"), Seat("expert", "Bot 2")], {}, seed=2),
        Match("olsen", [Seat("human", "Ana"), Seat("human", "Bo"), Seat("human", "Cy")], {}, seed=3),
    ]
    for m in games:
        app.match = m
        while len(m.tally.rounds) < 1:
            m.play(m.state.legal_moves()[0])
        app.save_match()
    done = Match("orlan", [Seat("human", "Ana"), Seat("simple", "Bot 2")], {"target": 11}, seed=4)
    while not done.finished:
        done.play(done.state.legal_moves()[0])
    app.match = done
    app.record_finished(done)
    (data / "game.aluette.json").write_text("{damaged")
    before = {p.name: p.read_bytes() for p in data.iterdir()}
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "saves", "--data-dir", str(data)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert f"Orlan keeps its files in {data}" in out
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ") and line.split()[0] in ("Bezique", "Olsen", "Orlan")}
    bez, ols = games
    assert "Ana, Bot 2 (Expert AI)" in rows["Bezique"] and "Deal 2" in rows["Bezique"] and "game.bezique.json" in rows["Bezique"]
    assert f"Ana: {bez.tally.totals[0]} · Bot 2: {bez.tally.totals[1]}" in rows["Bezique"]
    assert "Ana, Bo, Cy" in rows["Olsen"] and "Hand 2" in rows["Olsen"]
    result = done.state.result()
    assert f"Ana: {result['totals'][0]} · Bot 2: {result['totals'][1]}" in rows["Orlan"] and f"replay.{done.replay.id}.json" in rows["Orlan"]
    assert str(len(result["rounds"])) in rows["Orlan"].split()
    assert "damaged: Aluette" in out
    assert {p.name: p.read_bytes() for p in data.iterdir()} == before  # only looked


def test_saves_in_an_empty_or_missing_folder(tmp_path):
    from game.saves_report import report

    assert report(str(tmp_path / "nowhere"))[1].strip().startswith("(no such folder")
    lines = report(str(tmp_path))
    assert "Games in progress (0; one per game, each file game.<game>.json):" in lines and "  none" in lines


def test_saves_is_in_the_help(tmp_path):
    out = run_help([sys.executable, str(ROOT / "main.py")], tmp_path)
    assert "saves" in out and "games in progress" in out and "--offscreen" in out
    with pytest.raises(SystemExit):
        build_parser("orlan").parse_args(["saves", "--help"])
