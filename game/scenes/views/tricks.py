"""Trick-taking games on the table: the trick in the middle with each card in front of
the player who played it, tricks won piled in each seat's panel, penalty cards taken
shown face up (Olsen), spoiled tricks set aside (Aluette).

What is playable comes from the observation's ``legal`` list; what happened comes from
the events of ``apply`` (``play``, ``trick_end`` with its winner or none when spoiled,
``pass_exchange``, the round's end with its summary, ``game_end``). A refused tap (a
card that is not in ``legal``) changes nothing and says why, in words chosen from the
observation only (the suit led, the first lead card, hearts not broken).

``TrickView`` holds the family's table; ``OlsenView`` and ``AluetteView`` declare their
differences (deck, passing, penalty cards, teams, texts, summary columns).
"""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.animation import Step
from game.scenes.views.base import ASIDE, FACEUP, HAND, TRICK, WON, GameOverLines, SummaryTable, TrickTakingView, card_face
from game.ui import fonts, widgets
from game.ui.spanish_cards import card_name as spanish_card_name

SUIT_CHAR = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RECEIVED_COLOUR = (110, 230, 255)
REFUSED_COLOUR = (240, 80, 60)


def team_name(match, seats: list[int]) -> str:
    return t("summary.team", names=" & ".join(match.seats[s].name for s in seats))


