"""Record games played through the engine protocol, to check that the rules play identically.

    python tools/play_record.py record GAME...   # writes tests/data/baseline_<game>.json
    python tools/play_record.py record --all     # every game of baseline_cases.json
    python tools/play_record.py check [--rules-only]  # replays them, reports the first difference
    python tools/play_record.py bots record      # tests/data/bot_choices.json
    python tools/play_record.py bots check       # the bots still choose as recorded

A record is, for the (game, players, options) cases, seeds and bot levels listed in
tests/data/baseline_cases.json (a case may list its own ``seeds`` and ``levels``), the moves
the protocol's ``bot`` command chose (in a normalised form that does not depend on the
move's JSON spelling), a digest of the legal moves at every step, the points and totals of
every round and the final totals and winners. ``check`` (and tests/test_baseline.py) starts
each case anew, replays the recorded moves through the protocol's ``play`` command and
compares everything else: the moves must stay legal, the legal sets and scores identical.
Records made since the family refactor also hold, per step, a digest of the observation of
the seat to move (its JSON as the bots hash it: same keys, same order, same values) and of
the events the move caused; ``--rules-only`` leaves those two out (to check that only the
words of the protocol changed, on purpose, before recording again).

Bots are not replayed: their choices are seeded by the observation they see, so a change
of the observation's JSON (new fields) changes what a random bot picks without any change
of the rules. What the bots choose is recorded apart (``bots``): at positions taken from
the recorded simple-bot games, the simple level's move and the expert's move and values
per candidate with a fixed seed and number of worlds. Not part of the test suite (any
change of the bots, on purpose, changes it): a tool to show that a refactor left the bots
as they were.
"""
from __future__ import annotations

import json
import sys
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.protocol import Session  # noqa: E402

DATA = ROOT / "tests" / "data"
# Which games, player counts, options, seeds and bot levels are recorded.
SPEC = json.loads((DATA / "baseline_cases.json").read_text())


def games() -> list[str]:
    return list(dict.fromkeys(c["game"] for c in SPEC["cases"]))


def runs(game: str) -> list[tuple[int, dict, int, str]]:
    """(players, options, seed, level) of every recorded game of ``game``, in record order."""
    out = []
    for c in SPEC["cases"]:
        if c["game"] == game:
            for seed in c.get("seeds", SPEC["seeds"]):
                for level in c.get("levels", SPEC["levels"]):
                    out.append((c["players"], c["options"], seed, level))
    return out


def _crc(value: Any, sort_keys: bool = False) -> int:
    return zlib.crc32(json.dumps(value, separators=(",", ":"), sort_keys=sort_keys).encode())


def normal_move(move: dict) -> str:
    """A move as text that both the old and the new JSON forms map to.

    Orlan ``{"card": "7H", "capture": ["4C"]}`` -> ``7H>4C``; a card laid -> ``7H``;
    Olsen's pass ``{"pass": [...]}`` or ``{"kind": "pass", "cards": [...]}`` -> ``pass:..``.
    """
    kind = move.get("kind")
    if kind == "pass" and "cards" in move or "pass" in move:
        cards = move.get("cards", move.get("pass"))
        return "pass:" + "+".join(sorted(cards))
    if "card" not in move or kind not in (None, "play", "capture"):
        # the later games' moves (a skart, a declaration, a discard, a lay-off): their JSON
        return json.dumps(move, sort_keys=True)
    card = move["card"]
    cap = move.get("capture") or []
    return card + (">" + "+".join(sorted(cap)) if cap else "")


def _digest(moves: list[dict]) -> int:
    return zlib.crc32("|".join(sorted(normal_move(m) for m in moves)).encode())


def _summary(summary: dict, players: int) -> dict:
    """Points and totals of a round, per seat, whatever the summary's shape."""
    if "sides" in summary and summary["sides"] and isinstance(summary["sides"][0], dict):
        # Orlan format 1: per side objects with their seats.
        sides = [s["seats"] for s in summary["sides"]]
        points = [s["points"] for s in summary["sides"]]
        totals = summary["totals"]
    elif "sides" in summary:
        sides, points, totals = summary["sides"], summary["points"], summary["totals"]
    elif "seats" in summary:
        # Olsen format 1: points per playing seat, totals per seat of the game.
        sides = [[s] for s in summary["seats"]]
        points = summary["points"]
        totals = [summary["totals"][s] for s in summary["seats"]]
    else:
        # Aluette format 1: per partnership.
        sides = [[0, 2], [1, 3]]
        points, totals = summary["points"], summary["totals"]
    seat_points: dict[int, int] = {}
    seat_totals: dict[int, int] = {}
    for side, seats in enumerate(sides):
        for s in seats:
            seat_points[s] = points[side]
            seat_totals[s] = totals[side]
    return {
        "points": [seat_points.get(s) for s in range(players)],
        "totals": [seat_totals.get(s) for s in range(players)],
    }


