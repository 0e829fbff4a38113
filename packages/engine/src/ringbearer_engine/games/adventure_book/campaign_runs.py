"""Whole campaigns played by bots: how many are won, where the others end, what they cost.

One campaign plays the chapters in order from a fresh :class:`~.campaign.Campaign`, a lost
chapter again with the marker where it is, until chapter 8 is won, the marker reaches the end
of the track, the next chapter is not in this version, or an attempt cap is reached (a guard
against bots that never win a chapter). Campaign ``i`` of a run seeded ``S`` always plays the
same games, whatever the number of worker processes or the executor that plays them:

>>> from ringbearer_engine.games.adventure_book.campaign_runs import simulate_campaigns
>>> report = simulate_campaigns(2, ["heuristic", "heuristic"], seed=1)
>>> report.campaigns
2
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import msgspec

from ringbearer_engine.bots import make_bot, play_out
from ringbearer_engine.chance import derive_seed
from ringbearer_engine.executors import chunk_size, run_chunks
from ringbearer_engine.game import get_game
from ringbearer_engine.simulate import Share

from .campaign import Campaign, campaign_after
from .chapters import pages

if TYPE_CHECKING:
    from concurrent.futures import Executor

GAME_ID = "adventure-book"
ATTEMPT_CAP = 60
"""Attempts after which a campaign counts as stuck (a good team needs about 12 for eight)."""


class CampaignRun(msgspec.Struct, frozen=True, array_like=True):
    """How one campaign went.

    ``status`` is ``won``, ``lost`` (corrupted), ``unavailable`` (the next chapter is not in
    this version) or ``stuck`` (the attempt cap). ``starts[n]`` is the marker's space when
    chapter ``n + 1`` was first attempted and ``attempts[n]`` how often it was played.
    """

    status: str
    chapter: int
    """The chapter the campaign ended on (the one it was won, lost or stopped at)."""
    corruption: int
    starts: tuple[int, ...]
    attempts: tuple[int, ...]


def play_campaign(
    bots: Sequence[str],
    seed: int,
    attempt_cap: int = ATTEMPT_CAP,
    start: Campaign | None = None,
) -> CampaignRun:
    """One campaign with one bot name per seat, from its start or from ``start``."""
    game = get_game(GAME_ID)
    names = [f"Seat {n + 1}" for n in range(len(bots))]
    available = pages()
    campaign = start or Campaign.new()
    starts: list[int] = []
    attempts: list[int] = []
    tries = 0
    while not campaign.finished:
        if campaign.chapter not in available:
            return _run("unavailable", campaign, starts, attempts)
        if tries >= attempt_cap:
            return _run("stuck", campaign, starts, attempts)
        while len(starts) < campaign.chapter:  # chapters before ``start`` count as skipped
            starts.append(campaign.corruption)
            attempts.append(0)
        attempts[campaign.chapter - 1] += 1
        match = campaign.next_match(names, derive_seed(seed, tries))
        seats = [make_bot(game, name, derive_seed(seed, tries, n)) for n, name in enumerate(bots)]
        play_out(match.game, match.state, seats)
        campaign = campaign_after(match)
        tries += 1
    return _run(campaign.status, campaign, starts, attempts)


def _run(status: str, campaign: Campaign, starts: list[int], attempts: list[int]) -> CampaignRun:
    return CampaignRun(
        status, campaign.chapter, campaign.corruption, tuple(starts), tuple(attempts)
    )


class ChapterFigures(msgspec.Struct, frozen=True):
    """One chapter across the campaigns that reached it."""

    chapter: int
    reached: int
    mean_start: float
    """The marker's mean space when the chapter was first attempted."""
    mean_attempts: float
    lost_here: int
    """Campaigns lost to corruption during this chapter."""


class CampaignReport(msgspec.Struct, frozen=True):
    """The summary of a run of whole campaigns."""

    bots: list[str]
    players: int
    campaigns: int
    seed: int
    won: Share
    outcomes: dict[str, int]
    chapters: list[ChapterFigures]
    mean_attempts: float
    seconds: float
    runs: list[CampaignRun] = []

    def text(self) -> str:
        """The report as lines for a terminal."""
        lines = [
            f"adventure-book campaigns: {self.campaigns}, {self.players} players, bots "
            f"{', '.join(self.bots)}, seed {self.seed}",
            f"  won            {self.won}",
            "  outcomes       "
            + ", ".join(
                f"{k} {v}" for k, v in sorted(self.outcomes.items(), key=lambda kv: -kv[1])
            ),
            f"  mean attempts  {self.mean_attempts:.1f} chapter attempts per campaign",
            "  chapter  reached  corruption at start  attempts  lost to corruption here",
        ]
        for row in self.chapters:
            lines.append(
                f"  {row.chapter:>7}  {row.reached:>7}  {row.mean_start:>19.2f}"
                f"  {row.mean_attempts:>8.2f}  {row.lost_here:>23}"
            )
        lines.append(f"  took           {self.seconds:.1f} s")
        return "\n".join(lines)


def _play_chunk(args: tuple[list[str], int, int, int]) -> tuple[int, list[CampaignRun]]:
    bots, seed, start, stop = args
    return start, [play_campaign(bots, derive_seed(seed, i)) for i in range(start, stop)]


def check_campaigns(campaigns: int, bots: Sequence[str], workers: int = 1) -> None:
    """Refuse a run that cannot be played, before any work (or cluster) starts."""
    game = get_game(GAME_ID)
    if not game.min_players <= len(bots) <= game.max_players:
        raise ValueError(
            f"{game.title} takes {game.min_players} to {game.max_players} seats, not {len(bots)}"
        )
    if campaigns < 1:
        raise ValueError("play at least one campaign")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    for n, name in enumerate(bots):
        make_bot(game, name, n)


def simulate_campaigns(
    campaigns: int,
    bots: Sequence[str],
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
) -> CampaignReport:
    """Play ``campaigns`` whole campaigns with ``bots`` (one name per seat) and summarise.

    They run here, in ``workers`` local processes, or on ``executor`` (any
    :class:`concurrent.futures.Executor`, ``workers`` then sizing the chunks) as
    :func:`~ringbearer_engine.simulate` does, with the same report whatever ran them.
    """
    check_campaigns(campaigns, bots, workers)
    chunk = chunk_size(campaigns, workers, largest=20)
    tasks = [
        (list(bots), seed, start, min(start + chunk, campaigns))
        for start in range(0, campaigns, chunk)
    ]
    began = time.perf_counter()
    runs = run_chunks(
        _play_chunk, tasks, campaigns, workers=workers, executor=executor, progress=progress
    )
    return CampaignReport(
        bots=list(bots),
        players=len(bots),
        campaigns=campaigns,
        seed=seed,
        won=Share.of(sum(1 for r in runs if r.status == "won"), campaigns),
        outcomes=dict(Counter(r.status for r in runs)),
        chapters=_chapter_figures(runs),
        mean_attempts=sum(sum(r.attempts) for r in runs) / campaigns,
        seconds=time.perf_counter() - began,
        runs=runs,
    )


def _chapter_figures(runs: list[CampaignRun]) -> list[ChapterFigures]:
    rows = []
    for index in range(max(len(r.starts) for r in runs)):
        reached = [r for r in runs if len(r.starts) > index]
        rows.append(
            ChapterFigures(
                chapter=index + 1,
                reached=len(reached),
                mean_start=sum(r.starts[index] for r in reached) / len(reached),
                mean_attempts=sum(r.attempts[index] for r in reached) / len(reached),
                lost_here=sum(1 for r in reached if r.status == "lost" and r.chapter == index + 1),
            )
        )
    return rows
