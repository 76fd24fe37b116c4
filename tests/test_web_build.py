"""The browser build: pygbag packs the game into build/web with no network, in bounded time."""
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD_TIMEOUT = 300  # seconds: the build takes a few; a hang (CDN retries) must fail, not block CI

pytest.importorskip("pygbag", reason="pip install pygbag (the web extra) to test the browser build")


def _no_network_prefix() -> list[str]:
    """Run in a fresh network namespace (no interfaces) when the system allows it."""
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], capture_output=True).returncode == 0:
        return [unshare, "-n"]
    return []


@pytest.fixture(scope="module")
def web_build(tmp_path_factory):
    base = tmp_path_factory.mktemp("web")
    prefix = _no_network_prefix()
    cmd = prefix + [sys.executable, str(ROOT / "tools" / "build_web.py"), "--out", str(base / "web"),
                    "--work", str(base / "stage"), "--timeout", str(BUILD_TIMEOUT - 30)]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return base / "web", bool(prefix), proc.stdout


def test_build_outputs_page_icon_and_archives(web_build):
    out, isolated, log = web_build
    assert sorted(p.name for p in out.iterdir()) == ["favicon.png", "index.html", "orlan.apk", "orlan.tar.gz"]
    html = (out / "index.html").read_text()
    assert "{{cookiecutter" not in html
    assert 'archive : "orlan"' in html and "<title>Orlan</title>" in html
    assert (out / "favicon.png").read_bytes() == (ROOT / "web" / "favicon.png").read_bytes()
    print("built without network namespace" if not isolated else "built inside an empty network namespace")


def test_archive_holds_the_game_rules_i18n_and_card_assets(web_build):
    out, _, _ = web_build
    with tarfile.open(out / "orlan.tar.gz") as tar:
        names = {n.removeprefix("assets/") for n in tar.getnames()}
        main_py = tar.extractfile("assets/main.py").read().decode()
    assert "main.py" in names and "game/rules/orlan.py" in names and "game/rules/__init__.py" in names
    i18n = {n for n in names if n.startswith("data/i18n/") and n.endswith(".json")}
    assert "data/i18n/en.json" in i18n
    src_i18n = {f"data/i18n/{p.name}" for p in (ROOT / "data" / "i18n").glob("*.json")}
    assert src_i18n <= i18n
    cards = {n for n in names if n.startswith("data/cards/")}
    assert cards and cards == {f"data/{p.relative_to(ROOT / 'data').as_posix()}" for p in (ROOT / "data" / "cards").rglob("*") if p.is_file()}
    assert "pygame_gui/__init__.py" in names and "pygame_gui/data/NotoSans-Regular.ttf" in names
    assert not any("NotoSansJP" in n for n in names)  # 40 MB of fonts the languages do not need
    assert not any(n.startswith(("tests/", "tools/", "docs/", "build/")) for n in names)
    assert main_py == (ROOT / "main.py").read_text()
    with zipfile.ZipFile(out / "orlan.apk") as apk:
        assert {n.removeprefix("assets/") for n in apk.namelist()} == names


def test_every_json_in_the_archive_parses(web_build):
    out, _, _ = web_build
    with tarfile.open(out / "orlan.tar.gz") as tar:
        for m in tar.getmembers():
            if m.name.startswith("assets/data/") and m.name.endswith(".json"):
                json.loads(tar.extractfile(m).read())


def test_page_python_block_compiles_after_substitution(web_build):
    """The runtime runs the page's first <script> as Python: it must at least compile."""
    out, _, _ = web_build
    html = (out / "index.html").read_text()
    start = html.index(">", html.index('<script src="')) + 1
    code = html[start : html.index("</script>", start)]
    assert code.startswith("#<!--") and "async def custom_site" in code
    compile(code, "index.html", "exec")
    assert "pythons.js" in html[:start] and 'data-python="python3.' in html[:start]
