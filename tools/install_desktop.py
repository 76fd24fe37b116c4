"""Add Orlan to the desktop's application menu (Linux and other freedesktop systems).

    python tools/install_desktop.py              # install for this user
    python tools/install_desktop.py --uninstall  # remove again

Writes ~/.local/share/applications/orlan.desktop and the icon as
~/.local/share/icons/hicolor/256x256/apps/orlan.png (``XDG_DATA_HOME`` is honoured).
The menu entry starts the ``orlan`` launcher that ``pip install .`` creates when it is on
PATH; otherwise it runs this checkout's main.py with the Python running this script.
"""
from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_NAME = "orlan"  # the launcher pip installs
TEMPLATE = ROOT / "packaging" / "orlan.desktop"
ICON = ROOT / "packaging" / "orlan.png"


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def targets() -> tuple[Path, Path]:
    base = data_home()
    return base / "applications" / "orlan.desktop", base / "icons" / "hicolor" / "256x256" / "apps" / "orlan.png"


def exec_line() -> str:
    launcher = shutil.which(APP_NAME)
    if launcher:
        return shlex.quote(str(Path(launcher).resolve()))
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'main.py'))}"


def desktop_entry(exec_cmd: str, icon: Path) -> str:
    lines = []
    for line in TEMPLATE.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = f"Exec={exec_cmd}"
        elif line.startswith("Icon="):
            line = f"Icon={icon}"  # a full path works even before the icon cache is refreshed
        lines.append(line)
    return "\n".join(lines) + "\n"


def install() -> tuple[Path, Path]:
    desktop, icon = targets()
    desktop.parent.mkdir(parents=True, exist_ok=True)
    icon.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ICON, icon)
    desktop.write_text(desktop_entry(exec_line(), icon), encoding="utf-8")
    desktop.chmod(0o755)
    _refresh(desktop.parent)
    return desktop, icon


def uninstall() -> None:
    for p in targets():
        p.unlink(missing_ok=True)
    _refresh(targets()[0].parent)


def _refresh(applications: Path) -> None:
    # Menus notice new entries by themselves; this only speeds it up where the tool exists.
    tool = shutil.which("update-desktop-database")
    if tool and applications.is_dir():
        subprocess.run([tool, str(applications)], capture_output=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Add Orlan to the application menu (freedesktop).")
    p.add_argument("--uninstall", action="store_true")
    args = p.parse_args(argv)
    if args.uninstall:
        uninstall()
        print("removed the Orlan menu entry")
        return 0
    desktop, icon = install()
    print(f"wrote {desktop}\nwrote {icon}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
