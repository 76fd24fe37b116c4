"""A tiny rummy-like game used only by the table tests: a turn in several steps (draw from
the stock or the discard pile, then meld two cards of a rank or lay one off on your meld,
then discard), written on the State interface and shown through a view that only declares.

Registered for a test with ``install(monkeypatch)`` (an entry on the shelf, its State class
in the rules' table), so the one table scene finds it like any game.
"""
from __future__ import annotations

from game.cards import FRENCH52
from game.registry import GameEntry
from game.rules.base import GameInfo, State
from game.scenes.views.base import DISCARD, HAND, MELDS, STOCK, GameView

GAME_ID = "fakerummy"
HANDS = [["7H", "7S", "2C", "9D", "KH"], ["3C", "4C", "5C", "6C", "8C"]]
STOCK_CARDS = ["7D", "QS", "QH", "2D", "3D", "4D"]
DISCARDED = ["JD"]


class FakeRummyState(State):
    info = GameInfo(GAME_ID, "Fake rummy", 2, 2, FRENCH52)

    @classmethod
    def new(cls, players=2, options=None, seed=0, deck_order=None):
        s = cls()
        s.hands = [list(h) for h in HANDS]
        s.stock = list(STOCK_CARDS)
        s.discard = list(DISCARDED)
        s.melds = [[], []]
        s.to_move = 0
        s.phase = "draw"
        s.options = dict(options or {})
        return s

    def current_player(self):
        return None if not self.stock else self.to_move

    def legal_moves(self):
        if self.current_player() is None:
            return []
        hand = self.hands[self.to_move]
        if self.phase == "draw":
            return [("draw", "stock")] + ([("draw", "discard")] if self.discard else [])
        moves = []
        for i, a in enumerate(hand):
            for b in hand[i + 1:]:
                if a[0] == b[0]:
                    moves.append(("meld", tuple(sorted((a, b)))))
        for c in hand:
            for k, group in enumerate(self.melds[self.to_move]):
                if c[0] == group[0][0]:
                    moves.append(("layoff", c, k))
        return moves + [("discard", c) for c in hand]

    def apply(self, move):
        seat, hand = self.to_move, self.hands[self.to_move]
        kind = move[0]
        if kind == "draw":
            card = self.stock.pop(0) if move[1] == "stock" else self.discard.pop()
            hand.append(card)
            self.phase = "meld"
        elif kind == "meld":
            for c in move[1]:
                hand.remove(c)
            self.melds[seat].append(list(move[1]))
        elif kind == "layoff":
            hand.remove(move[1])
            self.melds[seat][move[2]].append(move[1])
        else:
            hand.remove(move[1])
            self.discard.append(move[1])
            self.to_move, self.phase = 1 - seat, "draw"
        return [{"type": kind, "seat": seat}]

    def move_to_json(self, move):
        if move[0] == "draw":
            return {"kind": "draw", "from": move[1]}
        if move[0] == "meld":
            return {"kind": "meld", "cards": list(move[1])}
        if move[0] == "layoff":
            return {"kind": "layoff", "card": move[1], "target": list(self.melds[self.to_move][move[2]])}
        return {"kind": "discard", "card": move[1]}

    @staticmethod
    def move_from_json_static(d):
        kind = d["kind"]
        if kind == "draw":
            return ("draw", d["from"])
        if kind == "meld":
            return ("meld", tuple(d["cards"]))
        if kind == "layoff":
            raise ValueError("the test bot never lays off")
        return ("discard", d["card"])

    def move_from_json(self, d):
        for m in self.legal_moves():
            if self.move_to_json(m) == d:
                return m
        raise ValueError(f"not a legal move: {d}")

    def observation(self, seat):
        obs = {
            "game": GAME_ID, "seat": seat, "hand": list(self.hands[seat]), "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock), "discard": list(self.discard), "melds": [[list(g) for g in m] for m in self.melds],
            "phase": self.phase, "to_move": self.to_move, "dealer": 1, "totals": [0, 0], "round": 0,
        }
        if seat == self.current_player():
            obs["legal"] = [self.move_to_json(m) for m in self.legal_moves()]
        return obs

    def result(self):
        return {"totals": [0, 0], "winners": [], "rounds": []}

    def to_json(self):
        return {"game": GAME_ID, "hands": self.hands, "stock": self.stock, "discard": self.discard, "melds": self.melds, "to_move": self.to_move, "phase": self.phase, "options": self.options}


class FakeRummyView(GameView):
    ZONES = (HAND, STOCK, DISCARD, MELDS)
    SEAT_LINES = 1

    def show(self, obs, old):
        shown = super().show(obs, old)
        shown.update({STOCK: obs["stock_count"], DISCARD: list(obs["discard"]), MELDS: {s: m for s, m in enumerate(obs["melds"])}})
        return shown

    def select_count(self, phase):
        return 2 if phase == "meld" else 0

    def seat_lines(self, seat):
        return [(str(self.shown["totals"][seat]), (255, 255, 255), True)]


def install(monkeypatch) -> None:
    from game import registry, rules

    entry = GameEntry(GAME_ID, "rummy", "tests.fake_game:FakeRummyState", "game.bots.simple", view="tests.fake_game:FakeRummyView")
    monkeypatch.setitem(registry.BY_ID, GAME_ID, entry)
    monkeypatch.setitem(rules.GAMES, GAME_ID, FakeRummyState)


class FirstMoveBot:
    """Plays the first legal move of its observation (the tests' opponent)."""

    ms = 1.0

    def begin(self, obs):
        self.obs = obs

    def step(self, ms):
        return True

    def move(self):
        return FakeRummyState.move_from_json_static(self.obs["legal"][0])
