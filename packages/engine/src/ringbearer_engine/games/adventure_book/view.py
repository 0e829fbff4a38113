"""What one seat may see: its own hand, every public pile and the board.

Other seats' hands show as sizes, decks as counts, face-down counters without their face.
Which Special cards the campaign has won is shown as a count: each was drawn into one
player's hidden hand.
"""

from __future__ import annotations

import msgspec

from .rules.board import Page
from .rules.corruption import TRACK
from .state import AdventureBookState


class PendingView(msgspec.Struct, frozen=True):
    kind: str
    seat: int
    amount: int
    solo: bool
    ask: str
    options: list[str]


class AdventureBookView(msgspec.Struct, frozen=True):
    seat: int | None
    chapter: int
    title: str
    turn: int
    active: int
    to_move: int | None
    phase: str
    prompt: str
    hand: list[str] | None
    hand_sizes: list[int]
    solo_hand: list[str]
    story_deck: int
    story_discard: list[str]
    special_deck: int
    won_specials: int
    plot_deck: int
    plot_discard: list[int]
    eye_deck: int
    used_eye_cards: list[str]
    corruption: int
    corruption_last: int
    eye_spaces: list[int]
    fired_eyes: list[int]
    pieces: dict[str, str]
    counters: dict[str, str]
    face_down: list[str]
    turned: list[str]
    completed: list[str]
    steps: int
    trades: int
    helper: int | None
    pending: PendingView | None
    flags: dict[str, int]
    result: str
    down: list[str] = []
    """Character pieces lying on their side."""


def build_view(
    chapter: Page,
    state: AdventureBookState,
    seat: int | None,
    to_move: int | None,
    prompt: str,
) -> AdventureBookView:
    pending = None
    if state.pending:
        first = state.pending[0]
        public = first.options if first.kind in ("choose", "take") else []
        pending = PendingView(first.kind, first.seat, first.amount, first.solo, first.ask, public)
    return AdventureBookView(
        seat=seat,
        chapter=state.chapter,
        title=chapter.chapter.title,
        turn=state.turn,
        active=state.seat,
        to_move=to_move,
        phase=state.phase,
        prompt=prompt,
        hand=list(state.hands[seat]) if seat is not None else None,
        hand_sizes=[len(hand) for hand in state.hands],
        solo_hand=list(state.solo),
        story_deck=len(state.story_deck),
        story_discard=list(state.story_discard),
        special_deck=len(state.special_deck),
        won_specials=len(state.won_specials),
        plot_deck=len(state.plot_deck),
        plot_discard=list(state.plot_discard),
        eye_deck=len(state.eye_deck),
        used_eye_cards=list(state.used_eye_cards),
        corruption=state.corruption,
        corruption_last=TRACK.last,
        eye_spaces=list(TRACK.eyes),
        fired_eyes=list(state.fired_eyes),
        pieces=dict(state.pieces),
        counters=dict(state.counters),
        face_down=list(state.face_down),
        turned=list(state.turned),
        completed=list(state.completed),
        steps=state.steps,
        trades=state.trades,
        helper=state.helper if state.helper >= 0 else None,
        pending=pending,
        flags=dict(state.flags),
        result=state.result,
        down=list(state.down),
    )
