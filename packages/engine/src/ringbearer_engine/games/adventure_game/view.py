"""What one seat may see: its own hand, everyone's public situation, and counts for the rest.

Other seats' hands appear only as card counts, and the draw pile only as a count: its order
is hidden from everybody (the brief's rule for hidden hands).
"""

from __future__ import annotations

import msgspec

from .board import FIXED_MONSTER, IDS, MOUNTAIN
from .state import AdventureState


class SeatView(msgspec.Struct, frozen=True):
    """The public side of one seat."""

    name: str
    space: str
    rings: int
    cards: int
    mountain: int
    towns: list[str]
    held: bool
    """Held by a monster, or on a Mountain space with its die above 0."""


class AdventureView(msgspec.Struct, frozen=True):
    seat: int | None
    to_move: int | None
    current: int
    first: int
    bonus: bool
    turn: int
    seats: list[SeatView]
    hand: list[str]
    """The viewing seat's own cards; empty for a spectator."""
    draw_pile: int
    discards: list[str]
    supply: int
    nazgul: list[str]
    pending: str
    pending_seat: int | None
    pending_space: str | None
    opening: list[list[int]]
    winner: int | None
    ended: str


def make_view(state: AdventureState, seat: int | None, to_move: int | None) -> AdventureView:
    seats = [
        SeatView(
            name=state.players[n],
            space=IDS[space],
            rings=state.rings[n],
            cards=len(state.hands[n]),
            mountain=state.mountain[n],
            towns=list(state.towns[n]),
            held=FIXED_MONSTER[space]
            or space in state.nazgul
            or (MOUNTAIN[space] and state.mountain[n] > 0),
        )
        for n, space in enumerate(state.pawns)
    ]
    return AdventureView(
        seat=seat,
        to_move=to_move,
        current=state.current,
        first=state.first,
        bonus=state.bonus,
        turn=state.turns,
        seats=seats,
        hand=list(state.hands[seat]) if seat is not None else [],
        draw_pile=len(state.draw_pile),
        discards=list(state.discards),
        supply=state.supply,
        nazgul=[IDS[space] for space in state.nazgul],
        pending=state.pending,
        pending_seat=state.pending_seat if state.pending else None,
        pending_space=IDS[state.pending_space] if state.pending else None,
        opening=[list(faces) for faces in state.opening],
        winner=state.winner if state.winner >= 0 else None,
        ended=state.ended,
    )
