"""The tarot family on the table: Maison Troggen, Leipzig Taroc, La Rigueur, Triomphe Forcée.

Written once for the four games (``TarotView``); each game's view declares its texts and
summary columns. What the table shows, read from the viewer's observation only:

* play runs counter-clockwise: the next seat (seat + 1) sits on the viewer's right;
* the hand (up to 28 cards) sorted suit by suit, black and red alternating, then the Excuse,
  then the trumps in their own block, ascending, so a long hand reads at a glance;
* the skart: three cards chosen together, the cards the skart may not hold framed in red
  and refused with the reason; the skart lies face down in the felt's corner;
* the declarations: one button per combination the seat holds (with its value), each
  declaration announced to everyone and its cards shown face up in the declarer's panel
  while he still holds them;
* Triomphe Forcée's pot drawn as a pile of chips on the felt, each seat's chips in its panel;
* the deal's summary with both counts: by threes and the simple count (honours + sets).
"""
from __future__ import annotations

import pygame

from game.cards import TAROT78
from game.i18n import t
from game.scenes.animation import Step
from game.scenes.views.base import ASIDE, FACEUP, HAND, POT, TRICK, WON, GameOverLines, SummaryTable, TrickTakingView
from game.ui import fonts, widgets
from game.ui.deck_art import card_name as deck_card_name

SUIT_SIGN = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_ORDER = "CDSH"  # black, red, black, red
REFUSED_COLOUR = (240, 80, 60)
CHIP_COLOURS = [(200, 40, 40), (30, 90, 200), (30, 150, 70), (235, 235, 235)]


def is_trump(code: str) -> bool:
    return code[0] == "T" and code[1:].isdigit()


def group(code: str) -> str:
    """'T' for a trump, 'E' for the Excuse, else the suit letter."""
    if code == "EXC":
        return "E"
    return "T" if is_trump(code) else code[1]


