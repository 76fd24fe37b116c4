"""The tarot games' own texts: every option labelled, the same keys and placeholders in
English, French and Dutch, and a rules page in each language."""
import json
import string
from pathlib import Path

import pytest

from game.rules import game_class

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["maison_troggen", "leipzig_taroc", "la_rigueur", "triomphe_forcee"]


def table(game: str, lang: str) -> dict:
    return json.loads((ROOT / "data" / "i18n" / "games" / f"{game}.{lang}.json").read_text(encoding="utf-8"))


def fields(value) -> set:
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_label_in_every_language(game):
    en = table(game, "en")
    assert f"{game}.title" in en and f"{game}.description" in en
    for option in game_class(game).info.options:
        assert f"{game}.option.{option.name}" in en
        if not isinstance(option.default, bool) and not isinstance(option.default, int):
            for choice in option.choices:
                assert f"{game}.option.{option.name}.{choice}" in en
    for lang in ("fr", "nl"):
        other = table(game, lang)
        assert set(other) == set(en)
        for key in en:
            assert fields(en[key]) == fields(other[key]), key


@pytest.mark.parametrize("game", GAMES)
def test_declarations_have_names(game):
    en = table(game, "en")
    if game == "leipzig_taroc":
        from game.rules.leipzig_taroc import combinations_in
        from game.cards import TAROT78
        info = game_class(game).info
        hand = TAROT78.full_mask  # holds every combination
        for name, _, _ in combinations_in(hand, info.resolve(3, {})):
            assert f"{game}.combo.{name.rsplit('_', 1)[0] if name[-2] == '_' else name}" in en
    if game == "triomphe_forcee":
        from game.rules.triomphe_forcee import DECLARATIONS
        for name, _, _ in DECLARATIONS:
            assert f"{game}.combo.{name}" in en


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_a_rules_page_in_every_language(game, lang):
    page = (ROOT / "data" / "i18n" / "rules" / f"{game}.{lang}.md").read_text(encoding="utf-8")
    assert page.startswith("# ") and "##" in page
