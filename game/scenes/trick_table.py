"""The table for trick-taking games (Olsen, Aluette): your hand at the bottom, the other
players around, the trick in the middle with each card in front of the player who
played it.

Like the Orlan table (whose turn flow, hot-seat hand-off, timer, hint, undo and AI slices
this scene inherits), it holds no rules. What is playable comes from the observation's
``legal`` list; what happened comes from the events of ``apply`` (``play``,
``trick_end`` with its winner or ``spoiled``, ``pass_exchange``, ``round_end`` with its
summary, ``game_end``); everything shown between events is
the viewer's observation (tricks won, penalty cards taken, totals, match points).

A refused tap (a card that is not in ``legal``) changes nothing and says why, in words
chosen from the observation only (the suit led, the first lead card, hearts not broken).
"""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.scenes.gameover import GameOverScene
from game.scenes.match import Match
from game.scenes.summary import SummaryScene, side_name
from game.scenes.table import Flight, Step, TableScene, _lerp
from game.ui import fonts, widgets
from game.ui.cards import CARD_RATIO, card_name
from game.ui.spanish_cards import SpanishCardRenderer
from game.ui.spanish_cards import card_name as spanish_card_name

TRICK_GAMES = ("olsen", "aluette")
FRENCH_SUIT_ORDER = "CDSH"  # alternate black and red in the hand
FRENCH_RANK_ORDER = "23456789TJQKA"
SPANISH_SUIT_ORDER = "DCBE"
SPANISH_RANK_ORDER = "123456789VCR"
SUIT_CHAR = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
TEAM_COLOURS = [(255, 200, 80), (120, 200, 255)]
RECEIVED_COLOUR = (110, 230, 255)
REFUSED_COLOUR = (240, 80, 60)
LEADER_COLOUR = (240, 200, 70)
BANNER_SUIT_COLOURS = [(240, 240, 240), (255, 110, 110), (255, 110, 110), (240, 240, 240)]  # on a dark panel


def table_scene(app, match: Match) -> Scene:
    """The table scene that plays this match's game."""
    if match.game_id in TRICK_GAMES:
        return TrickTableScene(app, match)
    return TableScene(app, match)


def sort_hand(codes: list[str], spanish: bool) -> list[str]:
    if spanish:
        return sorted(codes, key=lambda c: (SPANISH_SUIT_ORDER.index(c[1]), SPANISH_RANK_ORDER.index(c[0])))
    return sorted(codes, key=lambda c: (FRENCH_SUIT_ORDER.index(c[1]), FRENCH_RANK_ORDER.index(c[0])))


