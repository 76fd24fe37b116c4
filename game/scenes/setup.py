"""New-game setup: the game (Orlan, Olsen, Aluette), each seat human / simple AI / expert AI,
and the game's own settings. Orlan: 2-4 players, teams at 4, game to 21 or 11, who starts
the first round. Olsen: 3-5 players and its options as GameInfo declares them (passing,
jack of diamonds, end at a target or after a number of hands). Aluette: 4 players in
fixed partnerships, five deals."""
from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import t
from game.rules import GAMES
from game.scenes.base import Scene
from game.scenes.match import KINDS, Match, Seat
from game.ui import fonts, widgets


def seat_name(kind: str, seat: int, humans: int) -> str:
    if kind == "human":
        return t("seat.you") if humans == 1 else t("seat.player", n=seat + 1)
    return t(f"seat.ai_{kind}_name", n=seat + 1)


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.game = "orlan"
        self.players = 4
        self.teams = False
        self.game_options: dict[str, dict] = {}  # per game id: option name -> chosen value
        self.target = 21
        self.starter = 0
        self.kinds = ["human", "simple", "simple", "simple"]
        self.starter_chosen = False  # until the player picks, the first human seat starts
        self.names: dict[int, str] = {}
        self.entries: dict = {}
        self.labels: list[tuple[str, pygame.Rect]] = []

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(6, int(10 * s))
        top = int(h * 0.16) + int(20 * s)
        two_cols = True
        col_w = min(int(w * 0.44), int(560 * s))
        self.labels = []
        left_x = w // 2 - col_w - gap
        right_x = w // 2 + gap
        label_w = int(col_w * 0.45)
        btn_w = col_w - label_w

        def row(x: int, i: int, label: str, value: str, action, enabled: bool = True):
            y = top + i * (bh + gap)
            self.labels.append((label, pygame.Rect(x, y, label_w, bh)))
            self.button(pygame.Rect(x + label_w, y, btn_w, bh), value, action, enabled)

        row(left_x, 0, t("setup.game"), t(f"game.{self.game}"), self.cycle_game)
        info = GAMES[self.game].info
        row(left_x, 1, t("setup.players"), t("setup.players_value", count=self.players), self.cycle_players, info.min_players < info.max_players)
        if self.game == "orlan":
            row(left_x, 2, t("setup.teams"), t("common.on") if self.teams else t("common.off"), self.toggle_teams, self.players == 4)
            row(left_x, 3, t("setup.target"), t("setup.target_value", count=self.target), self.toggle_target)
            row(left_x, 4, t("setup.starter"), self.display_name(self.starter), self.cycle_starter)
        elif self.game == "olsen":
            opts = self.options_for("olsen")
            on_off = {True: t("common.on"), False: t("common.off")}
            row(left_x, 2, t("setup.olsen_pass"), on_off[opts["pass3"]], lambda: self.toggle_option("pass3"))
            row(left_x, 3, t("setup.olsen_jack"), on_off[opts["jack_diamonds"]], lambda: self.toggle_option("jack_diamonds"))
            end = t("setup.olsen_end_deals", count=opts["deals"]) if opts["deals"] else t("setup.olsen_end_target", count=opts["target"])
            row(left_x, 4, t("setup.olsen_end"), end, self.cycle_olsen_end)
        else:
            row(left_x, 2, t("setup.aluette_partners"), t("setup.aluette_partners_value"), None, False)
            row(left_x, 3, t("setup.aluette_match"), t("setup.aluette_match_value", count=info.extra.get("deals", 5)), None, False)
        self.entries = {}
        for seat in range(self.players):
            row(right_x, seat, "" if self.kinds[seat] == "human" else self.display_name(seat), t(f"kind.{self.kinds[seat]}"), lambda seat=seat: self.cycle_kind(seat))
            if self.kinds[seat] == "human":
                # Human seats get a name field: statistics are kept per name.
                y = top + seat * (bh + gap)
                entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(right_x, y + (bh - min(bh, int(44 * s))) // 2, label_w - gap, min(bh, max(36, int(44 * s)))), self.app.ui, initial_text=self.display_name(seat))
                entry.set_text_length_limit(16)
                self.elements.append(entry)
                self.entries[seat] = entry
        if self.teams or GAMES[self.game].info.teams == "fixed":
            self.labels.append((t("setup.teams_hint"), pygame.Rect(right_x, top + 4 * (bh + gap), col_w, bh)))
        by = h - bh - int(16 * s)
        bw = min(int(w * 0.3), int(300 * s))
        self.button(pygame.Rect(w // 2 - bw - gap, by, bw, bh), t("common.back"), self.back)
        self.start_button = self.button(pygame.Rect(w // 2 + gap, by, bw, bh), t("setup.start"), self.start)
        if self.focus < 0:
            self.focus = len(self.focusables) - 1
        del two_cols

    def display_name(self, seat: int) -> str:
        typed = self.names.get(seat, "").strip()
        if self.kinds[seat] == "human" and typed:
            return typed
        humans = sum(1 for k in self.kinds[: self.players] if k == "human")
        if self.kinds[seat] == "human":
            # Remembered names (statistics profiles) first, for the human seats in order.
            order = [i for i in range(self.players) if self.kinds[i] == "human"].index(seat)
            remembered = list(getattr(self.app.stats, "names", []))
            if order < len(remembered):
                return remembered[order]
        return seat_name(self.kinds[seat], seat, humans)

    def read_names(self) -> None:
        for seat, entry in getattr(self, "entries", {}).items():
            self.names[seat] = entry.get_text()

    def build(self) -> None:
        self.read_names()
        super().build()

    def handle(self, event) -> bool:
        # While a name is being typed, keys belong to the text field.
        if event.type == pygame.KEYDOWN and any(e.is_focused for e in getattr(self, "entries", {}).values()):
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                for e in self.entries.values():
                    e.unfocus()
            return False
        return super().handle(event)

    # ------------------------------------------------------------ actions
    def options_for(self, game_id: str) -> dict:
        """The chosen options of a game, defaults from its GameInfo."""
        info = GAMES[game_id].info
        chosen = self.game_options.setdefault(game_id, {})
        return {o.name: chosen.get(o.name, o.default) for o in info.options}

    def toggle_option(self, name: str) -> None:
        opts = self.options_for(self.game)
        self.game_options[self.game][name] = not opts[name]
        self.build()

    def cycle_olsen_end(self) -> None:
        """One button for both ways to end: each target, then each fixed number of hands."""
        info = GAMES["olsen"].info
        default = info.option("target").default
        ends = [(v, 0) for v in info.option("target").choices] + [(default, v) for v in info.option("deals").choices if v]
        opts = self.options_for("olsen")
        now = (default, opts["deals"]) if opts["deals"] else (opts["target"], 0)
        target, deals = ends[(ends.index(now) + 1) % len(ends)] if now in ends else ends[0]
        self.game_options["olsen"].update(target=target, deals=deals)
        self.build()

    def cycle_game(self) -> None:
        games = list(GAMES)
        self.game = games[(games.index(self.game) + 1) % len(games)]
        info = GAMES[self.game].info
        self.players = min(max(self.players, info.min_players), info.max_players)
        self.teams = False
        self.starter = 0
        self.kinds += ["simple"] * (info.max_players - len(self.kinds))
        self.build()

    def cycle_players(self) -> None:
        info = GAMES[self.game].info
        self.players = info.min_players + (self.players - info.min_players + 1) % (info.max_players - info.min_players + 1)
        self.kinds += ["simple"] * (self.players - len(self.kinds))
        if self.players != 4:
            self.teams = False
        if self.starter >= self.players:
            self.starter = 0
        self.build()

    def toggle_teams(self) -> None:
        self.teams = not self.teams and self.players == 4
        self.build()

    def toggle_target(self) -> None:
        self.target = 11 if self.target == 21 else 21
        self.build()

    def cycle_starter(self) -> None:
        self.starter_chosen = True
        self.starter = (self.starter + 1) % self.players
        self.build()

    def cycle_kind(self, seat: int) -> None:
        self.kinds[seat] = KINDS[(KINDS.index(self.kinds[seat]) + 1) % len(KINDS)]
        if not self.starter_chosen:
            humans = [i for i in range(self.players) if self.kinds[i] == "human"]
            self.starter = humans[0] if humans else 0
        self.build()

    def make_match(self) -> Match:
        self.read_names()
        seats = [Seat(self.kinds[i], self.display_name(i)) for i in range(self.players)]
        # Two humans with the same name would share a statistics profile: number them.
        seen: dict[str, int] = {}
        for seat in seats:
            seen[seat.name] = seen.get(seat.name, 0) + 1
            if seen[seat.name] > 1:
                seat.name = f"{seat.name} {seen[seat.name]}"
        if self.game == "orlan":
            options = {"target": self.target, "teams": self.teams, "starter": self.starter}
        else:
            options = self.options_for(self.game)
        return Match(self.game, seats, options, seed=self.app.seed, timer=self.app.settings.turn_timer)

    def start(self) -> None:
        from game.scenes.table import table_scene

        self.app.match = self.make_match()
        self.app.scenes.reset(self.app.scenes.stack[0].__class__(self.app))
        self.app.scenes.push(table_scene(self.app, self.app.match))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        widgets.title(surface, t("setup.title"), s, max(6, int(14 * s)), size=44)
        size = max(14, int(22 * s))
        for text, rect in self.labels:
            fonts.blit_text(surface, text, size, widgets.WHITE, (rect.x, rect.centery), "midleft", bold=True, max_width=rect.width - 8)
