"""The Book's lesson ends in a campaign: its chapter, once won or lost, is folded into a
campaign of the lesson's name, saved like any other, so the player goes on to chapter 2."""

from __future__ import annotations

import re

from ..games.adventure_book.play import finish_attempt
from ..games.adventure_book.saves import CAMPAIGN_ID, CampaignRecord
from .session import LESSON_META, LessonSession, lesson_seats

CAMPAIGN_KEY = "campaign"
"""The id of the campaign the lesson's chapter went into, in the lesson's meta: folding the
same match again (the finished lesson opened once more) rewrites that campaign, never a
second one."""


def lesson_campaign(session: LessonSession) -> CampaignRecord | None:
    """The campaign holding the lesson's finished chapter, for a lesson played in one
    (``campaign`` in its file); None before the chapter ends, or for other lessons."""
    lesson = session.lesson
    if not lesson.campaign or session.match.outcome is None:
        return None
    mark = session.match.meta[LESSON_META]  # a dict: the session keeps it so
    record = CampaignRecord.new(lesson.campaign, lesson_seats(lesson), None)
    known = mark.get(CAMPAIGN_KEY)
    if isinstance(known, str) and re.fullmatch(CAMPAIGN_ID, known):
        record.id = known
    else:
        mark[CAMPAIGN_KEY] = record.id
    record.match = session.match.save()
    finish_attempt(record)
    return record