class TrickTableScene(TableScene):
    name = "trick_table"

    def __init__(self, app, match: Match) -> None:
        self.spanish_deck = match.game_id == "aluette"
        self.spanish = SpanishCardRenderer()
        self.chosen: list[str] = []  # cards chosen to pass (Olsen option)
        self.focus_card: str | None = None  # keyboard cursor in the hand
        self.refused: tuple[str, float] | None = None  # a refused card flashes red
        self.received: set[str] = set()  # cards just passed to the viewer, marked until the first trick ends
        self.trick_summary: dict | None = None
        self.peek = 0.0  # seconds left showing the last trick (tap on the table, or L)
        self.frozen = False  # a hand ended: the view keeps its last trick until the summary closes
        self.stamp_spoiled = False
        self.pass_button = None
        self.obs: dict = {}
        self.trick_rects: dict[str, pygame.Rect] = {}
        super().__init__(app, match)

    # ------------------------------------------------------------ view
    def sync(self) -> None:
        """View = the viewer's observation. Held while a finished hand waits for its summary,
        so the last trick stays on screen under it."""
        if self.frozen:
            return
        obs = self.match.observation(self.viewer)
        self.obs = obs
        n = self.match.players
        tricks = obs["tricks"]
        self.view = {
            "hand": sort_hand(obs["hand"], self.spanish_deck),
            "hand_counts": list(obs["hand_counts"]),
            "trick": [(p["seat"], p["card"]) for p in obs["trick"]],
            "leader": obs["leader"],
            "tricks_won": list(obs["tricks_won"]),
            "spoiled": sum(1 for tr in tricks if tr["winner"] is None),
            "penalty": [list(p) for p in obs.get("penalty_cards", [[] for _ in range(n)])],
            "dealer": obs["dealer"],
            "totals": list(obs["totals"]),
            "team_totals": list(obs.get("team_totals", [])),
            "round": obs["round"],
            "seats": list(obs.get("seats", range(n))),
        }
        self.chosen = [c for c in self.chosen if c in self.view["hand"]]

    def fresh_deal(self) -> bool:
        """A hand nobody has played to yet (not a game resumed mid-hand)."""
        v = self.view
        return not v["trick"] and not any(v["tricks_won"]) and not v["spoiled"]

    def phase(self) -> str:
        return self.obs.get("phase") or "play"

    def legal_codes(self) -> set[str]:
        """Cards the viewer may play now, from the observation (empty when not their turn)."""
        if not self.my_turn():
            return set()
        return {m["card"] for m in self.match.observation(self.viewer).get("legal", []) if "card" in m}

    def face(self, code: str, width: int) -> pygame.Surface:
        if self.spanish_deck:
            return self.spanish.face(code, width, t(f"aluette.name.{code}") if code in ALUETTE_NAMED else None)
        return self.app.cards.face(code, width, self.app.settings.four_colour_suits)

    def card_label(self, code: str) -> str:
        if not self.spanish_deck:
            return card_name(code)
        if code in ALUETTE_NAMED:
            return t("aluette.named_card", name=t(f"aluette.name.{code}"), card=spanish_card_name(code))
        return spanish_card_name(code)

    def player_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def is_you(self, seat: int) -> bool:
        """The one human playing against AIs: messages say "you" rather than the name."""
        return self.match.humans == [seat]

    def left_of(self, seat: int) -> int:
        seats = self.view.get("seats") or list(range(self.match.players))
        if seat not in seats:
            return (seat + 1) % self.match.players
        return seats[(seats.index(seat) + 1) % len(seats)]

    def right_of(self, seat: int) -> int:
        seats = self.view.get("seats") or list(range(self.match.players))
        if seat not in seats:
            return (seat - 1) % self.match.players
        return seats[(seats.index(seat) - 1) % len(seats)]

    # ------------------------------------------------------------ geometry
    def layout(self) -> None:
        super().layout()  # HUD buttons (sound, undo, hint, menu) and the shared sizes
        self.spanish.clear()
        w, h = self.app.size
        s = self.app.scale
        pad = self.pad
        n = self.match.players
        self.small = max(13, int(16 * s))
        self.line = fonts.font(self.small, True).get_linesize()
        # Hand cards: about a fifth of the height.
        cw = int(min(h * 0.2 / CARD_RATIO, w * 0.11))
        self.cw, self.ch = cw, int(cw * CARD_RATIO)
        self.sw = max(16, int(cw * 0.34))
        sh = int(self.sw * CARD_RATIO)
        self.pen_w = 0 if self.spanish_deck else int(self.sw * 1.35)  # penalty cards taken (Olsen)
        pen_h = int(self.pen_w * CARD_RATIO)
        pw = max(150, int(min(w * 0.18, 300 * s)))
        top_y = self.hud_h + pad // 2
        hand_y = h - self.ch - pad
        side_h = pad + 3 * self.line + sh + pad + (pen_h + pad // 2 if pen_h else 0)
        top_h = pad + 2 * self.line + max(sh, pen_h) + pad // 2
        self.panels = {
            "left": pygame.Rect(pad, top_y + int(h * 0.1), pw, side_h),
            "right": pygame.Rect(w - pw - pad, top_y + int(h * 0.1), pw, side_h),
            "top": pygame.Rect(w // 2 - int(pw * 1.1), top_y, int(pw * 2.2), top_h),
            "topleft": pygame.Rect(int(w * 0.3) - int(pw * 0.95), top_y, int(pw * 1.9), top_h),
            "topright": pygame.Rect(int(w * 0.7) - int(pw * 0.95), top_y, int(pw * 1.9), top_h),
        }
        if n == 5:  # four opponents: the side panels sit below the two top ones
            for pos in ("left", "right"):
                self.panels[pos].y = self.panels["topleft"].bottom + pad // 2
        bottom_h = 3 * self.line + pad + (pen_h + pad // 2 if pen_h else 0)
        self.panels["bottom"] = pygame.Rect(pad, h - bottom_h - pad, pw, bottom_h)
        self.hand_area = pygame.Rect(self.panels["bottom"].right + pad, hand_y, w - self.panels["bottom"].right - 2 * pad, self.ch)
        has_top = n >= 4
        tx0 = self.panels["left"].right + pad
        tx1 = self.panels["right"].x - pad
        ty0 = (self.panels["top"].bottom if has_top else self.hud_h) + pad
        prompt_h = int(max(32, 44 * s)) + int(self.ch * 0.17)  # the prompt line, or a banner in its place
        ty1 = hand_y - prompt_h - pad
        self.table_area = pygame.Rect(tx0, ty0, tx1 - tx0, max(40, ty1 - ty0))
        # Trick cards: two rows of cards (top and bottom seats) and a name tag each.
        self.tag = max(11, int(13 * s))
        tag_h = fonts.font(self.tag, True).get_linesize()
        th_fit = (self.table_area.height - 1.5 * tag_h) / 2.25
        self.tw = int(max(24, min(cw * 0.95, th_fit / CARD_RATIO, self.table_area.width / 4.4)))
        self.th = int(self.tw * CARD_RATIO)
        self.deck_rect = pygame.Rect(0, 0, self.sw * 2, int(self.sw * 2 * CARD_RATIO))
        self.deck_rect.center = self.table_area.center
        # The spoiled pile (Aluette) sits in the felt's lower left corner.
        self.spoiled_rect = pygame.Rect(0, 0, self.sw, sh)
        self.spoiled_rect.bottomleft = (self.table_area.x + pad, self.table_area.bottom - pad)
        # The pass button (Olsen option): shown while the viewer chooses cards to pass.
        bh = widgets.button_height(s)
        bw = min(int(self.table_area.width * 0.8), max(160, int(220 * s)))
        rect = pygame.Rect(0, 0, bw, bh)
        rect.center = self.table_area.center
        self.pass_button = self.button(rect, t("trick.pass_button"), self.confirm_pass, focusable=False)
        self._pass_shown = None
        self.refresh_pass_button()

    def hand_step(self, count: int) -> float:
        if count <= 1:
            return 0.0
        return min(self.cw + self.pad // 2, (self.hand_area.width - self.cw) / (count - 1))

    def seat_hand_rect(self, seat: int, i: int = 0) -> pygame.Rect:
        pos = self.position(seat)
        if pos == "bottom":
            count = len(self.view.get("hand", [])) if self.hand_visible() else self.view.get("hand_counts", [0] * 9)[seat]
            count = max(count, i + 1)
            step = self.hand_step(count)
            total = step * (count - 1) + self.cw
            x0 = self.hand_area.centerx - total / 2
            return pygame.Rect(int(x0 + i * step), self.hand_area.y, self.cw, self.ch)
        p = self.panels[pos]
        r = pygame.Rect(0, 0, self.sw, int(self.sw * CARD_RATIO))
        lines = 2 if pos.startswith("top") else 3
        step = max(3, min(self.sw // 2, (p.width // 2 - 2 * self.pad) // max(1, 12)))
        r.topleft = (p.x + self.pad + i * step, p.y + self.pad // 2 + lines * self.line + 2)
        return r

    def pile_rect(self, seat: int) -> pygame.Rect:
        """Where a won trick goes: the winner's panel, right side."""
        p = self.panels[self.position(seat)]
        r = pygame.Rect(0, 0, self.sw, int(self.sw * CARD_RATIO))
        r.topright = (p.right - self.pad, p.y + self.pad // 2 + self.line)
        if self.position(seat).startswith("top"):
            r.topright = (p.right - self.pad, p.y + self.pad // 2 + 2 * self.line + 2)
        return r

    def trick_rect(self, seat: int) -> pygame.Rect:
        """A seat's card in the trick, pushed from the centre towards that player."""
        cx, cy = self.table_area.center
        tw, th = self.tw, self.th
        area = self.table_area
        dx = int(max(tw * 1.3, min(area.width * 0.2, tw * 1.9)))
        dy = int(max(th * 0.56, min(area.height * 0.25, th * 0.66)))
        off = {
            "bottom": (0, dy), "top": (0, -dy), "left": (-dx, 0), "right": (dx, 0),
            "topleft": (-int(dx * 0.6), -dy), "topright": (int(dx * 0.6), -dy),
        }[self.position(seat)]
        if self.match.players == 3 and self.position(seat) in ("left", "right"):
            off = (off[0], -int(dy * 0.45))
        r = pygame.Rect(0, 0, tw, th)
        r.center = (cx + off[0], cy + off[1])
        return r

    # ------------------------------------------------------------ animations
    DEAL_GAP = 0.03

    def deal_order(self) -> list[int]:
        return self.view["seats"]

    def deal_source(self) -> pygame.Rect:
        return self.deck_rect

    def animate_events(self, events: list[dict]) -> None:
        if any(e["type"] == "round_end" for e in events):
            self.frozen = True  # from now on the view only follows the animations
        for e in events:
            kind = e["type"]
            if kind == "play":
                self.animate_play(e["seat"], e["card"])
            elif kind == "trick_end":
                self.animate_trick_end(e)
            elif kind == "pass_exchange":
                self.animate_exchange()
            elif kind == "round_end":
                self.add(Step(0, done=lambda summary=e["summary"]: self._hold_summary(summary)))
            elif kind == "game_end":
                self.game_over = True

    def _hold_summary(self, summary: dict) -> None:
        self.trick_summary = summary

    def animate_play(self, seat: int, card: str) -> None:
        view = self.view
        if self.position(seat) == "bottom" and card in view["hand"]:
            src = self.seat_hand_rect(seat, view["hand"].index(card))
        else:
            src = self.seat_hand_rect(seat, max(0, view["hand_counts"][seat] - 1))
        dst = self.trick_rect(seat)

        def start():
            if card in view["hand"]:
                view["hand"].remove(card)
            view["hand_counts"][seat] = max(0, view["hand_counts"][seat] - 1)
            if not view["trick"]:
                view["leader"] = seat

        def land():
            view["trick"].append((seat, card))

        self.add(Step(self.dur(0.3), [Flight(card, src, dst)], start=start, done=land, sound="play"))

    def animate_trick_end(self, e: dict) -> None:
        view = self.view
        winner = e.get("winner")
        spoiled = winner is None
        if spoiled:
            banner = t("trick.spoiled")
        else:
            points = e.get("points")
            if self.is_you(winner):
                banner = t("trick.you_take_points", count=points) if points else t("trick.you_take")
            else:
                banner = t("trick.takes_points", name=self.player_name(winner), count=points) if points else t("trick.takes", name=self.player_name(winner))
        pause = Step(self.dur(0.9 if spoiled else 0.7), banner=banner, sound="bi_qahwa" if spoiled else "capture")

        def show():
            if spoiled:
                self.stamp_spoiled = True
            else:
                pause.highlight.update(c for s, c in view["trick"] if s == winner)

        pause.start_fn = show
        self.add(pause)
        collect = Step(self.dur(0.4))
        holder = collect.flights

        def start_collect():
            self.stamp_spoiled = False
            dst = self.spoiled_rect if spoiled else self.pile_rect(winner)
            for k, (s, c) in enumerate(view["trick"]):
                holder.append(Flight(c, self.trick_rect(s), dst, self.dur(0.03) * k))
            view["trick"] = []

        def done_collect():
            if spoiled:
                view["spoiled"] += 1
            else:
                view["tricks_won"][winner] += 1
            self.received.clear()
            self.sync()

        collect.start_fn, collect.done_fn = start_collect, done_collect
        self.add(collect)

    def animate_exchange(self) -> None:
        step = Step(self.dur(1.4), banner=None)

        def start():
            self.chosen = []
            self.sync()
            got = self.obs.get("received", [])
            self.received = set(got)
            step.highlight.update(got)
            if got:
                step.banner = t("trick.received", name=self.player_name(self.right_of(self.viewer)))
            else:
                step.banner = t("trick.exchanged", card=self.card_label(self.obs.get("lead_card", "2C")))

        step.start_fn = start
        self.add(step)

    # ------------------------------------------------------------ turn flow
    def update(self, dt: float) -> None:
        if self.banner:
            self.banner = (self.banner[0], self.banner[1] - dt)
            if self.banner[1] <= 0:
                self.banner = None
        self.peek = max(0.0, self.peek - dt)
        if self.refused:
            self.refused = (self.refused[0], self.refused[1] - dt)
            if self.refused[1] <= 0:
                self.refused = None
        if self.steps:
            self.run_steps(dt)
        if not self.steps and self.trick_summary is not None:
            summary, self.trick_summary = self.trick_summary, None
            tricks = list(self.view["tricks_won"])
            self.app.scenes.push(TrickSummaryScene(self.app, self.match, summary, self.game_over, tricks))
            return
        self.refresh_pass_button()
        if self.steps or self.match.finished:
            return
        cur = self.match.current()
        if self.match.seats[cur].human:
            self.human_turn(cur, dt)
        else:
            self.ai_turn(cur, dt)

    def play(self, move: dict) -> None:
        self.chosen = []
        self.focus_card = None
        super().play(move)

    def after_summary(self) -> None:
        if self.game_over:
            self.app.scenes.replace(TrickGameOverScene(self.app, self.match))
            return
        self.revealed_for = None
        self.frozen = False
        self.viewer = self._default_viewer()
        self.received.clear()
        self.sync()
        self.deal_animation()
        self.banner = (t("trick.dealt", card=self.card_label(self.obs["lead_card"])), 1.6) if "lead_card" in self.obs and self.phase() == "play" else None

    def undo(self) -> None:
        self.trick_summary = None
        self.frozen = False
        self.chosen = []
        super().undo()

    # ------------------------------------------------------------ player actions
    def tap_card(self, code: str) -> None:
        """A tap on a card of the viewer's hand: choose it for passing, or play it."""
        if not self.my_turn():
            return
        self.focus_card = code
        if self.phase() == "pass":
            if code in self.chosen:
                self.chosen.remove(code)
            else:
                self.chosen = (self.chosen + [code])[-3:]
            self.refresh_pass_button()
            return
        if code in self.legal_codes():
            self.play({"card": code})
        else:
            self.refuse(code)

    def refuse(self, code: str) -> None:
        """The card is not in ``legal``: nothing is played; say why from what the table shows."""
        self.refused = (code, 1.2)
        self.banner = (self.refusal_reason(code), 2.5)
        self.app.sounds.play("tick")

    def refusal_reason(self, code: str) -> str:
        obs = self.match.observation(self.viewer)
        legal = {m["card"] for m in obs.get("legal", []) if "card" in m}
        trick = obs.get("trick", [])
        if self.spanish_deck or not legal:
            return t("trick.refused")
        if trick:
            led = trick[0]["card"][-1]
            if all(c[-1] == led for c in legal) and code[-1] != led:
                return t("trick.refused_follow", suit=SUIT_CHAR.get(led, led))
            if not obs.get("tricks"):
                return t("trick.refused_first_trick")
            return t("trick.refused")
        if not obs.get("tricks") and obs.get("lead_card") in legal:
            return t("trick.refused_first_lead", card=self.card_label(obs["lead_card"]))
        if code[-1] == "H" and not obs.get("hearts_broken", True):
            return t("trick.refused_hearts")
        return t("trick.refused")

    def confirm_pass(self) -> None:
        if not self.my_turn() or self.phase() != "pass" or len(self.chosen) != 3:
            return
        chosen = sorted(self.chosen)
        legal = self.match.observation(self.viewer).get("legal", [])
        match = next((m for m in legal if m["kind"] == "pass" and sorted(m["cards"]) == chosen), None)
        if match is None:
            self.banner = (t("trick.refused"), 2.0)
            return
        self.play(match)

    def refresh_pass_button(self) -> None:
        b = self.pass_button
        if b is None:
            return
        show = self.phase() == "pass" and not self.steps and self.my_turn()
        ready = show and len(self.chosen) == 3
        state = (show, ready)
        if state == getattr(self, "_pass_shown", None):
            return
        self._pass_shown = state
        if show:
            b.show()
        else:
            b.hide()
        if ready:
            b.enable()
        else:
            b.disable()

    def select(self, code: str | None) -> None:
        self.focus_card = code

    def confirm(self, option: int | None = None) -> None:
        if self.phase() == "pass" and len(self.chosen) == 3 and (self.focus_card is None or self.focus_card in self.chosen):
            self.confirm_pass()
        elif self.focus_card is not None:
            self.tap_card(self.focus_card)

    def click(self, pos) -> None:
        if self.steps:
            self.skip_animations()
            return
        if self.table_area.collidepoint(pos) and not (self.pass_button and self.pass_button.visible):
            self.toggle_peek()
            return
        if not self.my_turn():
            return
        for code, rect in reversed(self.hand_rects):
            if rect.collidepoint(pos):
                self.tap_card(code)
                return

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.pass_button is not None and self.pass_button.visible and self.pass_button.rect.collidepoint(event.pos):
            return False  # the pass button (pygame_gui) takes this click
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            return Scene.handle(self, event)
        return super().handle(event)

    def toggle_peek(self) -> None:
        """Show the last completed trick for a moment (or hide it again)."""
        self.peek = 0.0 if self.peek or not self.obs.get("tricks") else 2.5

    def key(self, event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE:
            self.pause()
            return True
        if k == pygame.K_l:
            self.toggle_peek()
            return True
        if k in (pygame.K_m, pygame.K_h, pygame.K_u, pygame.K_z):
            return super().key(event)
        if not self.my_turn():
            return False
        hand = self.view["hand"]
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            i = hand.index(self.focus_card) if self.focus_card in hand else (-1 if k == pygame.K_RIGHT else len(hand))
            self.focus_card = hand[(i + (1 if k == pygame.K_RIGHT else -1)) % len(hand)]
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus_card is None and hand:
                self.focus_card = hand[0]
            elif k == pygame.K_RETURN and self.phase() == "pass" and len(self.chosen) == 3 and self.focus_card in self.chosen:
                self.confirm_pass()
            else:
                self.tap_card(self.focus_card)
            return True
        return False

    def explain(self, move: dict) -> str:
        if move["kind"] == "pass":
            return t("hint.pass", cards=" ".join(self.card_label(c) for c in move["cards"]))
        return t("hint.play", card=self.card_label(move["card"]))

    # ------------------------------------------------------------ drawing
    def hud_text(self) -> str:
        obs = self.obs
        if self.match.game_id == "olsen":
            opts = obs.get("options", {})
            if obs.get("tiebreak"):
                text = t("trick.hud_olsen_tiebreak")
            elif opts.get("deals"):
                text = t("trick.hud_olsen_deals", hand=self.view["round"] + 1, deals=opts["deals"])
            else:
                text = t("trick.hud_olsen", hand=self.view["round"] + 1, target=opts.get("target", 100))
            if obs.get("hearts_broken"):
                text += "  ·  " + t("trick.hearts_broken")
            return text
        deals = self.match.state.info.extra.get("deals", 5)
        return t("trick.hud_aluette", deal=self.view["round"] + 1, deals=deals)

    def prompt_text(self) -> str:
        if self.steps or self.match.finished or self.frozen or self.banner:
            return ""
        cur = self.match.current()
        passing = self.phase() == "pass"
        if not self.match.seats[cur].human:
            if passing:
                return t("trick.pass_waiting", name=self.player_name(cur))
            return t("table.thinking", name=self.player_name(cur))
        if not self.my_turn():
            return ""
        if self.hint:
            return t("hint.prefix") + " " + self.hint["text"]
        if self.hint_bot is not None:
            return t("hint.thinking")
        if passing:
            target = self.player_name(self.left_of(self.viewer))
            if len(self.chosen) == 3:
                return t("trick.pass_ready", name=target)
            return t("trick.pass_prompt", name=target, count=len(self.chosen))
        if self.spanish_deck:
            return t("trick.your_turn_any")
        return t("trick.your_turn")

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        small = self.small
        step = self.steps[0] if self.steps else None
        flying = {f.code for f in step.flights if f.code} if step else set()
        highlight = step.highlight if step else set()
        hud = pygame.Rect(0, 0, surface.get_width(), self.hud_h)
        widgets.panel(surface, hud, alpha=110, radius=0)
        fonts.blit_text(surface, self.hud_text(), max(14, int(20 * s)), widgets.WHITE, (self.pad, self.hud_h // 2), "midleft", bold=True, max_width=self.hud_text_right - 2 * self.pad, suit_colours=[(255, 120, 120)] * 4)
        felt = self.table_area.inflate(self.pad * 2, self.pad * 2)
        lighter = tuple(min(255, c + 14) for c in self.app.table_colour)
        pygame.draw.rect(surface, lighter, felt, border_radius=max(12, int(30 * s)))
        for seat in range(self.match.players):
            self.draw_seat(surface, seat, small)
        self.draw_trick(surface, flying, highlight)
        if self.spanish_deck:
            self.draw_spoiled_pile(surface)
        self.draw_hand(surface, flying, self.app.settings.four_colour_suits, small)
        self.draw_prompt(surface, small)
        if step:
            for f in step.flights:
                if step.t < f.delay:
                    continue
                frac = 1.0 if step.dur <= 0 else max(0.0, min(1.0, (step.t - f.delay) / max(1e-6, step.dur - f.delay)))
                r = _lerp(f.src, f.dst, frac)
                img = self.face(f.code, r.width) if f.code else self.app.cards.back(self.app.settings.card_back, r.width)
                surface.blit(img, r)
        banner = (step.banner if step and step.banner else None) or (self.banner[0] if self.banner else None)
        if banner:
            self.draw_banner(surface, banner)  # over the prompt line, which it replaces for a moment

    def draw_banner(self, surface, text: str) -> None:
        """In the prompt's place above the hand: the trick stays in full view, and a refusal
        shows where the player is looking."""
        s = self.app.scale
        size = max(18, int(28 * s))
        img = fonts.render_rich(text, fonts.fit_size(text, size, int(self.hand_area.width * 0.98), True), widgets.GOLD, True, BANNER_SUIT_COLOURS)
        y = self.hand_area.y - int(self.ch * 0.17) - self.pad // 2
        r = img.get_rect(midbottom=(self.hand_area.centerx, y))
        widgets.panel(surface, r.inflate(int(24 * s), int(10 * s)), alpha=215)
        surface.blit(img, r)

    def draw_last_trick(self, surface) -> None:
        last = self.obs["tricks"][-1]
        s = self.app.scale
        for p in last["plays"]:
            r = self.trick_rect(p["seat"])
            surface.blit(self.face(p["card"], r.width), r)
            if p["seat"] == last["winner"]:
                pygame.draw.rect(surface, widgets.GOLD, r.inflate(8, 8), max(3, int(4 * s)), border_radius=10)
            tag = self.player_name(p["seat"])
            img = fonts.render(tag, fonts.fit_size(tag, self.tag, r.width + 20, True), (20, 20, 20), True)
            tr = img.get_rect(midtop=(r.centerx, r.bottom - img.get_height() // 2))
            pygame.draw.rect(surface, (235, 235, 235), tr.inflate(10, 2), border_radius=max(4, tr.height // 2))
            surface.blit(img, tr)
        w = last["winner"]
        if w is None:
            text = t("trick.last_trick_spoiled")
        elif self.is_you(w):
            text = t("trick.last_trick_you")
        else:
            text = t("trick.last_trick_won", name=self.player_name(w))
        img = fonts.render(text, fonts.fit_size(text, max(14, int(20 * s)), self.table_area.width - 20, True), widgets.WHITE, True)
        r = img.get_rect(midtop=(self.table_area.centerx, self.table_area.y + self.pad // 2))
        widgets.panel(surface, r.inflate(20, 8), alpha=190)
        surface.blit(img, r)

    def draw_trick(self, surface, flying: set, highlight: set) -> None:
        view = self.view
        s = self.app.scale
        self.trick_rects = {}
        if self.peek and self.obs.get("tricks") and not self.steps:
            self.draw_last_trick(surface)
            return
        if not view["trick"] and not flying and self.phase() != "pass":
            cur = self.match.current()
            leader = view.get("leader", cur)
            if cur is not None and not self.steps and not self.frozen and not (leader == self.viewer and self.my_turn()):
                lead_text = t("trick.you_lead") if self.is_you(leader) else t("trick.leads", name=self.player_name(leader))
                fonts.blit_text(surface, lead_text, self.small, widgets.DIM, self.table_area.center, "center", max_width=self.table_area.width - 10)
            if self.obs.get("tricks") and not self.frozen:
                fonts.blit_text(surface, t("trick.peek_hint"), max(11, int(self.small * 0.85)), widgets.DIM, (self.table_area.centerx, self.table_area.centery + self.line), "midtop", max_width=self.table_area.width - 10)
        for seat, code in view["trick"]:
            if code in flying:
                continue
            r = self.trick_rect(seat)
            self.trick_rects[code] = r
            surface.blit(self.face(code, r.width), r)
            if self.stamp_spoiled:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill((40, 40, 40, 120))
                surface.blit(shade, r)
            if code in highlight:
                pygame.draw.rect(surface, widgets.GOLD, r.inflate(8, 8), max(3, int(4 * s)), border_radius=10)
            # Who played it: a name tag on the card's lower edge; gold for the leader.
            lead = seat == view.get("leader")
            tag = self.player_name(seat)
            img = fonts.render(tag, fonts.fit_size(tag, self.tag, r.width + 20, True), (20, 20, 20), True)
            tr = img.get_rect(midtop=(r.centerx, r.bottom - img.get_height() // 2))
            pygame.draw.rect(surface, LEADER_COLOUR if lead else (235, 235, 235), tr.inflate(10, 2), border_radius=max(4, tr.height // 2))
            surface.blit(img, tr)
        if self.stamp_spoiled and view["trick"]:
            text = t("trick.spoiled_stamp")
            size = max(20, int(40 * s))
            img = fonts.render(text, fonts.fit_size(text, size, int(self.tw * 2.6), True), REFUSED_COLOUR, True)
            img = pygame.transform.rotozoom(img, 12, 1)
            r = img.get_rect(center=self.table_area.center)
            widgets.panel(surface, r.inflate(12, 4), alpha=120, colour=(255, 255, 255))
            surface.blit(img, r)

    def draw_spoiled_pile(self, surface) -> None:
        n = self.view["spoiled"]
        r = self.spoiled_rect
        if not n:
            return
        back = self.app.cards.back(self.app.settings.card_back, r.width)
        for k in range(min(3, n)):
            surface.blit(back, r.move(k * 2, -k * 2))
        fonts.blit_text(surface, t("trick.spoiled_pile", count=n), self.small, widgets.SOFT, (r.right + self.pad, r.centery), "midleft", max_width=self.table_area.width // 2)

    def draw_seat(self, surface, seat: int, small: int) -> None:
        pos = self.position(seat)
        p = self.panels[pos]
        view = self.view
        s = self.app.scale
        in_hand = seat in view["seats"]
        turn = self.match.current() == seat and not self.match.finished and not self.frozen
        widgets.panel(surface, p, alpha=160 if turn else 120)
        if turn:
            pygame.draw.rect(surface, widgets.GOLD, p, max(2, int(3 * s)), border_radius=14)
        x, y = p.x + self.pad, p.y + self.pad // 2
        teams = self.match.game_id == "aluette"
        tag = "" if self.match.seats[seat].human else " · " + t(f"kind.{self.match.seats[seat].kind}")
        dot = small if teams else 0
        r = fonts.blit_text(surface, self.player_name(seat) + tag, small, widgets.WHITE if in_hand else widgets.DIM, (x + dot, y), bold=True, max_width=p.width - 2 * self.pad - self.sw - dot - small)
        if teams:
            pygame.draw.circle(surface, TEAM_COLOURS[seat % 2], (x + small // 2 - 2, r.centery), small // 2 - 1)
        if view["dealer"] == seat:
            cx = r.right + small // 2 + 4
            pygame.draw.circle(surface, (250, 250, 250), (cx, r.centery), small * 0.6)
            fonts.blit_text(surface, t("table.dealer_chip"), int(small * 0.8), (20, 20, 20), (cx, r.centery), "center", bold=True)
        # Tricks won this hand, penalties (Olsen) and the running totals.
        won = view["tricks_won"][seat]
        stats = t("trick.tricks", count=won)
        if not teams:
            total = t("trick.total", count=view["totals"][seat])
        else:
            team = seat % 2
            total = t("trick.team_points", team=team + 1, count=view["team_totals"][team] if view["team_totals"] else view["totals"][seat])
        top = pos.startswith("top")
        max_w = p.width - 2 * self.pad - self.sw - self.pad
        if top:
            fonts.blit_text(surface, stats + "  ·  " + total, small, widgets.GOLD, (x, r.bottom + 1), bold=True, max_width=max_w)
        else:
            r2 = fonts.blit_text(surface, stats, small, widgets.SOFT, (x, r.bottom + 1), max_width=max_w)
            fonts.blit_text(surface, total, small, widgets.GOLD, (x, r2.bottom + 1), bold=True, max_width=max_w)
        # Won tricks pile (face down) in the panel's corner.
        pr = self.pile_rect(seat)
        back = self.app.cards.back(self.app.settings.card_back, self.sw)
        if won:
            for k in range(min(3, won)):
                surface.blit(back, pr.move(-k * 2, -k * 2))
        else:
            pygame.draw.rect(surface, (255, 255, 255), pr, 1, border_radius=4)
        # Other players' hands: small backs with the count.
        row_y = self.seat_hand_rect(seat).y
        if pos != "bottom":
            count = 0 if self.hide_hands else view["hand_counts"][seat]
            for i in range(count):
                surface.blit(back, self.seat_hand_rect(seat, i))
            hx = self.seat_hand_rect(seat, max(0, count - 1)).right + 4
            fonts.blit_text(surface, t("table.hand_count", count=count), small, widgets.SOFT, (hx, self.seat_hand_rect(seat).centery), "midleft", max_width=max(20, p.right - hx - self.pad - (self.sw if top else 0)))
        else:
            row_y = p.y + self.pad // 2 + 3 * self.line + 2
        # Penalty cards taken (Olsen): small faces, face up, so everyone sees who holds what.
        if not teams:
            cards = view["penalty"][seat]
            if pos == "bottom":
                py = row_y
                px0, avail = p.x + self.pad, p.width - 2 * self.pad
            elif top:
                py = row_y
                px0 = p.centerx + self.pad
                avail = p.right - self.sw - 2 * self.pad - px0
            else:
                py = row_y + int(self.sw * CARD_RATIO) + self.pad // 2
                px0, avail = p.x + self.pad, p.width - 2 * self.pad
            if cards:
                cw = self.pen_w
                stepx = min(cw * 0.55, (avail - cw) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
                for i, code in enumerate(sort_hand(cards, False)):
                    surface.blit(self.face(code, cw), (int(px0 + i * stepx), py))

    def draw_hand(self, surface, flying: set, four: bool, small: int) -> None:
        view = self.view
        s = self.app.scale
        self.hand_rects = []
        visible = self.hand_visible()
        seat = self.viewer
        cards = view["hand"] if visible else [None] * view["hand_counts"][seat]
        if self.hide_hands:
            cards = []
        mine = self.my_turn()
        passing = self.phase() == "pass"
        legal = self.legal_codes() if mine and not passing else set()
        mark_legal = mine and not passing and not self.spanish_deck
        hint = self.hint["move"] if self.hint else {}
        hint_cards = set(hint.get("cards", [])) | ({hint["card"]} if "card" in hint else set())
        refused = self.refused[0] if self.refused else None
        step = self.hand_step(len(cards))
        for i, code in enumerate(cards):
            if code is not None and code in flying:
                continue
            r = self.seat_hand_rect(seat, i)
            lifted = code is not None and (code in self.chosen or (mark_legal and code in legal))
            if lifted:
                r = r.move(0, -int(self.ch * (0.16 if code in self.chosen else 0.08)))
            if code is None:
                surface.blit(self.app.cards.back(self.app.settings.card_back, r.width), r)
                continue
            surface.blit(self.face(code, r.width), r)
            self.hand_rects.append((code, r))
            visible_w = int(step) if i < len(cards) - 1 and step < r.width else r.width
            if mark_legal and code not in legal:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(shade, (0, 0, 0, 110), shade.get_rect(), border_radius=max(3, r.width // 12))
                surface.blit(shade, r)
            elif mark_legal:
                pygame.draw.circle(surface, widgets.GOLD, (r.x + max(6, visible_w // 2), r.y), max(4, small // 3))
            if code in self.chosen:
                pygame.draw.rect(surface, (255, 255, 255), r.inflate(6, 6), max(2, int(3 * s)), border_radius=10)
            if code in self.received:
                pygame.draw.rect(surface, RECEIVED_COLOUR, r.inflate(4, 4), max(2, int(3 * s)), border_radius=10)
            if code == refused:
                pygame.draw.rect(surface, REFUSED_COLOUR, r.inflate(6, 6), max(3, int(4 * s)), border_radius=10)
            if code in hint_cards:
                pygame.draw.rect(surface, (120, 255, 160), r.inflate(10, 10), max(2, int(4 * s)), border_radius=12)
            if mine and code == self.focus_card:
                pygame.draw.line(surface, (255, 255, 255), (r.x + 4, r.bottom + 3), (r.x + max(8, visible_w - 4), r.bottom + 3), max(2, int(3 * s)))

    def draw_prompt(self, surface, small: int) -> None:
        text = self.prompt_text()
        y = self.hand_area.y - int(self.ch * 0.17) - self.pad // 2
        if text:
            size = max(14, int(19 * self.app.scale))
            img = fonts.render_rich(text, fonts.fit_size(text, size, int(self.hand_area.width * 0.98), True), widgets.WHITE, True)
            r = img.get_rect(midbottom=(self.hand_area.centerx, y))
            widgets.panel(surface, r.inflate(16, 6), alpha=150, radius=8)
            surface.blit(img, r)
        if self.timer_left is not None and self.my_turn():
            total = max(1, self.match.timer)
            frac = max(0.0, self.timer_left / total)
            col = (90, 220, 120) if frac > 0.3 else (240, 80, 60)
            bar = pygame.Rect(self.hand_area.x, self.hand_area.bottom + 2, self.hand_area.width, max(4, self.pad // 2))
            pygame.draw.rect(surface, (40, 40, 40), bar, border_radius=3)
            pygame.draw.rect(surface, col, (bar.x, bar.y, int(bar.width * frac), bar.height), border_radius=3)
            fonts.blit_text(surface, t("table.timer", count=int(self.timer_left + 0.999)), small, col, (self.hand_area.right, y), "bottomright", bold=True)


ALUETTE_NAMED = ("3D", "3C", "2D", "2C", "9C", "9D", "2B", "2E")  # cards with a traditional name


# ---------------------------------------------------------------- summaries
def olsen_rows(match: Match, summary: dict, tricks: list[int]) -> list[list[str]]:
    """Olsen hand summary as shown, one row per seat of the hand: name, tricks, penalties,
    hand points, total."""
    rows = []
    for seat in summary["seats"]:
        rows.append([
            match.seats[seat].name,
            str(tricks[seat]) if seat < len(tricks) else "",
            str(summary["penalties"][seat]),
            str(summary["hand_points"][seat]),
            str(summary["totals"][seat]),
        ])
    return rows


def aluette_rows(match: Match, summary: dict) -> list[list[str]]:
    """Aluette deal summary as shown, one row per player: name, team, tricks, deal points
    of the team, team total."""
    rows = []
    for seat in range(match.players):
        team = seat % 2
        rows.append([
            match.seats[seat].name,
            str(team + 1),
            str(summary["tricks_won"][seat]),
            str(summary["points"][team]),
            str(summary["totals"][team]),
        ])
    return rows


class TrickSummaryScene(SummaryScene):
    """End of an Olsen hand or an Aluette deal: the numbers, then Continue."""

    name = "trick_summary"
    overlay = True

    def __init__(self, app, match: Match, summary: dict, game_over: bool, tricks: list[int]) -> None:
        super().__init__(app, match, summary, game_over)
        self.tricks = tricks

    @property
    def olsen(self) -> bool:
        return self.match.game_id == "olsen"

    def title(self) -> str:
        if self.olsen:
            if self.summary.get("tiebreak"):
                return t("tsummary.title_tiebreak")
            return t("tsummary.title_olsen", hand=self.summary["round"] + 1)
        deals = self.match.state.info.extra.get("deals", 5)
        return t("tsummary.title_aluette", deal=self.summary["round"] + 1, deals=deals)

    def headers(self) -> list[str]:
        if self.olsen:
            return [t("summary.player"), t("tsummary.tricks"), t("tsummary.penalties"), t("tsummary.hand_points"), t("summary.total")]
        return [t("summary.player"), t("tsummary.team"), t("tsummary.tricks"), t("tsummary.points"), t("summary.total")]

    def rows(self) -> list[list[str]]:
        if self.olsen:
            return olsen_rows(self.match, self.summary, self.tricks)
        return aluette_rows(self.match, self.summary)

    def notes(self) -> list[str]:
        sm = self.summary
        out = []
        if self.olsen:
            if sm.get("all_penalties") is not None:
                out.append(t("tsummary.all_penalties", name=self.match.seats[sm["all_penalties"]].name))
            if not self.game_over:
                obs = self.match.observation(0)
                if obs.get("tiebreak"):
                    out.append(t("tsummary.tiebreak_next", names=", ".join(self.match.seats[x].name for x in obs["seats"])))
                    out.append(t("tsummary.tiebreak_note"))
                elif obs["options"].get("deals"):
                    out.append(t("tsummary.olsen_deals_left", count=obs["options"]["deals"] - obs["hands_played"]))
                else:
                    out.append(t("tsummary.olsen_target", target=obs["options"].get("target", 100)))
            return out
        winner = sm.get("deal_winner")
        if winner is None:
            out.append(t("tsummary.nobody"))
        else:
            if self.match.humans == [winner]:
                out.append(t("tsummary.deal_winner_you", count=sm["points"][winner % 2], team=winner % 2 + 1))
            else:
                out.append(t("tsummary.deal_winner", name=self.match.seats[winner].name, count=sm["points"][winner % 2], team=winner % 2 + 1))
            if sm.get("mordienne"):
                out.append(t("tsummary.mordienne"))
        deals = self.match.state.info.extra.get("deals", 5)
        if not self.game_over:
            out.append(t("tsummary.deals_left", count=deals - sm["round"] - 1))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 190)
        w, h = surface.get_size()
        s = self.app.scale
        r = widgets.title(surface, self.title(), s, max(6, int(14 * s)), size=40)
        rows = self.rows()
        size = max(14, int(22 * s))
        line = int(size * 1.8)
        area = pygame.Rect(int(w * 0.08), r.bottom + int(12 * s), int(w * 0.84), line * (len(rows) + 1) + int(size * 0.8))
        widgets.panel(surface, area, alpha=170)
        fracs = [0.0, 0.4, 0.55, 0.72, 0.86]
        widths = [0.4, 0.15, 0.17, 0.14, 0.14]
        y = area.y + int(size * 0.4)
        white = [(255, 255, 255)] * 4
        hsize = max(12, int(17 * s))
        for f, wd, head in zip(fracs, widths, self.headers()):
            fonts.blit_text(surface, head, hsize, widgets.GOLD, (area.x + int(area.width * f) + 10, y + line // 2), "midleft", True, max_width=int(area.width * wd) - 12, suit_colours=white)
        totals = [int(row[-1]) for row in rows]
        best = min(totals) if self.olsen else max(totals)
        for row in rows:
            y += line
            for k, (f, wd, val) in enumerate(zip(fracs, widths, row)):
                colour = widgets.GOLD if k == len(row) - 1 and int(val) == best else widgets.WHITE
                if not self.olsen and k == 1:
                    pygame.draw.circle(surface, TEAM_COLOURS[int(val) - 1], (area.x + int(area.width * f) + 10 + size // 3, y + line // 2), size // 3)
                    fonts.blit_text(surface, val, size, colour, (area.x + int(area.width * f) + 16 + size, y + line // 2), "midleft", True)
                    continue
                fonts.blit_text(surface, val, size, colour, (area.x + int(area.width * f) + 10, y + line // 2), "midleft", k in (0, len(row) - 1), max_width=int(area.width * wd) - 12)
        y = area.bottom + int(12 * s)
        for note in self.notes():
            rr = fonts.blit_text(surface, note, max(13, int(19 * s)), widgets.SOFT, (w // 2, y), "midtop", max_width=int(w * 0.92))
            y = rr.bottom + 4


class TrickGameOverScene(GameOverScene):
    """Game over for Olsen (lowest penalty total wins) and Aluette (team match points)."""

    name = "trick_gameover"

    def winner_text(self) -> str:
        winners = self.result["winners"]
        if not winners:
            return t("gameover.draw") if self.result.get("draw") else t("gameover.no_winner")
        if self.match.game_id == "aluette":
            return t("gameover.winner_team", name=side_name(self.match, winners))
        return t("gameover.winner", name=self.match.seats[winners[0]].name)

    def lines(self) -> list[tuple[str, str]]:
        """(name, score) lines, best first."""
        res = self.result
        if self.match.game_id == "aluette":
            teams = res["side_totals"]
            order = sorted(range(2), key=lambda k: -teams[k])
            return [(side_name(self.match, [k, k + 2]), t("table.score", count=teams[k])) for k in order]
        totals = res["totals"]
        order = sorted(range(len(totals)), key=lambda k: (k not in res["winners"], totals[k]))
        return [(self.match.seats[k].name, t("trick.penalty", count=totals[k])) for k in order]

    def rematch(self) -> None:
        m = self.match
        self.app.match = Match(m.game_id, m.seats, m.options, seed=None if self.app.seed is None else self.app.seed + 1, timer=m.timer)
        self.app.scenes.replace(TrickTableScene(self.app, self.app.match))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        widgets.title(surface, t("gameover.title"), s, max(8, int(20 * s)), size=40)
        r = widgets.title(surface, self.winner_text(), s, int(h * 0.18), size=52)
        size = max(15, int(24 * s))
        line = int(size * 1.7)
        lines = self.lines()
        y = r.bottom + int(16 * s)
        if self.match.game_id == "olsen":
            rr = fonts.blit_text(surface, t("gameover.lowest_wins"), max(13, int(19 * s)), widgets.SOFT, (w // 2, y), "midtop", max_width=int(w * 0.9))
            y = rr.bottom + int(8 * s)
        box = pygame.Rect(w // 2 - int(w * 0.3), y, int(w * 0.6), line * len(lines) + int(size * 0.8))
        widgets.panel(surface, box, alpha=150)
        y += int(size * 0.4)
        for i, (name, score) in enumerate(lines):
            colour = widgets.GOLD if i == 0 and self.result["winners"] else widgets.WHITE
            fonts.blit_text(surface, name, size, colour, (box.x + 20, y + line // 2), "midleft", True, max_width=int(box.width * 0.6))
            fonts.blit_text(surface, score, size, widgets.GOLD, (box.right - 20, y + line // 2), "midright", True)
            y += line
