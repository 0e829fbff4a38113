"""Challenges: requirements, paying for them, Completed Challenge tokens and rewards."""

from __future__ import annotations

from functools import lru_cache

from ringbearer_engine.events import Event

from ..actions import Complete as CompleteAction
from ..chapter import Challenge, Requirement, Reward
from ..content import RING
from ..events import ChallengeCompleted, PieceJoined, PieceLeft
from ..state import AdventureBookState, Pending
from .board import Page, counters_at, counters_on_board, in_region, place_counter, supply_counter
from .corruption import ease
from .decisions import who
from .ending import ended, win
from .hands import draw_special, draw_story
from .movement import pay
from .payments import payments


def requirement_met(page: Page, state: AdventureBookState, req: Requirement) -> bool:
    kind = req.kind
    where = state.pieces
    if state.down and any(p in state.down for p in req.pieces):
        return False  # a piece lying on its side cannot help complete a Challenge (FAQ ch. 8)
    if kind == "at":
        return all(where.get(p) == req.space for p in req.pieces)
    if kind == "together":
        spots = {where.get(p) for p in req.pieces}
        if len(spots) != 1 or None in spots:
            return False
        return not req.space or req.space in spots
    if kind == "next-to":
        near = page.adj[req.space]
        return all(where.get(p) in near for p in req.pieces)
    if kind == "near":
        near = page.adj[req.space]
        return all(where.get(p) == req.space or where.get(p) in near for p in req.pieces)
    if kind == "none-on-board":
        return not counters_on_board(state, page, req.key)
    if kind == "none-at":
        return not counters_at(state, page, req.key, req.space)
    if kind == "counter-at":
        return len(counters_at(state, page, req.key, req.space)) >= max(1, req.count)
    if kind == "pieces-at":
        return sum(where.get(p) == req.space for p in req.pieces) >= req.count
    if kind == "counter-near":
        near = page.adj[req.space]
        return any(
            state.counters.get(c) == req.space or state.counters.get(c) in near
            for c in page.counter_kinds.get(req.key, ())
        )
    if kind == "flag-at-least":
        return state.flags.get(req.key, 0) >= req.count
    if kind == "in-region":
        return all(in_region(page, req.region, where.get(p)) for p in req.pieces)
    if kind == "out-of-region":
        return not any(in_region(page, req.region, where.get(p)) for p in req.pieces)
    if kind == "none-in-region":
        lair = page.regions[req.region]
        return not any(state.counters[c] in lair for c in counters_on_board(state, page, req.key))
    if kind == "custom":
        return page.rules.requirement(page, state, req)
    raise ValueError(f"unknown requirement kind {kind!r}")


def cost_now(page: Page, state: AdventureBookState, challenge: Challenge) -> tuple[str, ...]:
    """The cards a Challenge takes now: its printed cost, less the One Ring symbols covered
    by counters of its ``covered_by`` kind on the board."""
    if not challenge.covered_by:
        return challenge.cost
    covers = len(counters_on_board(state, page, challenge.covered_by))
    cost: list[str] = []
    for slot in challenge.cost:
        if slot == RING and covers > 0:
            covers -= 1
            continue
        cost.append(slot)
    return tuple(cost)


def open_challenge(page: Page, state: AdventureBookState, challenge: Challenge) -> bool:
    """Not yet completed, and allowed by the chapter's order (final last, ``after``)."""
    if challenge.id in state.completed:
        return False
    if challenge.final and len(state.completed) < len(page.chapter.challenges) - 1:
        return False
    return all(before in state.completed for before in challenge.after)


def unmet(page: Page, state: AdventureBookState, challenge: Challenge) -> list[Requirement]:
    return [r for r in challenge.requirements if not requirement_met(page, state, r)]


def ready(page: Page, state: AdventureBookState, challenge: Challenge) -> bool:
    return open_challenge(page, state, challenge) and all(
        requirement_met(page, state, r) for r in challenge.requirements
    )


@lru_cache(maxsize=4096)
def completing(
    challenge: str, cost: tuple[str, ...], hand_key: tuple[str, ...]
) -> tuple[CompleteAction, ...]:
    """The ways to complete a ready Challenge from a hand, in sorted order (cached: the legal
    actions ask every step, and hands repeat)."""
    return tuple(CompleteAction(challenge, way) for way in sorted(payments(cost, hand_key)))


def complete(
    page: Page,
    state: AdventureBookState,
    challenge: Challenge,
    payment: tuple[str, ...],
    events: list[Event],
) -> None:
    """Pay, then mark the Challenge and hand out its rewards (AB-A21: the cost comes first).

    A One Ring card in the payment may reach an eye space; the Eye of Sauron card it draws is
    carried out at once (AB-A38), so when it leaves decisions (discards), the rewards wait
    behind them as a ``reward`` entry that :func:`~.turn.settle` hands out afterwards.
    """
    seat = state.seat
    name = who(state, seat)
    waiting = len(state.pending)
    pay(state, state.hands[seat], payment, f"paying for '{challenge.name}'", events)
    if state.result:
        return
    state.completed.append(challenge.id)
    events.append(ChallengeCompleted(name, challenge.name, payment))
    eye_decisions = len(state.pending) - waiting
    if eye_decisions > 0:
        state.pending.insert(eye_decisions, Pending("reward", seat, source=challenge.id))
        return
    give_rewards(page, state, challenge, events)


def give_rewards(
    page: Page, state: AdventureBookState, challenge: Challenge, events: list[Event]
) -> None:
    """A completed Challenge's rewards, then the chapter won if it was the last one."""
    for reward in challenge.rewards:
        give_reward(page, state, reward, events)
        if ended(state):
            return
    if len(state.completed) == len(page.chapter.challenges):
        win(state, page.chapter.title, events)


def give_reward(page: Page, state: AdventureBookState, reward: Reward, events: list[Event]) -> None:
    """Rewards go to the active player (AB-A26)."""
    seat = state.seat
    if reward.kind == "story":
        draw_story(state, state.hands[seat], reward.amount, who(state, seat), events)
    elif reward.kind == "special":
        draw_special(state, state.hands[seat], reward.amount, who(state, seat), events)
    elif reward.kind == "ease":
        ease(state, reward.amount, "a reward", events)
    elif reward.kind == "join":
        state.pieces[reward.key] = reward.space
        events.append(PieceJoined(reward.key, page.piece_name(reward.key), page.name(reward.space)))
    elif reward.kind == "leave":
        if state.pieces.pop(reward.key, None):
            events.append(PieceLeft(reward.key, page.piece_name(reward.key)))
    elif reward.kind == "counter":
        counter = supply_counter(state, page, reward.key)
        if counter is not None:
            place_counter(page, state, counter, reward.space, events)
    elif reward.kind == "custom":
        page.rules.reward(page, state, reward, events)
    else:
        raise ValueError(f"unknown reward kind {reward.kind!r}")
