"""The Bezique family's texts: every option and combination labelled in every language, and a
rules page per language stating each declaration's points and the game's options."""
import json
from pathlib import Path

import pytest

from game import i18n
from game.rules import game_class

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["bezique", "marjolet", "binage", "fildinski", "rubicon"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_option_and_combination_has_a_label(game, lang):
    cls = game_class(game)
    table = json.loads((ROOT / "data" / "i18n" / "games" / f"{game}.{lang}.json").read_text(encoding="utf-8"))
    assert f"{game}.title" in table and f"{game}.description" in table
    for o in cls.info.options:
        assert f"{game}.option.{o.name}" in table
        if isinstance(o.default, str):
            for choice in o.choices:
                assert f"{game}.option.{o.name}.{choice}" in table
    for c in cls.variant.table:
        assert f"{game}.combination.{c.id}" in table


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_rules_page_states_the_table_and_the_choices(game, lang):
    text = i18n.rules_text(game, lang)
    assert text == (ROOT / "data" / "i18n" / "rules" / f"{game}.{lang}.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and line.rstrip().endswith("|")]
    points = [line.rstrip("| ").rsplit("|", 1)[-1].strip() for line in rows[1:]]
    expected = [str(c.points) for c in game_class(game).variant.table]
    if game != "rubicon":
        expected.append("10")  # the Dix
    assert points == expected
    assert sum(1 for line in text.splitlines() if line.startswith("## ")) == 8