def _ask(session: Session, req: dict) -> dict:
    answer = session.handle(req)
    if not answer["ok"]:
        raise RuntimeError(f"{req} -> {answer['error']}")
    return answer


def _new(session: Session, game: str, players: int, options: dict, seed: int) -> None:
    _ask(session, {"cmd": "new", "game": game, "players": players, "options": options, "seed": seed})


def _final(session: Session, players: int) -> dict:
    res = _ask(session, {"cmd": "result"})["result"]
    return {
        "totals": res["totals"],
        "winners": sorted(res["winners"]),
        "rounds": [_summary(r, players) for r in res["rounds"]],
    }


def _observation(session: Session) -> dict:
    return _ask(session, {"cmd": "observe"})["observation"]


def record_case(game: str, players: int, options: dict, seed: int, level: str) -> dict:
    session = Session()
    _new(session, game, players, options, seed)
    steps = []
    observations = []
    events = []
    while True:
        legal = _ask(session, {"cmd": "legal"})
        if legal["to_move"] is None:
            break
        observations.append(_crc(_observation(session)))
        answer = _ask(session, {"cmd": "bot", "level": level, "seed": seed, "play": True})
        steps.append([answer["seat"], normal_move(answer["move"]), _digest(legal["moves"])])
        events.append(_crc(answer["events"], sort_keys=True))
    return {"game": game, "players": players, "options": options, "seed": seed, "level": level,
            "steps": steps, "observations": observations, "events": events, **_final(session, players)}


def check_case(case: dict, rules_only: bool = False) -> str | None:
    """None when the case plays identically; otherwise the first difference, in words. The
    observations and events are compared where the record has them, unless ``rules_only``."""
    session = Session()
    game, players = case["game"], case["players"]
    _new(session, game, players, case["options"], case["seed"])
    where = f"{game} x{players} {case['options']} seed {case['seed']} {case['level']}"
    observations = None if rules_only else case.get("observations")
    events = None if rules_only else case.get("events")
    for i, (seat, move, digest) in enumerate(case["steps"]):
        legal = _ask(session, {"cmd": "legal"})
        if legal["to_move"] != seat:
            return f"{where}: step {i}: seat {legal['to_move']} to move, recorded {seat}"
        if _digest(legal["moves"]) != digest:
            return f"{where}: step {i}: the legal moves differ"
        by_name = {normal_move(m): m for m in legal["moves"]}
        if move not in by_name:
            return f"{where}: step {i}: recorded move {move} is not legal"
        if observations is not None and _crc(_observation(session)) != observations[i]:
            return f"{where}: step {i}: the observation of seat {seat} differs (keys, their order or values)"
        answer = _ask(session, {"cmd": "play", "move": by_name[move]})
        if events is not None and _crc(answer["events"], sort_keys=True) != events[i]:
            return f"{where}: step {i}: the events of move {move} differ"
    if _ask(session, {"cmd": "legal"})["to_move"] is not None:
        return f"{where}: the game goes on after the recorded moves"
    final = _final(session, players)
    for key in ("totals", "winners", "rounds"):
        if final[key] != case[key]:
            return f"{where}: {key} differ: {final[key]} != recorded {case[key]}"
    return None


def baseline_path(game: str) -> Path:
    return DATA / f"baseline_{game}.json"


def record(names: list[str]) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    unknown = set(names) - set(games())
    if unknown:
        raise SystemExit(f"no cases for {sorted(unknown)} in {DATA / 'baseline_cases.json'}")
    for game in names:
        cases = [record_case(game, *run) for run in runs(game)]
        with open(baseline_path(game), "w") as f:
            json.dump({"cases": cases}, f, separators=(",", ":"))
        print(f"{game}: {len(cases)} games, {sum(len(c['steps']) for c in cases)} moves -> {baseline_path(game)}")


def check(rules_only: bool = False) -> int:
    bad = 0
    for game in games():
        with open(baseline_path(game)) as f:
            cases = json.load(f)["cases"]
        for case in cases:
            diff = check_case(case, rules_only)
            if diff:
                print(diff)
                bad += 1
        print(f"{game}: {len(cases)} games checked")
    return 1 if bad else 0


