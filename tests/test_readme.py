"""The README's two commands: one to play, one to test, each making the virtual environment
first, the test one being what .ci/run executes; and the Python version it names is the
package's."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def commands(text: str) -> list[str]:
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", text, re.S)]


def test_one_command_to_play_and_one_to_test_each_with_its_virtual_environment():
    (play,) = commands(section("Start the game"))
    (test,) = commands(section("Run the tests"))
    for line in (play, test):
        assert "\n" not in line
        assert line.startswith("python3 -m venv .venv && . .venv/bin/activate && python -m pip install -e ")
    assert play.endswith("&& python main.py") and test.endswith("&& python -m pytest")


def test_the_test_command_is_the_one_ci_runs():
    # .ci/run's own way of finding it.
    found = subprocess.run("grep -A2 'test-command' README.md | grep -m1 'pytest'", shell=True, cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    assert found == commands(section("Run the tests"))[0]
    assert "grep -A2 'test-command' README.md | grep -m1 'pytest'" in (ROOT / ".ci" / "run").read_text()


def test_the_python_version_named_is_the_packages():
    required = re.search(r'requires-python = ">=(\d+\.\d+)"', (ROOT / "pyproject.toml").read_text()).group(1)
    assert f"Python {required} or newer" in section("Start the game")
