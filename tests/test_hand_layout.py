"""Hand layout: every card's index corner stays visible, every card fits in its area."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.ui.hand_layout import layout_hand, row_counts  # noqa: E402


def _overlap(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def _inside(r, area) -> bool:
    x, y, w, h = r
    ax, ay, aw, ah = area
    return ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah


def check(lay, area, index_at) -> None:
    """The layout's promises, for every card raised or not."""
    n = len(lay.rects)
    iw, ih = index_at(lay.card[0])
    for i in range(n):
        for up in (False, True):
            r = lay.rect(i, up)
            assert r[2:] == lay.card
            if lay.fits:
                assert _inside(r, area), (i, up, r, area)
            corner = (r[0], r[1], iw, ih)
            # A card drawn later never covers this card's index, raised or not.
            for j in range(i + 1, n):
                for up_j in (False, True):
                    assert not _overlap(corner, lay.rect(j, up_j)), (i, up, j, up_j)
            if not up:
                vis = lay.visible(i)
                assert vis[2] >= iw and vis[3] >= ih, (i, vis)
                for j in range(i + 1, n):
                    assert not _overlap(vis, lay.rect(j)), (i, j, vis)
            # A tap on the index picks this card.
            raised = {i} if up else set()
            assert lay.hit((r[0] + iw / 2, r[1] + ih / 2), raised) == i


def linear(iw, ih, cw):
    return lambda w: (int(round(iw * w / cw + 0.49)), int(round(ih * w / cw + 0.49)))


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(0, 40),
    area=st.tuples(st.integers(0, 300), st.integers(0, 300), st.integers(120, 1900), st.integers(60, 600)),
    cw=st.integers(12, 220),
    index=st.tuples(st.floats(0.15, 0.45), st.floats(0.25, 0.9)),
    max_rows=st.integers(1, 3),
)
def test_indices_visible_and_cards_inside(n, area, cw, index, max_rows):
    ch = int(cw * 1.4)
    iw, ih = int(cw * index[0]), int(cw * index[1])
    lay = layout_hand(n, area, (cw, ch), (iw, ih), max_rows=max_rows)
    assert len(lay.rects) == n
    assert lay.card[0] <= cw and 1 <= lay.rows <= max(1, max_rows)
    if lay.fits:
        check(lay, area, linear(iw, ih, cw))


def test_a_callable_index_is_used_exactly():
    calls = []

    def index(w):
        calls.append(w)
        return (w // 3, w // 2)

    lay = layout_hand(20, (0, 0, 700, 200), (100, 140), index)
    assert lay.fits and lay.card[0] in calls
    check(lay, (0, 0, 700, 200), index)


def test_rows_fill_top_first():
    assert row_counts(28, 2) == [14, 14]
    assert row_counts(17, 2) == [9, 8]
    assert row_counts(7, 3) == [3, 2, 2]
    assert sum(row_counts(40, 3)) == 40


def test_few_cards_keep_full_size_and_a_gap():
    lay = layout_hand(5, (0, 0, 800, 200), (100, 140), (30, 60))
    assert lay.card == (100, 140) and lay.rows == 1 and lay.step > 100


def test_one_row_when_it_keeps_the_cards_as_large():
    lay = layout_hand(8, (0, 0, 800, 400), (100, 140), (30, 60))
    assert lay.rows == 1 and lay.card[0] == 100


def test_two_rows_when_one_row_would_shrink_the_cards():
    lay = layout_hand(28, (0, 0, 776, 172), (100, 140), (38, 69))
    assert lay.rows == 2 and lay.fits


def test_too_small_an_area_says_so():
    lay = layout_hand(30, (0, 0, 100, 40), (100, 140), (38, 69))
    assert not lay.fits and len(lay.rects) == 30


def test_hit_misses_outside():
    lay = layout_hand(3, (0, 0, 400, 200), (80, 112), (25, 50))
    assert lay.hit((-5, -5)) is None and lay.hit((399, 10)) is None


# ------------------------------------------------------------------ real decks at 800x480
# A hand's share of an 800x480 table (the bottom third, or the bottom quarter beside the
# player's panel as the trick table has it now).
AREAS_800x480 = [(12, 300, 776, 172), (170, 350, 620, 126)]


@pytest.fixture(scope="module")
def art():
    import pygame

    from game.ui import deck_art

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((10, 10))
    return deck_art


@pytest.mark.parametrize("area", AREAS_800x480)
@pytest.mark.parametrize("deck, largest", [("tarot78", 28), ("french52", 17), ("french108", 11), ("piquet64", 16), ("spanish48", 12)])
def test_largest_hands_readable_at_800x480(art, area, deck, largest):
    def index(w):
        return art.index_extent(w, deck)

    for n in range(1, 29):
        lay = layout_hand(n, area, (100, 140), index)
        assert lay.fits, (deck, n)
        check(lay, area, index)
        if n <= largest:
            # Readable: the corner's rank is drawn at least 15 px tall (about 0.3 of a card width).
            assert lay.card[0] >= 48, (deck, n, lay.card)


def test_a_pygame_rect_is_an_area():
    import pygame

    area = pygame.Rect(170, 350, 620, 126)
    lay = layout_hand(17, area, (100, 140), (38, 69))
    assert lay.fits and all(area.contains(pygame.Rect(lay.rect(i, True))) for i in range(17))
    assert lay == layout_hand(17, tuple(area), (100, 140), (38, 69))