# ---------------------------------------------------------------- what the bots choose
BOTS_PATH = DATA / "bot_choices.json"
BOT_SEED = 7
EXPERT_WORLDS = 4
POSITIONS_PER_GAME = 12


def bot_positions(game: str) -> list[tuple[dict, int]]:
    """(case, step) of positions spread over the recorded simple-bot games of ``game``, each
    with a choice (two legal moves or more)."""
    with open(baseline_path(game)) as f:
        cases = [c for c in json.load(f)["cases"] if c["level"] == "simple"]
    picked = []
    per_case = max(1, -(-POSITIONS_PER_GAME // len(cases)))
    for case in cases:
        # (a step with one legal move is replaced by the next one with a choice)
        n = len(case["steps"])
        for k in range(per_case):
            picked.append((case, (2 * k + 1) * n // (2 * per_case)))
    return picked[:POSITIONS_PER_GAME * 2]


def _session_at(case: dict, step: int) -> Session:
    session = Session()
    _new(session, case["game"], case["players"], case["options"], case["seed"])
    for seat, move, _ in case["steps"][:step]:
        legal = _ask(session, {"cmd": "legal"})
        by_name = {normal_move(m): m for m in legal["moves"]}
        _ask(session, {"cmd": "play", "move": by_name[move]})
    return session


def bot_choices(game: str) -> list[dict]:
    from game.bots import make_bot
    from game.rules import game_class

    cls = game_class(game)
    out = []
    for case, step in bot_positions(game):
        session = _session_at(case, step)
        while len(_ask(session, {"cmd": "legal"})["moves"]) < 2:  # the next position with a choice
            legal = _ask(session, {"cmd": "legal"})
            if legal["to_move"] is None:
                break
            _ask(session, {"cmd": "play", "move": legal["moves"][0]})
            step += 1
        if _ask(session, {"cmd": "legal"})["to_move"] is None:
            continue
        obs = _observation(session)
        simple = make_bot("simple", game, seed=BOT_SEED).choose(obs)
        expert = make_bot("expert", game, seed=BOT_SEED, iterations=EXPERT_WORLDS)
        move = expert.choose(obs)
        values = [[normal_move(cls.move_to_json(m)), round(v, 9)] for m, v in expert.stats()]
        out.append({"players": case["players"], "options": case["options"], "seed": case["seed"], "step": step,
                    "simple": normal_move(cls.move_to_json(simple)), "expert": normal_move(cls.move_to_json(move)),
                    "values": values})
        if len(out) >= POSITIONS_PER_GAME:
            break
    return out


def bots(cmd: str, names: list[str]) -> int:
    wanted = names or games()
    if cmd == "record":
        doc = json.loads(BOTS_PATH.read_text()) if BOTS_PATH.exists() else {}
        for game in wanted:
            doc[game] = bot_choices(game)
            print(f"{game}: {len(doc[game])} positions")
        lines = ",\n".join(f"{json.dumps(g)}: [\n" + ",\n".join(json.dumps(p, separators=(",", ":")) for p in ps) + "\n]"
                            for g, ps in doc.items())
        BOTS_PATH.write_text("{\n" + lines + "\n}\n")
        return 0
    doc = json.loads(BOTS_PATH.read_text())
    bad = 0
    for game in wanted:
        now = bot_choices(game)
        for old, new in zip(doc[game], now):
            if old != new:
                bad += 1
                print(f"{game} x{old['players']} {old['options']} seed {old['seed']} step {old['step']}:"
                      f" recorded {json.dumps(old)}\n  now {json.dumps(new)}")
        if len(now) != len(doc[game]):
            bad += 1
            print(f"{game}: {len(now)} positions, recorded {len(doc[game])}")
        print(f"{game}: {len(now)} positions checked")
    return 1 if bad else 0


USAGE = "usage: python tools/play_record.py record GAME...|--all, check [--rules-only], bots record|check [GAME...]"

if __name__ == "__main__":
    args = sys.argv[1:] or ["check"]
    if args[0] == "record" and args[1:]:
        record(games() if args[1:] == ["--all"] else args[1:])
    elif args[0] == "check" and set(args[1:]) <= {"--rules-only"}:
        raise SystemExit(check(rules_only=bool(args[1:])))
    elif args[0] == "bots" and args[1:2] in (["record"], ["check"]):
        raise SystemExit(bots(args[1], args[2:]))
    else:
        raise SystemExit(USAGE)
