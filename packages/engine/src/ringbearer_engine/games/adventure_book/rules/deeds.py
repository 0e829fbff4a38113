"""Chapter deeds: actions that cost cards, most often defeating an enemy counter."""

from __future__ import annotations

from functools import lru_cache

from ringbearer_engine.events import Event

from ..actions import Deed as DeedAction
from ..chapter import Deed
from ..events import CounterRevealed, DeedDone, PieceJoined
from ..state import AdventureBookState
from .board import DeedOffers, Page, counters_on_board, remove_counter, shown_name
from .decisions import who
from .movement import pay
from .payments import payments


def targets(page: Page, state: AdventureBookState, deed: Deed) -> list[str]:
    """For a fight: every counter of the target kind with enough standing fighters on its space
    (or, for a ``next-to`` deed, on the spaces next to it; several may share one of them). A
    piece lying on its side cannot fight (FAQ ch. 8)."""
    if not deed.target_kind:
        return page.rules.deed_targets(page, state, deed)
    if deed.reach == "next-to" or deed.fighters_needed > 1:
        return [
            counter
            for counter in counters_on_board(state, page, deed.target_kind)
            if fighters_in_reach(page, state, deed, state.counters[counter]) >= deed.fighters_needed
        ]
    down = state.down
    where = state.pieces
    fighter_spaces: set[str] = set()
    # Plain loops, not comprehensions: this runs at every Storytelling step, and a
    # comprehension makes a function and calls it.
    for fighter in deed.fighters:
        spot = where.get(fighter)
        if spot and not (down and fighter in down):
            fighter_spaces.add(spot)
    if not fighter_spaces:
        return []
    placed = state.counters
    if not state.turned:
        # counters_on_board's test in the same pass: a counter in the supply lies on "",
        # which is no piece's space.
        found: list[str] = []
        for counter in page.counter_kinds.get(deed.target_kind, ()):
            if placed.get(counter) in fighter_spaces:
                found.append(counter)
        return found
    return [
        counter
        for counter in counters_on_board(state, page, deed.target_kind)
        if placed[counter] in fighter_spaces
    ]


def fighters_in_reach(page: Page, state: AdventureBookState, deed: Deed, space: str) -> int:
    """How many of the deed's fighters stand where they can act on ``space`` (on their feet:
    a piece lying on its side cannot fight)."""
    fighters = [f for f in deed.fighters if f not in state.down]
    if deed.reach == "next-to":
        near = page.adj[space]
        return sum(state.pieces.get(f) in near for f in fighters)
    return sum(state.pieces.get(f) == space for f in fighters)


def deed_actions(
    page: Page, state: AdventureBookState, hand_key: tuple[str, ...]
) -> list[DeedAction]:
    options: list[DeedAction] = []
    payable = page.payable_deeds.get(hand_key)
    if payable is None:
        payable = _payable(page, hand_key)
    for deed, offers in payable:  # a hand that cannot pay needs no targets
        for aim in targets(page, state, deed):
            options += offers.on(aim)
    return options


_LIMIT = 50_000
"""Hands a page keeps the payable deeds of before it starts afresh."""


def _payable(page: Page, hand_key: tuple[str, ...]) -> tuple[tuple[Deed, DeedOffers], ...]:
    """The page's deeds that a hand can pay for, in page order, with their offers; kept per
    hand key on the page (one look-up instead of one cached call per deed)."""
    kept = page.payable_deeds
    if len(kept) >= _LIMIT:
        kept.clear()
    found = kept[hand_key] = tuple(
        (deed, offers)
        for deed in page.chapter.deeds
        if (offers := deed_offers(deed.id, deed.cost, hand_key)).ways
    )
    return found


@lru_cache(maxsize=8192)
def deed_offers(deed: str, cost: tuple[str, ...], hand_key: tuple[str, ...]) -> DeedOffers:
    """A deed's offers for a hand, the ways to pay in sorted order (cached: the legal actions
    ask every step, and hands repeat)."""
    return DeedOffers(deed, tuple(sorted(payments(cost, hand_key))))


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
        where = state.counters[target]
        remove_counter(page, state, target, deed.name, events)
        if target in state.face_down:
            turn_over(page, state, target, where, events)
        # Chapters may count defeats (requirement ``flag-at-least`` on ``defeated-<kind>``).
        key = f"defeated-{deed.target_kind}"
        state.flags[key] = state.flags.get(key, 0) + 1
    else:
        page.rules.deed(page, state, deed, target, events)


def turn_over(
    page: Page, state: AdventureBookState, counter: str, where: str, events: list[Event]
) -> None:
    """A defeated face-down counter is turned over: a piece hidden on its back joins the
    board on ``where`` and the counter leaves the game; any other face goes to the supply."""
    state.face_down.remove(counter)
    face = state.secrets.pop(counter, page.counters[counter].kind)
    hidden = {h.piece for h in page.chapter.hidden}
    events.append(CounterRevealed(page.counter_name(counter), page.piece_name(face)))
    if face in hidden:
        del state.counters[counter]
        state.pieces[face] = where
        events.append(PieceJoined(face, page.piece_name(face), page.name(where)))
    page.rules.on_reveal(page, state, counter, events)
