"""The rummy family on the table (Basic Rummy, Classic Rummy, Boathouse Rummy, Jersey Gin),
written once: the stock with its count and the discard pile fanned (the two top cards in
sight: Jersey Gin draws the second), every meld on the felt with its owner's name, the hand
sorted by suit or by rank or arranged into melds then deadwood (the meld finder's best
arrangement, its melds framed and the deadwood's value in the status line).

A turn is several steps (``phase``): draw (tap the stock or the pile, or its button), then
choose cards and press Meld (or drag them onto the felt), lay a card off by dragging it onto
a meld (or choose it and tap the meld), swap a joker the same way, discard by dragging a
card onto the pile (or choose it and tap the pile, or press Discard), knock or go gin with
the card to throw, go out at once (Boathouse). Jersey's first round is take the upcard or
pass; after a gin or a knock the others lay off on the hand shown, then press Done.

When the chosen cards make several melds (a joker standing for one card or another:
5♥ 6♥ and a joker are 4♥-5♥-6♥ or 5♥-6♥-7♥; a natural card with jokers is a set or a run
through it, as its player declares: 10♥ and two jokers are three tens, 8♥-9♥-10♥, 9♥-10♥-J♥
or 10♥-J♥-Q♥), a joker may go at either end of a run, or a card fits several melds, the
gesture opens a chooser (``move_choices``): "Joker as 4♥" / "Joker as 7♥", "Jokers as any
10: a set", and Back, which leaves the chosen cards chosen.

Everything comes from the observation (``phase``, ``legal``, ``hand``, ``pile``, ``table``,
``known``, ``drawn``, ``last_pile_card``) and the events of ``apply``. Texts are the game's
own (``<game id>.*`` keys, the same set in each game's file).
"""
from __future__ import annotations

import pygame

from game.i18n import t
from game.rules.base import RulesError
from game.rules.rummy import classify, face_name
from game.scenes.animation import Flight, Step
from game.scenes.views.base import DISCARD, HAND, MELDS, STOCK, GameOverLines, GameView, SummaryTable
from game.ui import fonts, widgets
from game.ui import suits as symbols
from game.ui.cards import CARD_RATIO, card_name, rank_label, suit_colours

SUIT_ORDER = "CDSH"  # alternate colours in a hand sorted by suit
RANK_ORDER = "A23456789TJQK"
MELD_COLOURS = [(90, 210, 140), (110, 170, 255)]  # melds of the arranged hand, framed in turn
DRAWN_COLOUR = (255, 200, 80)  # the card just drawn
RING_COLOUR = (255, 215, 64)  # melds the chosen card can go on
CARD_STEP = 0.4  # of a meld card's width, what an overlapped card shows (its index)
SELECT_ANY = 30  # more than any hand: every card may be chosen at once
SORTS = ("suit", "rank", "melds")


def base_code(code: str) -> str:
    return code.split("/")[0]


def is_joker(code: str) -> bool:
    return base_code(code).startswith("X")


