"""Counters placed from a chapter's limited supply.

A chapter has exactly the counters it lists (AB-A33). When a rule must place one and none of
that kind is left in the supply, the chapter decides what happens, as data: a lose condition
with ``exhausted`` set to the kind loses the chapter (the chapter 6 FAQ); without one the
placement is skipped.
"""

from __future__ import annotations

from ringbearer_engine.events import Event

from ..chapter import LoseCondition
from ..events import RuleNote
from ..state import AdventureBookState
from .board import Page, place_counter, supply_counter
from .ending import lose


def exhaustion(page: Page, kind: str) -> LoseCondition | None:
    """The lose condition for an empty supply of ``kind``, if the chapter has one."""
    for condition in page.chapter.lose_conditions:
        if condition.exhausted == kind:
            return condition
    return None


def place_from_supply(
    page: Page, state: AdventureBookState, kind: str, space: str, events: list[Event]
) -> str | None:
    """Place a counter of ``kind`` from the supply on ``space``; the counter placed, or
    ``None`` when the supply is empty (then the chapter is lost or the placement skipped)."""
    counter = supply_counter(state, page, kind)
    if counter is not None:
        place_counter(page, state, counter, space, events)
        return counter
    condition = exhaustion(page, kind)
    if condition is not None:
        lose(state, condition.id, condition.text, events)
    else:
        events.append(RuleNote(f"No {kind} counter is left in the supply: none is placed."))
    return None
