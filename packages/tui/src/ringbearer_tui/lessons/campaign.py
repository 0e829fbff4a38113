"""The Book's lesson ends in a campaign: its chapter, once won or lost, is folded into a
campaign of the lesson's name, saved like any other, so the player goes on to chapter 2."""

from __future__ import annotations

import re

from ..games.adventure_book.play import finish_attempt
from ..games.adventure_book.saves import CAMPAIGN_ID, CampaignRecord
from .session import LESSON_META, LessonSession, lesson_seats

CAMPAIGN_KEY = "campaign"
"""The id of the campaign the lesson's chapter went into, in the lesson's meta. Once it is
there the chapter has been folded: the campaign may have moved on since, so opening the
finished lesson again only finds that campaign, and never writes it."""


def folded_into(session: LessonSession) -> str | None:
    """The id of the campaign the lesson's chapter already went into, or None."""
    mark = session.match.meta.get(LESSON_META)
    known = mark.get(CAMPAIGN_KEY) if isinstance(mark, dict) else None
    return known if isinstance(known, str) and re.fullmatch(CAMPAIGN_ID, known) else None


def lesson_campaign(session: LessonSession) -> CampaignRecord | None:
    """A new campaign holding the lesson's finished chapter, for a lesson played in one
    (``campaign`` in its file), its id put in the lesson's mark; None before the chapter
    ends, for other lessons, and once the chapter has been folded (see :func:`folded_into`)."""
    lesson = session.lesson
    if not lesson.campaign or session.match.outcome is None or folded_into(session):
        return None
    record = CampaignRecord.new(lesson.campaign, lesson_seats(lesson), None)
    session.match.meta[LESSON_META][CAMPAIGN_KEY] = record.id  # a dict: the session keeps it so
    record.match = session.match.save()
    finish_attempt(record)
    return record
