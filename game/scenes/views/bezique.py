"""The Bezique family on the table (Bezique, Marjolet, Binage, Fildinski, Rubicon), written
once: the stock with the turned trump across it, each player's declared cards face up in
their panel (Fildinski: the cards won, face up while the stock lasts), the trick in the
middle, a chooser after a won trick (every legal declaration with its points, the Dix,
"none"), the points flying up where they are scored, the change to the last tricks
announced, the last trick shown on a tap (or L).

Everything comes from the observation (``phase``, ``stage``, ``legal``, ``shown``,
``won_face_up``, ``declarations``, ``scores``) and the events of ``apply``; the points of
a combination come from the game's declaration table (rules data). Texts are the game's
own (``<game id>.*`` keys, the same set in each game's file).
"""
from __future__ import annotations

from game.i18n import lookup, t
from game.scenes.animation import Flight, Step
from game.scenes.views.base import FACEUP, HAND, STOCK, TRICK, TRUMP, WON, GameOverLines, SummaryTable, TrickTakingView
from game.ui import fonts, widgets
from game.ui.cards import card_name

SUIT_CHAR = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
DECLARED_COLOUR = (255, 200, 80)
POP_TIME = 1.8  # seconds a "+40" stays above the seat that scored it
# Reasons of the score events, grouped into the summary's columns.
COLUMNS = {
    "declarations": ("declarations", "dix", "carte_blanche"),
    "brisques": ("brisques", "trump_seven", "turned_seven"),
    "last": ("last_trick", "all_last_tricks", "last_draw"),
}


