"""Play many seeded games between bots and summarise them.

Game ``i`` of a run with seed ``S`` always gets the same derived seeds, whatever the number
of workers, so a run's totals are reproducible.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from .bots import make_bot, play_out
from .chance import Chance, derive_seed
from .executors import chunk_size, run_chunks
from .game import get_game
from .stats import wilson_interval

if TYPE_CHECKING:
    from concurrent.futures import Executor


class GameResult(msgspec.Struct, frozen=True, array_like=True):
    """What one simulated game came to."""

    winners: tuple[int, ...]
    reason: str
    steps: int
    turns: int


class Share(msgspec.Struct, frozen=True):
    """A count out of the games played, with its rate and 95% Wilson interval."""

    count: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, count: int, total: int) -> Share:
        low, high = wilson_interval(count, total)
        return cls(count, count / total if total else 0.0, low, high)

    def __str__(self) -> str:
        return f"{self.rate:6.1%}  (95% CI {self.low:.1%} to {self.high:.1%}; {self.count})"


class SimulationReport(msgspec.Struct, frozen=True):
    """The summary of a simulation run."""

    game: str
    bots: list[str]
    players: int
    games: int
    seed: int
    options: dict[str, Any]
    wins: Share
    """Games won: by the team in a cooperative game, by anybody in a race."""
    seat_wins: list[Share]
    mean_steps: float
    mean_turns: float
    reasons: dict[str, int]
    seconds: float
    games_per_second: float
    workers: int
    won_games: list[int] = []
    """The numbers of the games won, in order: two runs on the same seed can be compared game
    by game (a paired comparison is far tighter than two separate intervals)."""

    def text(self) -> str:
        """The report as lines for a terminal."""
        lines = [
            f"{self.game}: {_count(self.games, 'game')}, {_count(self.players, 'player')}, bots "
            f"{', '.join(self.bots)}, seed {self.seed}",
            f"  won            {self.wins}",
        ]
        if len(set(self.bots)) > 1 or not _cooperative(self.game):
            for seat, share in enumerate(self.seat_wins):
                lines.append(f"  seat {seat + 1} ({self.bots[seat]:>9}) {share}")
        lines.append(f"  mean length    {self.mean_turns:.1f} turns, {self.mean_steps:.1f} actions")
        lines.append("  outcomes")
        for reason, count in sorted(self.reasons.items(), key=lambda kv: -kv[1]):
            lines.append(f"    {reason:<24} {count:>7}  {count / self.games:6.1%}")
        lines.append(
            f"  throughput     {self.games_per_second:,.1f} games/s "
            f"({self.seconds:.2f} s, {self.workers} worker{'s' if self.workers > 1 else ''})"
        )
        return "\n".join(lines)


def _cooperative(game_id: str) -> bool:
    return get_game(game_id).cooperative


def play_game(
    game_id: str,
    bots: Sequence[str],
    seed: int,
    index: int,
    options: dict[str, Any] | None = None,
) -> GameResult:
    """Play game number ``index`` of a run seeded with ``seed``."""
    game = get_game(game_id)
    game_seed = derive_seed(seed, index)
    players = tuple(f"Seat {n + 1}" for n in range(len(bots)))
    state = game.setup(players, game.convert_options(options), Chance.seeded(game_seed))
    seats = [make_bot(game, name, derive_seed(game_seed, 1000 + n)) for n, name in enumerate(bots)]
    steps = play_out(game, state, seats)
    outcome = game.outcome(state)
    assert outcome is not None
    return GameResult(outcome.winners, outcome.reason, steps, game.turn_number(state))


def _play_chunk(
    args: tuple[str, list[str], int, int, int, dict[str, Any]],
) -> tuple[int, list[GameResult]]:
    """The results of games ``start`` to ``stop``, with ``start`` to place them in the run."""
    game_id, bots, seed, start, stop, options = args
    return start, [play_game(game_id, bots, seed, i, options) for i in range(start, stop)]


def check_run(
    game_id: str,
    games: int,
    bots: Sequence[str],
    options: dict[str, Any] | None = None,
    workers: int = 1,
) -> dict[str, Any]:
    """Refuse a run that cannot be played, before any work (or cluster) starts; returns the
    options as plain data, as the report and the chunks carry them."""
    game = get_game(game_id)
    if not game.min_players <= len(bots) <= game.max_players:
        raise ValueError(
            f"{game.title} takes {game.min_players} to {game.max_players} seats, not {len(bots)}"
        )
    if games < 1:
        raise ValueError("simulate at least one game")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    for n, name in enumerate(bots):
        make_bot(game, name, n)
    plain: dict[str, Any] = msgspec.to_builtins(game.convert_options(options))
    return plain


def simulate(
    game_id: str,
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
) -> SimulationReport:
    """Play ``games`` games with ``bots`` (one name per seat) and summarise them.

    The games run in this process, in ``workers`` local processes, or, given ``executor``
    (any :class:`concurrent.futures.Executor`), on it in seeded chunks; ``workers`` then says
    how many chunks it runs at once, which only sizes the chunks. The report is the same
    whatever ran the games, but for its timings and its count of workers.
    """
    options = check_run(game_id, games, bots, options, workers)
    chunk = chunk_size(games, workers, largest=250)
    tasks = [
        (game_id, list(bots), seed, start, min(start + chunk, games), options)
        for start in range(0, games, chunk)
    ]
    began = time.perf_counter()
    played = run_chunks(
        _play_chunk, tasks, games, workers=workers, executor=executor, progress=progress
    )
    seconds = time.perf_counter() - began
    seat_counts = Counter(seat for r in played for seat in r.winners)
    return SimulationReport(
        game=game_id,
        bots=list(bots),
        players=len(bots),
        games=games,
        seed=seed,
        options=options,
        wins=Share.of(sum(1 for r in played if r.winners), games),
        seat_wins=[Share.of(seat_counts[s], games) for s in range(len(bots))],
        mean_steps=sum(r.steps for r in played) / games,
        mean_turns=sum(r.turns for r in played) / games,
        reasons=dict(Counter(r.reason for r in played)),
        seconds=seconds,
        games_per_second=games / seconds if seconds > 0 else float("inf"),
        workers=workers,
        won_games=[n for n, r in enumerate(played) if r.winners],
    )


def _count(number: int, thing: str) -> str:
    """``1 player``, ``3 players``."""
    return f"{number} {thing}{'' if number == 1 else 's'}"
