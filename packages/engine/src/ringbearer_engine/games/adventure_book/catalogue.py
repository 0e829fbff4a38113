"""The Adventure Book's action catalogue: every action of every chapter, numbered once.

One numbering serves the whole campaign, so an id means the same action in every chapter
(``move frodo bree`` has one id, wherever Bree is). Most actions name a card token, a seat, a
piece and a space next to another, or a counter: a few thousand in all.

The compound choices are the **payments** (``complete``, ``enter`` and ``deed`` name the cards
they discard). They are **bounded, not split**. A payment is a multiset of tokens drawn from
one hand, and every hand is drawn from the deck: so the ways to pay a cost from any hand are
the ways to pay it from a hand holding the whole deck (the 42 Story cards and the 18 Special
cards), which the rules' own :func:`~.rules.payments.payments` lists. Each cost has a few to a
few thousand (two ``any`` slots make the most); a Challenge whose One Ring symbols counters can
cover is listed at each cost it can take. Payments seen in play looked unbounded only because a
random hand rarely meets them all. Each stays one decision, as at the table, so the engine's
actions, saves and the app are unchanged.

Layout, in id order: the actions that name no chapter (``end``, ``back``, ``stop``, the asks,
then per token: discard, drop, answer, take, play; the trades by seat and token; the solo
swaps; the calls for help by seat), then chapter by chapter (1 to 8): the steps (piece, then
space, then the spaces next to it), standing up, the answers to the chapter's questions, the
One Ring ability with no target and on each counter, revealing each counter, the paid
entries, the Challenges, the deeds; each payment list in sorted order. An action another
chapter already listed keeps its first id. Bump :data:`VERSION` whenever the order or the list
changes (a new chapter, card, space or cost).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Final

from ringbearer_engine import Action
from ringbearer_engine.catalogue import ActionCatalogue

from .actions import (
    BACK,
    END,
    STOP,
    Answer,
    Choose,
    Complete,
    Deed,
    Discard,
    Drop,
    Enter,
    Help,
    Move,
    Play,
    Reveal,
    Ring,
    Rise,
    Swap,
    Take,
    Trade,
)
from .chapters import pages
from .content import KINDS, RING, SPECIAL_CARDS, STORY_KINDS
from .rules.board import Page
from .rules.payments import payments
from .rules.specials import playable
from .rules.trading import ASK_ACTIONS
from .rules.turn import MAX_SEATS

VERSION: Final = 1

TOKENS: Final = (*KINDS, *(card.id for card in SPECIAL_CARDS))
"""Every card token, Story kinds first, then the Special cards in content order."""
WHOLE_DECK: Final = tuple(
    sorted([kind.kind for kind in STORY_KINDS for _ in range(kind.count)] + list(TOKENS[6:]))
)
"""A hand holding every card: any hand's payments are among this hand's."""


def ways_to_pay(cost: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every payment of ``cost`` that some hand can make, in sorted order."""
    return sorted(payments(cost, WHOLE_DECK))


def _costs_now(cost: tuple[str, ...], covered: bool) -> list[tuple[str, ...]]:
    """The costs a Challenge can take: as printed, and, when counters cover its One Ring
    symbols, with one, two, ... of them covered (``rules.challenges.cost_now``)."""
    found = [cost]
    while covered and RING in found[-1]:
        less = list(found[-1])
        less.remove(RING)
        found.append(tuple(less))
    return found


def _common_actions() -> Iterator[Action]:
    yield from (END, BACK, STOP)
    yield from ASK_ACTIONS
    for kind in (Discard, Drop, Answer, Take):
        yield from (kind(token) for token in TOKENS)
    yield from (Play(token) for token in TOKENS if playable(token))
    yield from (Trade(seat + 1, token) for seat in range(MAX_SEATS) for token in TOKENS)
    yield from (Swap(give, take) for give in TOKENS for take in TOKENS)
    yield from (Help(seat + 1) for seat in range(MAX_SEATS))


def _pieces(page: Page) -> list[str]:
    chapter = page.chapter
    found = [piece.id for piece in chapter.pieces]
    found += [hidden.piece for hidden in chapter.hidden]
    found += [r.key for c in chapter.challenges for r in c.rewards if r.kind == "join"]
    return list(dict.fromkeys(found))


def _chapter_actions(page: Page) -> Iterator[Action]:
    chapter = page.chapter
    pieces = _pieces(page)
    spaces = [space.id for space in chapter.spaces if not space.track]
    for piece in pieces:
        for here in spaces:
            yield from (Move(piece, there) for there in page.adj[here] if there in spaces)
    yield from (Rise(piece) for piece in pieces)
    yield from (Choose(option) for option in page.rules.choice_options)
    counters = [counter.id for counter in chapter.counters]
    yield Ring(None)
    yield from (Ring(counter) for counter in counters)
    yield from (Reveal(counter) for counter in counters)
    for space in chapter.spaces:
        if space.cost:
            ways = ways_to_pay(space.cost)
            for piece in pieces:
                yield from (Enter(piece, space.id, way) for way in ways)
    for challenge in chapter.challenges:
        for cost in _costs_now(challenge.cost, bool(challenge.covered_by)):
            yield from (Complete(challenge.id, way) for way in ways_to_pay(cost))
    for deed in chapter.deeds:
        if deed.target_kind:
            targets = tuple(counter for counter, _ in page.sides.get(deed.target_kind, ()))
        else:
            targets = page.rules.deed_target_names(page, deed)
        ways = ways_to_pay(deed.cost)
        for target in targets:
            yield from (Deed(deed.id, target, way) for way in ways)


def _every_action() -> Iterator[Action]:
    yield from _common_actions()
    for _, page in sorted(pages().items()):
        yield from _chapter_actions(page)


@functools.cache
def action_catalogue() -> ActionCatalogue:
    """The catalogue, built on first use."""
    return ActionCatalogue("adventure-book", VERSION, _every_action())
