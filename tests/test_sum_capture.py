"""The capture-by-sum core agrees with the itertools definition on random tables."""
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import sum_capture
from game.rules.sum_capture import _numpy_dp, _python_dp, reference_captures

number_cards = st.lists(st.integers(0, 39), unique=True, max_size=22).map(
    lambda ids: [((i // 10) * 13 + i % 10, i % 10 + 1) for i in ids]
)


@settings(max_examples=150, deadline=None)
@given(number_cards)
def test_both_paths_equal_the_reference(cards):
    py = _python_dp(cards, 10)
    npy = _numpy_dp(cards, 10) if cards else py
    for target in range(1, 11):
        want = sorted(reference_captures(cards, target)) if len(cards) <= 16 else None
        assert sorted(py[target]) == sorted(npy[target])
        if want is not None:
            assert sorted(py[target]) == want


def test_cache_returns_the_same_answer():
    sum_capture.clear_cache()
    cards = [(0, 1), (1, 2), (14, 2), (22, 10)]
    key = sum(1 << b for b, _ in cards)
    first = sum_capture.cached_subset_sums(key, cards)
    assert sum_capture.cached_subset_sums(key, cards) is first
    assert sorted(first[3]) == sorted([(1 << 0) | (1 << 1), (1 << 0) | (1 << 14)])
    assert first[10] == (1 << 22,)
