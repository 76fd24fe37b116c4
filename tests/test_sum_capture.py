"""The capture-by-sum core agrees with the itertools definition on random tables."""
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import sum_capture
from game.rules.sum_capture import _python_dp, reference_captures

number_cards = st.lists(st.integers(0, 39), unique=True, max_size=16).map(
    lambda ids: [((i // 10) * 13 + i % 10, i % 10 + 1) for i in ids]
)


@settings(max_examples=150, deadline=None)
@given(number_cards)
def test_the_programme_equals_the_reference(cards):
    py = _python_dp(cards, 10)
    for target in range(1, 11):
        if len(cards) <= 16:
            assert sorted(py[target]) == sorted(reference_captures(cards, target))


def test_cache_returns_the_same_answer():
    sum_capture.clear_cache()
    cards = [(0, 1), (1, 2), (14, 2), (22, 10)]
    key = sum(1 << b for b, _ in cards)
    first = sum_capture.cached_subset_sums(key, cards)
    assert sum_capture.cached_subset_sums(key, cards) is first
    assert sorted(first[3]) == sorted([(1 << 0) | (1 << 1), (1 << 0) | (1 << 14)])
    assert first[10] == (1 << 22,)
