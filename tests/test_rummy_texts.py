"""The rummy family's texts: every option the setup shows, labelled in every language, is
explained on the game's rules page in that language under the label the setup shows, with
its labelled choices quoted and the default the rules declare named as the default."""
import json
import re
from pathlib import Path

import pytest

from game import i18n
from game.rules import game_class

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["basic_rummy", "classic_rummy", "boathouse_rummy", "jersey_gin"]
# How each page says "the default" (the options section's own word).
DEFAULT = {"en": "default", "fr": "par défaut", "nl": "standaard"}


def table(game: str, lang: str) -> dict:
    return json.loads((ROOT / "data" / "i18n" / "games" / f"{game}.{lang}.json").read_text(encoding="utf-8"))


def shown(text, count: int = 0) -> str:
    """A label as the setup shows it (a plural entry with its count)."""
    if isinstance(text, dict):
        text = text["one" if count == 1 else "other"]
    return text.format(count=count)


def options_section(page: str) -> tuple[str, list[str]]:
    """The options section of a page: its lines before the first bullet, and its bullets."""
    sections = re.split(r"^## ", page, flags=re.M)
    section = next(s for s in sections if re.match(r"\d+\. (Options|Opties)\b", s))
    lines = section.splitlines()[1:]
    intro = " ".join(line for line in lines if not line.startswith("- "))
    return intro, [line for line in lines if line.startswith("- ")]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_option_has_a_label_and_its_choices_theirs(game, lang):
    texts = table(game, lang)
    assert f"{game}.title" in texts and f"{game}.description" in texts and f"{game}.setup_note" in texts
    for o in game_class(game).info.options:
        assert isinstance(texts.get(f"{game}.option.{o.name}"), str), o.name
        if isinstance(o.default, str):
            for choice in o.choices:
                assert f"{game}.option.{o.name}.{choice}" in texts, (o.name, choice)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_rules_page_explains_every_option_under_its_setup_label_with_its_default(game, lang):
    page = i18n.rules_text(game, lang)
    assert page == (ROOT / "data" / "i18n" / "rules" / f"{game}.{lang}.md").read_text(encoding="utf-8")
    texts = table(game, lang)
    intro, bullets = options_section(page)
    marker = DEFAULT[lang]
    options = game_class(game).info.options
    assert len(bullets) == len(options)  # one bullet an option, no option of another game
    for o in options:
        label = texts[f"{game}.option.{o.name}"]
        line = next((b for b in bullets if b.startswith(f"- **{label}**")), None)
        assert line is not None, (label, bullets)
        words = {c: str(c).lower() if isinstance(c, bool) else str(c) for c in o.choices}
        named = {c: shown(texts[f"{game}.option.{o.name}.{w}"], c if isinstance(c, int) else 0) for c, w in words.items() if f"{game}.option.{o.name}.{w}" in texts}
        for choice, text in named.items():  # every labelled choice, as the setup shows it
            assert text in line, (o.name, text, line)
        if o.default in named:
            # The default's label comes right before "(the default)".
            at = line.index(named[o.default]) + len(named[o.default])
            assert marker in line[at:at + 8 + len(marker)], (o.name, line)
            assert all(line.index(text) > line.index(marker) for c, text in named.items() if c != o.default), line
        elif isinstance(o.default, bool):
            assert marker in line or marker in intro, (o.name, line)  # "off by default", or said once for all
        else:
            after = re.search(rf"{re.escape(marker)}\s+(\d+)\b", line)
            before = re.search(rf"(\d+)\D{{0,16}}{re.escape(marker)}", line)
            number = (after or before).group(1) if after or before else None
            assert number == str(o.default), (o.name, line)
