"""Build the browser version with pygbag into build/web, with no network access.

    python tools/build_web.py            # build/web/index.html, orlan.apk, orlan.tar.gz, favicon.png
    python tools/build_web.py --serve    # then serve build/web on http://localhost:8000/

Steps:
1. Stage only what the browser needs in build/web-stage/orlan/: main.py, game/, data/, and
   the pure-Python packages the app imports (pygame_gui without its CJK fonts, and its
   i18n dependency) so the page does not fetch them. pygbag packs a whole folder (and
   would pack tests, docs and tools), which is why a staging folder is used.
2. Run ``python -m pygbag --build`` on it with the project's own page template
   (web/index.tmpl) and icon (web/favicon.png). Given both as local files pygbag makes
   no network request; without them it retries its CDN forever. A timeout bounds the run.
3. Copy the result to build/web and check it: no unfilled placeholder in index.html, and
   main.py, the rules, the i18n files, the card assets and the sounds inside the archive.

What the page still needs at run time: the pygbag runtime (pythons.js, the CPython wasm
build, pygame-ce), loaded from pygbag's CDN on first load; nothing else (no numpy: the
sounds are files, see tools/make_sounds.py). See docs/web.md.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_NAME = "orlan"  # pygbag names the archive after the staged folder: orlan.apk / orlan.tar.gz
STAGE = ROOT / "build" / "web-stage" / APP_NAME  # --work changes both
OUT = ROOT / "build" / "web"
TEMPLATE = ROOT / "web" / "index.tmpl"
ICON = ROOT / "web" / "favicon.png"
# Pure-Python packages the app imports that the browser runtime does not provide.
VENDORED = ("pygame_gui", "i18n")
# pygame_gui ships 40 MB of CJK fonts; the app's languages (en, fr, nl) use Noto Sans only.
VENDOR_SKIP = ("__pycache__", "*.pyc", "__pyinstaller", "tests", "NotoSansJP-*", "NotoSansKR-*", "NotoSansSC-*")
OUTPUTS = ("index.html", "favicon.png", f"{APP_NAME}.apk", f"{APP_NAME}.tar.gz")
# What must be inside the archive for the game to run (checked after the build).
REQUIRED = ("main.py", "game/rules/orlan.py", "game/storage.py", "data/i18n/en.json", "data/cards", "data/sounds/play.ogg")


def set_paths(out: Path, work: Path) -> None:
    global OUT, STAGE
    OUT, STAGE = out.resolve(), work.resolve() / APP_NAME


def stage() -> list[str]:
    """Copy the app into the staging folder; returns the vendored package names."""
    if STAGE.exists():
        shutil.rmtree(STAGE)
    STAGE.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    shutil.copy2(ROOT / "main.py", STAGE / "main.py")
    shutil.copytree(ROOT / "game", STAGE / "game", ignore=ignore)
    if (ROOT / "data").is_dir():
        shutil.copytree(ROOT / "data", STAGE / "data", ignore=ignore)
    vendored = []
    for name in VENDORED:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            print(f"warning: {name} is not installed here; the page will try to fetch it", file=sys.stderr)
            continue
        src = Path(list(spec.submodule_search_locations)[0])
        shutil.copytree(src, STAGE / name, ignore=shutil.ignore_patterns(*VENDOR_SKIP))
        vendored.append(name)
    return vendored


def run_pygbag(timeout: float) -> None:
    cmd = [
        sys.executable, "-m", "pygbag",
        "--build",
        "--no_opt",  # no pngquant/ffmpeg passes: the assets are already small
        "--template", str(TEMPLATE),
        "--icon", str(ICON),
        "--title", "Orlan",
        "--package", "org.orlan.game",
        str(STAGE),
    ]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    print("$", " ".join(cmd))
    # cwd = staging parent: pygbag reads a pygbag.ini from its working folder if there is one.
    proc = subprocess.run(cmd, cwd=STAGE.parent, env=env, timeout=timeout, capture_output=True, text=True)
    log = STAGE.parent / "pygbag.log"
    log.write_text(proc.stdout + proc.stderr, encoding="utf-8")
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"pygbag failed with code {proc.returncode}; full log in {log}")


def collect() -> None:
    built = STAGE / "build" / "web"
    OUT.mkdir(parents=True, exist_ok=True)
    for name in OUTPUTS:
        (OUT / name).unlink(missing_ok=True)
    for name in OUTPUTS:
        if not (built / name).exists():
            raise SystemExit(f"pygbag did not produce {name} in {built}")
        shutil.copy2(built / name, OUT / name)


def archive_names() -> list[str]:
    """Files inside the packed game, relative to the app folder (assets/ prefix removed)."""
    with tarfile.open(OUT / f"{APP_NAME}.tar.gz") as tar:
        return [n.removeprefix("assets/") for n in tar.getnames()]


def check() -> list[str]:
    """Problems with build/web (empty list when the build is usable)."""
    problems = []
    html = (OUT / "index.html").read_text(encoding="utf-8")
    if "{{cookiecutter" in html:
        problems.append("index.html still has unfilled {{cookiecutter.*}} placeholders")
    if f'archive : "{APP_NAME}"' not in html:
        problems.append("index.html does not name the orlan archive")
    names = archive_names()
    for req in REQUIRED:
        if not any(n == req or n.startswith(req + "/") for n in names):
            problems.append(f"{req} is missing from the archive")
    with zipfile.ZipFile(OUT / f"{APP_NAME}.apk") as apk:
        if sorted(n.removeprefix("assets/") for n in apk.namelist()) != sorted(names):
            problems.append("orlan.apk and orlan.tar.gz hold different files")
    if any(n.startswith(("tests/", "tools/", "docs/")) for n in names):
        problems.append("the archive holds development folders")
    return problems


def serve(port: int) -> None:
    import functools
    import http.server

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(OUT))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        print(f"serving {OUT} on http://localhost:{port}/ (Ctrl+C to stop)")
        httpd.serve_forever()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Build the browser version (pygbag) into build/web.")
    p.add_argument("--timeout", type=float, default=600, help="seconds before the pygbag run is stopped")
    p.add_argument("--serve", action="store_true", help="serve build/web on localhost after building")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--out", type=Path, default=OUT, help="output folder (default build/web)")
    p.add_argument("--work", type=Path, default=STAGE.parent, help="staging folder (default build/web-stage)")
    args = p.parse_args(argv)
    set_paths(args.out, args.work)
    t0 = time.perf_counter()
    vendored = stage()
    try:
        run_pygbag(args.timeout)
    except subprocess.TimeoutExpired:
        raise SystemExit(f"pygbag did not finish in {args.timeout:.0f} s (is it trying to reach its CDN?)")
    collect()
    problems = check()
    for line in problems:
        print("problem:", line, file=sys.stderr)
    size = sum((OUT / name).stat().st_size for name in OUTPUTS)
    print(
        f"build/web: {len(archive_names())} files packed, vendored {', '.join(vendored) or 'nothing'}, "
        f"{size / 1e6:.1f} MB, {time.perf_counter() - t0:.1f} s"
    )
    if problems:
        return 1
    if args.serve:
        serve(args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
