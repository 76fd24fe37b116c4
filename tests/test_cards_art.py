"""Generated card art: every face and back renders at any size, distinct and legible."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.cards import FRENCH52  # noqa: E402
from game.ui.cards import BACKS, CARD_RATIO, CardRenderer, card_name, rank_label  # noqa: E402
from game.ui.sounds import NAMES, Sounds  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((10, 10))
    yield


def _pixels(surf: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surf).astype(int)


@pytest.mark.parametrize("width", [40, 110, 300])
def test_every_face_renders_distinct_at_every_size(width):
    r = CardRenderer()
    seen = set()
    for code in FRENCH52.codes:
        img = r.face(code, width)
        assert img.get_size() == (width, round(width * CARD_RATIO))
        seen.add(pygame.image.tobytes(img, "RGBA"))
    assert len(seen) == 52


def _colour_share(img: pygame.Surface, rgb) -> float:
    px = _pixels(img)
    return float((np.abs(px - np.array(rgb)).sum(axis=2) < 60).mean())


def test_suit_colours_two_and_four():
    r = CardRenderer()
    red = (200, 24, 36)
    green = (18, 130, 52)
    blue = (28, 88, 200)
    assert _colour_share(r.face("7H", 120), red) > 0.03
    assert _colour_share(r.face("7D", 120), red) > 0.03
    assert _colour_share(r.face("7C", 120, True), green) > 0.03
    assert _colour_share(r.face("7D", 120, True), blue) > 0.03
    assert _colour_share(r.face("7C", 120), green) == 0


def test_large_corner_index_is_drawn():
    # The top-left quarter carries ink (rank + suit); the paper is mostly light.
    r = CardRenderer()
    img = r.face("TD", 100)
    px = _pixels(img)
    corner = px[: img.get_width() // 3, : img.get_height() // 4]
    assert (np.abs(corner - np.array((200, 24, 36))).sum(axis=2) < 60).mean() > 0.08


def test_backs_differ_and_cache_clears():
    r = CardRenderer()
    imgs = {pygame.image.tobytes(r.back(b, 80), "RGBA") for b in BACKS}
    assert len(imgs) == len(BACKS) >= 3
    assert r._cache
    r.clear()
    assert not r._cache


def test_rank_letters_follow_the_language():
    i18n.set_language("fr")
    assert [rank_label(c) for c in ("JS", "QH", "KD", "TC", "AS")] == ["V", "D", "R", "10", "A"]
    i18n.set_language("nl")
    assert rank_label("JS") == "B" and card_name("TD") == "10♦"
    i18n.set_language("en")
    assert rank_label("KD") == "K"


def test_sound_files_are_short_and_bounded_and_what_the_tool_writes(tmp_path):
    import sys
    import wave
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    import make_sounds

    written = {p.name: p.read_bytes() for p in make_sounds.write(tmp_path)}
    assert sorted(written) == sorted(f"{n}.wav" for n in NAMES)
    for name in NAMES:
        shipped = root / "data" / "sounds" / f"{name}.wav"
        assert shipped.read_bytes() == written[f"{name}.wav"], f"run tools/make_sounds.py ({name} differs)"
        with wave.open(str(shipped)) as f:
            assert (f.getnchannels(), f.getsampwidth(), f.getframerate()) == (1, 2, 22050)
            w = np.frombuffer(f.readframes(f.getnframes()), dtype="<i2")
        assert 0 < len(w) < 22050 * 1.5, name
        assert np.abs(w).max() > 0.05 * 32767, name


def test_sounds_load_from_the_files():
    sounds = Sounds()
    sounds.load()
    if pygame.mixer.get_init():  # no mixer without an audio device: then silence is right
        assert sorted(sounds.sounds) == sorted(NAMES)


def test_card_cache_is_bounded():
    r = CardRenderer()
    for width in range(20, 80):
        for code in FRENCH52.codes[:13]:
            r.face(code, width)
    assert len(r._cache) <= CardRenderer.MAX_CACHED
