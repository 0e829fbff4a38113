"""What each seat knows of the other hands: the cards it has seen go into them.

A trade shows the card passed to the two seats in it, and a card taken from the Story discard
pile is seen by all; the other seats see only that a card
changed hands. A card that leaves a hand for the table (spent, discarded, played) is seen by
everyone. ``determinize`` re-deals other hands around these known cards, so an imagined deal
never takes back a card the seat has just given.

Knowledge lives in the state (``AdventureBookState.known``), keyed ``"observer>holder"``.
"""

from __future__ import annotations

from ..state import AdventureBookState


def _key(observer: int, holder: int) -> str:
    return f"{observer}>{holder}"


def saw_trade(state: AdventureBookState, giver: int, receiver: int, card: str) -> None:
    """``giver`` passed ``card`` to ``receiver``: both know where it is now."""
    _forget(state, receiver, giver, card)
    state.known.setdefault(_key(giver, receiver), []).append(card)
    # The other seats cannot tell which card left the giver's hand, so what they knew of it
    # is now only "in one of the two hands"; dropping it keeps every re-deal honest.
    for observer in range(len(state.players)):
        if observer not in (giver, receiver):
            state.known.pop(_key(observer, giver), None)


def saw_leave(state: AdventureBookState, hand: list[str], card: str) -> None:
    """``card`` left ``hand`` face up for the table: no seat expects it there any more."""
    for holder, held in enumerate(state.hands):
        if held is hand:
            for observer in range(len(state.players)):
                _forget(state, observer, holder, card)
            return


def saw_taken(state: AdventureBookState, holder: int, card: str) -> None:
    """``holder`` took ``card`` face up (from the Story discard pile): every seat knows it."""
    for observer in range(len(state.players)):
        if observer != holder:
            state.known.setdefault(_key(observer, holder), []).append(card)


def known_held(state: AdventureBookState, observer: int, holder: int) -> list[str]:
    """The cards ``observer`` knows ``holder`` has in hand."""
    return list(state.known.get(_key(observer, holder), ()))


def _forget(state: AdventureBookState, observer: int, holder: int, card: str) -> None:
    cards = state.known.get(_key(observer, holder))
    if cards and card in cards:
        cards.remove(card)
        if not cards:
            del state.known[_key(observer, holder)]