class TrickView(TrickTakingView):
    ZONES = (HAND, TRICK, WON)
    HAND_HEIGHT = 0.2
    HAND_WIDTH = 0.11
    SEAT_LINES = 2
    DEAL_GAP = 0.03
    BANNER_AT = "prompt"
    SUIT_ORDER = "CDSH"  # alternate black and red in the hand
    RANK_ORDER = "23456789TJQKA"

    def __init__(self, table) -> None:
        super().__init__(table)
        self.received: set[str] = set()  # cards just passed to the viewer, marked until the first trick ends
        self.stamp_spoiled = False

    # ------------------------------------------------------------ picture
    def show(self, obs: dict, old: dict) -> dict:
        shown = super().show(obs, old)
        n = self.match.players
        shown.update({
            TRICK: [(p["seat"], p["card"]) for p in obs["trick"]],
            "leader": obs["leader"],
            "tricks_won": list(obs["tricks_won"]),
            ASIDE: sum(1 for tr in obs["tricks"] if tr["winner"] is None),
            FACEUP: {s: self.sort_hand(p) for s, p in enumerate(obs.get("penalty_cards", [[] for _ in range(n)]))},
            "team_totals": list(obs.get("team_totals", [])),
            "round": self.round_of(obs),
            "seats": list(obs.get("seats", range(n))),
        })
        return shown

    def round_of(self, obs: dict) -> int:
        return obs.get("round", 0)

    @staticmethod
    def summary_round(summary: dict) -> int:
        """The round a summary closes (``round``; ``hand`` or ``deal`` in the older shape)."""
        return summary.get("round", summary.get("hand", summary.get("deal", 0)))

    def fresh_deal(self) -> bool:
        v = self.shown
        return not v[TRICK] and not any(v["tricks_won"]) and not v[ASIDE]

    def sort_hand(self, codes: list[str]) -> list[str]:
        return sorted(codes, key=lambda c: (self.SUIT_ORDER.index(c[1]), self.RANK_ORDER.index(c[0])))

    def deal_order(self) -> list[int]:
        return self.shown["seats"]

    def in_round(self, seat: int) -> bool:
        return seat in self.shown["seats"]

    def left_of(self, seat: int) -> int:
        seats = self.shown.get("seats") or list(range(self.match.players))
        if seat not in seats:
            return (seat + 1) % self.match.players
        return seats[(seats.index(seat) + 1) % len(seats)]

    def right_of(self, seat: int) -> int:
        seats = self.shown.get("seats") or list(range(self.match.players))
        if seat not in seats:
            return (seat - 1) % self.match.players
        return seats[(seats.index(seat) - 1) % len(seats)]

    def hand_mark(self, code: str):
        return RECEIVED_COLOUR if code in self.received else None

    # ------------------------------------------------------------ texts
    def seat_lines(self, seat: int):
        return [(t("trick.tricks", count=self.shown["tricks_won"][seat]), widgets.SOFT, False), (self.total_line(seat), widgets.GOLD, True)]

    def total_line(self, seat: int) -> str:
        return t("trick.total", count=self.shown["totals"][seat])

    def waiting_text(self, seat: int, phase: str) -> str:
        if phase == "pass":
            return t("trick.pass_waiting", name=self.name(seat))
        return t("table.thinking", name=self.name(seat))

    def prompt(self, selected, options, phase) -> str:
        return t("trick.your_turn")

    def explain(self, move: dict) -> str:
        if self.move_kind(move) == "pass":
            return t("hint.pass", cards=" ".join(self.card_label(c) for c in self.move_cards(move)))
        return t("hint.play", card=self.card_label(move["card"]))

    def felt_text(self, flying: set) -> list[str]:
        return [] if self.table.phase() == "pass" else super().felt_text(flying)

    # ------------------------------------------------------------ events
    def animate_event(self, e: dict) -> None:
        if e["type"] == "pass_exchange":
            self.animate_exchange()

    def animate_trick_end(self, e: dict) -> None:
        winner = e.get("winner")
        if winner is not None:
            self.animate_trick_won(winner, self.trick_banner(winner, e.get("points")), then=self.trick_gone)
            return
        # Aluette's spoiled trick: stamped during a longer pause, then set aside.
        table = self.table

        def stamp(on: bool):
            self.stamp_spoiled = on

        table.add(Step(table.dur(0.9), start=lambda: stamp(True), banner=t("trick.spoiled"), sound="bi_qahwa"))

        def set_aside():
            self.shown[ASIDE] += 1
            self.trick_gone()

        self.fly_trick(lambda: table.aside_rect, set_aside, start=lambda: stamp(False))

    def trick_gone(self) -> None:
        """A trick has left the felt: the cards received are no longer marked."""
        self.received.clear()
        self.table.sync()

    def animate_exchange(self) -> None:
        table = self.table
        step = Step(table.dur(1.4))

        def start():
            table.selected = []
            table.sync()
            got = table.obs.get("received", [])
            self.received = set(got)
            step.highlight.update(got)
            if got:
                step.banner = t("trick.received", name=self.name(self.right_of(table.viewer)))
            else:
                step.banner = t("trick.exchanged", card=self.card_label(table.obs.get("lead_card", "2C")))

        step.start_fn = start
        table.add(step)

    def after_round(self) -> None:
        self.received.clear()
        obs = self.table.obs
        if "lead_card" in obs and self.table.phase() == "play":
            self.table.banner = (t("trick.dealt", card=self.card_label(obs["lead_card"])), 1.6)

    # ------------------------------------------------------------ the last trick
    def draw_felt(self, surface, flying: set, highlight: set) -> bool:
        if super().draw_felt(surface, flying, highlight):
            return True
        table = self.table
        if self.stamp_spoiled and self.shown[TRICK]:
            table.draw_trick(surface, flying, highlight)
            for _, code in self.shown[TRICK]:
                r = table.card_rects.get(code)
                if r is not None:
                    shade = pygame.Surface(r.size, pygame.SRCALPHA)
                    shade.fill((40, 40, 40, 120))
                    surface.blit(shade, r)
            s = self.app.scale
            text = t("trick.spoiled_stamp")
            img = fonts.render(text, fonts.fit_size(text, max(20, int(40 * s)), int(table.tw * 2.6), True), REFUSED_COLOUR, True)
            img = pygame.transform.rotozoom(img, 12, 1)
            r = img.get_rect(center=table.table_area.center)
            widgets.panel(surface, r.inflate(12, 4), alpha=120, colour=(255, 255, 255))
            surface.blit(img, r)
            return True
        return False

    def last_trick_winner(self) -> int | None:
        return self.table.obs["tricks"][-1]["winner"]

    def draw_last_trick(self, surface) -> None:
        last = self.table.obs["tricks"][-1]
        self.draw_trick_shown(surface, [(p["seat"], p["card"]) for p in last["plays"]], last["winner"])

    # ------------------------------------------------------------ summary
    def summary_table(self, title: str, headers: list[str], rows: list[list[str]], best: int, notes: list[str], team_column=None) -> SummaryTable:
        return SummaryTable(
            title=title, headers=headers, rows=rows, widths=[0.4, 0.15, 0.17, 0.14, 0.14],
            best={i for i, r in enumerate(rows) if int(r[-1]) == best}, notes=notes, team_column=team_column,
        )


