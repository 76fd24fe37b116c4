"""Command line: `python main.py` opens the app; subcommands run the headless tools."""
from __future__ import annotations

import argparse
import json
import os
import re
import sys

from game.registry import default_game
from game.rules import GAMES
from game.storage import APP_NAME


def _options(text: str | None) -> dict:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise SystemExit(f"--options must be a JSON object: {e}")
    if not isinstance(value, dict):
        raise SystemExit("--options must be a JSON object such as '{\"target\": 11}'")
    return value


def program_name(argv0: str | None = None) -> str:
    """The command the user typed, for the usage lines: ``orlan`` or ``orlan-cli`` for the
    installed launchers (pip's wrappers keep their own name in argv[0]; ``.exe`` dropped on
    Windows), ``python main.py`` from a checkout, ``python -m game.cli`` for the module."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    base = re.split(r"[\\/]", argv0 or "")[-1]
    if base.lower().endswith(".exe"):
        base = base[:-4]
    if base in ("", "-c"):
        return APP_NAME
    if base in ("cli.py", "__main__.py"):
        return "python -m game.cli"
    if base.endswith(".py"):
        return f"python {base}"
    return base


RAY_HELP = ("run the games as Ray tasks on an existing Ray cluster instead of local processes: 'auto' (the "
            "cluster of RAY_ADDRESS or of this machine) or the head's host:port; needs pip install -e \".[cluster]\" "
            "(docs/bots.md)")


SIZE_FORM = "WIDTHxHEIGHT in pixels, e.g. --size=800x480"


def window_size(text: str) -> str:
    """``--size``: WIDTHxHEIGHT, two positive whole numbers, in device pixels."""
    m = re.fullmatch(r"\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*", text)
    if not m or not int(m.group(1)) or not int(m.group(2)):
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size: expected {SIZE_FORM}")
    return f"{int(m.group(1))}x{int(m.group(2))}"


def density_value(text: str) -> float:
    """``--scale``: device pixels per logical pixel, a number from 0.5 to 4."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0.5 <= value <= 4.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a density: expected a number from 0.5 to 4, e.g. --scale=3")
    return value


OFFSCREEN_DRIVERS = ("offscreen", "dummy")


def display_problem(asked_offscreen: bool) -> str | None:
    """Why the app would open no window, or None. Without a display SDL falls back to an
    off-screen driver and the app would run unseen, using the processor: refused unless
    that was asked for (``--offscreen`` or ``SDL_VIDEODRIVER=dummy``/``offscreen``)."""
    if asked_offscreen or os.environ.get("SDL_VIDEODRIVER", "").lower() in OFFSCREEN_DRIVERS:
        return None
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    # SDL writes its own complaints (no XDG_RUNTIME_DIR, no X server...) on its stderr
    # while it looks for a display: silenced here, the one line below says what matters.
    quiet = os.open(os.devnull, os.O_WRONLY)
    saved = os.dup(2)
    os.dup2(quiet, 2)
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as e:
        driver, failure = None, str(e)
    finally:
        pygame.display.quit()
        os.dup2(saved, 2)
        os.close(saved)
        os.close(quiet)
    if driver is None:
        return f"no display to open the window on ({failure}); run it on a desktop, or add --offscreen to run without a window"
    if driver in OFFSCREEN_DRIVERS:
        return "no display to open the window on; run it on a desktop, or add --offscreen (or set SDL_VIDEODRIVER=dummy) to run without a window"
    return None


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog or program_name(), description="Orlan: traditional card games. With no command, opens the app.")
    p.add_argument("--kiosk", action="store_true", help="public tablet mode: full screen, operator code to leave (docs/kiosk.md)")
    p.add_argument("--size", type=window_size, metavar="WIDTHxHEIGHT", help="window size of the app in device pixels, e.g. --size=800x480")
    p.add_argument("--scale", type=density_value, metavar="D", help="density: device pixels per logical pixel, e.g. --size=1170x2532 --scale=3 for a 3x phone upright")
    p.add_argument("--offscreen", action="store_true", help="run the app without a window (SDL's dummy video driver; tests, benchmarks). Without a display and without this, the app says so and stops.")
    sub = p.add_subparsers(dest="command")

    sv = sub.add_parser("saves", help="list the games in progress and the recent games kept on this device, and where")
    sv.add_argument("--data-dir", metavar="DIR", help="look in this folder instead of this user's data folder")

    sim = sub.add_parser("simulate", help="play many games between bots and print the results")
    sim.add_argument("--game", default=default_game(), choices=sorted(GAMES))
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--teams", action="store_true", help="2v2 teams (4 players)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default="random", help="one level for all seats or a comma list per seat")
    sim.add_argument("--ms", type=float, default=100.0, help="think time per move for searching bots")
    sim.add_argument("--options", help="game options as JSON, e.g. '{\"target\": 11}'")
    sim.add_argument("--no-progress", action="store_true")
    sim.add_argument("--replays", metavar="DIR", help="write every game as a replay file into DIR")

    ar = sub.add_parser("arena", help="bot A against bot B over duplicate deals: win rate, points, time per move")
    ar.add_argument("--game", default=default_game(), choices=sorted(GAMES))
    ar.add_argument("--players", type=int, default=2)
    ar.add_argument("--teams", action="store_true", help="2v2 teams (4 players): A holds seats 0+2, then 1+3")
    ar.add_argument("--a", default="expert", help="level of side A (random, simple, expert)")
    ar.add_argument("--b", default="simple", help="level of side B")
    ar.add_argument("--games", type=int, default=100)
    ar.add_argument("--seed", type=int, default=1)
    ar.add_argument("--ms", type=float, default=90.0, help="think time per move of both sides (90: the search stops before a rollout that would overshoot, so the median stays under 100)")
    ar.add_argument("--ms-a", type=float, help="think time per move of side A (overrides --ms)")
    ar.add_argument("--ms-b", type=float, help="think time per move of side B (overrides --ms)")
    ar.add_argument("--iterations-a", type=int, help="iteration budget of side A instead of time")
    ar.add_argument("--iterations-b", type=int, help="iteration budget of side B instead of time")
    ar.add_argument("--workers", type=int, default=2, help="worker processes (at most 2)")
    ar.add_argument("--ray", metavar="ADDRESS", help=RAY_HELP)
    ar.add_argument("--options", help="game options as JSON, e.g. '{\"target\": 11}'")
    ar.add_argument("--journal", help="record finished deals in this file; run again with it to go on where it stopped")
    ar.add_argument("--no-progress", action="store_true")

    rv = sub.add_parser("review", help="the expert's opinion of every move of one seat in a replay file")
    rv.add_argument("replay", help="a replay file (exported from the app, or written by simulate --replays)")
    rv.add_argument("--seat", type=int, default=0)
    rv.add_argument("--ms", type=float, default=500.0, help="thinking time per move")
    rv.add_argument("--iterations", type=int, help="sampled deals per move instead of time (reproducible)")
    rv.add_argument("--seed", type=int, default=0)
    rv.add_argument("--save", action="store_true", help="keep the analysis in the replay file")
    rv.add_argument("--no-progress", action="store_true")

    sub.add_parser("protocol", help="run the JSON-lines engine protocol on stdin/stdout (same as python -m game.protocol)")

    so = sub.add_parser("soak", help="play many random and simple-bot games of every game, checking the game contract")
    so.add_argument("--games", type=int, default=1000)
    so.add_argument("--workers", type=int, default=2, help="worker processes")
    so.add_argument("--ray", metavar="ADDRESS", help=RAY_HELP)
    so.add_argument("--seed", type=int, default=0, help="seed of the first game (game i has seed + i)")
    so.add_argument("--game", choices=sorted(GAMES), help="only this game")
    so.add_argument("--players", type=int, help="only this player count")
    so.add_argument("--options", help="only these options, as JSON")
    so.add_argument("--level", choices=("random", "simple"), help="only random moves or only the simple bots")
    so.add_argument("--journal", help="record finished games in this file; run again with it to go on where it stopped")
    so.add_argument("--no-progress", action="store_true")
    return p


