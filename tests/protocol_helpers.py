"""Helpers shared by the engine protocol tests: a request to a Session, a whole game played
through one with bad input refused before every move, and the engine run as its own process."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def ask(session, **req):
    return session.handle(req)


def play_out_refusing(session, bad_moves, observation_ok, play_next, reload_every: int) -> int:
    """Plays the session's game to its end; returns the moves played. Before each move the
    mover's observation lists the same legal moves as ``legal`` and passes ``observation_ok``,
    and every ``(move, words)`` of ``bad_moves`` is refused with an error containing ``words``
    and changes nothing. ``play_next(session, legal, turns)`` plays a move and returns the
    answer; every ``reload_every`` moves the state is loaded back and comes out the same."""
    turns = 0
    while True:
        legal = ask(session, cmd="legal")
        if legal["to_move"] is None:
            return turns
        before = ask(session, cmd="state")["state"]
        obs = ask(session, cmd="observe", seat=legal["to_move"])["observation"]
        assert obs["legal"] == legal["moves"]
        assert observation_ok(obs), obs
        for bad, words in bad_moves:
            answer = ask(session, cmd="play", move=bad)
            assert answer["ok"] is False and answer["error"] and words in answer["error"], (bad, answer)
        assert ask(session, cmd="state")["state"] == before
        answer = play_next(session, legal, turns)
        assert answer["ok"], answer
        turns += 1
        if turns % reload_every == 0:
            data = ask(session, cmd="state")["state"]
            assert ask(session, cmd="load", state=data)["state"] == data


def protocol_process() -> subprocess.Popen:
    """The engine as a program (``python -m game.protocol`` in the repository), talked to
    through line-buffered text pipes."""
    return subprocess.Popen([sys.executable, "-m", "game.protocol"], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)


def protocol_answers(requests: list[dict], timeout: float = 60) -> list[dict]:
    """Every request written at once to a new engine process; its answers, one per line."""
    proc = protocol_process()
    try:
        out, _ = proc.communicate("".join(json.dumps(r) + "\n" for r in requests), timeout=timeout)
    finally:
        proc.kill()
    return [json.loads(line) for line in out.splitlines()]