class TarotView(TrickTakingView):
    ZONES = (HAND, TRICK, WON, FACEUP, ASIDE)
    COUNTER_CLOCKWISE = True
    INDEX_SHARE = 0.56  # a tarot index ("Kn", "10", "21") is wider than a French one
    HAND_HEIGHT = 0.21
    HAND_WIDTH = 0.1
    SEAT_LINES = 2
    BANNER_AT = "prompt"
    DEAL_GAP = 0.015  # up to 78 cards dealt
    RED_PIPS_REVERSED = True  # 1 high .. 10 low in the red suits (the rules' own order)
    SUIT_ORDER = SUIT_ORDER
    SKART_REASON = ""  # text key of the skart's general rule (prompt), "" without a skart

    @property
    def gid(self) -> str:
        return self.match.game_id

    # ------------------------------------------------------------ cards
    def face(self, code: str, width: int, named: bool = True) -> pygame.Surface:
        return self.app.cards.face(code, width, self.app.settings.four_colour_suits, deck=TAROT78.name)

    def card_label(self, code: str) -> str:
        return deck_card_name(code, TAROT78.name)

    def strength(self, code: str) -> int:
        if is_trump(code):
            return int(code[1:])
        r = "A23456789TVCDR".index(code[0])
        if r < 10 and self.RED_PIPS_REVERSED and code[1] in "DH":
            return 9 - r
        return r

    def sort_hand(self, codes: list[str]) -> list[str]:
        def key(c: str):
            g = group(c)
            if g == "T":
                return (6, int(c[1:]))
            if g == "E":
                return (5, 0)
            return (self.SUIT_ORDER.index(g), -self.strength(c))
        return sorted(codes, key=key)

    # ------------------------------------------------------------ picture
    def show(self, obs: dict, old: dict) -> dict:
        shown = {
            "hand": self.sort_hand(obs.get("hand", [])),
            "hand_counts": list(obs.get("hand_counts", [])),
            "dealer": obs.get("dealer"),
            "totals": list(obs.get("totals", [])),
            "round": obs.get("round", 0),
        }
        n = self.match.players
        leader = obs["leader"]
        played = {c for tr in obs.get("tricks", []) for c in tr} | set(obs.get("trick", []))
        faceup: dict[int, list[str]] = {s: [] for s in range(n)}
        for d in obs.get("declared", []):
            faceup[d["seat"]] += [c for c in d.get("cards", []) if c not in played and c not in faceup[d["seat"]]]
        shown.update({
            TRICK: [((leader + i) % n, c) for i, c in enumerate(obs.get("trick", []))],
            "leader": leader,
            "tricks_won": list(obs.get("tricks_won", [0] * n)),
            ASIDE: obs.get("skart_count", 0),
            FACEUP: {s: self.sort_hand(cards) for s, cards in faceup.items()},
            "team_totals": [],
            "seats": list(range(n)),
            POT: obs.get("pot", 0),
            "declared": list(obs.get("declared", [])),
            "phase": obs.get("phase"),
        })
        return shown

    def fresh_deal(self) -> bool:
        v = self.shown
        return not v[TRICK] and not any(v["tricks_won"]) and v.get("phase") in ("play", "skart", "declare", "annul") and not v.get("declared")

    def deal_order(self) -> list[int]:
        n = self.match.players
        dealer = self.shown.get("dealer") or 0
        return [(dealer + j) % n for j in range(1, n + 1)]

    def aside_label(self, count: int) -> str:
        return t("tarot.skart_pile", count=count) if count else ""

    def hand_mark(self, code: str):
        table = self.table
        if table.phase() == "skart" and table.my_turn() and code not in self.skart_candidates():
            return REFUSED_COLOUR
        return None

    def skart_candidates(self) -> set[str]:
        return {c for m in self.table.legal() if self.move_kind(m) == "discard" for c in m.get("cards", [])}

    # ------------------------------------------------------------ moves
    def move_kind(self, move: dict) -> str:
        kind = move.get("kind", "play")
        return f"declare:{move['combo']}" if kind == "declare" else kind

    def select_count(self, phase: str) -> int:
        return 3 if phase == "skart" else 0

    def action_label(self, kind: str) -> str:
        if kind.startswith("declare:"):
            return self.combo_button(kind.partition(":")[2])
        if kind == "discard":
            return t("tarot.skart_button")
        if kind == "pass_lead":
            return t("tarot.pass_lead_button")
        return super().action_label(kind)

    def combo_name(self, combo: str, suit_word: bool = False) -> str:
        """A declaration's name in the game's words (``cavallerie_H``: Cavallerie ♥). A button's
        text (pygame_gui's font has no suit glyphs, drawn as shapes only in our own text) names
        the suit in words: Cavallerie, hearts."""
        head, _, tail = combo.rpartition("_")
        if head and tail in SUIT_SIGN:
            name = t(f"{self.gid}.combo.{head}")
            if suit_word:
                return t("tarot.combo_suit", combo=name, suit=t(f"suit.{tail}"))
            return name + " " + SUIT_SIGN[tail]
        return t(f"{self.gid}.combo.{combo}")

    def combo_button(self, combo: str) -> str:
        return self.combo_name(combo, suit_word=True)

    def explain(self, move: dict) -> str:
        kind = self.move_kind(move)
        if kind == "discard":
            return t("tarot.hint_skart", cards=" ".join(self.card_label(c) for c in move["cards"]))
        if kind.startswith("declare:") or kind == "pass_lead":
            return self.action_label(kind)
        return t("hint.play", card=self.card_label(move["card"]))

    # ------------------------------------------------------------ texts
    def hud_text(self) -> str:
        return t(f"{self.gid}.title") + "  ·  " + self.progress()

    def progress(self) -> str:
        return t("tarot.hud_deal", deal=self.shown["round"] + 1)

    def seat_lines(self, seat: int):
        return [(t("trick.tricks", count=self.shown["tricks_won"][seat]), widgets.SOFT, False), (self.total_line(seat), widgets.GOLD, True)]

    def waiting_text(self, seat: int, phase: str) -> str:
        if phase == "skart":
            return t("tarot.skart_waiting", name=self.name(seat))
        if phase in ("declare", "annul"):
            return t("tarot.declare_waiting", name=self.name(seat))
        return t("table.thinking", name=self.name(seat))

    def prompt(self, selected, options, phase) -> str:
        if phase == "skart":
            rule = t(self.SKART_REASON) if self.SKART_REASON else ""
            if len(selected) == 3:
                return t("tarot.skart_ready")
            return t("tarot.skart_prompt", count=len(selected), rule=rule)
        if phase == "declare":
            return t("tarot.declare_prompt")
        if phase == "annul":
            return t(f"{self.gid}.phase.annul")
        if any(m.get("kind") == "pass_lead" for m in self.table.legal()):
            return t("tarot.pass_lead_prompt")
        return t("trick.your_turn")

    def refusal(self, code: str) -> str:
        obs = self.table.obs
        phase = obs.get("phase")
        if phase == "skart":
            return self.skart_refusal(code)
        if phase != "play":
            return t("tarot.refused_not_now")
        legal = {m["card"] for m in obs.get("legal", []) if "card" in m}
        if not legal:
            return t("tarot.refused_pass_lead")
        if legal == {"EXC"}:
            return t("tarot.refused_excuse_now")
        if code == "EXC":
            return self.excuse_refusal(obs)
        trick = obs.get("trick", [])
        led = next((group(c) for c in trick if c != "EXC"), None)
        if led is None:
            return t("trick.refused")
        if led == "T":
            return t("tarot.refused_trumps")
        if any(group(c) == led for c in legal):
            return t("trick.refused_follow", suit=SUIT_SIGN[led])
        return self.ruff_refusal(led)

    def ruff_refusal(self, led: str) -> str:
        return t("tarot.refused_ruff", suit=SUIT_SIGN[led])

    def excuse_refusal(self, obs: dict) -> str:
        return t("trick.refused")

    def skart_refusal(self, code: str) -> str:
        return t("tarot.refused_skart")

    def felt_text(self, flying: set) -> list[str]:
        phase = self.shown.get("phase")
        if phase in ("skart", "declare", "annul") and not self.shown[TRICK]:
            lines = [self.declaration_line(d) for d in self.shown.get("declared", [])]
            if phase == "skart":
                dealer = self.shown["dealer"]
                lines.insert(0, t("tarot.skart_felt_you") if self.is_you(dealer) else t("tarot.skart_felt", name=self.name(dealer)))
            return lines[-6:]
        return super().felt_text(flying)

    def declaration_line(self, d: dict) -> str:
        return t("tarot.declared_line", name=self.name(d["seat"]), combo=self.combo_name(d["combo"]), points=d.get("points", 0))

    # ------------------------------------------------------------ events
    def animate_event(self, e: dict) -> None:
        kind = e["type"]
        if kind in ("declare", "excuse", "pagat", "death", "ante", "skart", "pass_lead", "redeal"):
            text = self.event_text(e)
            if text:
                self.table.add(Step(self.table.dur(1.4 if kind in ("declare", "death") else 1.0), banner=text, done=self.table.sync))

    def event_text(self, e: dict) -> str:
        kind = e["type"]
        if kind == "declare":
            cards = " ".join(self.card_label(c) for c in e.get("cards", []))
            points = e.get("points", e.get("chips", 0))
            key = "tarot.declared_banner_you" if self.is_you(e["seat"]) else "tarot.declared_banner"
            text = t(key, name=self.name(e["seat"]), combo=self.combo_name(e["combo"]), points=points)
            return text + (": " + cards if cards else "")
        if kind == "excuse":
            if e.get("card") is None:
                return ""
            return t("tarot.excuse_given", name=self.name(e["owner"]), card=self.card_label(e["card"]), to=self.name(e["to"]))
        if kind == "skart":
            return t("tarot.skart_done", name=self.name(e["seat"]))
        if kind == "pass_lead":
            return t("tarot.lead_passed", name=self.name(e["seat"]), to=self.name(e["to"]))
        if kind == "redeal":
            return t("tarot.redeal", name=self.name(e["seat"]))
        return ""

    def animate_trick_end(self, e: dict) -> None:
        winner = e["winner"]
        self.animate_trick_won(winner, self.trick_banner(winner), then=self.table.sync)

    # ------------------------------------------------------------ the last trick
    def last_trick_winner(self) -> int | None:
        return self.table.obs["trick_winners"][-1]

    def draw_last_trick(self, surface) -> None:
        obs, n = self.table.obs, self.match.players
        leader, winner = obs["trick_leaders"][-1], obs["trick_winners"][-1]
        self.draw_trick_shown(surface, [((leader + i) % n, code) for i, code in enumerate(obs["tricks"][-1])], winner)

    # ------------------------------------------------------------ summary
    def both_counts(self, summary: dict, seat: int) -> tuple[str, str]:
        """(by threes, the simple count 'honours + sets') of a seat's cards."""
        simple = summary.get("simple") or {}
        by_threes = summary["card_points"][seat]
        if simple:
            return str(by_threes), t("tarot.simple_cell", honours=simple["honours"][seat], sets=simple["sets"][seat])
        return str(by_threes), ""

    def skart_note(self, summary: dict) -> list[str]:
        cards = summary.get("skart") or []
        if not cards:
            return []
        return [t("tarot.skart_note", name=self.name(summary["dealer"]), cards=" ".join(self.card_label(c) for c in cards))]

    def count_note(self) -> str:
        return t("tarot.count_note")

    def table_of(self, title: str, headers: list[str], rows: list[list[str]], widths: list[float], notes: list[str]) -> SummaryTable:
        best = max(int(r[-1]) for r in rows)
        return SummaryTable(title=title, headers=headers, rows=rows, widths=widths,
                            best={i for i, r in enumerate(rows) if int(r[-1]) == best}, notes=notes)


