"""Reports of a study with what depends on the machine taken out, to compare two runs."""

from __future__ import annotations

import msgspec

from ringbearer_engine.games.adventure_book.campaign_runs import CampaignReport
from ringbearer_engine.simulate import SimulationReport

GAMES = {"mount-doom": 24, "adventure-game": 24, "adventure-book": 12}
"""The three games and how many of each a test plays (the Book's take longest)."""


def without_timings(report: SimulationReport | CampaignReport) -> bytes:
    """The report as JSON, less its timings and its count of workers."""
    if isinstance(report, SimulationReport):
        report = msgspec.structs.replace(report, seconds=0, games_per_second=0, workers=0)
    else:
        report = msgspec.structs.replace(report, seconds=0)
    return msgspec.json.encode(report)
