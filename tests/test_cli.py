"""The command line names itself after the way it was started (usage lines in --help)."""
from __future__ import annotations

import os
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
