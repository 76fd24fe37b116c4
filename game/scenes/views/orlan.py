"""Orlan on the table: an open table of cards to capture from, a stock beside the hand,
each seat's capture pile with its clubs counted. A card is chosen, then its capture (one
of several, ringed in colour on the table) is confirmed by a second tap."""
from __future__ import annotations

from game.i18n import t
from game.scenes.animation import Flight, Step
from game.scenes.views.base import HAND, OPEN, STOCK, WON, GameOverLines, GameView, SummaryTable
from game.ui import widgets
from game.ui.cards import card_name


def rank_key(code: str) -> tuple:
    return ("A23456789TJQK".index(code[0]), "CDHS".index(code[1]))


def side_name(match, seats: list[int]) -> str:
    if len(seats) == 1:
        return match.seats[seats[0]].name
    return t("summary.team", names=" & ".join(match.seats[s].name for s in seats))


def summary_rows(match, summary: dict) -> list[list[str]]:
    """The round summary as shown, one row per side (strings only). Reads the common
    summary shape (``sides`` as seat lists, figures per side) and the older one (a dict
    per side)."""
    rows = []
    for i, side in enumerate(summary["sides"]):
        if isinstance(side, dict):
            seats, cards, clubs, b, points = side["seats"], side["cards"], side["clubs"], side["breakdown"], side["points"]
        else:
            seats, cards, clubs, b, points = side, summary["cards"][i], summary["clubs"][i], summary["breakdown"][i], summary["points"][i]
        rows.append([
            side_name(match, seats), str(cards), str(clubs), str(b["most_cards"]),
            str(b["most_clubs"]), str(b["two_clubs"]), str(b["ten_diamonds"]), str(points), str(summary["totals"][i]),
        ])
    return rows


