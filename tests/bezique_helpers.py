"""Positions for the Bezique family tests: hands, turned trump and stock chosen by hand."""
from __future__ import annotations

from game.rules import game_class


def codes(deck, mask) -> list[str]:
    return sorted(deck.codes_of(mask))


def arrange(game_id: str, hands: list[list[str]], turned: str | None = "7H/2", stock: list[str] = (),
            leader: int = 0, options: dict | None = None, seed: int = 0, fill_stock: bool = True,
            stock_size: int | None = None, trump: str | None = None, stage: int = 1):
    """A fresh first round with the given hands (seat 0, seat 1), turned card and stock top.

    The cards not named are put in the stock after ``stock`` (or left out of play in the
    won piles when ``fill_stock`` is False, so a short stock can be tested: those cards
    count as won by seat 1 in an earlier trick). Seat ``leader`` leads; the dealer is the
    other seat. Scores start at 0.
    """
    cls = game_class(game_id)
    deck = cls.info.deck
    s = cls.new(2, options, seed)
    data = s.to_json()
    named = [c for h in hands for c in h] + list(stock) + ([turned] if turned else [])
    assert len(set(named)) == len(named), "a card named twice"
    rest = [c for c in deck.codes if c not in named]
    full_stock = list(stock) + rest
    if stock_size is not None:
        full_stock, out = full_stock[:stock_size], full_stock[stock_size:]
    else:
        out = []
    tricks = [[out[i], out[i + 1]] for i in range(0, len(out) - 1, 2)]
    assert len(out) % 2 == 0
    data.update({
        "hands": [list(h) for h in hands],
        "turned": turned,
        "trump": trump if trump else None if turned is None else turned[1],
        "stock": full_stock,
        "dealer": 1 - leader,
        "leader": leader,
        "to_move": leader,
        "phase": "play",
        "stage": stage,
        "stage_two_from": len(tricks) if stage == 2 else None,
        "shown": [[], []],
        "known": [[], []],
        "won": [[], [c for t in tricks for c in t]],
        "tricks": tricks,
        "trick_leaders": [1] * len(tricks),
        "trick_winners": [1] * len(tricks),
        "trick": [],
        "declarations": [],
        "asking": [],
        "scores": [0, 0],
        "totals": [0, 0],
        "breakdown": [{}, {}],
    })
    if not fill_stock:
        data["stock"] = list(stock)
    return cls.from_json(data)


def move(state, data: dict):
    """Play a move given as JSON through the checked path; returns the events."""
    return state.play_json(data)


def play(state, *cards: str):
    events = []
    for c in cards:
        events += state.play_json({"kind": "play", "card": c})
    return events


def legal_json(state) -> list[dict]:
    return [state.move_to_json(m) for m in state.legal_moves()]


def declarations(state) -> list[tuple[str, list[str]]]:
    return sorted((m["combination"], sorted(m["cards"])) for m in legal_json(state) if m["kind"] == "declare")
