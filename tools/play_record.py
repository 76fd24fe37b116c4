"""Record games played through the engine protocol, to check that the rules play identically.

    python tools/play_record.py record   # writes tests/data/baseline_<game>.json
    python tools/play_record.py check    # replays them and reports the first difference

A record is, for the (game, players, options) cases, seeds and bot levels listed in
tests/data/baseline_cases.json, the moves
the protocol's ``bot`` command chose (in a normalised form that does not depend on the
move's JSON spelling), a digest of the legal moves at every step, the points and totals of
every round and the final totals and winners. ``check`` (and tests/test_baseline.py) starts
each case anew, replays the recorded moves through the protocol's ``play`` command and
compares everything else: the moves must stay legal, the legal sets and scores identical.

Bots are not replayed: their choices are seeded by the observation they see, so a change
of the observation's JSON (new fields) changes what a random bot picks without any change
of the rules.
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


def normal_move(move: dict) -> str:
    """A move as text that both the old and the new JSON forms map to.

    Orlan ``{"card": "7H", "capture": ["4C"]}`` -> ``7H>4C``; a card laid -> ``7H``;
    Olsen's pass ``{"pass": [...]}`` or ``{"kind": "pass", "cards": [...]}`` -> ``pass:..``.
    """
    kind = move.get("kind")
    if kind == "pass" or "pass" in move:
        cards = move.get("cards", move.get("pass"))
        return "pass:" + "+".join(sorted(cards))
    if "card" not in move:  # the later games' moves (a skart, a declaration): their JSON
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


def record_case(game: str, players: int, options: dict, seed: int, level: str) -> dict:
    session = Session()
    _new(session, game, players, options, seed)
    steps = []
    while True:
        legal = _ask(session, {"cmd": "legal"})
        if legal["to_move"] is None:
            break
        answer = _ask(session, {"cmd": "bot", "level": level, "seed": seed, "play": True})
        steps.append([answer["seat"], normal_move(answer["move"]), _digest(legal["moves"])])
    return {"game": game, "players": players, "options": options, "seed": seed, "level": level,
            "steps": steps, **_final(session, players)}


def check_case(case: dict, legal_json: Any = None) -> str | None:
    """None when the case plays identically; otherwise the first difference, in words."""
    session = Session()
    game, players = case["game"], case["players"]
    _new(session, game, players, case["options"], case["seed"])
    where = f"{game} x{players} {case['options']} seed {case['seed']} {case['level']}"
    for i, (seat, move, digest) in enumerate(case["steps"]):
        legal = _ask(session, {"cmd": "legal"})
        if legal["to_move"] != seat:
            return f"{where}: step {i}: seat {legal['to_move']} to move, recorded {seat}"
        if _digest(legal["moves"]) != digest:
            return f"{where}: step {i}: the legal moves differ"
        by_name = {normal_move(m): m for m in legal["moves"]}
        if move not in by_name:
            return f"{where}: step {i}: recorded move {move} is not legal"
        _ask(session, {"cmd": "play", "move": by_name[move]})
    if _ask(session, {"cmd": "legal"})["to_move"] is not None:
        return f"{where}: the game goes on after the recorded moves"
    final = _final(session, players)
    for key in ("totals", "winners", "rounds"):
        if final[key] != case[key]:
            return f"{where}: {key} differ: {final[key]} != recorded {case[key]}"
    return None


def baseline_path(game: str) -> Path:
    return DATA / f"baseline_{game}.json"


def record() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for game in games():
        configs = [(c["players"], c["options"]) for c in SPEC["cases"] if c["game"] == game]
        cases = [record_case(game, p, o, s, lv) for p, o in configs for s in SPEC["seeds"] for lv in SPEC["levels"]]
        with open(baseline_path(game), "w") as f:
            json.dump({"cases": cases}, f, separators=(",", ":"))
        print(f"{game}: {len(cases)} games, {sum(len(c['steps']) for c in cases)} moves -> {baseline_path(game)}")


def check() -> int:
    bad = 0
    for game in games():
        with open(baseline_path(game)) as f:
            cases = json.load(f)["cases"]
        for case in cases:
            diff = check_case(case)
            if diff:
                print(diff)
                bad += 1
        print(f"{game}: {len(cases)} games checked")
    return 1 if bad else 0


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    if cmd == "record":
        record()
    elif cmd == "check":
        raise SystemExit(check())
    else:
        raise SystemExit("usage: python tools/play_record.py record|check")
