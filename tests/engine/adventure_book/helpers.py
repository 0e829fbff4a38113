"""Helpers for the Adventure Book tests: arrange a position, then play actions.

``arrange`` changes a fresh match's state directly (hands by token, pieces, counters, the
Plot deck...), moving cards between piles so that every card stays somewhere exactly once.
An arranged match no longer replays from its seed; tests of saves and replays use plain
matches instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ringbearer_engine import Event, Match
from ringbearer_engine.games.adventure_book.content import SPECIALS, TOKEN
from ringbearer_engine.games.adventure_book.state import AdventureBookState


def new(
    chapter: int = 1,
    players: Sequence[str] = ("Ann", "Bo"),
    seed: int = 1,
    **options: Any,
) -> Match:
    return Match.new(
        "adventure-book", list(players), seed=seed, options={"chapter": chapter, **options}
    )


def st(match: Match) -> AdventureBookState:
    state = match.state
    assert isinstance(state, AdventureBookState)
    return state


def _pull(state: AdventureBookState, token: str) -> str:
    """Take a card of ``token`` out of the Story deck (or the discards, or the Special deck)."""
    for pile in (state.story_deck, state.story_discard):
        for card in pile:
            if TOKEN[card] == token:
                pile.remove(card)
                return card
    if token in SPECIALS and token in state.special_deck:
        state.special_deck.remove(token)
        state.won_specials.append(token)
        return token
    raise AssertionError(f"no {token} card left to deal")


def set_hand(state: AdventureBookState, hand: list[str], tokens: Iterable[str]) -> None:
    state.story_deck.extend(hand)
    hand.clear()
    hand.extend(_pull(state, token) for token in tokens)


def arrange(
    match: Match,
    *,
    hands: Sequence[Iterable[str]] | None = None,
    solo: Iterable[str] | None = None,
    discard: Iterable[str] | None = None,
    pieces: Mapping[str, str | None] | None = None,
    counters: Mapping[str, str] | None = None,
    plot: Sequence[int] | None = None,
    corruption: int | None = None,
    completed: Iterable[str] | None = None,
    phase: str | None = None,
    seat: int | None = None,
    steps: int | None = None,
    flags: Mapping[str, int] | None = None,
    fired_eyes: Iterable[int] | None = None,
    eye_deck: Iterable[str] | None = None,
) -> Match:
    state = st(match)
    # Every hand being arranged goes back to the deck before any is dealt, so the cards one
    # asks for are never held up in another that is about to be emptied.
    arranged = [state.hands[n] for n in range(len(hands or ()))]
    if solo is not None:
        arranged.append(state.solo)
    for held in arranged:
        state.story_deck.extend(held)
        held.clear()
    if hands is not None:
        for n, tokens in enumerate(hands):
            set_hand(state, state.hands[n], tokens)
    if solo is not None:
        set_hand(state, state.solo, solo)
    if discard is not None:
        state.story_deck.extend(state.story_discard)
        state.story_discard = [_pull(state, token) for token in discard]
    if pieces is not None:
        for piece, where in pieces.items():
            if where is None:
                state.pieces.pop(piece, None)
            else:
                state.pieces[piece] = where
    if counters is not None:
        state.counters.update(counters)
    if plot is not None:
        state.plot_deck = list(plot)
    if corruption is not None:
        state.corruption = corruption
    if completed is not None:
        state.completed = list(completed)
    if phase is not None:
        state.phase = phase
        if phase == "story" and steps is None:
            state.steps = 0
    if seat is not None:
        state.seat = seat
    if steps is not None:
        state.steps = steps
    if flags is not None:
        state.flags.update(flags)
    if fired_eyes is not None:
        state.fired_eyes = list(fired_eyes)
    if eye_deck is not None:
        state.eye_deck = list(eye_deck)
    return match


def hand(match: Match, seat: int = 0) -> list[str]:
    """A seat's hand as sorted tokens."""
    return sorted(TOKEN[c] for c in st(match).hands[seat])


def play(match: Match, *actions: str) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events.extend(match.play(action))
    return events


def texts(events: Iterable[Event]) -> list[str]:
    return [str(e) for e in events]


def legal(match: Match) -> list[str]:
    return [str(a) for a in match.actions()]


def to_story(match: Match) -> Match:
    """End the movement step without moving."""
    if st(match).phase == "move":
        match.play("end")
    return match


def reason(match: Match) -> str:
    """How the match ended (its outcome's reason), or "" while it goes on."""
    outcome = match.outcome
    return outcome.reason if outcome else ""
