"""Build the desktop program with PyInstaller and check that it starts.

    python tools/build_desktop.py            # build/desktop/dist/orlan/orlan (orlan.exe on Windows)
    python tools/build_desktop.py --no-check # build only

The recipe is packaging/orlan.spec. After building, the program is started headless with
``--smoke-test`` (SDL's dummy video driver): it must open the app, run frames and report
the menu scene, then exit. Needs ``pip install pyinstaller`` (the ``desktop`` extra).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_NAME = "orlan"  # the program's name (PyInstaller names the folder and the program after it)
SPEC = ROOT / "packaging" / "orlan.spec"


def build(out: Path, timeout: float) -> Path:
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
           "--distpath", str(out / "dist"), "--workpath", str(out / "work"), str(SPEC)]
    print("$", " ".join(cmd))
    proc = subprocess.run(cmd, cwd=ROOT, timeout=timeout, capture_output=True, text=True)
    (out / "pyinstaller.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr[-4000:])
        raise SystemExit(f"PyInstaller failed ({proc.returncode}); log in {out / 'pyinstaller.log'}")
    exe = out / "dist" / APP_NAME / (f"{APP_NAME}.exe" if os.name == "nt" else APP_NAME)
    if not exe.exists():
        raise SystemExit(f"PyInstaller finished but {exe} is missing")
    return exe


def smoke_test(exe: Path, frames: int = 120, timeout: float = 120) -> str:
    """Start the built program headless, away from the checkout; returns its report line."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("PYTHONPATH", None)
    proc = subprocess.run([str(exe), "--smoke-test", str(frames)], cwd=exe.parent.parent, env=env,
                          timeout=timeout, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"the built program failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    line = proc.stdout.strip().splitlines()[-1]
    help_out = subprocess.run([str(exe), "--help"], env=env, timeout=timeout, capture_output=True, text=True)
    if help_out.returncode != 0 or "simulate" not in help_out.stdout:
        raise SystemExit("the built program's --help does not list the tools")
    return line


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Build the desktop program (PyInstaller) and check it starts.")
    p.add_argument("--out", type=Path, default=ROOT / "build" / "desktop")
    p.add_argument("--timeout", type=float, default=1200)
    p.add_argument("--no-check", action="store_true")
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    exe = build(args.out.resolve(), args.timeout)
    built = time.perf_counter() - t0
    size = sum(f.stat().st_size for f in exe.parent.rglob("*") if f.is_file() and not f.is_symlink())
    print(f"built {exe} ({size / 1e6:.0f} MB folder) in {built:.0f} s")
    if not args.no_check:
        line = smoke_test(exe)
        print(line)
        if "MenuScene" not in line:
            print("the program did not reach the menu", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
