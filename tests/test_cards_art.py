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


def test_sound_files_are_short_and_bounded_and_what_the_tool_synthesises():
    import sys
    from pathlib import Path

    import soundfile

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    import make_sounds

    waves = make_sounds.synthesise()
    assert sorted(waves) == sorted(NAMES)
    for name in NAMES:
        shipped, rate = soundfile.read(str(root / "data" / "sounds" / f"{name}.ogg"))
        assert rate == 22050 and shipped.ndim == 1, name
        assert 0 < len(shipped) < 22050 * 1.5 and len(shipped) == len(waves[name]), name
        assert 0.05 < np.abs(shipped).max() <= 1.0, name
        # Lossy, but the same sound: run tools/make_sounds.py when the synthesis changes.
        err = np.sqrt(np.mean((shipped - waves[name]) ** 2)) / np.sqrt(np.mean(waves[name] ** 2))
        assert err < 0.2, (name, err)


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
