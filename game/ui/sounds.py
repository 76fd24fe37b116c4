"""Short sound effects synthesised with numpy at start-up (nothing is downloaded).

Every effect is a few tenths of a second of sine tones or filtered noise with a fast
envelope. Without an audio device (headless tests, some browsers before a tap) the
class stays silent instead of failing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

import pygame

RATE = 22050


def _np():
    import numpy  # imported on first use: start-up does not wait for it

    return numpy


def _env(n: int, attack: float = 0.005, decay: float = 8.0) -> "np.ndarray":
    t = _np().arange(n) / RATE
    a = _np().clip(t / attack, 0, 1)
    return a * _np().exp(-decay * t)


def _tone(freq: float, dur: float, decay: float = 8.0, harmonics=(1.0, 0.3, 0.1)) -> "np.ndarray":
    n = int(RATE * dur)
    t = _np().arange(n) / RATE
    wave = sum(amp * _np().sin(2 * _np().pi * freq * (k + 1) * t) for k, amp in enumerate(harmonics))
    return wave * _env(n, decay=decay)


def _noise(dur: float, decay: float, smooth: int, seed: int) -> "np.ndarray":
    n = int(RATE * dur)
    rng = _np().random.default_rng(seed)  # fixed seed: the same sound every start
    x = rng.standard_normal(n)
    x = _np().convolve(x, _np().ones(smooth) / smooth, mode="same")
    return x * _env(n, attack=0.002, decay=decay)


def _seq(parts: list["np.ndarray"], gap: float) -> "np.ndarray":
    step = int(RATE * gap)
    n = step * (len(parts) - 1) + max(len(p) for p in parts)
    out = _np().zeros(n)
    for i, p in enumerate(parts):
        out[i * step : i * step + len(p)] += p
    return out


def synthesise() -> dict[str, "np.ndarray"]:
    """name -> mono float waveform in [-1, 1]."""
    waves = {
        "play": _noise(0.09, 45, 6, 1) * 0.8,
        "deal": _noise(0.05, 70, 3, 2) * 0.6,
        "capture": _seq([_tone(660, 0.25, 14), _tone(880, 0.3, 12)], 0.07) * 0.45,
        "sweep": _seq([_tone(f, 0.3, 10) for f in (523, 659, 784, 1047)], 0.07) * 0.4,
        "bi_qahwa": _seq([_tone(392, 0.3, 9), _tone(330, 0.35, 8)], 0.12) * 0.45,
        "turn": _tone(988, 0.18, 20, (1.0, 0.2)) * 0.35,
        "tick": _tone(1400, 0.04, 60, (1.0,)) * 0.3,
        "win": _seq([_tone(f, 0.45, 5) for f in (523, 659, 784, 1047, 784, 1047)], 0.11) * 0.35,
    }
    return {k: _np().clip(v, -1, 1) for k, v in waves.items()}


class Sounds:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.sounds: dict = {}
        self.played: list[str] = []  # names, for tests (kept short)
        self.loaded = False

    def load(self) -> None:
        """Open the mixer and synthesise every effect (once, after the first frame)."""
        if self.loaded:
            return
        self.loaded = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 2, 512)
            freq, _, channels = pygame.mixer.get_init()
        except pygame.error:
            return
        for name, wave in synthesise().items():
            if freq != RATE:
                idx = _np().linspace(0, len(wave) - 1, int(len(wave) * freq / RATE))
                wave = _np().interp(idx, _np().arange(len(wave)), wave)
            pcm = (wave * 32767).astype(_np().int16)
            if channels > 1:
                pcm = _np().repeat(pcm[:, None], channels, axis=1)
            try:
                self.sounds[name] = pygame.sndarray.make_sound(_np().ascontiguousarray(pcm))
            except (pygame.error, ValueError):
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