class OlsenView(TrickView):
    """Olsen: penalty cards face up by their takers, three cards passed (option), lowest total wins."""

    ZONES = (HAND, TRICK, WON, FACEUP)

    def round_of(self, obs: dict) -> int:
        return obs.get("round", obs.get("hand_no", 0))

    def select_count(self, phase: str) -> int:
        return 3 if phase == "pass" else 0

    def action_label(self, kind: str) -> str:
        return t("trick.pass_button") if kind == "pass" else super().action_label(kind)

    def hud_text(self) -> str:
        obs = self.table.obs
        opts = obs.get("options", {})
        if obs.get("tiebreak"):
            text = t("trick.hud_olsen_tiebreak")
        elif opts.get("deals"):
            text = t("trick.hud_olsen_deals", hand=self.shown["round"] + 1, deals=opts["deals"])
        else:
            text = t("trick.hud_olsen", hand=self.shown["round"] + 1, target=opts.get("target", 100))
        if obs.get("hearts_broken"):
            text += "  ·  " + t("trick.hearts_broken")
        return text

    def prompt(self, selected, options, phase) -> str:
        if phase == "pass":
            target = self.name(self.left_of(self.table.viewer))
            if len(selected) == 3:
                return self.touch_t("trick.pass_ready", name=target)
            return t("trick.pass_prompt", name=target, count=len(selected))
        return t("trick.your_turn")

    def refusal(self, code: str) -> str:
        obs = self.match.observation(self.table.viewer)
        legal = {m["card"] for m in obs.get("legal", []) if "card" in m}
        trick = obs.get("trick", [])
        if not legal:
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

    def summary(self, summary: dict, game_over: bool) -> SummaryTable:
        tricks = self.shown["tricks_won"]
        rows = []
        for seat in summary["seats"]:
            penalties, points = self.seat_figures(summary, seat)
            rows.append([self.name(seat), str(tricks[seat]) if seat < len(tricks) else "", str(penalties), str(points), str(summary["totals"][seat])])
        title = t("tsummary.title_tiebreak") if summary.get("tiebreak") else t("tsummary.title_olsen", hand=self.summary_round(summary) + 1)
        headers = [t("summary.player"), t("tsummary.tricks"), t("tsummary.penalties"), t("tsummary.hand_points"), t("summary.total")]
        return self.summary_table(title, headers, rows, min(int(r[-1]) for r in rows), self.notes(summary, game_over))

    @staticmethod
    def seat_figures(summary: dict, seat: int) -> tuple[int, int]:
        """(penalty points taken, points the hand gave) for a seat of the hand: per seat in
        the common shape (``hand_points``), per seat of the hand in the older one."""
        if "hand_points" in summary:
            return summary["penalties"][seat], summary["hand_points"][seat]
        i = summary["seats"].index(seat)
        return summary["penalties"][i], summary["points"][i]

    def notes(self, sm: dict, game_over: bool) -> list[str]:
        out = []
        match = self.match
        moon = sm.get("all_penalties")
        if moon is not None:
            if match.options.get("jack_diamonds"):
                points = self.seat_figures(sm, moon)[1]
                out.append(self.said("olsen.all_penalties_jack", moon, count=points))
            else:
                out.append(self.said("tsummary.all_penalties", moon))
        if not game_over:
            obs = match.observation(0)
            if obs.get("tiebreak"):
                out.append(t("tsummary.tiebreak_next", names=", ".join(self.name(x) for x in obs["seats"])))
                out.append(t("tsummary.tiebreak_note"))
            elif obs["options"].get("deals"):
                out.append(t("tsummary.olsen_deals_left", count=obs["options"]["deals"] - obs["hands_played"]))
            else:
                out.append(t("tsummary.olsen_target", count=obs["options"].get("target", 100)))
        return out

    def gameover(self, result: dict) -> GameOverLines:
        winners = result["winners"]
        head = self.winners_text(winners, draw=bool(result.get("draw")))
        totals = result["totals"]
        order = sorted(range(len(totals)), key=lambda k: (k not in winners, totals[k]))
        note = t("gameover.lowest_wins")
        rounds = result.get("rounds") or []
        if rounds and rounds[-1].get("tiebreak"):  # else the winner's total ties another's, unexplained
            note += "\n" + t("gameover.tiebreak_decided")
        return GameOverLines(head, [(self.name(k), t("trick.penalty", count=totals[k])) for k in order], note=note, golds=self.golds(winners))


