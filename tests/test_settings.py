"""Settings: defaults, every choice round-trips through storage, old and unknown fields."""
import json
from pathlib import Path

import pytest

from game.settings import CHOICES, RENAMED, SETTINGS_NAME, Settings, TABLE_COLOURS, TIMER_CHOICES
from game.storage import FileStorage, MemoryStorage

ROOT = Path(__file__).resolve().parents[1]


def test_six_table_colours_and_the_timer_choices():
    assert len(TABLE_COLOURS) == 6
    assert TIMER_CHOICES == (0, 10, 20, 30, 60)
    assert set(CHOICES) == {"language", "table_colour", "card_back", "four_colour_suits", "turn_timer",
                            "animation_speed", "sound", "fullscreen", "undo_allowed", "tap_confirm"}


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_every_choice_is_remembered_across_runs(tmp_path, name):
    for value in CHOICES[name]:
        s, msg = Settings.load(FileStorage(tmp_path))
        assert msg is None
        setattr(s, name, value)
        assert s.save() is None
        again, _ = Settings.load(FileStorage(tmp_path))  # a new run reads the file again
        assert getattr(again, name) == value
        assert again == s


def test_no_document_gives_defaults():
    s, msg = Settings.load(MemoryStorage())
    assert msg is None and s == Settings()
    s, _ = Settings.load(MemoryStorage(), first_run_language="nl")
    assert s.language == "nl"
    s, _ = Settings.load(MemoryStorage(), first_run_language="xx")
    assert s.language == "en"
    store = MemoryStorage()
    store.put(SETTINGS_NAME, {"language": "fr"})
    assert Settings.load(store, first_run_language="nl")[0].language == "fr"  # only on a first run


def test_choices_match_the_card_and_table_styles_and_languages():
    from game import i18n

    style = json.loads((ROOT / "data" / "cards" / "style.json").read_text())
    assert set(CHOICES["table_colour"]) == set(style["tables"])
    assert set(CHOICES["card_back"]) == set(style["backs"])
    assert set(CHOICES["language"]) == set(i18n.LANGUAGES)


def test_bad_values_are_refused_when_set():
    s = Settings()
    with pytest.raises(ValueError):
        s.table_colour = "pink"
    with pytest.raises(ValueError):
        s.turn_timer = 15
    with pytest.raises(ValueError):
        s.sound = 1  # a number is not a boolean
    assert s == Settings()


def test_unknown_fields_are_kept_and_bad_values_fall_back_to_defaults():
    store = MemoryStorage()
    store.put(SETTINGS_NAME, {"version": 7, "language": "fr", "table_colour": "pink", "turn_timer": True,
                              "future_field": {"x": 1}, "sound": False})
    s, msg = Settings.load(store)
    assert msg is None
    assert (s.language, s.table_colour, s.turn_timer, s.sound) == ("fr", "green", 0, False)
    s.save()
    saved = store.get(SETTINGS_NAME)
    assert saved["future_field"] == {"x": 1}  # a newer Orlan's field survives an older one
    assert saved["language"] == "fr"


def test_old_field_names_are_carried_over():
    old = {"lang": "nl", "table_color": "blue", "timer": "30s", "undo": False}
    assert set(old) == set(RENAMED)
    s = Settings.from_json(old)
    assert (s.language, s.table_colour, s.turn_timer, s.undo_allowed) == ("nl", "blue", 30, False)
    assert Settings.from_json({"timer": "off"}).turn_timer == 0
    assert "lang" not in s.to_json()


@pytest.mark.parametrize("content", [b"", b"{not json", b"[]", b"\xff\xfe"])
def test_corrupt_settings_file_gives_defaults_a_message_and_a_backup(tmp_path, content):
    (tmp_path / f"{SETTINGS_NAME}.json").write_bytes(content)
    s, msg = Settings.load(FileStorage(tmp_path))
    assert s == Settings()
    assert msg.key == "settings.corrupt"
    assert (tmp_path / f"{msg.params['backup']}.json").read_bytes() == content
    assert s.save() is None
    assert json.loads((tmp_path / f"{SETTINGS_NAME}.json").read_text())["language"] == "en"


def test_cycle_walks_through_the_choices():
    s = Settings()
    seen = [s.turn_timer] + [s.cycle("turn_timer") for _ in range(len(TIMER_CHOICES))]
    assert seen == [0, 10, 20, 30, 60, 0]
    assert s.cycle("turn_timer", -1) == 60