class MaisonTroggenView(TarotView):
    SKART_REASON = "maison_troggen.skart.reason"

    def progress(self) -> str:
        rounds = self.table.obs.get("options", {}).get("rounds", 1)
        return t("tarot.hud_deal_of", deal=self.shown["round"] + 1, deals=3 * rounds)

    def skart_refusal(self, code: str) -> str:
        return t("maison_troggen.skart.reason")

    def total_line(self, seat: int) -> str:
        return t("tarot.points_total", count=self.shown["totals"][seat])

    def summary(self, summary: dict, game_over: bool) -> SummaryTable:
        rows = []
        for s in range(self.match.players):
            threes, simple = self.both_counts(summary, s)
            rows.append([self.name(s), str(summary["tricks_won"][s]), threes, simple, str(summary["totals"][s])])
        headers = [t("summary.player"), t("tsummary.tricks"), t("tarot.by_threes"), t("tarot.simple_count"), t("summary.total")]
        title = t("tarot.summary_title", deal=summary["round"])
        notes = [self.count_note()] + self.skart_note(summary)
        return self.table_of(title, headers, rows, [0.3, 0.13, 0.17, 0.24, 0.16], notes)


class LeipzigTarocView(TarotView):
    SKART_REASON = "leipzig_taroc.skart.rule"

    def progress(self) -> str:
        deals = self.table.obs.get("options", {}).get("deals", 6)
        return t("tarot.hud_deal_of", deal=self.shown["round"] + 1, deals=deals)

    def total_line(self, seat: int) -> str:
        return t("tarot.points_total", count=self.shown["totals"][seat])

    def combo_button(self, combo: str) -> str:
        combinations_in = type(self.match.state).combinations_in  # the value shown on the button
        if combo == "none" and self.table.phase() == "annul":
            return t("leipzig_taroc.keep_deal")
        hand = TAROT78.mask_of(self.table.obs.get("hand", []))
        points = {name: pts for name, _, pts in combinations_in(hand, self.table.obs.get("options", {}))}
        if combo in points:
            return t("tarot.combo_points", combo=self.combo_name(combo, suit_word=True), points=points[combo])
        return self.combo_name(combo, suit_word=True)

    def skart_refusal(self, code: str) -> str:
        if code[0] == "R" and not is_trump(code):
            return t("leipzig_taroc.skart.reason_roi")
        if is_trump(code):
            return t("leipzig_taroc.skart.reason_trump")
        return t("tarot.refused_skart")

    def excuse_refusal(self, obs: dict) -> str:
        if not obs.get("trick"):
            return t("leipzig_taroc.refused_excuse_lead")
        if len(obs.get("tricks", [])) > 21:
            return t("leipzig_taroc.refused_excuse_last")
        return t("trick.refused")

    def event_text(self, e: dict) -> str:
        if e["type"] == "pagat":
            key = "leipzig_taroc.pagat_won" if e["points"] > 0 else "leipzig_taroc.pagat_lost"
            return t(key, name=self.name(e["seat"]), count=abs(e["points"]))
        if e["type"] == "declare" and not e.get("paid", True):
            return super().event_text(e) + "  ·  " + t("leipzig_taroc.paid_late")
        return super().event_text(e)

    def summary(self, summary: dict, game_over: bool) -> SummaryTable:
        rows = []
        for s in range(self.match.players):
            threes, simple = self.both_counts(summary, s)
            rows.append([self.name(s), threes, simple, f"{summary['card_score'][s]:+d}", f"{summary['points'][s]:+d}", str(summary["totals"][s])])
        headers = [t("summary.player"), t("tarot.by_threes"), t("tarot.simple_count"), t("leipzig_taroc.summary.par"), t("tarot.deal_points"), t("summary.total")]
        title = t("tarot.summary_title", deal=summary["round"])
        notes = [t("leipzig_taroc.summary.note")] + self.skart_note(summary)
        return self.table_of(title, headers, rows, [0.24, 0.13, 0.21, 0.13, 0.13, 0.16], notes)


