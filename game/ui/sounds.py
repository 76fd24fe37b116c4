"""Short sound effects, loaded from data/sounds/*.ogg (written by tools/make_sounds.py).

The files are small mono Ogg Vorbis (what pygbag packs for the browser, and what every
SDL_mixer build plays); the mixer converts them to its own rate and channels on load. Without an audio
device (headless tests, some browsers before a tap) the class stays silent instead of
failing, and so does a missing or unreadable file.
"""
from __future__ import annotations

import pygame

from game.paths import data_path

RATE = 22050
NAMES = ("play", "deal", "capture", "sweep", "bi_qahwa", "turn", "tick", "win")


class Sounds:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.sounds: dict = {}
        self.played: list[str] = []  # names, for tests (kept short)
        self.loaded = False

    def load(self) -> None:
        """Open the mixer and load every effect (once, after the first frame)."""
        if self.loaded:
            return
        self.loaded = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 2, 512)
        except pygame.error:
            return
        for name in NAMES:
            try:
                self.sounds[name] = pygame.mixer.Sound(str(data_path("sounds", f"{name}.ogg")))
            except (pygame.error, FileNotFoundError, OSError):
                continue

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        self.played = (self.played + [name])[-20:]
        if not self.loaded:
            self.load()
        snd = self.sounds.get(name)
        if snd is not None:
            snd.play()
