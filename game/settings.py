"""The player's settings, remembered across runs through game/storage.py (document ``settings``).

    settings, message = Settings.load()      # never raises; message if the file was bad
    settings.table_colour = "blue"
    settings.save()                          # None, or a Message if the disk refused

Every field has a fixed set of allowed values (``CHOICES``) and a default. Loading is
forgiving: an unknown field is kept untouched (a newer Orlan may have written it), a
field with a value outside its choices gets its default, and fields renamed since an
older version are carried over (``RENAMED``). Only a document that is not JSON at all is
set aside (``settings.corrupt``); the app then starts with the defaults.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from game.storage import Message, Storage, StorageError, default_storage, read_or_set_aside

SETTINGS_NAME = "settings"
SETTINGS_VERSION = 1

LANGUAGES = ("en", "fr", "nl")
TABLE_COLOURS = ("green", "blue", "red", "purple", "brown", "grey")  # as in data/cards/style.json
CARD_BACKS = ("classic", "blue", "red", "pattern")  # as in data/cards/style.json
TIMER_CHOICES = (0, 10, 20, 30, 60)  # seconds per turn; 0 = off
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")

CHOICES: dict[str, tuple[Any, ...]] = {
    "language": LANGUAGES,
    "table_colour": TABLE_COLOURS,
    "card_back": CARD_BACKS,
    "four_colour_suits": (False, True),
    "turn_timer": TIMER_CHOICES,
    "animation_speed": ANIMATION_SPEEDS,
    "sound": (True, False),
    "fullscreen": (False, True),
    "undo_allowed": (True, False),
    "tap_confirm": (False, True),  # a tapped card waits for a confirmation before it is played
}

# Old field name -> current name (and an optional value translation).
RENAMED: dict[str, str] = {"lang": "language", "table_color": "table_colour", "timer": "turn_timer", "undo": "undo_allowed"}


@dataclass
class Settings:
    language: str = "en"
    table_colour: str = "green"
    card_back: str = "classic"
    four_colour_suits: bool = False
    turn_timer: int = 0
    animation_speed: str = "normal"
    sound: bool = True
    fullscreen: bool = False
    undo_allowed: bool = True
    tap_confirm: bool = False
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)  # fields we do not know, kept
    storage: Storage | None = field(default=None, repr=False, compare=False)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in CHOICES and not _allowed(name, value):
            raise ValueError(f"setting {name} must be one of {list(CHOICES[name])}, not {value!r}")
        object.__setattr__(self, name, value)

    @classmethod
    def field_names(cls) -> list[str]:
        return [f.name for f in fields(cls) if f.name in CHOICES]

    @classmethod
    def from_json(cls, doc: dict[str, Any] | None) -> "Settings":
        s = cls()
        for key, value in (doc or {}).items():
            if key == "version":
                continue
            key = RENAMED.get(key, key)
            if key == "turn_timer" and isinstance(value, str):
                value = 0 if value == "off" else _int_or(value.rstrip("s"), value)
            if key in CHOICES:
                if _allowed(key, value):
                    setattr(s, key, value)
                # A value we do not understand falls back to the default, silently.
            elif key not in ("unknown", "storage"):
                s.unknown[key] = value
        return s

    def to_json(self) -> dict[str, Any]:
        doc = dict(self.unknown)
        doc.update({name: getattr(self, name) for name in self.field_names()})
        doc["version"] = SETTINGS_VERSION
        return doc

    @classmethod
    def load(cls, storage: Storage | None = None, first_run_language: str | None = None) -> tuple["Settings", Message | None]:
        """The remembered settings; on a first run (no document) the language is
        ``first_run_language`` if given and known (e.g. i18n.system_language())."""
        storage = storage or default_storage()
        doc, msg = read_or_set_aside(storage, SETTINGS_NAME, "settings")
        if doc is None and first_run_language in LANGUAGES:
            doc = {"language": first_run_language}
        s = cls.from_json(doc)
        s.storage = storage
        return s, msg

    def save(self, storage: Storage | None = None) -> Message | None:
        storage = storage or self.storage or default_storage()
        try:
            storage.put(SETTINGS_NAME, self.to_json())
        except (StorageError, OSError) as e:
            return Message("settings.write_failed", {"detail": str(e)})
        return None

    def cycle(self, name: str, step: int = 1) -> Any:
        """Move a setting to its next (or previous) choice, for option buttons; returns it."""
        choices = CHOICES[name]
        i = choices.index(getattr(self, name))
        setattr(self, name, choices[(i + step) % len(choices)])
        return getattr(self, name)


def _allowed(name: str, value: Any) -> bool:
    choices = CHOICES[name]
    # True == 1 in Python: booleans and numbers must not stand in for each other.
    return value in choices and isinstance(value, bool) == isinstance(choices[0], bool)


def _int_or(text: str, default: Any) -> Any:
    try:
        return int(text)
    except ValueError:
        return default
