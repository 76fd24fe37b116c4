"""Counts read right in every language: every text whose parameters include a number (found
from the text files, not from a list) is rendered with 0, 1 and 2 in English, French and
Dutch, and a counted number followed by a word is the count of a plural text."""
from __future__ import annotations

import re

import pytest

from game import i18n

TABLES = {lang: dict(i18n.load(lang)) for lang in i18n.LANGUAGES}
CATEGORIES = {"one", "other"}


def forms(value) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def names(key: str) -> set[str]:
    return {n for lang in TABLES for text in forms(TABLES[lang][key]) for n in i18n.placeholders(text)}


def followed_by_word(text: str, name: str) -> bool:
    """``{name}`` directly followed by a word (after spaces): "{count} deals", "{count} kaarten"."""
    return re.search(r"\{" + name + r"\}[\s\u00a0\u202f]*[^\W\d_]", text) is not None


COUNT_TEXTS = sorted(k for k in TABLES["en"] if names(k) & i18n.COUNTS)


def test_every_placeholder_is_declared_a_count_an_ordinal_or_words():
    """A new placeholder name must be declared in game/i18n.py: a number cannot slip into a
    text without being checked here."""
    declared = i18n.COUNTS | i18n.ORDINALS | i18n.WORDS
    assert not (i18n.COUNTS & i18n.ORDINALS) and not (i18n.COUNTS | i18n.ORDINALS) & i18n.WORDS
    unknown = {(k, n) for k in TABLES["en"] for n in names(k) if n not in declared}
    assert not unknown, f"declare these placeholders in game/i18n.py: {sorted(unknown)}"
    assert len(COUNT_TEXTS) > 150  # the detection finds the app's and the games' counts


@pytest.mark.parametrize("key", COUNT_TEXTS)
def test_a_counted_number_followed_by_a_word_is_the_count_of_a_plural_text(key):
    for lang, table in TABLES.items():
        for text in forms(table[key]):
            worded = {n for n in i18n.placeholders(text) & i18n.COUNTS if followed_by_word(text, n)}
            assert worded <= {"count"}, f"{lang} {key}: {sorted(worded)} counts a word: make it the count of a plural text ({text!r})"
            if worded:
                assert isinstance(table[key], dict), f"{lang} {key}: {{count}} counts a word but the text has one form ({text!r})"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_plural_texts_have_the_forms_of_the_language_and_show_their_count(lang):
    for key, value in TABLES[lang].items():
        if not isinstance(value, dict):
            continue
        assert CATEGORIES <= set(value) and all(k in CATEGORIES or k.isdigit() for k in value), (lang, key, set(value))
        for category, text in value.items():
            # A form for several numbers shows which: English and Dutch "one" is exactly 1 and
            # may say "the joker", French "one" is 0 and 1 and must show the number.
            if category == "other" or (category == "one" and lang == "fr"):
                assert "{count}" in text, (lang, key, category, text)


def sample(name: str, value):
    return value if name in i18n.COUNTS | i18n.ORDINALS else "x"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("count", [0, 1, 2])
def test_every_count_text_with_0_1_and_2(lang, count):
    """Each counted number of each count text set to 0, 1 and 2 (the others to 2): the text
    shows the number, the plural form is the language's for it, nothing is left unfilled."""
    i18n.set_language(lang)
    try:
        for key in COUNT_TEXTS:
            value = TABLES[lang][key]
            for counted in sorted(names(key) & i18n.COUNTS):
                params = {n: sample(n, 2) for n in names(key)}
                params[counted] = count
                if isinstance(value, dict) and "count" not in params:
                    params["count"] = 2
                shown = i18n.t(key, **params)
                assert "{" not in shown and "}" not in shown, (lang, key, shown)
                if isinstance(value, dict) and counted == "count":
                    expected = value.get(str(count)) or value[i18n.plural_form(count, lang)]
                    assert shown == expected.format(**{n: i18n.format_number(v) if isinstance(v, int) else v for n, v in params.items()}), (lang, key, count)
                    if expected is not value.get(str(count)) and (lang == "fr" or count != 1 or "{count}" in expected):
                        assert str(count) in shown, (lang, key, shown)
                else:
                    assert str(count) in shown, (lang, key, shown)
    finally:
        i18n.set_language("en")


def test_the_language_rules():
    # English and Dutch: one for exactly 1; French: 0 and 1 (and 1,5) are singular.
    assert [i18n.plural_form(n, "en") for n in (0, 1, 2, 1.5)] == ["other", "one", "other", "other"]
    assert [i18n.plural_form(n, "nl") for n in (0, 1, 2, 1.5)] == ["other", "one", "other", "other"]
    assert [i18n.plural_form(n, "fr") for n in (0, 1, 2, 1.5)] == ["one", "one", "other", "one"]
    i18n.set_language("fr")
    try:
        assert i18n.t("rubicon.option.deals.value", count=1) == "1 donne"
        assert i18n.t("rubicon.option.deals.value", count=0) == "0 donne"
        i18n.set_language("nl")
        assert i18n.t("rubicon.option.deals.value", count=1) == "1 hand"
        i18n.set_language("en")
        assert i18n.t("rubicon.option.deals.value", count=1) == "1 deal"
        assert i18n.t("rubicon.option.deals.value", count=0) == "0 deals"
    finally:
        i18n.set_language("en")


def test_a_number_passed_as_words_or_a_plural_without_count_is_caught_under_the_tests():
    assert i18n.STRICT  # tests/conftest.py
    with pytest.raises(ValueError, match="count"):
        i18n.t("table.hand_count", n=3)
    with pytest.raises(ValueError, match="declared"):
        i18n.t("seat.player", n=1, name=3)
