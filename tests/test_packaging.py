"""Packaging: the wheel carries the data and the launchers; the desktop entry installs."""
import configparser
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "main.py", "game", "data", "packaging", "web")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """Build the wheel from a clean copy of the sources (no network: no build isolation)."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    for name in SOURCES:
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif p.exists():
            shutil.copy2(p, src / name)
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(base / "dist"), str(src)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    [whl] = (base / "dist").glob("orlan-*.whl")
    return whl


def test_wheel_holds_every_data_file_and_the_launchers(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        entry_points = next(z.read(n).decode() for n in names if n.endswith("entry_points.txt"))
    data_files = {f"game/data/{p.relative_to(ROOT / 'data').as_posix()}" for p in (ROOT / "data").rglob("*") if p.is_file()}
    assert data_files and data_files <= names
    assert "game/rules/orlan.py" in names and "game/paths.py" in names
    assert not any(n.startswith(("tests/", "tools/")) for n in names)
    ep = configparser.ConfigParser()
    ep.read_string(entry_points)
    assert ep["gui_scripts"]["orlan"] == "game.cli:main"
    assert ep["console_scripts"]["orlan-cli"] == "game.cli:main"


def test_installed_package_finds_its_data_outside_the_checkout(wheel, tmp_path):
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    code = (
        "import game, game.paths, game.i18n, json, sys\n"
        "from game.cli import main\n"
        "print(game.__file__)\n"
        "print(game.paths.data_dir())\n"
        "game.i18n.set_language('fr')\n"
        "print(json.load(open(game.paths.data_path('cards', 'style.json')))['tables']['green'])\n"
        "main(['--help'])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(str(site))  # the installed copy, not the checkout
    assert lines[1] == str(site / "game" / "data")
    assert "simulate" in proc.stdout


def _entry(path):
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str
    cp.read(path)
    return cp["Desktop Entry"]


def test_install_desktop_writes_entry_and_icon_and_uninstalls(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "share"), "PATH": str(tmp_path / "bin") + os.pathsep + os.environ["PATH"]}
    # With an `orlan` launcher on PATH (as after pip install .) the entry starts it.
    (tmp_path / "bin").mkdir()
    launcher = tmp_path / "bin" / "orlan"
    launcher.write_text("#!/bin/sh\n")
    launcher.chmod(0o755)
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "install_desktop.py")], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    desktop = tmp_path / "share" / "applications" / "orlan.desktop"
    icon = tmp_path / "share" / "icons" / "hicolor" / "256x256" / "apps" / "orlan.png"
    entry = _entry(desktop)
    assert entry["Type"] == "Application" and entry["Name"] == "Orlan" and entry["Terminal"] == "false"
    assert entry["Exec"] == str(launcher.resolve())
    assert Path(entry["Icon"]) == icon and icon.read_bytes() == (ROOT / "packaging" / "orlan.png").read_bytes()
    assert "Game;" in entry["Categories"]
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "install_desktop.py"), "--uninstall"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and not desktop.exists() and not icon.exists()


def test_install_desktop_without_launcher_runs_this_checkout(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "share"), "PATH": str(tmp_path / "empty")}
    subprocess.run([sys.executable, str(ROOT / "tools" / "install_desktop.py")], env=env, check=True, capture_output=True, timeout=60)
    exec_line = _entry(tmp_path / "share" / "applications" / "orlan.desktop")["Exec"]
    assert exec_line.split() == [sys.executable, str(ROOT / "main.py")]


def test_icons_are_square_pngs_of_the_documented_sizes():
    import pygame

    for path, size in ((ROOT / "packaging" / "orlan.png", 256), (ROOT / "web" / "favicon.png", 64)):
        assert pygame.image.load(str(path)).get_size() == (size, size)


@pytest.mark.skipif(not os.environ.get("ORLAN_TEST_DESKTOP_BUILD"), reason="minutes long: set ORLAN_TEST_DESKTOP_BUILD=1")
def test_pyinstaller_build_starts_and_reaches_the_menu(tmp_path):
    pytest.importorskip("PyInstaller")
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "build_desktop.py"), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "smoke test: MenuScene" in proc.stdout