class LaRigueurView(TarotView):
    RED_PIPS_REVERSED = False
    SUIT_ORDER = "DCHS"  # spades, the second trump suit, beside the Excuse and the trumps

    def progress(self) -> str:
        target = self.table.obs.get("options", {}).get("target", 50)
        return t("tarot.hud_target", deal=self.shown["round"] + 1, target=target)

    def total_line(self, seat: int) -> str:
        return t("tarot.points_total", count=self.shown["totals"][seat])

    def ruff_refusal(self, led: str) -> str:
        if led == "S":
            return t("la_rigueur.refused_spades")
        return t("la_rigueur.refused_ruff", suit=SUIT_SIGN[led])

    def summary(self, summary: dict, game_over: bool) -> SummaryTable:
        rows = []
        for s in range(self.match.players):
            rows.append([self.name(s), str(summary["cards_won"][s]), str(summary["card_points"][s]), f"{summary['points'][s]:+d}", str(summary["totals"][s])])
        headers = [t("summary.player"), t("la_rigueur.summary.cards"), t("la_rigueur.summary.card_points"), t("tarot.deal_points"), t("summary.total")]
        title = t("tarot.summary_title", deal=summary["round"])
        notes = [t("la_rigueur.summary.note")]
        if not game_over:
            notes.append(t("la_rigueur.summary.target", count=self.table.obs.get("options", {}).get("target", 50)))
        return self.table_of(title, headers, rows, [0.3, 0.16, 0.2, 0.16, 0.18], notes)


