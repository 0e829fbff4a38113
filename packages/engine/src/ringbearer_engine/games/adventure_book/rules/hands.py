"""Cards moving between decks, hands and the discard pile.

Every card that leaves a hand for the discard pile goes through :func:`spend`, which is
where a One Ring card costs its corruption (AB-A18): paid, discarded to move, used for the
ability, discarded to the hand limit or to a Plot or Eye demand. Trades move cards between
hands without spending them.
"""

from __future__ import annotations

from ringbearer_engine.events import DISCARDED, Event

from ..content import RING, TOKEN
from ..events import CardsDrawn, DiscardsReshuffled, RuleNote, SpecialWon
from ..state import AdventureBookState
from .corruption import advance
from .knowledge import saw_leave
from .pages import found_page, page


def hand_key(hand: list[str]) -> tuple[str, ...]:
    """The tokens of a hand, sorted: how payments look a hand up."""
    return tuple(sorted([TOKEN[card] for card in hand]))


def tokens(hand: list[str]) -> list[str]:
    """The distinct tokens in a hand, in the order first held."""
    return list(dict.fromkeys([TOKEN[card] for card in hand]))


def take(hand: list[str], token: str) -> str:
    """Remove and return the first card of ``token`` from ``hand`` (``ValueError`` if none)."""
    for index, card in enumerate(hand):
        if TOKEN[card] == token:
            del hand[index]
            return card
    raise ValueError(f"no {token} card in the hand")


def spend(
    state: AdventureBookState,
    hand: list[str],
    token: str,
    why: str,
    events: list[Event],
    *,
    free: bool = False,
    played: bool = True,
) -> str:
    """Discard one ``token`` card from ``hand``; a One Ring card advances corruption unless
    ``free`` (a card that says so, such as Arwen's Love). ``played`` is false for discards a
    rule forces (hand limit, Plot, Eye): a One Ring card played by choice may also stir the
    chapter (:meth:`~..chapter.ChapterRules.on_ring_played`)."""
    card = take(hand, token)
    saw_leave(state, hand, card)
    state.story_discard.append(card)
    if token == RING:
        if not free:
            advance(state, 1, why, events)
        if played and not state.result:
            _ring_played(state, events)
    return card


def _ring_played(state: AdventureBookState, events: list[Event]) -> None:
    """A One Ring card was played by choice: the chapter's call, then its rules' hook."""
    chapter = found_page(state.chapter) or page(state.chapter)
    if not chapter.ring_hook:
        return
    # Late, and only for the chapters that react (an import in a function costs some 10 µs):
    # the turn draws cards through this module.
    from .turn import run_effect

    call = chapter.chapter.ring_call
    if call is not None:
        events.append(RuleNote(call.text))
        for effect in call.effects:
            run_effect(chapter, state, effect, events)
            if state.result:
                return
    chapter.rules.on_ring_played(chapter, state, events)


def draw_story(
    state: AdventureBookState, hand: list[str], amount: int, who: str, events: list[Event]
) -> int:
    """Draw up to ``amount`` Story cards, reshuffling the discards into an empty deck."""
    drawn = 0
    for _ in range(amount):
        if not state.story_deck:
            if not state.story_discard:
                break
            state.story_deck = sorted(state.story_discard)
            state.story_discard = []
            events.append(DiscardsReshuffled(len(state.story_deck)))
        card = state.chance.pick("story", state.story_deck)
        state.story_deck.remove(card)
        hand.append(card)
        drawn += 1
    if drawn and events is not DISCARDED:
        events.append(CardsDrawn(who, drawn))
    return drawn


def draw_special(
    state: AdventureBookState, hand: list[str], amount: int, who: str, events: list[Event]
) -> None:
    """Special card rewards: each one won stays in the Story deck for good."""
    for _ in range(amount):
        if not state.special_deck:
            return
        card = state.chance.pick("special", state.special_deck)
        state.special_deck.remove(card)
        state.won_specials.append(card)
        hand.append(card)
        events.append(SpecialWon(who))
