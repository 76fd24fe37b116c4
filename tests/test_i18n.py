"""String tables: complete in every language, same placeholders, no literal UI text in code."""
from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest

from game import i18n

ROOT = Path(__file__).resolve().parent.parent
TABLES = {lang: dict(i18n.load(lang)) for lang in i18n.LANGUAGES}
GAME_TEXTS = sorted((ROOT / "data" / "i18n" / "games").glob("*.json"))


@pytest.mark.parametrize("path", GAME_TEXTS, ids=lambda p: p.name)
def test_a_games_text_file_holds_only_its_own_keys(path):
    game_id = path.name.split(".")[0]
    table = json.loads(path.read_text(encoding="utf-8"))
    assert table and all(key.startswith(game_id + ".") for key in table), path


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _forms(value) -> dict:
    return value if isinstance(value, dict) else {"": value}


def test_every_key_in_every_language():
    keys = set(TABLES["en"])
    for lang, table in TABLES.items():
        assert set(table) == keys, (lang, sorted(set(table) ^ keys))


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_same_placeholders_and_plural_shape(lang):
    for key, en in TABLES["en"].items():
        other = TABLES[lang][key]
        assert isinstance(en, dict) == isinstance(other, dict), key
        if isinstance(en, dict):  # exact-number forms ("1") may differ (tests/test_plurals.py)
            assert {"one", "other"} <= set(en) and {"one", "other"} <= set(other), key
        en_fields = set().union(*(_fields(v) for v in _forms(en).values()))
        other_fields = set().union(*(_fields(v) for v in _forms(other).values()))
        assert en_fields == other_fields, (key, en_fields, other_fields)
        for v in _forms(other).values():
            assert v.strip(), key


def test_every_key_used_in_code_exists():
    used = set()
    for path in list((ROOT / "game" / "scenes").glob("*.py")) + list((ROOT / "game" / "ui").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "t" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant):
                    used.add(arg.value)
    assert used, "no t() calls found"
    missing = sorted(k for k in used if k not in TABLES["en"])
    assert not missing


def test_plural_forms_and_switch_at_once():
    i18n.set_language("en")
    assert i18n.t("table.hand_count", count=1) == "1 card"
    assert i18n.t("table.hand_count", count=3) == "3 cards"
    i18n.set_language("fr")
    assert i18n.t("table.hand_count", count=0) == "0 carte"  # French: 0 is singular
    assert i18n.t("menu.new_game") == "Nouvelle partie"
    i18n.set_language("nl")
    assert i18n.t("table.hand_count", count=0) == "0 kaarten"
    assert i18n.t("card.rank.J") == "B"
    i18n.set_language("en")


def test_number_formatting():
    assert i18n.format_number(12345, "en") == "12,345"
    assert i18n.format_number(12345, "nl") == "12.345"
    assert i18n.format_number(12345, "fr") == "12\u202f345"
    assert i18n.format_number(2.5, "fr") == "2,5"
    i18n.set_language("nl")
    assert i18n.t("stats.percent", value=1250) == "1.250%"
    i18n.set_language("en")


def test_system_language(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    monkeypatch.setenv("LANG", "fr_BE.UTF-8")
    assert i18n.system_language() == "fr"
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    assert i18n.system_language() == "nl"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "en"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_rules_page_per_language(lang):
    text = i18n.rules_text("orlan", lang)
    path = ROOT / "data" / "i18n" / "rules" / f"orlan.{lang}.md"
    assert path.exists() and text == path.read_text(encoding="utf-8")
    assert "Bi Qahwa" in text and "2♣" in text and "10♦" in text
    # Six rule sections plus the app's decisions (starter, teams, leftovers).
    assert sum(1 for line in text.splitlines() if line.startswith("## ")) == 7
    assert "1" in text.split("## ")[-1] and "3" in text.split("## ")[-1]


# Functions whose text argument reaches the screen, and the position of that argument.
SHOWN = {"blit_text": 1, "render": 0, "render_rich": 0, "button": 1, "label": 1, "title": 1, "UIButton": 1, "UILabel": 1}
ALLOWED = {"2♣", "10♦"}  # the card names used as column heads are the same in every language


def _literal_text(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    return None


def scan(tree, filename: str) -> list[str]:
    offenders = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", None))
        if name not in SHOWN:
            continue
        idx = SHOWN[name]
        candidates = node.args[idx : idx + 1] + [kw.value for kw in node.keywords if kw.arg == "text"]
        for arg in candidates:
            # A literal (or an f-string's literal part) reaching the screen must hold no words.
            text = _literal_text(arg)
            if isinstance(arg, ast.BinOp):
                text = " ".join(filter(None, (_literal_text(arg.left), _literal_text(arg.right))))
            if text and any(ch.isalpha() for ch in text) and text not in ALLOWED:
                offenders.append(f"{filename}:{node.lineno}: {text!r}")
    # Lists of header strings (summary, stats) are passed through variables: check them too.
    for node in ast.walk(tree):
        if isinstance(node, ast.List) and len(node.elts) >= 3:
            lits = [_literal_text(e) for e in node.elts]
            words = [x for x in lits if x and any(ch.isalpha() for ch in x) and x not in ALLOWED and " " in x]
            if words:
                offenders.append(f"{filename}:{node.lineno}: {words}")
    return offenders


def test_no_user_visible_literals_in_scenes_and_ui():
    offenders = []
    files = list((ROOT / "game" / "scenes").glob("*.py")) + list((ROOT / "game" / "ui").glob("*.py"))
    for path in files:
        offenders += scan(ast.parse(path.read_text(encoding="utf-8")), path.name)
    assert not offenders, offenders


def test_scanner_catches_literals():
    code = (
        "def draw(s, n):\n"
        "    fonts.blit_text(s, 'Your turn', 12, (0,0,0), (0,0))\n"
        "    self.button(r, f'Round {n}', None)\n"
        "    heads = ['Most cards', 'Total', 'Round points']\n"
        "    fonts.blit_text(s, t('table.empty'), 12, (0,0,0), (0,0))\n"
    )
    found = scan(ast.parse(code), "x.py")
    assert len(found) == 3, found


def test_every_move_kind_of_every_game_has_an_action_label():
    """Buttons and the review's move list name a move by its kind (``action.<kind>``)."""
    from game.rules import GAMES

    kinds = {kind for cls in GAMES.values() for kind in (getattr(cls, "MOVE_KINDS", None) or {})}
    for lang in i18n.LANGUAGES:
        missing = sorted(k for k in kinds if not isinstance(i18n.lookup(f"action.{k}", lang), str))
        assert not missing, (lang, missing)