class TriompheForceeView(TarotView):
    ZONES = (HAND, TRICK, WON, FACEUP, POT)

    def chips(self, seat: int) -> int:
        return self.table.obs.get("options", {}).get("chips", 20) + self.shown["totals"][seat]

    def progress(self) -> str:
        deals = self.table.obs.get("options", {}).get("deals", 10)
        return t("tarot.hud_deal_of", deal=self.shown["round"] + 1, deals=deals)

    def total_line(self, seat: int) -> str:
        return t("triomphe_forcee.chips", count=self.chips(seat))

    def chip_short(self, seat: int) -> str:
        return self.total_line(seat)

    def combo_button(self, combo: str) -> str:
        return t(f"triomphe_forcee.combo.{combo}")

    def combo_name(self, combo: str) -> str:
        return t(f"triomphe_forcee.card_name.{combo}")

    def declaration_line(self, d: dict) -> str:
        return t("triomphe_forcee.declared_line", name=self.name(d["seat"]), combo=self.combo_name(d["combo"]), count=d.get("points", 0))

    def event_text(self, e: dict) -> str:
        kind = e["type"]
        if kind == "declare":
            you = "_you" if self.is_you(e["seat"]) else ""
            return t(f"triomphe_forcee.declared_banner{you}", name=self.name(e["seat"]), combo=self.combo_name(e["combo"]), count=e.get("chips", 0))
        if kind == "death":
            you = "_you" if self.is_you(e["seat"]) else ""
            return t(f"triomphe_forcee.death_banner{you}", name=self.name(e["seat"]), count=e["pot"])
        if kind == "ante":
            return t("triomphe_forcee.ante_banner", count=e["pot"])
        return super().event_text(e)

    def draw_felt(self, surface, flying: set, highlight: set) -> bool:
        if super().draw_felt(surface, flying, highlight):
            return True
        self.draw_pot(surface)
        return False

    def draw_pot(self, surface) -> None:
        """The pot as stacks of chips on the table's "Pot" line, left of its text (the
        trick's cards keep clear of that line)."""
        count = self.shown.get(POT, 0)
        if not count:
            return
        box = self.table.geo.pot
        r = max(3, box.height // 2 - 1)
        layer = max(1, r // 4)
        text_w = fonts.font(self.table.tag, True).size(t("table.pot", count=count))[0]
        right = box.right - text_w - self.table.pad - r
        for i in range(min(count, 30)):
            stack, level = divmod(i, 10)
            cx, cy = right - stack * (2 * r + 3), box.bottom - r - 1 - level * layer
            cy = max(box.y + r, cy)
            pygame.draw.circle(surface, (20, 20, 20), (cx, cy + 1), r)
            pygame.draw.circle(surface, CHIP_COLOURS[i % len(CHIP_COLOURS)], (cx, cy), r)
            pygame.draw.circle(surface, (255, 255, 255), (cx, cy), r, max(1, r // 4))

    def summary(self, summary: dict, game_over: bool) -> SummaryTable:
        rows = []
        start = self.table.obs.get("options", {}).get("chips", 20)
        for s in range(self.match.players):
            rows.append([self.name(s), str(summary["tricks_won"][s]), f"{summary['points'][s]:+d}", str(start + summary["totals"][s])])
        headers = [t("summary.player"), t("tsummary.tricks"), t("triomphe_forcee.summary.deal_chips"), t("triomphe_forcee.summary.chips")]
        title = t("tarot.summary_title", deal=summary["round"])
        notes = []
        if summary.get("death") is not None:
            notes.append(t("triomphe_forcee.summary.death", name=self.name(summary["death"]), count=summary.get("pot_won", 0)))
        elif summary.get("pot_winner") is not None:
            notes.append(t("triomphe_forcee.summary.pot_taken", name=self.name(summary["pot_winner"]), count=summary.get("pot_won", 0)))
        else:
            notes.append(t("triomphe_forcee.summary.tie", count=summary.get("pot", 0)))
        return self.table_of(title, headers, rows, [0.36, 0.18, 0.24, 0.22], notes)

    def gameover(self, result: dict) -> GameOverLines:
        winners = result.get("winners") or []
        chips = result.get("chips") or [self.chips(s) for s in range(self.match.players)]
        order = sorted(range(len(chips)), key=lambda k: (k not in winners, -chips[k]))
        head = self.winners_text(winners)
        return GameOverLines(head, [(self.name(k), t("triomphe_forcee.chips", count=chips[k])) for k in order], golds=self.golds(winners))
