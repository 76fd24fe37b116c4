"""Write the app's sound effects into data/sounds/ (run once when a sound changes).

    python tools/make_sounds.py

Every effect is a few tenths of a second of sine tones or filtered noise with a fast
envelope, synthesised here with numpy from fixed seeds and written as mono Ogg Vorbis at
22 050 Hz with soundfile (libsndfile): Ogg is what pygbag packs for the browser (it
refuses WAV) and what every SDL_mixer build plays. The app only loads the files
(game/ui/sounds.py), so neither the desktop app nor the browser page needs numpy. The
encoder numbers each Ogg stream at random, so two runs give the same sound in different
bytes: tests compare the decoded sound with the synthesis.

Needs numpy and soundfile (``pip install ".[test]"``).
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import soundfile

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "data" / "sounds"


def _env(n: int, attack: float = 0.005, decay: float = 8.0) -> np.ndarray:
    t = np.arange(n) / RATE
    return np.clip(t / attack, 0, 1) * np.exp(-decay * t)


def _tone(freq: float, dur: float, decay: float = 8.0, harmonics=(1.0, 0.3, 0.1)) -> np.ndarray:
    n = int(RATE * dur)
    t = np.arange(n) / RATE
    wave_ = sum(amp * np.sin(2 * np.pi * freq * (k + 1) * t) for k, amp in enumerate(harmonics))
    return wave_ * _env(n, decay=decay)


def _noise(dur: float, decay: float, smooth: int, seed: int) -> np.ndarray:
    n = int(RATE * dur)
    x = np.random.default_rng(seed).standard_normal(n)  # fixed seed: the same sound every run
    x = np.convolve(x, np.ones(smooth) / smooth, mode="same")
    return x * _env(n, attack=0.002, decay=decay)


def _seq(parts: list[np.ndarray], gap: float) -> np.ndarray:
    step = int(RATE * gap)
    out = np.zeros(step * (len(parts) - 1) + max(len(p) for p in parts))
    for i, p in enumerate(parts):
        out[i * step : i * step + len(p)] += p
    return out


def synthesise() -> dict[str, np.ndarray]:
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
    return {k: np.clip(v, -1, 1) for k, v in waves.items()}


def write(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, w in synthesise().items():
        path = out / f"{name}.ogg"
        soundfile.write(str(path), w.astype(np.float32), RATE, format="OGG", subtype="VORBIS")
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(f"{p} {p.stat().st_size} bytes")
