"""Seeded Adventure Book campaigns stopped at the moments the screen tests look at.

A heuristic bot plays a fixed seed until a condition holds; the campaign record around it is
what the app keeps on disk, with a fixed id so pictures and files are stable.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import Campaign, campaign_after
from ringbearer_engine.games.adventure_book.state import AdventureBookState
from ringbearer_tui.games.adventure_book.saves import CampaignRecord, CampaignStore
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.seats import Seat, seats_to_meta

Condition = Callable[[rb.Match], bool]
CAMPAIGN_ID = "b00c" * 8
PEOPLE = [Seat("Ann"), Seat("Bo")]
ANN_AND_BOT = [Seat("Ann"), Seat("Bo", "bot", "heuristic")]
BOTS = [Seat("Ann", "bot", "heuristic"), Seat("Bo", "bot", "heuristic")]


def record(
    seats: list[Seat],
    campaign: Campaign | None = None,
    *,
    seed: int | None = 7,
    match: rb.Match | None = None,
) -> CampaignRecord:
    return CampaignRecord(
        id=CAMPAIGN_ID,
        name="Ann's fellowship",
        seats=list(seats),
        seed=seed,
        campaign=(campaign or Campaign.new()).to_bytes(),
        match=None if match is None else match.save(),
        created=0.0,
    )


def state_of(match: rb.Match) -> AdventureBookState:
    state = match.state
    assert isinstance(state, AdventureBookState)
    return state


def reach(
    campaign: Campaign, seats: list[Seat], condition: Condition, *, seed: int = 1
) -> rb.Match:
    """The chapter attempt of ``campaign``, played by a heuristic bot until ``condition``."""
    meta = {"seats": seats_to_meta(seats), "id": CAMPAIGN_ID}
    match = campaign.next_match([s.name for s in seats], seed, meta=meta)
    bot = rb.make_bot(match.game, "heuristic", seed)
    while not condition(match):
        assert match.outcome is None, "the seed never reaches that position"
        match.play(bot.choose(match.game, match.game.clone(match.state)))
    return match


def at_start(match: rb.Match) -> bool:
    return True


def payment_decision(match: rb.Match) -> bool:
    """A person may complete a Challenge now."""
    return any(type(a).__name__ == "Complete" for a in match.actions())


def trade_answer(match: rb.Match) -> bool:
    """The trade partner must give a card back."""
    state = state_of(match)
    return bool(state.pending) and state.pending[0].kind == "answer"


def over(match: rb.Match) -> bool:
    return match.outcome is not None


def won(match: rb.Match) -> bool:
    return state_of(match).result == "won"


def first_result(campaign: Campaign, wanted: Callable[[str], bool]) -> rb.Match:
    """The first seed whose attempt at ``campaign``'s chapter ends as ``wanted``."""
    for seed in range(1, 60):
        match = reach(campaign, BOTS, over, seed=seed)
        if wanted(state_of(match).result):
            return match
    raise AssertionError("no seed ends that way")


def one_step_before(
    campaign: Campaign, wanted: Callable[[str], bool]
) -> tuple[rb.Match, rb.Action]:
    """A chapter attempt one decision short of ending as ``wanted``, with Ann, a person, to
    make that decision (the other seats are bots); and that decision."""
    ended = first_result(campaign, wanted)
    replay = rb.Match.new(ended.game, ended.players, ended.seed, ended.options)
    for entry in ended.log[:-1]:
        replay.play(replay.parse(entry))
    final = replay.parse(ended.log[-1])
    decider = replay.to_move
    assert decider is not None
    names = ["Ann", "Bo"]
    seats = [Seat(n) if i == decider else Seat(n, "bot", "heuristic") for i, n in enumerate(names)]
    replay.meta.update({"seats": seats_to_meta(seats), "id": CAMPAIGN_ID})
    return replay, final


def seats_of(match: rb.Match) -> list[Seat]:
    return [Seat(**seat) for seat in match.meta["seats"]]


def after_chapters(last: int) -> Campaign:
    """A campaign that has won chapters 1 to ``last - 1`` and is about to play ``last``."""
    campaign = Campaign.new()
    while campaign.chapter < last:
        campaign = campaign_after(first_result(campaign, lambda r: r == "won"))
    return campaign


def store_record(paths: AppPaths, rec: CampaignRecord) -> Path:
    return CampaignStore(paths.campaigns).write(rec)
