"""Chapter deeds: actions that cost cards, most often defeating an enemy counter."""

from __future__ import annotations

from ringbearer_engine.events import Event

from ..actions import Deed as DeedAction
from ..chapter import Deed
from ..events import DeedDone
from ..state import AdventureBookState
from .board import Page, counters_on_board, remove_counter, shown_name
from .decisions import who
from .movement import pay
from .payments import payments


def targets(page: Page, state: AdventureBookState, deed: Deed) -> list[str]:
    """For a fight: every counter of the target kind with enough fighters on its space (or,
    for a ``next-to`` deed, on the spaces next to it; several may share one of them)."""
    if not deed.target_kind:
        return page.rules.deed_targets(page, state, deed)
    if deed.reach == "next-to" or deed.fighters_needed > 1:
        return [
            counter
            for counter in counters_on_board(state, page, deed.target_kind)
            if fighters_in_reach(page, state, deed, state.counters[counter]) >= deed.fighters_needed
        ]
    fighter_spaces = {state.pieces.get(f) for f in deed.fighters} - {None}
    return [
        counter
        for counter in counters_on_board(state, page, deed.target_kind)
        if state.counters[counter] in fighter_spaces
    ]


def fighters_in_reach(page: Page, state: AdventureBookState, deed: Deed, space: str) -> int:
    """How many of the deed's fighters stand where they can act on ``space``."""
    if deed.reach == "next-to":
        near = page.adj[space]
        return sum(state.pieces.get(f) in near for f in deed.fighters)
    return sum(state.pieces.get(f) == space for f in deed.fighters)


def deed_actions(
    page: Page, state: AdventureBookState, hand_key: tuple[str, ...]
) -> list[DeedAction]:
    options: list[DeedAction] = []
    for deed in page.chapter.deeds:
        aims = targets(page, state, deed)
        if not aims:
            continue
        ways = sorted(payments(deed.cost, hand_key))
        options.extend(DeedAction(deed.id, aim, way) for aim in aims for way in ways)
    return options


def do_deed(
    page: Page,
    state: AdventureBookState,
    deed: Deed,
    target: str,
    payment: tuple[str, ...],
    events: list[Event],
) -> None:
    seat = state.seat
    pay(state, state.hands[seat], payment, deed.name, events)
    if state.result:
        return
    label = shown_name(state, page, target) if target in page.counters else target
    events.append(DeedDone(who(state, seat), deed.name, label, payment))
    if deed.target_kind:
        remove_counter(page, state, target, deed.name, events)
        # Chapters may count defeats (requirement ``flag-at-least`` on ``defeated-<kind>``).
        key = f"defeated-{deed.target_kind}"
        state.flags[key] = state.flags.get(key, 0) + 1
    else:
        page.rules.deed(page, state, deed, target, events)
