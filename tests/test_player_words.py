"""Words a player can read: the in-app texts of every game (data/i18n/games) and the app's
own, in every language, name no source text ("as the text allows"), use no shorthand a
player was never taught ("P-V", "†1") and no abbreviation with a full stop."""
from __future__ import annotations

import re

import pytest

from game import i18n

TABLES = {lang: dict(i18n.load(lang)) for lang in i18n.LANGUAGES}
SOURCE = {"en": r"\bthe text\b|\btext's\b", "fr": r"\b(du|le) texte\b", "nl": r"\bde tekst\b|\buit de tekst\b"}


def texts(lang: str):
    for key, value in TABLES[lang].items():
        for text in value.values() if isinstance(value, dict) else [value]:
            yield key, text


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_text_points_at_a_source_the_player_never_sees(lang):
    found = [(k, s) for k, s in texts(lang) if re.search(SOURCE[lang], s, re.IGNORECASE)]
    assert not found, found


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_shorthand_a_player_was_never_taught(lang):
    # "P-V" (a variant's initials); card runs such as K-A-2 are cards, not initials.
    initials = [(k, s) for k, s in texts(lang) if re.search(r"(?<![\w-])[A-Z]-[A-Z](?![\w-])", s)]
    assert not initials, initials
    # Trumps are named as the cards name them ("Trump 1"), not with a typographer's dagger.
    daggers = [(k, s) for k, s in texts(lang) if "†" in s]
    assert not daggers, daggers
    # Abbreviations with a full stop ("t.o.v.", "pts."), not whole words ending a sentence.
    abbreviations = [(k, s) for k, s in texts(lang) if re.search(r"\b(\w\.){2,}|\b(pts|nr|resp|incl|approx)\.", s, re.IGNORECASE)]
    assert not abbreviations, abbreviations


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_triomphe_forcee_names_the_trumps_it_shows(lang):
    """Issue 35: "Bot 2 shows †1"."""
    i18n.set_language(lang)
    try:
        shown = i18n.t("triomphe_forcee.declared_banner", name="Bot 2", combo=i18n.t("triomphe_forcee.card_name.pagat"), count=1)
        assert i18n.t("card.trump", n=1).lower() in shown.lower() and "†" not in shown
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_rules_page_points_at_a_source_the_player_never_sees(lang):
    """The rules pages say "the traditional rules", not "the text" (of a source the player
    has never seen), and state a ruling without telling how the source was damaged."""
    from game import registry

    for entry in registry.ENTRIES:
        page = i18n.rules_text(entry.id, lang)
        assert not re.search(SOURCE[lang], page, re.IGNORECASE), entry.id
        assert not re.search(r"symbol\w* (lost|perdu|verdwenen|verloren)|\bpunten\)\s*(is|est)", page, re.IGNORECASE), entry.id
