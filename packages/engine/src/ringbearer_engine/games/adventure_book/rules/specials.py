"""Playing Special cards for their effects (their payment effects are in :mod:`.payments`).

A Special card is played by whoever holds it during the active player's Storytelling (the
active player, or a helper they asked), then goes to the Story discard pile and cycles with
the Story deck from then on. Its effect is carried out before it lands on the pile, so the
Phial cannot fetch itself back.
"""

from __future__ import annotations

from ringbearer_engine.events import Event

from ..content import RING, SPECIALS, TOKEN
from ..events import CardsDiscarded, PlotCardsReturned, SpecialPlayed
from ..state import AdventureBookState, Pending
from .decisions import push, who
from .hands import draw_story, take
from .knowledge import saw_leave

PAYMENT_ONLY = frozenset({"cover", "arwen"})


def playable(token: str) -> bool:
    card = SPECIALS.get(token)
    return card is not None and card.effect not in PAYMENT_ONLY


def play_special(state: AdventureBookState, seat: int, token: str, events: list[Event]) -> None:
    card = SPECIALS[token]
    hand = state.hands[seat]
    held = take(hand, token)
    saw_leave(state, hand, held)
    name = who(state, seat)
    events.append(SpecialPlayed(name, token))
    effect = card.effect
    if effect == "move":
        push(state, [Pending("steps", seat, amount=card.amount, lock=card.one_piece, source=token)])
    elif effect == "draw":
        draw_story(state, hand, card.amount, name, events)
    elif effect == "draw-each":
        for n in range(len(state.players)):
            draw_story(state, state.hands[n], card.amount, who(state, n), events)
    elif effect == "recover":
        options = sorted({TOKEN[c] for c in state.story_discard})
        if options:
            push(state, [Pending("take", seat, source=token, options=options)])
    elif effect == "ward":
        state.flags["ward"] = 1
    elif effect == "time":
        returned = 0
        while state.plot_discard and returned < card.amount:
            state.plot_deck.append(state.plot_discard.pop())
            returned += 1
        if returned:
            events.append(PlotCardsReturned(returned))
    elif effect == "trade":
        state.trades += 1
    elif effect == "athelas":
        for index, other in enumerate(hand):
            if other.startswith(RING + "-"):
                del hand[index]
                saw_leave(state, hand, other)
                state.story_discard.append(other)
                events.append(CardsDiscarded(name, (RING,), "Athelas: no corruption"))
                break
    elif effect == "miruvor":
        draw_story(state, hand, min(card.amount, len(state.completed)), name, events)
    else:
        raise ValueError(f"{token} cannot be played for an effect")
    state.story_discard.append(held)
