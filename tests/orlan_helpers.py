"""Build Orlan positions by hand for rule tests: every unlisted card goes to the stock."""
from __future__ import annotations

from game.cards import FRENCH52
from game.rules.orlan import OrlanState


def position(
    hands,
    table,
    piles=None,
    stock=None,
    to_move=0,
    dealer=None,
    options=None,
    last_capturer=None,
    totals=None,
    round_no=0,
    seed=0,
    rest_to=None,
):
    """A position; cards listed nowhere go to the stock (the last few past a multiple of four a
    player to the last seat's pile), or to seat ``rest_to``'s pile."""
    n = len(hands)
    piles = [list(p) for p in (piles or [[] for _ in range(n)])]
    used = set(table) | {c for h in hands for c in h} | {c for p in piles for c in p} | set(stock or [])
    rest = [c for c in FRENCH52.codes if c not in used]
    if rest_to is not None:
        piles[rest_to] += rest
        stock = list(stock or [])
    elif stock is None:
        stock = rest
    else:
        stock = list(stock) + rest
    # A reachable stock is dealt four cards to each player until it runs out (a state with any
    # other count is refused at load): the cards over that go to the last seat's pile.
    extra = len(stock) % (4 * n)
    if extra:
        piles[n - 1] += stock[len(stock) - extra:]
        stock = stock[: len(stock) - extra]
    opts = {"target": 21, "teams": False, "starter": 0}
    opts.update(options or {})
    sides = 2 if opts["teams"] else n
    data = {
        "game": "orlan",
        "players": n,
        "options": opts,
        "seed": seed,
        "round": round_no,
        "dealer": (to_move - 1) % n if dealer is None else dealer,
        "to_move": to_move,
        "hands": [list(h) for h in hands],
        "table": list(table),
        "piles": [list(p) for p in piles],
        "stock": list(stock),
        "last_capturer": last_capturer,
        "side_totals": list(totals or [0] * sides),
        "rounds": [],
    }
    return OrlanState.from_json(data)


def moves_json(state):
    return sorted(
        (m["card"], tuple(sorted(m.get("capture", [])))) for m in (state.move_to_json(x) for x in state.legal_moves())
    )


def play(state, card, capture=()):
    return state.play_json({"card": card, "capture": list(capture)})


def side_lines(summary):
    """A round summary's per-side lists read as one dict per side (seats, cards, clubs,
    breakdown, points), as the rule tests check them."""
    return [
        {"seats": seats, "cards": summary["cards"][i], "clubs": summary["clubs"][i],
         "breakdown": summary["breakdown"][i], "points": summary["points"][i]}
        for i, seats in enumerate(summary["sides"])
    ]