def _review(args) -> int:
    import time

    from tqdm import tqdm

    from game.replay import Replay, ReplayError
    from game.review import Review, report_lines

    try:
        rep = Replay.open(args.replay)
        job = Review(rep, args.seat, ms=args.ms, iterations=args.iterations, seed=args.seed)
    except (ReplayError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    with tqdm(total=job.total, initial=len(job.entries), disable=args.no_progress, unit="move", desc="review") as bar:
        entries = job.run(lambda done, total: bar.update(done - bar.n))
    print("\n".join(report_lines(rep, entries, args.seat, time.perf_counter() - t0)))
    if args.save:
        rep.export(args.replay)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        from game.rules import RulesError
        from game.simulate import simulate

        options = _options(args.options)
        if args.teams:
            options["teams"] = True
        bots = args.bots.split(",")
        if len(bots) == 1:
            bots = bots * args.players
        try:
            rep = simulate(args.game, args.players, args.games, args.seed, options, bots, args.ms, not args.no_progress, args.replays)
        except (RulesError, ValueError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        print("\n".join(rep.lines(bots)))
        return 0
    if args.command == "arena":
        from game.arena import ArenaConfig, Side, report_lines, run_arena, summarize
        from game.rules import RulesError

        options = _options(args.options)
        if args.teams:
            options["teams"] = True
        cfg = ArenaConfig(
            game=args.game,
            players=args.players,
            options=options,
            a=Side(args.a, args.ms if args.ms_a is None else args.ms_a, args.iterations_a),
            b=Side(args.b, args.ms if args.ms_b is None else args.ms_b, args.iterations_b),
            games=args.games,
            seed=args.seed,
            workers=args.workers,
            ray=args.ray,
        )
        from game.parallel import ClusterError

        try:
            game_class_check = GAMES[args.game]
            game_class_check.new(args.players, options, seed=0)
            records = run_arena(cfg, progress=not args.no_progress, journal=args.journal)
        except (RulesError, ValueError, ClusterError, OSError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        print("\n".join(report_lines(cfg, summarize(cfg, records))))
        return 0
    if args.command == "soak":
        from game.soak import jobs, soak

        try:
            plan = jobs(args.games, args.seed, args.game, args.players,
                        _options(args.options) if args.options else None, args.level)
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        from game.parallel import ClusterError
        from game.journal import JournalMismatch

        try:
            rep = soak(plan, max(1, args.workers), not args.no_progress, args.journal, args.ray)
        except (JournalMismatch, OSError, ClusterError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        print("\n".join(rep.lines()))
        return 1 if rep.failures else 130 if rep.interrupted else 0
    if args.command == "review":
        return _review(args)
    if args.command == "protocol":
        from game.protocol import serve

        serve(sys.stdin, sys.stdout)
        return 0
    if args.command == "saves":
        from game.saves_report import report

        print("\n".join(report(args.data_dir)))
        return 0
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # its banner is not ours to print
    try:
        from game.app import run
    except ImportError:
        build_parser().print_help()
        return 0
    problem = display_problem(args.offscreen)
    if problem:
        print(f"{program_name()}: {problem}", file=sys.stderr)
        return 1
    if args.offscreen:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return run((["--kiosk"] if args.kiosk else []) + ([f"--size={args.size}"] if args.size else []) + ([f"--scale={args.scale}"] if args.scale else []))


if __name__ == "__main__":
    raise SystemExit(main())
