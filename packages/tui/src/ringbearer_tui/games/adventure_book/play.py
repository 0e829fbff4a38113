"""A campaign being played: starting a chapter attempt, folding its end into the campaign,
and the chapter's session, which autosaves into the campaign file.

No screen here, so the flow is testable without Textual.
"""

from __future__ import annotations

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import campaign_after
from ringbearer_engine.games.adventure_book.chapters import pages
from ringbearer_engine.games.adventure_book.state import AdventureBookState

from ...seats import seats_to_meta
from ...session import GameSession
from .saves import Attempt, CampaignRecord, CampaignStore, chapter_title, encode


def available(chapter: int) -> bool:
    """Whether this version of the engine has ``chapter`` (later chapters may come later)."""
    return chapter in pages()


def not_available_text(chapter: int) -> str:
    return (
        f"Chapter {chapter}, {chapter_title(chapter)}, is not in this version of Ringbearer "
        "yet. The campaign is saved and goes on from here once a newer version adds it."
    )


def start_attempt(record: CampaignRecord) -> rb.Match:
    """The match of the campaign's next chapter attempt (the record then holds it)."""
    campaign = record.state
    seed = None if record.seed is None else rb.derive_seed(record.seed, campaign.attempts)
    meta = {"seats": seats_to_meta(record.seats), "id": record.id, "campaign": record.name}
    match = campaign.next_match([seat.name for seat in record.seats], seed, meta=meta)
    record.match = match.save()
    return match


def finish_attempt(record: CampaignRecord) -> Attempt:
    """Fold the finished chapter in play into the campaign; what it changed."""
    if record.match is None:
        raise ValueError("no chapter is in play")
    match = rb.Match.load(record.match)
    state = match.state
    assert isinstance(state, AdventureBookState)
    before = record.state
    after = campaign_after(match)
    outcome = match.outcome
    attempt = Attempt(
        chapter=state.chapter,
        result=state.result,
        summary=outcome.summary if outcome else "",
        corruption_before=before.corruption,
        corruption_after=after.corruption,
        specials_won=tuple(s for s in after.won_specials if s not in before.won_specials),
    )
    record.campaign = after.to_bytes()
    record.match = None
    record.history.append(attempt)
    return attempt


def in_play(record: CampaignRecord) -> rb.Match | None:
    """The unfinished chapter attempt of the record, if one is in play."""
    if record.match is None:
        return None
    match = rb.Match.load(record.match)
    return match if match.outcome is None else None


def settle_finished(record: CampaignRecord) -> Attempt | None:
    """A chapter that ended just before the app stopped is folded in now."""
    if record.match is not None and in_play(record) is None:
        return finish_attempt(record)
    return None


class ChapterSession(GameSession):
    """A chapter attempt of a campaign: every autosave rewrites the campaign file."""

    after_end = "To the campaign"
    replayable = False  # the campaign decides what is played next

    def __init__(self, match: rb.Match, campaigns: CampaignStore, record: CampaignRecord) -> None:
        super().__init__(match, None)
        self.campaigns = campaigns
        self.record = record
        self.folded: Attempt | None = None

    def snapshot_for_autosave(self) -> tuple[int, bytes] | None:
        with self._save_lock:
            self._save_sequence += 1
            if self.folded is None:
                self.record.match = self.match.save()
            return self._save_sequence, encode(self.record)

    def fold(self) -> Attempt:
        """The chapter is over: fold it into the campaign and save (once; later saves keep it).

        Saved through the session's sequence, so a slower autosave of the last step can never
        put the finished chapter back after it."""
        if self.folded is None:
            with self._save_lock:
                self.record.match = self.match.save()
                self.folded = finish_attempt(self.record)
        self.autosave()
        return self.folded

    def write_autosave(self, pending: tuple[int, bytes] | None) -> None:
        if pending is None:
            return
        sequence, data = pending
        with self._write_lock:
            if sequence > self._written_sequence:
                self.campaigns.write(self.record, data)
                self._written_sequence = sequence

    def save_as(self, name: str) -> None:
        self.record.match = self.match.save()
        self.campaigns.save_copy(self.record, name)