class AluetteView(TrickView):
    """Aluette: Spanish cards (some with their traditional names), fixed partners, any card
    may be played, spoiled tricks set aside."""

    ZONES = (HAND, TRICK, WON, ASIDE)
    SUIT_ORDER = "DCBE"
    RANK_ORDER = "123456789VCR"
    NAMED = ("3D", "3C", "2D", "2C", "9C", "9D", "2B", "2E")  # cards with a traditional name

    def round_of(self, obs: dict) -> int:
        return obs.get("round", obs.get("deal", 0))

    def face(self, code: str, width: int, named: bool = True) -> pygame.Surface:
        caption = t(f"aluette.name.{code}") if named and code in self.NAMED else None
        return card_face(self.app, self.match.state.info.deck.name, code, width, caption)

    def card_label(self, code: str) -> str:
        if code in self.NAMED:
            return t("aluette.named_card", name=t(f"aluette.name.{code}"), card=spanish_card_name(code))
        return spanish_card_name(code)

    def team_of(self, seat: int) -> int:
        return seat % 2

    def total_line(self, seat: int) -> str:
        team = seat % 2
        teams = self.shown["team_totals"]
        return t("trick.team_points", team=team + 1, count=teams[team] if teams else self.shown["totals"][seat])

    def chip_short(self, seat: int) -> str:
        teams = self.shown["team_totals"]
        return t("table.points_short", count=teams[seat % 2] if teams else self.shown["totals"][seat])

    def hand_marks(self, phase: str) -> bool:
        return False  # any card may be played

    def prompt(self, selected, options, phase) -> str:
        return t("trick.your_turn_any")

    def aside_label(self, count: int) -> str:
        return t("trick.spoiled_pile", count=count)

    def deals(self) -> int:
        return self.match.state.info.extra.get("deals", 5)

    def hud_text(self) -> str:
        return t("trick.hud_aluette", deal=self.shown["round"] + 1, deals=self.deals())

    def summary(self, summary: dict, game_over: bool) -> SummaryTable:
        rows = [[self.name(s), str(s % 2 + 1), str(summary["tricks_won"][s]), str(summary["points"][s % 2]), str(summary["totals"][s % 2])] for s in range(self.match.players)]
        title = t("tsummary.title_aluette", deal=self.summary_round(summary) + 1, deals=self.deals())
        headers = [t("summary.player"), t("tsummary.team"), t("tsummary.tricks"), t("tsummary.points"), t("summary.total")]
        notes = []
        winner = summary.get("deal_winner", summary.get("winner"))
        if winner is None:
            notes.append(t("tsummary.nobody"))
        else:
            if self.is_you(winner):
                notes.append(t("tsummary.deal_winner_you", count=summary["points"][winner % 2], team=winner % 2 + 1))
            else:
                notes.append(t("tsummary.deal_winner", name=self.name(winner), count=summary["points"][winner % 2], team=winner % 2 + 1))
            if summary.get("mordienne"):
                notes.append(t("tsummary.mordienne"))
        if not game_over:
            notes.append(t("tsummary.deals_left", count=self.deals() - self.summary_round(summary) - 1))
        return self.summary_table(title, headers, rows, max(int(r[-1]) for r in rows), notes, team_column=1)

    def gameover(self, result: dict) -> GameOverLines:
        winners = result["winners"]
        if winners:
            head = t("gameover.winner_team", name=team_name(self.match, winners))
        else:
            head = t("gameover.draw") if result.get("draw") else t("gameover.no_winner")
        teams = result.get("side_totals", result.get("team_totals"))
        order = sorted(range(2), key=lambda k: -teams[k])
        return GameOverLines(head, [(team_name(self.match, [k, k + 2]), t("table.score", count=teams[k])) for k in order])