class RummyView(GameView):
    ZONES = (HAND, STOCK, DISCARD, MELDS)
    DISCARD_FAN = 2
    SELECT_UP_TO = True
    BUTTONS_LOW = True
    SEAT_LINES = 2
    HAND_HEIGHT = 0.21
    HAND_WIDTH = 0.1

    def __init__(self, table) -> None:
        super().__init__(table)
        self.sort_mode = "suit"
        self._arranged: tuple | None = None  # (hand key, Arrangement)
        self._spans: list[tuple[str, pygame.Rect]] = []  # each meld as drawn: a tap lays off on it

    # ------------------------------------------------------------ the game's data
    @property
    def gid(self) -> str:
        return self.match.game_id

    def tx(self, key: str, **kw) -> str:
        """A text of the game's own file."""
        return t(f"{self.gid}.{key}", **kw)

    @property
    def obs(self) -> dict:
        return self.table.obs or {}

    def deck(self):
        state = self.match.state
        return getattr(state, "deck", None) or state.info.deck

    def meld_rule(self):
        state = self.match.state
        return type(state).meld_rule(getattr(state, "options", {}) or {})

    def arrangement(self, hand: list[str]):
        """The meld finder's best arrangement of these cards (melds, deadwood, points), or
        None (no meld finder, or no card)."""
        if not hand:
            return None
        key = tuple(sorted(hand))
        if self._arranged is not None and self._arranged[0] == key:
            return self._arranged[1]
        try:
            from game.rules.melds import best_arrangement

            deck = self.deck()
            arr = best_arrangement(deck, [deck.card(c) for c in hand], self.meld_rule())
        except Exception:  # the finder is the rules' part: the table still plays without it
            return None
        self._arranged = (key, arr)
        return arr

    def codes(self, cards) -> list[str]:
        deck = self.deck()
        return [deck.code(c) for c in cards]

    def deadwood(self, hand: list[str]) -> int | None:
        arr = self.arrangement(hand)
        return None if arr is None else arr.points

    # ------------------------------------------------------------ picture
    def show(self, obs: dict, old: dict) -> dict:
        shown = super().show(obs, old)
        shown.update({
            STOCK: obs.get("stock", 0),
            DISCARD: list(obs.get("pile", [])),
            "table": [dict(m) for m in obs.get("table", [])],
            MELDS: {},
            "known": [list(k) for k in obs.get("known", [])],
            "drawn": obs.get("drawn"),
        })
        for m in shown["table"]:
            shown[MELDS].setdefault(m["owner"], []).append(list(m["cards"]))
        return shown

    def fresh_deal(self) -> bool:
        obs = self.obs
        counts = obs.get("hand_counts", [])
        return not obs.get("table") and len(obs.get("pile", [])) <= 1 and len(set(counts)) == 1 and obs.get("phase") in ("draw", "upcard")

    def sort_hand(self, codes: list[str]) -> list[str]:
        def by_suit(c):
            b = base_code(c)
            return (1, 0, 0, c) if is_joker(c) else (0, SUIT_ORDER.index(b[1]), RANK_ORDER.index(b[0]), c)

        def by_rank(c):
            b = base_code(c)
            return (1, 0, 0, c) if is_joker(c) else (0, RANK_ORDER.index(b[0]), SUIT_ORDER.index(b[1]), c)

        if self.sort_mode == "rank":
            return sorted(codes, key=by_rank)
        if self.sort_mode == "melds":
            arr = self.arrangement(list(codes))
            if arr is not None:
                melds = [c for m in arr.melds for c in self.codes(m)]
                rest = [c for c in codes if c not in melds]
                return [c for c in melds if c in codes] + sorted(rest, key=by_suit)
        return sorted(codes, key=by_suit)

    def meld_groups(self) -> list[list[str]]:
        """The arranged hand's melds (framed in the hand), in arranged mode."""
        if self.sort_mode != "melds":
            return []
        arr = self.arrangement(list(self.shown.get("hand", [])))
        return [self.codes(m) for m in arr.melds] if arr is not None else []

    def hand_mark(self, code: str):
        for k, group in enumerate(self.meld_groups()):
            if code in group:
                return MELD_COLOURS[k % len(MELD_COLOURS)]
        if code == self.shown.get("drawn") or code == self.obs.get("last_pile_card"):
            return DRAWN_COLOUR
        return None

    def hand_marks(self, phase: str) -> bool:
        return False

    # ------------------------------------------------------------ the view's buttons
    def view_actions(self) -> list[tuple[str, str]]:
        nxt = "rank" if self.sort_mode == "suit" else "suit"
        return [("sort", self.tx(f"sort_{nxt}")), ("arrange", self.tx("arrange"))]

    def view_action(self, key: str) -> None:
        if key == "sort":
            self.sort_mode = "rank" if self.sort_mode == "suit" else "suit"
        elif key == "arrange":
            self.sort_mode = "melds"
        else:
            return
        self.shown["hand"] = self.sort_hand(list(self.shown.get("hand", [])))
        self.table.refresh_actions()

    def key(self, key: int) -> bool:
        if key == pygame.K_s:
            self.view_action("sort")
            return True
        if key == pygame.K_a:
            self.view_action("arrange")
            return True
        return False

    # ------------------------------------------------------------ moves
    def move_kind(self, move: dict) -> str:
        kind = move.get("kind", "play")
        if kind == "draw":
            return f"draw_{move.get('from', 'stock')}"
        if kind == "knock" and self.is_gin(move):
            return "gin"
        return kind

    def is_gin(self, move: dict) -> bool:
        """A knock that leaves no deadwood (after its discard)."""
        hand = [c for c in self.obs.get("hand", []) if c != move.get("card")]
        return self.deadwood(hand) == 0

    def move_cards(self, move: dict) -> list[str]:
        kind = move.get("kind")
        if kind == "meld":
            return list(move["cards"])
        if kind in ("layoff", "swap", "discard", "knock"):
            return [move["card"]]
        if kind == "go_out":
            return [move["discard"]] if move.get("discard") else []
        return []

    def move_targets(self, move: dict) -> list[str]:
        if move.get("kind") in ("layoff", "swap"):
            table = self.obs.get("table") or self.shown.get("table") or []
            if 0 <= move["meld"] < len(table):
                return list(table[move["meld"]]["cards"])
        return []

    def move_choices(self, moves: list[dict]) -> list[tuple[str, dict | None]] | None:
        """The readings of one gesture (the same cards, several melds, lay-offs or swaps), each
        named by what its joker stands for, or by the meld it goes on; then Back. A card that
        may be laid off on a meld or swapped for its joker is offered both, each named by what
        it does."""
        kinds = {m.get("kind") for m in moves}
        if not (len(kinds) == 1 and kinds <= {"meld", "layoff", "swap"} or kinds == {"layoff", "swap"}):
            return None
        name_meld = len({m.get("meld") for m in moves}) > 1
        ordered = sorted(moves, key=self.reading_order)
        labelled: list[tuple[str, dict | None]] = [
            (self.tx("choice_doing", doing=self.action_label(m["kind"]), what=self.reading_label(m, name_meld))
             if len(kinds) > 1 else self.reading_label(m, name_meld), m) for m in ordered]
        return labelled + [(self.tx("choice_back"), None)]

    def reading_order(self, move: dict) -> tuple:
        """Readings low to high: a set first (a meld's reading unless declared otherwise),
        then a run by where it starts, a lay-off's low end first."""
        if move["kind"] == "meld":
            meld = self.classified(list(move["cards"]), move.get("as"))
            return (0, 0) if meld is None or meld.kind == "set" else (1, meld.low)
        return (move["meld"], {"low": 0, "": 1, "high": 2}.get(move.get("end", ""), 1))

    def reading_label(self, move: dict, name_meld: bool) -> str:
        """ "Joker as 4♥" (a meld, or a joker laid off at one end of a run); "Jokers as any
        10: a set" (a natural card with jokers declared a set); the card alone otherwise;
        "... on 5♥ 6♥ 7♥" when the choices go on different melds."""
        if move["kind"] == "meld":
            cards = list(move["cards"])
            jokers = [c for c in cards if is_joker(c)]
            if move.get("as") == "set" and jokers:
                natural = next(c for c in cards if not is_joker(c))
                return self.tx("choice_set", count=len(jokers), rank=rank_label(base_code(natural)))
            return self.jokers_as(cards, jokers, move.get("as")) or " ".join(card_name(c) for c in cards)
        card = move["card"]
        table = self.obs.get("table", [])
        meld = list(table[move["meld"]]["cards"]) if 0 <= move["meld"] < len(table) else []
        what = ""
        if move["kind"] == "layoff" and is_joker(card) and meld:
            what = self.jokers_as([card] + meld if move.get("end") == "low" else meld + [card], [card])
        what = what or card_name(card)
        return self.tx("choice_on", what=what, meld=" ".join(card_name(c) for c in meld)) if name_meld else what

    def jokers_as(self, cards: list[str], jokers: list[str], kind: str | None = None) -> str:
        """ "Joker as 4♥" ("Jokers as 3♥, 4♥"): what these jokers stand for in the meld the
        cards make in this order, read as ``kind`` (a run; in a set a joker is any missing
        suit: "")."""
        meld = self.classified(cards, kind) if jokers else None
        if meld is None or meld.kind != "run":
            return ""
        names = [card_name(face_name(meld.rank_at(i), meld.suit)) for i, c in enumerate(cards) if c in jokers]
        if len(names) == 1:
            return self.tx("choice_joker", card=names[0])
        return self.tx("choice_jokers", cards=", ".join(names))

    def classified(self, cards: list[str], kind: str | None = None):
        """The meld these cards make in this order, read as ``kind`` (the rules' reading: a
        run's first rank and suit; None: a set when it reads both ways), or None."""
        deck = self.deck()
        try:
            return classify([deck.card(c) for c in cards], deck, self.meld_rule(), kind=kind)
        except (RulesError, ValueError):
            return None

    def pile_marks(self, legal: list[dict]) -> set[str]:
        # Jersey Gin's first round: the upcard is the one card that may be taken.
        pile = self.obs.get("pile", [])
        return {pile[-1]} if pile and any(m.get("kind") == "take_upcard" for m in legal) else set()

    def select_count(self, phase: str) -> int:
        return SELECT_ANY if phase in ("play", "joker", "layoff") else 0

    def drop_kinds(self, zone: str) -> tuple[str, ...]:
        if zone == MELDS:
            return ("meld", "layoff", "swap")
        if zone == DISCARD:
            return ("discard",)
        return ()

    def pile_move(self, zone: str, card, legal: list[dict]):
        pile = self.obs.get("pile", [])
        if zone == STOCK:
            return next((m for m in legal if m.get("kind") == "draw" and m.get("from") == "stock"), None)
        if zone != DISCARD:
            return None
        for m in legal:
            if m.get("kind") == "take_upcard":
                return m
        want = "pile2" if card is not None and len(pile) >= 2 and card == pile[-2] else "pile"
        move = next((m for m in legal if m.get("kind") == "draw" and m.get("from") == want), None)
        if move is not None:
            return move
        selected = list(self.table.selected)
        if len(selected) == 1:  # a chosen card, then a tap on the pile: discard it
            move = next((m for m in legal if m.get("kind") == "discard" and m["card"] == selected[0]), None)
            if move is None:
                self.table.banner = (self.action_refusal("discard", selected), 2.5)
            return move
        if want == "pile2" and any(m.get("kind") == "draw" for m in legal):
            self.table.banner = (self.tx("refused_pile2"), 2.5)
        return None

    def action_label(self, kind: str) -> str:
        if kind in ("draw_stock", "draw_pile", "draw_pile2", "gin", "take_upcard", "go_out", "swap"):
            return self.tx(f"action.{kind}")
        if kind == "pass" and self.obs.get("phase") == "layoff":
            return self.tx("action.done")
        if kind.startswith("draw_"):
            return t("action.draw")
        return t(f"action.{kind}")

    # ------------------------------------------------------------ texts
    def hud_text(self) -> str:
        opts = self.obs.get("options") or getattr(self.match.state, "options", {}) or {}
        count = self.shown.get("round", 0) + 1
        hands = opts.get("hands")
        parts = [self.tx("title"), self.tx("hud_hand_of", hand=count, hands=hands) if hands else self.tx("hud_hand", hand=count)]
        target = opts.get("target")
        if target and not hands and not opts.get("penalty_only"):
            parts.append(t("table.hud_target", count=target))
        return "  ·  ".join(parts)

    def seat_lines(self, seat: int):
        totals = self.shown.get("totals", [])
        lines = [(t("trick.total", count=totals[seat] if seat < len(totals) else 0), widgets.GOLD, True)]
        if seat == self.table.viewer and self.table.hand_visible():
            dw = self.deadwood(list(self.shown.get("hand", [])))
            if dw is not None:
                lines.append((self.tx("seat_deadwood", count=dw), widgets.SOFT, False))
        else:
            known = self.shown.get("known", [])
            cards = known[seat] if seat < len(known) else []
            if cards:
                lines.append((self.tx("seat_known", cards=" ".join(card_name(c) for c in cards)), widgets.SOFT, False))
        return lines

    def prompt(self, selected, options, phase) -> str:
        obs = self.obs
        pile = obs.get("pile", [])
        if self.table.readings:  # the chooser of a gesture's readings is open
            jokers = sum(1 for c in selected if is_joker(c))
            text = self.tx("prompt_reading", count=jokers) if jokers else self.tx("prompt_where")
        elif phase == "upcard":
            text = self.tx("prompt_upcard", card=card_name(pile[-1]) if pile else "")
        elif phase == "draw":
            two = any(m.get("from") == "pile2" for m in obs.get("legal", []))
            text = self.tx("prompt_draw_two" if two else "prompt_draw")
        elif phase == "draw_again":
            text = self.tx("prompt_draw_again")
        elif phase == "joker":
            joker = obs.get("joker") or next((c for c in obs.get("hand", []) if is_joker(c)), None)
            text = self.tx("prompt_joker", card=card_name(joker) if joker else t("card.joker"))
        elif phase == "layoff":
            text = self.tx("prompt_layoff")
        elif selected:
            text = self.tx("prompt_selected", count=len(selected))
        else:
            text = self.tx("prompt_play")
        dw = self.deadwood(list(self.shown.get("hand", [])))
        if dw is not None and phase not in ("upcard",):
            text += "  ·  " + self.tx("status_deadwood", count=dw)
        return text

    def waiting_text(self, seat: int, phase: str) -> str:
        if phase == "upcard":
            return self.tx("waiting_upcard", name=self.name(seat))
        if phase == "layoff":
            return self.tx("waiting_layoff", name=self.name(seat))
        return t("table.thinking", name=self.name(seat))

    def explain(self, move: dict) -> str:
        kind = move.get("kind")
        if kind == "meld":
            text = self.tx("hint_meld", cards=" ".join(card_name(c) for c in move["cards"]))
            if "as" in move:  # a natural card with jokers: how it is declared
                text += "  ·  " + self.reading_label(move, False)
            return text
        if kind in ("layoff", "swap"):
            owner = self.obs.get("table", [{}] * (move["meld"] + 1))[move["meld"]].get("owner", 0)
            return self.tx(f"hint_{kind}", card=card_name(move["card"]), name=self.name(owner))
        if kind in ("discard", "knock"):
            return self.tx("hint_gin" if self.move_kind(move) == "gin" else f"hint_{kind}", card=card_name(move["card"]))
        if kind == "go_out":
            return self.tx("hint_go_out")
        return self.action_label(self.move_kind(move))

    def refusal(self, code: str) -> str:
        obs = self.obs
        phase = obs.get("phase")
        if phase == "upcard":
            return self.tx("refused_upcard")
        if phase in ("draw", "draw_again"):
            return self.tx("refused_draw")
        if phase == "joker":
            return self.tx("refused_joker")
        if code == obs.get("last_pile_card"):
            return self.tx("refused_pile_card", card=card_name(code))
        return self.tx("refused")

    def action_refusal(self, kind: str, selected: list[str]) -> str:
        obs = self.obs
        legal = obs.get("legal", [])
        if not selected and kind not in ("go_out",):
            return self.tx("refused_choose")
        if kind == "discard":
            if len(selected) != 1:
                return self.tx("refused_discard_one")
            if selected[0] == obs.get("last_pile_card"):
                return self.tx("refused_pile_card", card=card_name(selected[0]))
            if obs.get("phase") == "joker":
                return self.tx("refused_joker")
            return self.tx("refused")
        state = self.match.state
        if kind in ("meld", "layoff") and state.strands(state.hands[state.to_move], self.deck().mask_of(selected)):
            return self.tx("refused_keeps_pile_card", card=card_name(obs["last_pile_card"]))
        if kind == "meld":
            if len(selected) < 3:
                return self.tx("refused_meld_short")
            if obs.get("melded_this_turn") and not any(m.get("kind") == "meld" for m in legal):
                return self.tx("refused_one_meld")
            return self.tx("refused_meld")
        if kind == "layoff":
            return self.tx("refused_layoff")
        if kind in ("knock", "gin"):
            return self.tx("refused_knock")
        if kind == "go_out":
            return self.tx("refused_go_out")
        return self.tx("refused")

    def drop_refusal(self, zone: str, code: str):
        if zone == DISCARD:
            return self.action_refusal("discard", [code])
        if zone == MELDS:
            selected = list(self.table.selected)
            if len(selected) > 1:
                return self.action_refusal("meld", selected)
            return self.action_refusal("layoff", [code])
        return None

    def felt_text(self, flying: set) -> list[str]:
        if self.shown.get("table") or self.table.readings:  # the chooser takes the felt's middle
            return []
        return [self.tx("no_melds")]

    # ------------------------------------------------------------ events
    def animate(self, events: list[dict]) -> None:
        table = self.table
        for e in events:
            kind = e.get("type")
            seat = e.get("seat")
            if kind == "draw":
                self.animate_draw(e)
            elif kind == "discard":
                self.animate_discard(seat, e["card"])
            elif kind in ("meld", "layoff", "swap"):
                cards = list(e.get("cards") or [e.get("card")])
                text = self.event_text(e)
                table.add(Step(table.dur(0.9), banner=text, start=table.sync, highlight=set(c for c in cards if c), sound="play"))
            elif kind == "knock":  # its discard came as a discard event just before
                key = "gin_done" if e.get("gin") else "knock_done"
                table.add(Step(table.dur(1.4), banner=self.said(f"{self.gid}.{key}", seat), start=table.sync, sound="capture"))
            elif kind == "go_out":
                table.add(Step(table.dur(1.4), banner=self.said(f"{self.gid}.out_done", seat), start=table.sync, sound="capture"))
            elif kind == "rebuild":
                table.add(Step(table.dur(1.0), banner=self.tx("rebuilt"), done=table.sync, sound="deal"))
            elif kind == "pass" and seat is not None:
                table.add(Step(table.dur(0.6), banner=self.said(f"{self.gid}.passes", seat), done=table.sync))

    def event_text(self, e: dict) -> str:
        seat, gid = e["seat"], self.gid
        kind = e["type"]
        if kind == "meld":
            return self.said(f"{gid}.melds_done", seat, cards=" ".join(card_name(c) for c in e.get("cards", [])))
        if kind == "layoff":
            return self.said(f"{gid}.layoff_done", seat, card=card_name(e["card"]))
        return self.said(f"{gid}.swap_done", seat, card=card_name(e.get("card", "X1")))

    def animate_draw(self, e: dict) -> None:
        table = self.table
        seat = e["seat"]
        card = e.get("card")  # from the pile: seen by everyone
        src = table.discard_rect if e.get("from") in ("pile", "pile2") else table.stock_rect
        dst = table.seat_hand_rect(seat, max(0, table.hand_count(seat)))
        shown_card = card if card and (e.get("from") != "stock") else None
        table.add(Step(table.dur(0.3), [Flight(shown_card, src, dst)], done=table.sync, sound="deal"))

    def animate_discard(self, seat: int, card: str) -> None:
        table = self.table
        src = table.fly_from_hand(seat, card)

        def start():
            table.take_from_hand(seat, card)

        def done():
            self.shown.setdefault(DISCARD, []).append(card)

        table.add(Step(table.dur(0.3), [Flight(card, src, table.discard_rect)], start=start, done=done, sound="play"))

    def after_round(self) -> None:
        self._arranged = None

    # ------------------------------------------------------------ the felt: every meld
    def meld_area(self, seat: int):
        return self.felt_box()

    def meld_spans(self) -> list[tuple[str, pygame.Rect]]:
        return list(self._spans)

    def felt_box(self) -> pygame.Rect:
        """The felt less the buttons along its bottom: one row always kept for them (the
        melds keep their size when the buttons come and go), more while there are more."""
        table = self.table
        area = table.table_area.copy()
        # Compact, the buttons have their own bar under the felt (extra rows grow over it).
        bottom = table.felt_area.bottom if table.compact else table.felt_area.bottom - widgets.button_height(self.app.scale) - table.pad
        tops = [b.rect.y for b in table.action_buttons.values() if b.visible]
        tops += [r.y for r, _ in table.choice_rects]  # a chooser in the buttons' place
        bottom = min([bottom] + tops) - table.pad // 2
        area.height = max(20, bottom - area.y)
        return area

    def meld_layout(self, area: pygame.Rect) -> tuple[int, list[tuple[int, int, pygame.Rect]]]:
        """Every meld of the table in reading order, the viewer's own last, each owner's melds
        together: (card width, [(meld index, owner, rect of its first card)]). The biggest
        cards with which every meld fits the area."""
        table = self.table
        melds = self.shown.get("table", [])
        n = self.match.players
        order = sorted(range(len(melds)), key=lambda i: ((melds[i]["owner"] - table.viewer - 1) % n, i))
        tag_h = fonts.font(table.tag, True).get_linesize()
        gap = max(4, table.pad // 2)
        least = int(self.app.units.touch / CARD_RATIO) + 1  # a meld is tapped to lay off on it
        cw = max(least, min(table.cw, int(area.height / CARD_RATIO)))
        while True:
            ch = int(cw * CARD_RATIO)
            step = max(8, int(cw * CARD_STEP))
            row_h = ch + tag_h + gap
            x, y, out, prev = area.x, area.y, [], None
            fits = True
            for i in order:
                w = cw + step * (len(melds[i]["cards"]) - 1)
                sep = gap * (3 if prev is not None and prev != melds[i]["owner"] else 1)
                if x > area.x and x + sep + w > area.right:
                    x, y = area.x, y + row_h
                elif x > area.x:
                    x += sep
                if y + ch + tag_h > area.bottom or w > area.width:  # the owner's tag goes under the meld
                    fits = False
                    break
                out.append((i, melds[i]["owner"], pygame.Rect(x, y, cw, ch)))
                x += w
                prev = melds[i]["owner"]
            if fits or cw <= least:
                # Centre each row, and the block of rows, in the area.
                if out:
                    used = out[-1][2].bottom - area.y
                    dy = max(0, (area.height - used - tag_h) // 2)
                    ends: dict[int, int] = {}
                    for i, _, r in out:
                        ends[r.y] = max(ends.get(r.y, 0), r.x + cw + step * (len(melds[i]["cards"]) - 1))
                    out = [(i, o, r.move((area.right - ends[r.y]) // 2, dy)) for i, o, r in out]
                return cw, out
            cw -= 2

    def draw_felt(self, surface, flying: set, highlight: set) -> bool:
        table = self.table
        s = self.app.scale
        area = self.felt_box()
        melds = self.shown.get("table", [])
        self._spans = []
        if not melds:
            lines = self.felt_text(flying)
            box = pygame.Rect(area.x + 5, area.centery - table.line * len(lines), area.width - 10, 2 * table.line)
            for text in lines:  # wrapped on two lines when the felt is narrow
                fonts.draw_in_box(surface, text, table.small, widgets.DIM, box)
                box = box.move(0, box.height)
            return True
        cw, placed = self.meld_layout(area)
        step = max(8, int(cw * CARD_STEP))
        ringed = {c for o in table.options for c in self.move_targets(o)}
        hint = table.hint["move"] if table.hint else None
        hinted = set(self.move_targets(hint)) if hint else set()
        hinted |= table.choice_cards()  # the meld of the chooser's button under the pointer
        tagged = set()
        self._spans = []
        self.stands_for: dict[str, tuple[str, pygame.Rect]] = {}  # joker -> (its card, the chip drawn)
        for i, owner, first in placed:
            cards = melds[i]["cards"]
            jokers = melds[i].get("jokers") or {}
            for k, code in enumerate(cards):
                r = first.move(k * step, 0)
                if code not in flying:
                    surface.blit(table.face(code, cw), r)
                    if code in jokers:
                        chip = self.draw_stands_for(surface, r, step if k < len(cards) - 1 else cw, jokers[code])
                        self.stands_for[code] = (jokers[code], chip)
                table.card_rects[code] = r
            span = pygame.Rect(first.x, first.y, cw + step * (len(cards) - 1), first.height)
            self._spans.append((" ".join(cards), span))
            if set(cards) & highlight:
                pygame.draw.rect(surface, widgets.GOLD, span.inflate(6, 6), max(2, int(3 * s)), border_radius=8)
            if set(cards) & ringed:
                pygame.draw.rect(surface, RING_COLOUR, span.inflate(6, 6), max(2, int(3 * s)), border_radius=8)
            if set(cards) & hinted:
                pygame.draw.rect(surface, (120, 255, 160), span.inflate(10, 10), max(2, int(3 * s)), border_radius=10)
            if owner not in tagged:  # the owner's name under the first of their melds
                tagged.add(owner)
                table.name_tag(surface, pygame.Rect(span.x, span.y, min(span.width, cw * 2), span.height), owner, False)
        return True

    def draw_card_mark(self, surface, rect: pygame.Rect, visible: int, mark: str) -> None:
        self.draw_stands_for(surface, rect, visible, mark)  # a joker in a hand's summary

    def draw_stands_for(self, surface, r: pygame.Rect, visible: int, face: str) -> pygame.Rect:
        """On a joker of a table meld, the card it stands for as a card's index (rank over
        suit; a set's joker is its rank in any missing suit), framed in gold, in the part of
        the joker the next card leaves in sight, under the joker's own star."""
        colours = suit_colours(self.app.settings.four_colour_suits)
        suit = "CDHS".index(face[1]) if len(face) > 1 else -1
        colour = colours[suit] if suit >= 0 else (30, 30, 30)
        size = max(fonts.min_size(), min(int(r.width * 0.3), int(visible * 0.55)))
        rank = fonts.font(size, True).render(rank_label(face[0] + "C"), True, colour)
        parts = [rank] + ([symbols.symbol(suit, max(8, int(size * 0.7)), colour)] if suit >= 0 else [])
        pad = max(2, size // 6)
        w = max(p.get_width() for p in parts) + 2 * pad
        h = sum(p.get_height() for p in parts) + 2 * pad
        chip = pygame.Rect(0, 0, w, h)
        chip.midtop = (r.x + max(w // 2 + 2, min(visible, r.width) // 2), r.y + int(r.height * 0.36))
        pygame.draw.rect(surface, (255, 252, 240), chip, border_radius=max(3, size // 4))
        pygame.draw.rect(surface, widgets.GOLD, chip, max(2, size // 8), border_radius=max(3, size // 4))
        y = chip.y + pad
        for p in parts:
            surface.blit(p, p.get_rect(midtop=(chip.centerx, y)))
            y += p.get_height()
        return chip

    # ------------------------------------------------------------ summary, game over
    def summary(self, summary: dict, game_over: bool) -> SummaryTable:
        n = self.match.players
        side_of = {seat: k for k, members in enumerate(summary.get("sides", [[s] for s in range(n)])) for seat in members}
        hands = summary.get("hands") or [{} for _ in range(n)]
        rows, spreads, marks = [], [], []
        for seat in range(n):
            side = side_of.get(seat, seat)
            h = hands[seat] if seat < len(hands) else {}
            points = summary.get("points", [0] * n)
            totals = summary.get("totals", [0] * n)
            rows.append([
                self.name(seat), "",
                str(h.get("deadwood_points", 0)),
                str(points[side] if side < len(points) else 0),
                str(totals[side] if side < len(totals) else 0),
            ])
            groups = [("meld", list(m)) for m in h.get("melds", [])]
            if h.get("laid_off"):
                groups.append(("layoff", list(h["laid_off"])))
            if h.get("deadwood"):
                groups.append(("deadwood", list(h["deadwood"])))
            spreads.append(groups)
            marks.append(h.get("jokers") or {})
        headers = [t("summary.player"), self.tx("col_hand"), self.tx("col_deadwood"), self.tx("col_points"), t("summary.total")]
        notes = self.summary_notes(summary, game_over)
        totals = [int(r[-1]) for r in rows]
        best = min(totals) if self.lower_wins() else max(totals)
        return SummaryTable(
            title=self.tx("summary_title", hand=summary.get("round", 0) + 1), headers=headers, rows=rows,
            widths=[0.17, 0.5, 0.11, 0.1, 0.12], best={i for i, v in enumerate(totals) if v == best},
            notes=notes, bold={0, 3, 4}, spreads=spreads, spread_column=1, card_marks=marks,
        )

    def summary_notes(self, summary: dict, game_over: bool) -> list[str]:
        notes = []
        out = summary.get("out")
        if summary.get("void"):
            notes.append(self.tx("note_void"))
        elif out is not None:
            if summary.get("undercut"):
                notes.append(self.said(f"{self.gid}.note_undercut", out))
            elif summary.get("gin"):
                notes.append(self.said(f"{self.gid}.note_gin", out))
            elif summary.get("rummy"):
                notes.append(self.said(f"{self.gid}.note_rummy", out))
            elif summary.get("knock"):
                notes.append(self.said(f"{self.gid}.note_knock", out))
            else:
                notes.append(self.said(f"{self.gid}.note_out", out))
        if not game_over:
            opts = getattr(self.match.state, "options", {}) or {}
            if opts.get("hands"):
                notes.append(self.tx("note_hands_left", count=max(0, opts["hands"] - summary.get("round", 0) - 1)))
            elif opts.get("penalty_only"):
                notes.append(self.tx("note_penalty_target", count=self.game_target()))
            elif opts.get("target"):
                notes.append(t("summary.target", count=opts["target"]))
        return notes

    def game_target(self) -> int:
        """The total that ends the game (the rules say: an option, or fixed for penalty points)."""
        state = self.match.state
        target = getattr(state, "target", None)
        return target() if callable(target) else (getattr(state, "options", {}) or {}).get("target", 0)

    def lower_wins(self) -> bool:
        state = self.match.state
        return bool(getattr(state, "lower_wins", False) or state.info.extra.get("lower_wins"))

    def gameover(self, result: dict) -> GameOverLines:
        winners = result.get("winners") or []
        totals = result.get("totals", [])
        sign = 1 if self.lower_wins() else -1
        order = sorted(range(len(totals)), key=lambda k: (k not in winners, sign * totals[k]))
        head = self.winners_text(winners)
        note = self.tx("gameover_lowest") if self.lower_wins() else ""
        return GameOverLines(head, [(self.name(k), t("table.score", count=totals[k])) for k in order], note=note, golds=self.golds(winners))
