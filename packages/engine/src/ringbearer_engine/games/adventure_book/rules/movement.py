"""Moving character pieces: single steps along the paths, and spaces entered by paying cards.

Every move is a chain of single steps (AB-A6): the movement step gives two (one piece two
spaces, or two pieces one space each — any two single steps are one of those), each card
discarded in Storytelling gives one, and some cards give several. A piece lands on every
space it enters, so chapter effects that trigger on landing happen at each step.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from ringbearer_engine.events import DISCARDED, Event

from ..actions import Enter, Move, Rise
from ..events import PieceMoved
from ..state import AdventureBookState
from .board import Page
from .hands import spend
from .payments import ARWEN, payments, ring_cost


def can_step(page: Page, state: AdventureBookState, piece: str, dst: str) -> bool:
    """Whether ``piece`` may enter ``dst`` with a plain step (no card cost)."""
    space = page.spaces[dst]
    if space.track or space.cost or (space.only and piece not in space.only):
        return False
    if piece in page.carriers and page.carrier(state, piece) is None:
        return False
    if piece in state.down:
        return False
    return not page.rules.blocked(page, state, piece, dst)


def step_actions(page: Page, state: AdventureBookState, pieces: Iterable[str]) -> list[Move]:
    """The single steps open to ``pieces`` (``state.pieces`` itself for every piece on the
    board), in the order of ``pieces`` and of each piece's neighbours."""
    where = state.pieces
    options: list[Move] = []
    steps_from = page.steps_from
    if pieces is where and not state.down and not page.carriers:
        # Every piece on the board, none lying down, none needing a carrier (most steps of
        # most chapters): each piece's moves are joined without testing them, and the few
        # pieces a chapter may block have their refused moves taken out afterwards. A
        # piece's moves are distinct objects (another piece's moves never equal them), so
        # taking the refused ones out leaves exactly what testing each move in place would.
        for piece, spot in where.items():
            options += steps_from[piece][spot]
        blockable = page.blockable
        if blockable is None:
            blocked = page.rules.blocked
            return [m for m in options if not blocked(page, state, m.piece, m.to)]
        if blockable:
            for move in _refused(page, state, where, blockable):
                options.remove(move)  # each move is in the list once
        return options
    blockable = page.blockable
    carried = page.carriers
    down = state.down
    for piece in pieces:
        here = where.get(piece)
        if not here or (down and piece in down):
            continue
        if carried and piece in carried and page.carrier(state, piece) is None:
            continue
        moves = steps_from[piece][here]
        if blockable is None or piece in blockable:
            options += _unblocked(page, state, piece, moves)
        else:
            options += moves
    return options


def _unblocked(
    page: Page, state: AdventureBookState, piece: str, moves: tuple[Move, ...]
) -> Sequence[Move]:
    """The ``moves`` of ``piece`` that the chapter's rules allow now."""
    rules = page.rules
    spaces = rules.blocked_spaces(page, state, piece)
    if spaces is None:
        return [m for m in moves if not rules.blocked(page, state, piece, m.to)]
    return [m for m in moves if m.to not in spaces] if spaces else moves


def _refused(
    page: Page, state: AdventureBookState, where: dict[str, str], blockable: frozenset[str]
) -> list[Move]:
    """The steps of ``blockable`` pieces that the chapter's rules refuse now."""
    refused: list[Move] = []
    rules = page.rules
    for piece in blockable:
        here = where.get(piece)
        if not here:
            continue
        moves = page.steps_from[piece][here]
        spaces = rules.blocked_spaces(page, state, piece)
        # Plain loops: a comprehension would make a function and call it, at every step.
        if spaces is None:
            for move in moves:
                if rules.blocked(page, state, piece, move.to):
                    refused.append(move)
        elif spaces:
            for move in moves:
                if move.to in spaces:
                    refused.append(move)
    return refused


def rise_actions(state: AdventureBookState) -> list[Rise]:
    """Standing up a piece lying on its side costs one single step (designed, AB-A71)."""
    if state.steps <= 0 or not state.down:
        return []
    return [Rise(piece) for piece in state.down]


def step(page: Page, state: AdventureBookState, piece: str, dst: str, events: list[Event]) -> None:
    """One single step; a piece that moves only when carried takes its carrier along."""
    carrier = page.carrier(state, piece) if page.carriers else piece
    src = state.pieces[piece]
    state.pieces[piece] = dst
    if events is not DISCARDED:
        events.append(PieceMoved(piece, page.piece_name(piece), page.name(src), page.name(dst)))
    if page.enter_hook:
        page.rules.on_enter(page, state, piece, dst, events)
    if carrier is not None and carrier != piece and state.pieces.get(carrier) == src:
        state.pieces[carrier] = dst
        events.append(PieceMoved(carrier, page.piece_name(carrier), page.name(src), page.name(dst)))
        if page.enter_hook:
            page.rules.on_enter(page, state, carrier, dst, events)


def enter_actions(page: Page, state: AdventureBookState, hand_key: tuple[str, ...]) -> list[Enter]:
    """Moves onto spaces with a printed card cost, one per way to pay (AB-A10)."""
    options: list[Enter] = []
    entries = page.entries
    if not entries:
        return options
    down = state.down
    blockable = page.blockable
    paid_near = page.paid_near
    for piece, here in state.pieces.items():
        if here not in paid_near:
            continue
        reachable = entries.get((piece, here))
        if reachable is None or (down and piece in down):
            continue
        for dst, cost in reachable:
            if (blockable is None or piece in blockable) and page.rules.blocked(
                page, state, piece, dst
            ):
                continue
            options.extend(entering(piece, dst, cost, hand_key))
    return options


@lru_cache(maxsize=8192)
def entering(
    piece: str, dst: str, cost: tuple[str, ...], hand_key: tuple[str, ...]
) -> tuple[Enter, ...]:
    """The ways ``piece`` can pay its way onto ``dst`` from a hand, in sorted order (cached:
    the legal actions ask every step, and hands repeat)."""
    return tuple(Enter(piece, dst, pay) for pay in sorted(payments(cost, hand_key)))


def pay(
    state: AdventureBookState,
    hand: list[str],
    payment: tuple[str, ...],
    why: str,
    events: list[Event],
) -> None:
    """Discard a payment's cards; One Ring cards advance corruption (unless Arwen's Love)."""
    free = ARWEN in payment and ring_cost(payment) == 0
    for token in payment:
        spend(state, hand, token, why, events, free=free)
        if state.result:
            return