class BeziqueView(TrickTakingView):
    ZONES = (HAND, TRICK, WON, FACEUP, STOCK, TRUMP)
    TRUMP_ACROSS = True
    SEAT_LINES = 2
    SUIT_ORDER = "CDSH"
    RANK_ORDER = "789JQKTA"  # the trick order, low to high
    TRICK_POINTS_ARE_PENALTIES = False  # brisques are points won

    def __init__(self, table) -> None:
        super().__init__(table)
        self.pops: list[list] = []  # [seat, text, seconds left]

    # ------------------------------------------------------------ the game's data
    @property
    def gid(self) -> str:
        return self.match.game_id

    def tx(self, key: str, **kw) -> str:
        """A text of the game's own file."""
        return t(f"{self.gid}.{key}", **kw)

    def points_of(self, combination: str) -> int:
        """A combination's points, from the game's declaration table (rules data)."""
        for combo in type(self.match.state).variant.table:
            if combo.id == combination:
                return combo.points
        return 0

    def combination_name(self, combination: str) -> str:
        return self.tx(f"combination.{combination}")

    def kind_name(self, kind: str) -> str:
        """A declaration's name in a list (the Dix among the combinations)."""
        return self.tx("reason.dix") if kind == "dix" else self.combination_name(kind)

    # ------------------------------------------------------------ picture
    def show(self, obs: dict, old: dict) -> dict:
        shown = super().show(obs, old)
        leader = obs["leader"]
        up = obs.get("won_face_up")
        shown.update({
            TRICK: [(leader if i == 0 else 1 - leader, c) for i, c in enumerate(obs["trick"])],
            "leader": leader,
            "tricks_won": [sum(1 for tr in obs["tricks"] if tr["winner"] == s) for s in (0, 1)],
            "aside": 0,
            FACEUP: {s: self.sort_hand(obs["won"][s] if up else obs["shown"][s]) for s in (0, 1)},
            STOCK: obs["stock"] - (obs["turned"] is not None),
            TRUMP: [obs["turned"]] if obs["turned"] else [],
            "declared": set(obs["shown"][obs["seat"]]),
            "served": self.served(obs),
            "scores": list(obs["scores"]),
            "trump_suit": obs["trump"],
            "stage": obs["stage"],
            "team_totals": [],
            "round": obs.get("round", 0),
            "seats": [0, 1],
        })
        return shown

    def fresh_deal(self) -> bool:
        return not self.shown[TRICK] and not any(self.shown["tricks_won"]) and not self.table.obs.get("declarations")

    def sort_hand(self, codes: list[str]) -> list[str]:
        trump = self.shown.get("trump_suit") if isinstance(self.shown, dict) else None
        return sorted(codes, key=lambda c: (c[1] == trump, self.SUIT_ORDER.index(c[1]), self.RANK_ORDER.index(c[0]), c))

    def hand_mark(self, code: str):
        """Declared cards still in the hand (stage 1) are framed: they lie face up too."""
        return DECLARED_COLOUR if code in self.shown.get("declared", ()) else None

    def served(self, obs: dict) -> dict[str, list[str]]:
        """Each card of the viewer's declarations: the kinds of combination it has served in."""
        out: dict[str, list[str]] = {}
        for d in obs.get("declarations", []):
            if d.get("seat") == obs["seat"] and d.get("combination") not in ("dix", "carte_blanche"):
                for code in d.get("cards", []):
                    out.setdefault(code, [])
                    if d["combination"] not in out[code]:
                        out[code].append(d["combination"])
        return out

    def hand_note(self, code: str) -> list[str]:
        """What a declared card has served in, when another copy of it is in the hand: a card
        never serves twice in one kind of combination (and in Bezique and Rubicon only again
        in one worth as much), so which of two J♦ is played can matter; the copies look
        alike, so the card says it. A card without a twin says nothing."""
        kinds = self.shown.get("served", {}).get(code)
        base = code.split("/")[0]
        if not kinds or not any(c != code and c.split("/")[0] == base for c in self.shown.get("hand", ())):
            return []
        return [self.served_name(k) for k in kinds]

    def served_name(self, kind: str) -> str:
        """A combination's name on a card: its short form (``served.<kind>``) if it has one."""
        key = f"{self.gid}.served.{kind}"
        return t(key) if lookup(key) is not None else self.combination_name(kind)

    def deal_order(self) -> list[int]:
        dealer = self.shown.get("dealer") or 0
        return [1 - dealer, dealer]

    # ------------------------------------------------------------ moves
    def move_cards(self, move: dict) -> list[str]:
        return [move["card"]] if move.get("kind") == "play" else []

    def move_targets(self, move: dict) -> list[str]:
        """The cards a declaration (or the Dix) uses: ringed while its button is pointed at."""
        kind = move.get("kind")
        if kind == "declare":
            return list(move["cards"])
        return [move["card"]] if kind == "dix" else []

    def hand_marks(self, phase: str) -> bool:
        return self.shown.get("stage") == 2  # while the stock lasts any card may be played

    def choices(self, phase: str, legal: list[dict]):
        if phase not in ("declare", "carte_blanche"):
            return None
        out, seen = [], set()
        for m in legal:
            kind = m["kind"]
            if kind == "declare":
                faces = tuple(sorted(c.split("/")[0] for c in m["cards"]))
                if (m["combination"], faces) in seen:
                    continue  # the same cards but another copy: one button is enough
                seen.add((m["combination"], faces))
                out.append((self.declaration_label(m), m))
            elif kind == "dix":
                out.append((self.tx("dix_choice", card=card_name(m["card"]), points=10), m))
        out += [(self.tx("skip"), m) for m in legal if m["kind"] == "skip"]
        return out

    def declaration_label(self, move: dict) -> str:
        combination = move["combination"]
        points = self.points_of(combination)
        if combination == "carte_blanche":
            return self.tx("carte_blanche_choice", points=points)
        cards = " ".join(card_name(c) for c in reversed(self.sort_hand(move["cards"])))
        return self.tx("declare_choice", combination=self.combination_name(combination), cards=cards, points=points)

    # ------------------------------------------------------------ texts
    def hud_text(self) -> str:
        obs = self.table.obs
        trump = obs.get("trump")
        parts = [self.tx("title")]
        opts = obs.get("options", {})
        if "deals" in opts:
            parts.append(self.tx("hud_deals", deal=self.shown["round"] + 1, deals=opts["deals"]))
        else:
            parts.append(self.tx("hud_deal", deal=self.shown["round"] + 1, target=opts.get("target", 0)))
        parts.append(self.tx("hud_trump", suit=SUIT_CHAR[trump]) if trump else self.tx("hud_no_trump"))
        if obs.get("stage") == 2:
            parts.append(self.tx("hud_stage_two"))
        return "  ·  ".join(parts)

    def seat_lines(self, seat: int):
        return [
            (self.tx("seat_deal", count=self.shown["scores"][seat], tricks=self.shown["tricks_won"][seat]), widgets.SOFT, False),
            (t("trick.total", count=self.shown["totals"][seat]), widgets.GOLD, True),
        ]

    def prompt(self, selected, options, phase) -> str:
        if phase == "declare":
            return self.touch_t(f"{self.gid}.prompt_declare")
        if phase == "carte_blanche":
            return self.tx("prompt_carte_blanche")
        if self.shown.get("stage") == 2:
            return self.tx("prompt_stage_two")
        return self.tx("prompt_play")

    def waiting_text(self, seat: int, phase: str) -> str:
        if phase in ("declare", "carte_blanche"):
            return self.tx("waiting_declare", name=self.name(seat))
        return t("table.thinking", name=self.name(seat))

    def explain(self, move: dict) -> str:
        kind = move["kind"]
        if kind == "play":
            return t("hint.play", card=card_name(move["card"]))
        if kind == "declare":
            return self.declaration_label(move)
        if kind == "dix":
            return self.tx("dix_choice", card=card_name(move["card"]), points=10)
        return self.tx("skip")

    def refusal(self, code: str) -> str:
        obs = self.match.observation(self.table.viewer)
        if obs.get("phase") in ("declare", "carte_blanche"):
            return self.tx("refused_declare")
        legal = [m["card"] for m in obs.get("legal", []) if m["kind"] == "play"]
        trick = obs.get("trick", [])
        if trick and legal:
            led = trick[0]
            if all(c[1] == led[1] for c in legal):
                return self.tx("refused_follow", suit=SUIT_CHAR[led[1]], card=card_name(led))
            if obs.get("trump") and all(c[1] == obs["trump"] for c in legal):
                return self.tx("refused_trump", suit=SUIT_CHAR[obs["trump"]])
        return t("trick.refused")

    def felt_text(self, flying: set) -> list[str]:
        return [] if self.table.phase() in ("declare", "carte_blanche") else super().felt_text(flying)

    # ------------------------------------------------------------ events
    def animate_event(self, e: dict) -> None:
        table = self.table
        kind = e["type"]
        if kind == "score":
            text = self.tx("pop", points=e["points"], reason=self.tx(f"reason.{e['reason']}"))
            table.add(Step(0, start=lambda seat=e["seat"], text=text: self.pops.append([seat, text, POP_TIME])))
        elif kind == "declare":
            self.animate_declare(e)
        elif kind == "dix":
            who = self.name(e["seat"])
            banner = self.tx("dix_done", name=who, card=card_name(e["card"]), taken=card_name(e["taken"]))
            table.add(Step(table.dur(1.2), banner=banner, done=table.sync, sound="capture"))
        elif kind == "draw":
            self.animate_draw(e)
        elif kind == "stage_two":
            table.add(Step(table.dur(1.8), banner=self.tx("stage_two"), done=table.sync, sound="turn"))

    def animate_trick_end(self, e: dict) -> None:
        winner = e["winner"]
        self.animate_trick_won(winner, self.trick_banner(winner, e.get("brisques", 0)))

    def animate_declare(self, e: dict) -> None:
        table = self.table
        name = self.combination_name(e["combination"])
        if self.is_you(e["seat"]):
            banner = self.tx("you_declare", combination=name, points=e["points"])
        else:
            banner = self.tx("declares", name=self.name(e["seat"]), combination=name, points=e["points"])
        if e.get("trump"):
            banner += "  ·  " + self.tx("hud_trump", suit=SUIT_CHAR[e["trump"]])
        table.add(Step(table.dur(1.3), banner=banner, start=table.sync, highlight=e["cards"], sound="capture"))

    def animate_draw(self, e: dict) -> None:
        table = self.table
        seat = e["seat"]
        card = e.get("card")  # the turned trump, drawn face up; the others unseen
        dst = table.seat_hand_rect(seat, max(0, self.shown["hand_counts"][seat]))
        src = table.trump_rect if card else table.stock_rect

        def done(seat=seat):
            self.shown["hand_counts"][seat] += 1
            if card:
                self.shown[TRUMP] = []
            else:
                self.shown[STOCK] = max(0, self.shown[STOCK] - 1)

        table.add(Step(table.dur(0.25), [Flight(card if card and not self.is_you(seat) else None, src, dst)], done=done, sound="deal"))

    def update(self, dt: float) -> None:
        super().update(dt)
        for p in self.pops:
            p[2] -= dt
        self.pops = [p for p in self.pops if p[2] > 0]

    def after_round(self) -> None:
        self.pops = []

    # ------------------------------------------------------------ drawing
    def draw_felt(self, surface, flying: set, highlight: set) -> bool:
        replaced = super().draw_felt(surface, flying, highlight)
        self.draw_pops(surface)
        return replaced

    def draw_pops(self, surface) -> None:
        """Points rising from the panel of the seat that scored them."""
        table = self.table
        s = self.app.scale
        size = max(15, int(24 * s))
        stacked: dict[int, int] = {}
        for seat, text, left in self.pops:
            p = table.panels[table.position(seat)]
            k = stacked.get(seat, 0)
            stacked[seat] = k + 1
            rise = int((POP_TIME - left) * 30 * s)
            img = fonts.render(text, fonts.fit_size(text, size, table.felt_area.width // 2, True), widgets.GOLD, True)
            if table.position(seat) == "bottom":
                r = img.get_rect(bottomleft=(p.x, p.y - 4 - rise - k * img.get_height()))
            else:
                r = img.get_rect(topleft=(table.felt_area.x + table.pad, p.bottom + 4 - rise // 3 + k * img.get_height()))
            img.set_alpha(int(255 * min(1.0, left / 0.5)))
            widgets.panel(surface, r.inflate(12, 4), alpha=int(150 * min(1.0, left / 0.5)))
            surface.blit(img, r)

    # ------------------------------------------------------------ summary, game over
    def summary(self, summary: dict, game_over: bool) -> SummaryTable:
        return summary_table(self, summary, game_over)

    def gameover(self, result: dict) -> GameOverLines:
        winners = result.get("winners") or []
        totals = result["totals"]
        head = self.said("gameover.winner", winners[0]) if len(winners) == 1 else t("gameover.draw")
        order = sorted((0, 1), key=lambda k: (k not in winners, -totals[k]))
        return GameOverLines(head, [(self.name(k), t("table.score", count=totals[k])) for k in order])

    def last_trick_winner(self) -> int | None:
        return self.table.obs["tricks"][-1]["winner"]

    def draw_last_trick(self, surface) -> None:
        last = self.table.obs["tricks"][-1]
        leader = last["leader"]
        self.draw_trick_shown(surface, zip([leader, 1 - leader], last["cards"]), last["winner"], leader)


def column(summary: dict, seat: int, name: str) -> int:
    """A summary column's points for a seat, from the deal's breakdown by reason."""
    b = summary.get("breakdown", [{}, {}])[seat]
    return sum(b.get(reason, 0) for reason in COLUMNS[name])


def summary_table(view: BeziqueView, summary: dict, game_over: bool) -> SummaryTable:
    rows = []
    for seat in (0, 1):
        rows.append([
            view.name(seat),
            str(column(summary, seat, "declarations")),
            str(column(summary, seat, "brisques")),
            str(column(summary, seat, "last")),
            str(summary["points"][seat]),
            str(summary["totals"][seat]),
        ])
    headers = [t("summary.player"), view.tx("col_declarations"), view.tx("col_brisques"), view.tx("col_last"), view.tx("col_deal"), t("summary.total")]
    notes = []
    for seat in (0, 1):
        kinds = summary.get("declarations", [[], []])[seat]
        if kinds:
            counts: dict[str, int] = {}
            for k in kinds:
                counts[k] = counts.get(k, 0) + 1
            text = ", ".join(view.kind_name(k) + (f" ×{n}" if n > 1 else "") for k, n in counts.items())
            notes.append(view.tx("note_declared", name=view.name(seat), list=text))
    if not summary.get("complete", True):
        notes.append(view.tx("note_target_reached"))
    if not game_over:
        opts = view.match.state.options
        if "deals" in opts:
            notes.append(view.tx("note_deals_left", count=opts["deals"] - summary["round"] - 1))
        else:
            notes.append(t("summary.target", count=opts.get("target", 0)))
    best = max(int(r[-1]) for r in rows)
    return SummaryTable(
        title=view.tx("summary_title", deal=summary["round"] + 1), headers=headers, rows=rows,
        widths=[0.3, 0.16, 0.13, 0.15, 0.12, 0.14], best={i for i, r in enumerate(rows) if int(r[-1]) == best},
        notes=notes, bold={0, 4, 5},
    )