class OrlanView(GameView):
    ZONES = (HAND, OPEN, STOCK, WON)
    HAND_HEIGHT = 0.235
    HAND_WIDTH = 0.115
    TEXT_SIZE = 17
    PANEL_MIN = 168  # room for "Pile: 12 cards · 3♣" at 800x480
    SEAT_LINES = 1
    WON_ROW = True
    FELT_LINE = True
    ALWAYS_CONFIRM = True  # a card waits for its capture to be chosen, then a second tap

    def __init__(self, table) -> None:
        super().__init__(table)
        self.last_move = ""

    # ------------------------------------------------------------ picture
    def show(self, obs: dict, old: dict) -> dict:
        shown = super().show(obs, old)
        before = old.get(OPEN, [])
        # The table keeps its visual order; new cards join at the end, by rank.
        table = [c for c in before if c in obs["table"]] + sorted((c for c in obs["table"] if c not in before), key=rank_key)
        shown.update({
            OPEN: table,
            WON: {s: list(p) for s, p in enumerate(obs["piles"])},
            STOCK: obs["stock_count"],
            "last_capturer": obs["last_capturer"],
        })
        return shown

    def sort_hand(self, codes: list[str]) -> list[str]:
        return sorted(codes, key=rank_key)

    def fresh_deal(self) -> bool:
        v = self.shown
        return not any(v[WON].values()) and all(c == 4 for c in v["hand_counts"]) and len(v[OPEN]) == 4

    def move_targets(self, move: dict) -> list[str]:
        return list(move.get("capture", []))

    def capture_marks(self) -> bool:
        return True

    def hand_marks(self, phase: str) -> bool:
        return False  # every card may be played: the gold marks are for captures

    # ------------------------------------------------------------ texts
    def move_choices(self, moves: list[dict]) -> list[tuple[str, dict | None]] | None:
        """A tap (or a drop) on a table card that several captures share: each capture, numbered
        as the prompt numbers it, and Back (the card once took the active capture unasked)."""
        if len({m.get("card") for m in moves}) != 1 or not all(m.get("capture") for m in moves):
            return None
        options = self.table.options
        def number(m):
            return options.index(m) + 1 if m in options else 0
        labelled: list[tuple[str, dict | None]] = [
            (f"{number(m)}) " + "+".join(card_name(c) for c in m["capture"]), m) for m in sorted(moves, key=number)]
        return labelled + [(t("common.back"), None)]

    def hud_text(self) -> str:
        return t("table.hud", round=self.shown["round"] + 1, target=self.match.options.get("target", 21))

    def seat_lines(self, seat: int):
        total = self.shown["totals"][seat]
        if self.match.teams:
            return [(t("table.team_score", team=self.match.side_of(seat) + 1, count=total), widgets.GOLD, True)]
        return [(t("table.score", count=total), widgets.GOLD, True)]

    def won_label(self, seat: int) -> str:
        pile = self.shown[WON][seat]
        text = t("table.pile", count=len(pile), clubs=sum(1 for c in pile if c[1] == "C"))
        if self.shown["last_capturer"] == seat:
            text += "  " + t("table.last_capturer")
        return text

    def felt_line(self) -> str:
        return self.last_move

    def prompt(self, selected, options, phase) -> str:
        if not selected:
            return t("table.your_turn")
        card = card_name(selected[0])
        if not options or not options[0].get("capture"):
            return self.touch_t("table.confirm_lay", card=card)
        if len(options) == 1:
            return self.touch_t("table.confirm_capture", card=card, taken=" ".join(card_name(c) for c in options[0]["capture"]))
        parts = [f"{i + 1}) " + "+".join(card_name(c) for c in o.get("capture", [])) for i, o in enumerate(options)]
        return self.touch_t("table.choose_capture", card=card, options="  ".join(parts))

    def explain(self, move: dict) -> str:
        """One line: the card to play, cards taken, points at stake."""
        card = card_name(move["card"])
        taken = list(move.get("capture", []))
        if not taken:
            return t("hint.lay", card=card)
        cards = taken + [move["card"]]
        clubs = sum(1 for c in cards if c[1] == "C")
        extras = []
        if "2C" in cards:
            extras.append(t("hint.two_clubs"))
        if "TD" in cards:
            extras.append(t("hint.ten_diamonds"))
        line = t("hint.sweep" if move["card"][0] == "J" else "hint.capture", card=card, count=len(cards), clubs=clubs)
        if extras:
            line += " " + t("hint.points", what=", ".join(extras), count=len(extras))
        return line

    # ------------------------------------------------------------ events
    def animate(self, events: list[dict]) -> None:
        table = self.table
        for e in events:
            kind = e["type"]
            if kind in ("capture", "lay", "play"):
                self.animate_move(e)
            elif kind == "deal":
                table.add(Step(0, done=table.sync_and_deal))
            elif kind == "round_end":
                leftover = e["summary"].get("leftover", [])
                to = e["summary"].get("leftover_to")
                if leftover and to is not None:
                    self.animate_leftover(leftover, to)

    def after_round(self) -> None:
        self.last_move = ""

    def animate_move(self, e: dict) -> None:
        table, shown = self.table, self.shown
        seat, card, cap = e["seat"], e["card"], list(e.get("capture", []))
        name = self.name(seat)
        # One line on the felt saying what was just played, so nobody has to watch every card.
        if cap:
            self.last_move = t("table.last_capture", name=name, card=card_name(card), taken=" ".join(card_name(c) for c in cap))
        else:
            self.last_move = self.said("table.last_lay", seat, card=card_name(card))
        src = table.fly_from_hand(seat, card)
        landing = table.layout_table(shown[OPEN] + [card])[card]
        banner = t("table.bi_qahwa") if e.get("bi_qahwa") else None
        table.add(Step(table.dur(0.35), [Flight(card, src, landing)], start=lambda: table.take_from_hand(seat, card), done=lambda: shown[OPEN].append(card), sound="play", banner=banner))
        if not cap:
            if banner:
                table.add(Step(table.dur(0.6), banner=banner, highlight=[card], sound="bi_qahwa"))
            return
        sweep = bool(e.get("sweep"))
        table.add(Step(table.dur(0.8 if sweep else 0.5), banner=t("table.sweep") if sweep else None, highlight=[card, *cap], sound="sweep" if sweep else "capture"))
        taken = [card, *cap]
        holder: list[Flight] = []

        def start_take():
            rects = table.layout_table(shown[OPEN])
            dst = table.pile_rect(seat)
            for k, c in enumerate(taken):
                holder.append(Flight(c, rects.get(c, landing), dst, table.dur(0.03) * k))
            shown[OPEN] = [c for c in shown[OPEN] if c not in taken]

        def done_take():
            shown[WON][seat].extend(taken)
            shown["last_capturer"] = seat

        table.add(Step(table.dur(0.4), holder, start=start_take, done=done_take))

    def animate_leftover(self, leftover: list[str], seat: int) -> None:
        table, shown = self.table, self.shown
        holder: list[Flight] = []

        def start():
            rects = table.layout_table(shown[OPEN])
            for k, c in enumerate(leftover):
                if c in rects:
                    holder.append(Flight(c, rects[c], table.pile_rect(seat), table.dur(0.03) * k))
            shown[OPEN] = [c for c in shown[OPEN] if c not in leftover]

        table.add(Step(table.dur(0.5), banner=t("table.leftover", name=self.name(seat)), highlight=leftover))
        table.add(Step(table.dur(0.45), holder, start=start, done=lambda: shown[WON][seat].extend(leftover)))

    # ------------------------------------------------------------ summary, game over
    def summary(self, summary: dict, game_over: bool) -> SummaryTable:
        rows = summary_rows(self.match, summary)
        best = max(int(r[-1]) for r in rows)
        notes = []
        leftover = summary.get("leftover", [])
        if leftover:
            to = summary.get("leftover_to")
            notes.append(t("summary.leftover_none", count=len(leftover)) if to is None else t("summary.leftover_to", count=len(leftover), name=self.name(to)))
        notes.append(t("summary.target", count=self.match.options.get("target", 21)))
        return SummaryTable(
            title=t("summary.title", round=summary["round"] + 1),
            headers=[t("summary.player"), t("summary.cards"), t("summary.clubs"), t("summary.most_cards"), t("summary.most_clubs"), "2♣", "10♦", t("summary.round_points"), t("summary.total")],
            rows=rows,
            widths=[0.3, 0.08, 0.08, 0.11, 0.11, 0.07, 0.07, 0.1, 0.08],
            best={i for i, r in enumerate(rows) if int(r[-1]) == best},
            notes=notes,
            bold={0, 7, 8},
        )

    def gameover(self, result: dict) -> GameOverLines:
        winners = result["winners"]
        if not winners:
            head = t("gameover.no_winner")
        elif self.match.teams:
            head = t("gameover.winner_team", name=side_name(self.match, winners))
        else:
            head = self.winners_text(winners)
        sides = result["side_totals"]
        order = sorted(range(len(sides)), key=lambda i: -sides[i])
        return GameOverLines(head, [(side_name(self.match, self.match.side_seats(i)), t("table.score", count=sides[i])) for i in order], gold_first=False)
