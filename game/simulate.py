"""Headless simulator: many full games between bots, with a summary of what happened."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

from tqdm import tqdm

from game.bots import make_bot
from game.replay import Replay
from game.rules import game_class


@dataclass
class SimReport:
    games: int = 0
    moves: int = 0
    rounds: int = 0
    seconds: float = 0.0
    wins: list[float] = field(default_factory=list)  # per seat (a shared win counts for each winner)
    points: list[int] = field(default_factory=list)  # per seat, final totals summed over games

    def lines(self, bots: list[str]) -> list[str]:
        out = [f"{self.games} games, {self.rounds} rounds, {self.moves} moves in {self.seconds:.2f} s"]
        per_round = [p / max(1, self.rounds) for p in self.points]
        for seat, bot in enumerate(bots):
            out.append(
                f"  seat {seat} ({bot:>6}): wins {self.wins[seat]:6.0f} ({100 * self.wins[seat] / max(1, self.games):5.1f}%)"
                f"  points/round {per_round[seat]:.3f}"
            )
        out.append(f"rounds per game {self.rounds / max(1, self.games):.2f}")
        out.append(
            f"throughput: {self.games / max(self.seconds, 1e-9):.1f} games/s, "
            f"{self.rounds / max(self.seconds, 1e-9):.1f} rounds/s, {self.moves / max(self.seconds, 1e-9):.0f} moves/s"
        )
        return out


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int = 0,
    options: dict | None = None,
    bots: list[str] | None = None,
    ms: float = 100.0,
    progress: bool = True,
    replays: str | None = None,
) -> SimReport:
    """Play ``games`` games; with ``replays`` (a folder), write each as a replay file."""
    cls = game_class(game_id)
    bots = bots or ["random"] * players
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(bots)}")
    agents = [make_bot(level, game_id, seed=seed * 1000 + i, ms=ms) for i, level in enumerate(bots)]
    rep = SimReport(wins=[0.0] * players, points=[0] * players)
    t0 = time.perf_counter()
    for g in tqdm(range(games), disable=not progress or games < 50, desc=f"{game_id} x{players}", unit="game"):
        state = cls.new(players, options, seed=seed * 1_000_003 + g)
        record = None
        if replays is not None:
            record = Replay.new(game_id, options, seed * 1_000_003 + g, [
                {"name": f"{level} {i + 1}", "kind": "ai", "level": level} for i, level in enumerate(bots)
            ])
        while (seat := state.current_player()) is not None:
            move = agents[seat].choose(state.observation(seat))
            state.apply(move)
            if record is not None:
                record.record(state.move_to_json(move))
            rep.moves += 1
        if record is not None:
            record.finish(state)
            os.makedirs(replays, exist_ok=True)
            record.export(os.path.join(replays, f"{game_id}-{seed}-{g + 1:05d}.json"))
        res = state.result()
        rep.games += 1
        rep.rounds += len(res["rounds"])
        for w in res["winners"]:
            rep.wins[w] += 1
        # Every game's result has per-seat totals (a partner shows the team's); round
        # summaries differ from game to game.
        for seat, total in enumerate(res["totals"]):
            rep.points[seat] += total
    rep.seconds = time.perf_counter() - t0
    return rep
