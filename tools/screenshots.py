"""Render the app's screens into PNG files, headless.

    python tools/screenshots.py OUTDIR --sizes 390x844,844x390 --games all [--scale 3] [--lang fr]

writes one PNG per game and screen, ``<game>_<screen>_<W>x<H>.png`` (setup, rules,
statistics, review, game over; the table mid-round at the game's most seats, the pause menu
over it, a step with buttons or a chooser (``step``: a meld's, skart's or pass's cards
chosen, a declaration's or a joker's chooser), the round summary, the hot-seat hand-off),
and one per
screen of the app itself, ``app_<screen>_<W>x<H>.png`` (the shelf, Continue list, replace
question, known players, settings, rename and reset dialogs, recent games, the kiosk's
attract screen, code pad, operator menu and notice). Sizes are logical pixels; the PNGs are
in device pixels (``--scale``: device pixels per logical pixel), named by their device size.
``--games`` takes ``all`` or game ids, ``--screens`` a subset of the screens.

    python tools/screenshots.py OUTDIR --story

renders the older fixed deals instead (an Orlan table with a choice of two captures, a hint
and a sweep, Olsen and Aluette moments) at 800x480 and 1920x1080.
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.cards import FRENCH52  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402

SIZES = [(800, 480), (1920, 1080)]


def demo_order(hands: list[list[str]], table: list[str]) -> list[str]:
    """A full deck order: the given hands (seat after the dealer first), then the table."""
    head = [c for h in hands for c in h] + table
    return head + [c for c in FRENCH52.codes if c not in head]


def demo_match(players: int = 4, kinds=None, teams: bool = False) -> Match:
    kinds = kinds or ["human"] + ["expert"] * (players - 1)
    hands = [["7H", "2C", "TD", "JS"], ["5S", "KD", "9C", "8D"], ["6H", "QS", "4D", "AH"], ["3C", "9H", "2S", "8C"]][:players]
    order = demo_order(hands, ["4C", "3D", "AS", "QH"])
    options = {"target": 21, "teams": teams, "starter": 0}
    state = new_game("orlan", players, options, seed=3, deck_order=order)
    names = ["You", "Amira", "Bashir", "Ceren"] if kinds.count("human") == 1 else ["Lina", "Omar", "Sami", "Yara"]
    seats = [Seat(k, names[i]) for i, k in enumerate(kinds)]
    return Match("orlan", seats, options, seed=3, state=state)


def shoot(app: App, outdir: str, name: str) -> str:
    app.run_frames(2)
    path = os.path.join(outdir, f"{name}_{app.size[0]}x{app.size[1]}.png")
    pygame.image.save(app.screen, path)
    return path


def render_all(outdir: str, sizes=SIZES) -> list[str]:
    from game.scenes.gameover import GameOverScene
    from game.scenes.handoff import HandoffScene
    from game.scenes.menu import MenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.rules import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    from game.scenes.stats import StatsScene
    from game.scenes.summary import SummaryScene
    from game.scenes.table import TableScene

    os.makedirs(outdir, exist_ok=True)
    paths = []
    for size in sizes:
        app = App(size, headless=True, seed=3)
        app.settings.turn_timer = 30
        # Two finished games in the statistics (played out with the first legal move).
        for seed in (1, 2):
            done = Match("orlan", [Seat("human", "You"), Seat("expert", "Amira")], {"target": 11}, seed=seed)
            while not done.finished:
                done.play(done.state.legal_moves()[0])
            app.stats.record_game(done.tally)
        paths.append(shoot(app, outdir, "01_menu"))
        app.scenes.push(SetupScene(app))
        paths.append(shoot(app, outdir, "02_setup"))
        app.match = demo_match()
        table = app.scenes.reset(MenuScene(app)) and app.scenes.push(TableScene(app, app.match))
        table.skip_animations()
        table.select("7H")
        paths.append(shoot(app, outdir, "03_table_choice"))
        table.select(None)
        table.hint = {"move": {"card": "JS", "capture": ["4C", "3D", "AS"]}, "text": table.explain({"card": "JS", "capture": ["4C", "3D", "AS"]})}
        paths.append(shoot(app, outdir, "04_table_hint"))
        table.hint = None
        table.play({"card": "JS", "capture": ["4C", "3D", "AS"]})
        app.run_frames(12)
        paths.append(shoot(app, outdir, "05_table_sweep"))
        app.scenes.push(PauseScene(app, table))
        paths.append(shoot(app, outdir, "06_pause"))
        app.scenes.pop()
        # Play the round out quickly, then show the summary and game over.
        state = app.match.state
        while state.round_no == 0 and state.current_player() is not None:
            state.apply(state.legal_moves()[0])
        summary = state.rounds[-1]
        app.scenes.push(SummaryScene(app, app.match, summary, False))
        paths.append(shoot(app, outdir, "07_summary"))
        app.scenes.reset(GameOverScene(app, app.match))
        paths.append(shoot(app, outdir, "08_gameover"))
        app.scenes.reset(StatsScene(app))
        paths.append(shoot(app, outdir, "09_stats"))
        app.scenes.reset(SettingsScene(app))
        paths.append(shoot(app, outdir, "10_settings"))
        app.scenes.reset(RulesScene(app))
        paths.append(shoot(app, outdir, "11_rules"))
        app.settings.language = "fr"
        app.apply_settings()
        app.scenes.top.scroll_to(10**6)
        paths.append(shoot(app, outdir, "12_rules_fr_end"))
        app.settings.language = "en"
        app.apply_settings()
        hot = demo_match(kinds=["human", "human", "expert", "human"])
        app.match = hot
        app.scenes.reset(MenuScene(app))
        t2 = app.scenes.push(TableScene(app, hot))
        t2.skip_animations()
        app.run_frames(1)
        assert isinstance(app.scenes.top, HandoffScene)
        paths.append(shoot(app, outdir, "13_handoff"))
        app.scenes.top.tap()
        paths.append(shoot(app, outdir, "14_table_hotseat"))
        # Three players, teams at four, nl.
        app.settings.language = "nl"
        app.apply_settings()
        m3 = demo_match(3)
        app.scenes.reset(MenuScene(app))
        t3 = app.scenes.push(TableScene(app, m3))
        t3.skip_animations()
        paths.append(shoot(app, outdir, "15_table_3p_nl"))
        m4 = demo_match(4, kinds=["human", "simple", "expert", "simple"], teams=True)
        app.settings.language = "fr"
        app.settings.four_colour_suits = True
        app.settings.table_colour = "brown"
        app.settings.card_back = "pattern"
        app.apply_settings()
        app.scenes.reset(MenuScene(app))
        t4 = app.scenes.push(TableScene(app, m4))
        t4.skip_animations()
        t4.select("7H")
        paths.append(shoot(app, outdir, "16_table_teams_fr_4colour"))
        paths += render_trick_games(app, outdir)
        pygame.display.quit()
    return paths


# ---------------------------------------------------------------- trick-taking games
OLSEN_HANDS = [
    ["9C", "KC", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "3D", "4D", "5D"],
    ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "TC", "JC", "QC", "AC", "2S", "JS"],
    ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
    ["QS", "KS", "AS", "2D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
]
TRICK_NAMES = ["You", "Amira", "Bashir", "Ceren", "Dara"]


def olsen_demo(players: int = 4, options=None, order=True) -> Match:
    opts = {"pass3": False, "jack_diamonds": True, "target": 100, "deals": 0, **(options or {})}
    deck = [OLSEN_HANDS[i % 4][i // 4] for i in range(52)] if order and players == 4 else None
    state = new_game("olsen", players, opts, seed=4, deck_order=deck)
    seats = [Seat("human" if i == 0 else "expert", TRICK_NAMES[i]) for i in range(players)]
    return Match("olsen", seats, opts, seed=4, state=state)


def aluette_demo() -> Match:
    """Seats 2-4 have played an ace, a 5 and a 4; you hold another ace (a spoiled trick to be)."""
    from game.rules import load_state

    d = new_game("aluette", 4, {}, seed=7).to_json()
    hands = [list(h) for h in d["hands"]]
    want = {1: "1C", 2: "5B", 3: "4E", 0: "1D"}
    for seat, code in want.items():
        give = next(c for c in hands[seat] if c not in want.values())
        owner = next((i for i, h in enumerate(hands) if code in h), None)
        if owner is None:
            d["unused"] = [c for c in d["unused"] if c != code] + [give]
        elif owner != seat:
            hands[owner] = [c for c in hands[owner] if c != code] + [give]
        else:
            continue
        hands[seat] = [c for c in hands[seat] if c != give] + [code]
    trick = []
    for seat in (1, 2, 3):
        hands[seat].remove(want[seat])
        trick.append({"seat": seat, "card": want[seat]})
    d.update(hands=hands, leader=1, trick=trick, to_move=0)
    seats = [Seat("human" if i == 0 else "expert", TRICK_NAMES[i]) for i in range(4)]
    return Match("aluette", seats, {"teams": True}, seed=7, state=load_state(d))


def render_trick_games(app: App, outdir: str) -> list[str]:
    from game.scenes.menu import MenuScene
    from game.scenes.rules import RulesScene
    from game.scenes.setup import SetupScene
    from game.scenes.gameover import GameOverScene
    from game.scenes.summary import SummaryScene
    from game.scenes.table import TableScene

    paths = []
    app.settings.language = "en"
    app.settings.four_colour_suits = False
    app.apply_settings()

    def table_for(match):
        app.match = match
        app.scenes.reset(MenuScene(app))
        table = app.scenes.push(TableScene(app, match))
        table.skip_animations()
        return table

    def until_my_turn(table):
        for _ in range(3000):
            if table.my_turn():
                return
            app.tick(1 / 60)

    setup = app.scenes.push(SetupScene(app, "olsen"))
    setup.cycle_option("pass3")
    paths.append(shoot(app, outdir, "20_setup_olsen"))
    table = table_for(olsen_demo())
    until_my_turn(table)
    paths.append(shoot(app, outdir, "21_olsen_follow"))
    table.tap_card("3S")
    paths.append(shoot(app, outdir, "22_olsen_refused"))
    table.refused = table.banner = None
    table.tap_card("9C")
    for _ in range(30):
        app.tick(1 / 60)
    paths.append(shoot(app, outdir, "23_olsen_trick_won"))
    # Later in the hand: penalty cards taken show by their takers.
    state = table.match.state
    while len(state.to_json()["tricks"]) < 7:
        state.apply(state.legal_moves()[0])
    table.steps.clear()
    table.sync()
    paths.append(shoot(app, outdir, "24_olsen_midhand"))
    while state.round_no == 0:
        state.apply(state.legal_moves()[0])
    summary = state.rounds[0]
    table.shown["tricks_won"] = [3, 4, 2, 4]
    app.scenes.push(SummaryScene(app, table.match, summary, False, table.view))
    paths.append(shoot(app, outdir, "25_olsen_summary"))
    five = table_for(olsen_demo(5, {"pass3": True}, order=False))
    until_my_turn(five)
    for code in five.shown["hand"][-3:]:
        five.tap_card(code)
    paths.append(shoot(app, outdir, "26_olsen_pass_5p"))
    app.settings.language = "fr"
    app.apply_settings()
    al = table_for(aluette_demo())
    paths.append(shoot(app, outdir, "27_aluette_fr"))
    al.tap_card("1D")
    for _ in range(40):
        app.tick(1 / 60)
        if al.view.stamp_spoiled and len(al.shown["trick"]) == 4:
            break
    paths.append(shoot(app, outdir, "28_aluette_spoiled_fr"))
    st = al.match.state
    while st.current_player() is not None:
        st.apply(st.legal_moves()[0])
    app.scenes.push(SummaryScene(app, al.match, st.rounds[-1], True, al.view))
    paths.append(shoot(app, outdir, "29_aluette_summary_fr"))
    app.scenes.reset(GameOverScene(app, al.match, al.view))
    paths.append(shoot(app, outdir, "30_aluette_gameover_fr"))
    app.scenes.reset(RulesScene(app, "aluette"))
    paths.append(shoot(app, outdir, "31_rules_aluette_fr"))
    app.settings.language = "nl"
    app.apply_settings()
    app.scenes.reset(RulesScene(app, "olsen"))
    paths.append(shoot(app, outdir, "32_rules_olsen_nl"))
    app.settings.language = "en"
    app.apply_settings()
    return paths


# ---------------------------------------------------------------- every game, every screen
def table_mid_round(app: App, game_id: str):
    """The table of ``game_id`` at its most seats, a few moves into the first round, when
    it is the human's turn (or after a few seconds of the AIs' play)."""
    from game.registry import BY_ID
    from game.samples import play_out, sample_match
    from game.scenes import catalog

    for seed in range(3, 13):  # a game whose first turns do not end it (a deal that stops at once)
        match = sample_match(game_id, BY_ID[game_id].info.max_players, seed=seed)
        moves = 0
        while not match.finished:
            if match.current() == 0 and moves >= match.players:
                trick = match.observation(0).get("trick")
                if trick is None or len(trick) >= match.players // 2:  # cards on the felt to follow
                    break
            play_out(match, seed=seed, moves=1)
            moves += 1
        if not match.finished:
            break
    app.match = match
    app.scenes.reset(catalog.make("menu", app))
    table = app.scenes.push(catalog.make("table", app, match))
    for _ in range(240):
        app.tick(1 / 60)
        table.skip_animations()
        if app.scenes.top is not table or table.my_turn():
            break
    return table


def render_screens(outdir: str, sizes, games, scale: float = 1.0, lang: str = "en", screens=None) -> list[str]:
    from tests.screen_cases import APP_SCREENS, GAME_SCREENS, make_app, open_screen
    from tests.table_overlay_cases import table_at_step, table_handoff, table_summary

    os.makedirs(outdir, exist_ok=True)
    wanted = set(screens) if screens else None
    paths = []
    for w, h in sizes:
        app = make_app((w, h), scale, lang)
        app.settings.animation_speed = "off"
        device = app.screen.get_size()

        def save(prefix: str, screen: str) -> None:
            app.run_frames(3)
            path = os.path.join(outdir, f"{prefix}_{screen}_{device[0]}x{device[1]}.png")
            pygame.image.save(app.screen, path)
            paths.append(path)
            print(path, flush=True)

        for screen in APP_SCREENS:
            if wanted is None or screen in wanted:
                open_screen(app, screen)
                save("app", screen)
        for game_id in games:
            for screen in GAME_SCREENS:
                if wanted is None or screen in wanted:
                    open_screen(app, screen, game_id)
                    save(game_id, screen)
            if wanted is None or "table" in wanted or "pause" in wanted:
                table = table_mid_round(app, game_id)
                if wanted is None or "table" in wanted:
                    save(game_id, "table")
                if (wanted is None or "pause" in wanted) and app.scenes.top is table:
                    table.pause()
                    save(game_id, "pause")
            if (wanted is None or "step" in wanted) and table_at_step(app, game_id) is not None:
                save(game_id, "step")
            if wanted is None or "summary" in wanted:
                table_summary(app, game_id)
                save(game_id, "summary")
            if (wanted is None or "handoff" in wanted) and table_handoff(app, game_id) is not None:
                save(game_id, "handoff")
        pygame.display.quit()
    return paths


def main(argv=None) -> int:
    import argparse

    from game.registry import ENTRIES

    parser = argparse.ArgumentParser(prog="python tools/screenshots.py", description="Render the app's screens into PNG files.")
    parser.add_argument("outdir")
    parser.add_argument("--sizes", default="800x480,1920x1080", help="logical sizes, WxH,WxH,...")
    parser.add_argument("--games", default="all", help="all, or game ids separated by commas")
    parser.add_argument("--screens", default="", help="a subset of the screens (setup,rules,stats,review,gameover,table,menu,...)")
    parser.add_argument("--scale", type=float, default=1.0, help="device pixels per logical pixel")
    parser.add_argument("--lang", default="en", choices=["en", "fr", "nl"])
    parser.add_argument("--story", action="store_true", help="the older fixed deals instead")
    args = parser.parse_args(argv)
    if args.story:
        for p in render_all(args.outdir):
            print(p)
        return 0
    try:
        sizes = [tuple(int(v) for v in size.split("x")) for size in args.sizes.split(",")]
    except ValueError:
        parser.error(f"--sizes: WxH,WxH... expected, not {args.sizes!r}")
    ids = [e.id for e in ENTRIES]
    games = ids if args.games == "all" else [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in ids]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}; games: {', '.join(ids)}")
    render_screens(args.outdir, sizes, games, args.scale, args.lang, [s for s in args.screens.split(",") if s])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
