"""User-visible strings: data/i18n/{en,fr,nl}.json looked up by key.

    t("menu.new_game")                    plain string
    t("table.stock", n=12)                placeholders are ``{name}`` (str.format)
    t("summary.cards", count=3)           a value that is a dict {"one": ..., "other": ...}
                                          is a plural form, chosen by the ``count`` parameter

Plural forms follow each language's rule (``plural_form``): English and Dutch use "one" for
exactly 1, French for 0 and 1 (and any number under 2, as 1,5 point). A dict may also hold
a form for one exact number (``"1": "the joker"``), used before the language's rule.

Every placeholder name is declared below as a count, an ordinal or words, so a number
cannot reach a text unnoticed: a *count text* is one with a counted number, and a counted
number directly followed by a word (in any language) must be the ``count`` of a plural
text. ``tests/test_plurals.py`` renders every count text with 0, 1 and 2 in every language;
under the tests (``STRICT``) a number passed as words, or a plural text without ``count``,
raises.

Numbers passed as parameters are formatted for the language (thousands separator).
``set_language`` switches at once: every scene asks ``t`` again when it draws or rebuilds.
A missing key in fr/nl falls back to English, and a missing key everywhere shows the key
itself, so a gap is visible but never crashes the table (a test checks there are none).
"""
from __future__ import annotations

import json
import locale
import os
import string
from typing import Any

from game.paths import data_path

DATA_DIR = data_path("i18n")
LANGUAGES = ("en", "fr", "nl")
DEFAULT = "en"

# Placeholder names: a new one goes in one of these sets (tests/test_plurals.py).
COUNTS = frozenset({
    "count", "points", "deals", "hands", "target", "clubs", "tricks", "sets", "honours", "chips",
    "cost", "se", "low", "value", "pages", "agreement", "done", "total", "moves", "score",
})  # numbers that count something (they may also carry words: "moves" in the review's ranking)
ORDINALS = frozenset({
    "n", "round", "deal", "hand", "move", "page", "team", "version", "supported", "seat", "day", "year",
})  # numbers that name a position or a date: player 2, round 3, deal 4 of 10, 30 Nov 2026
WORDS = frozenset({
    "name", "names", "card", "cards", "combination", "combo", "suit", "rank", "reason", "game",
    "list", "detail", "path", "meld", "what", "backup", "field", "to", "rule", "date", "play",
    "players", "doing", "deck", "options", "ways", "taken", "deeper", "round_name", "month", "when", "time",
})  # words: names, cards, lists, counts already worded by a plural text
STRICT = False  # tests: a number passed as words, or a plural text without count, raises

_tables: dict[str, dict[str, Any]] = {}
_current = DEFAULT


def load(lang: str) -> dict[str, Any]:
    """The app's table for a language, with every game's own texts merged in.

    A game keeps its texts beside the app's, in ``data/i18n/games/<game id>.<lang>.json``,
    every key starting with ``<game id>.``: a new game adds its files and edits no shared one.
    """
    if lang not in _tables:
        with open(DATA_DIR / f"{lang}.json", encoding="utf-8") as f:
            table = json.load(f)
        for path in sorted((DATA_DIR / "games").glob(f"*.{lang}.json")):
            with open(path, encoding="utf-8") as f:
                table.update(json.load(f))
        _tables[lang] = table
    return _tables[lang]


def system_language() -> str:
    """fr, nl or en from the environment (first start); en for anything else."""
    candidates = [os.environ.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except (ValueError, TypeError):
        pass
    for value in candidates:
        for part in value.split(":"):
            code = part.strip().lower()[:2]
            if code in LANGUAGES:
                return code
    return DEFAULT


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        lang = DEFAULT
    load(lang)
    _current = lang


def language() -> str:
    return _current


def format_number(value: float | int, lang: str | None = None) -> str:
    lang = lang or _current
    if isinstance(value, float) and not value.is_integer():
        text = f"{value:,.1f}"
    else:
        text = f"{int(value):,}"
    if lang == "fr":
        # French: narrow no-break space for thousands, comma for decimals.
        return text.replace(",", "\u202f").replace(".", ",")
    if lang == "nl":
        return text.replace(",", "\x00").replace(".", ",").replace("\x00", ".")
    return text


def plural_form(count: float, lang: str) -> str:
    """The CLDR category: French counts 0 and 1 (and 1,5) as singular; English and Dutch
    only exactly 1."""
    if lang == "fr":
        return "one" if abs(count) < 2 else "other"
    return "one" if abs(count) == 1 else "other"


def choose_form(forms: dict, count: float, lang: str) -> str | None:
    """A plural text's form for ``count``: its exact-number form, else the language's."""
    if float(count).is_integer() and str(int(count)) in forms:
        return forms[str(int(count))]
    return forms.get(plural_form(count, lang), forms.get("other"))


def lookup(key: str, lang: str | None = None) -> Any:
    lang = lang or _current
    for table_lang in (lang, DEFAULT):
        value = load(table_lang).get(key)
        if value is not None:
            return value
    return None


def t(key: str, **params: Any) -> str:
    value = lookup(key)
    if value is None:
        return key
    if STRICT:
        check_params(key, value, params)
    if isinstance(value, dict):
        count = params.get("count", 0)
        value = choose_form(value, count if isinstance(count, (int, float)) else 0, _current) or key
    if not params:
        return value
    shown = {k: format_number(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v for k, v in params.items()}
    try:
        return value.format(**shown)
    except (KeyError, IndexError, ValueError):
        return value


def check_params(key: str, value: Any, params: dict[str, Any]) -> None:
    """Under the tests: numbers come as counts or ordinals, a plural text gets its count."""
    for name, v in params.items():
        if isinstance(v, (int, float)) and not isinstance(v, bool) and name not in COUNTS | ORDINALS:
            raise ValueError(f"{key}: the number {v!r} is passed as {name!r}, not a declared count or ordinal (game/i18n.py)")
    if isinstance(value, dict) and not isinstance(params.get("count"), (int, float)):
        raise ValueError(f"{key} is a plural text: it needs a number as count, got {params.get('count')!r}")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def rules_text(game_id: str, lang: str | None = None) -> str:
    lang = lang or _current
    for table_lang in (lang, DEFAULT):
        path = DATA_DIR / "rules" / f"{game_id}.{table_lang}.md"
        if path.exists():
            return path.read_text(encoding="utf-8")
    return ""
