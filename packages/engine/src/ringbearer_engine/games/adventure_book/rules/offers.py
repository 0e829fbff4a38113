"""What a hand can offer in the legal-action lists, worked out once and kept.

The legal actions are listed at every step, and many of them depend on a hand only: its
discards, its Special cards to play, its trades, the cards a rule may make it drop or a trade
partner may give back, and the sorted key that payments are looked up by. All but the key
depend on the distinct tokens in the order first held, which take few values:
:func:`token_offers` keeps those per distinct tokens. The active hand is asked about at every
step of its turn, so :func:`hand_offers` also keeps it, key included, per exact sequence of
tokens. Both tables are bounded. The actions are frozen structs, so sharing them between lists
is safe; every one is made once per token, in tables built at import.
"""

from __future__ import annotations

import msgspec

from ..actions import Answer, Discard, Drop, Play, Trade
from ..content import RING, TOKEN
from .specials import playable

MAX_SEATS = 4
_LIMIT = 50_000
"""Entries a table keeps before it starts afresh (a few MB at most)."""


class TokenOffers(msgspec.Struct, frozen=True):
    """What depends on a hand's distinct tokens in order (far fewer than the sequences).

    (A struct, not a named tuple: Python 3.11 specialises loading a struct's fields, which
    the legal actions do at every step, but not a named tuple's.)"""

    own: tuple[str, ...]
    """The distinct tokens in the order first held (:func:`~.hands.tokens`)."""
    discards: tuple[Discard, ...]
    drops: tuple[Drop, ...]
    answers: tuple[Answer, ...]
    plays: tuple[Play, ...]
    """The Special cards held that are played for an effect."""
    trades: tuple[tuple[Trade, ...], ...]
    """For each partner seat (from 0), giving that partner each distinct token."""
    ring: bool
    """Whether a One Ring card is held."""


class HandOffers(msgspec.Struct, frozen=True):
    """:class:`TokenOffers` and the sorted key, for the active hand."""

    key: tuple[str, ...]
    """The tokens sorted: how payments look a hand up (:func:`~.hands.hand_key`)."""
    offers: TokenOffers


_OFFERS: dict[tuple[str, ...], HandOffers] = {}
_BY_CARDS: dict[tuple[str, ...], HandOffers] = {}
"""The same offers per exact sequence of cards: the hand is asked about again at every step
that does not change it, and its cards make the key without reading their tokens."""
_BY_OWN: dict[tuple[str, ...], TokenOffers] = {}


def hand_offers(hand: list[str]) -> HandOffers:
    """The offers of the active ``hand`` (a list of card ids), kept per token sequence: the
    active hand is asked about at every step of a turn."""
    cards = tuple(hand)
    found = _BY_CARDS.get(cards)
    if found is None:
        held = _tokens_of(hand)
        found = _OFFERS.get(held)
        if found is None:
            if len(_OFFERS) >= _LIMIT:
                _OFFERS.clear()
            found = _OFFERS[held] = HandOffers(tuple(sorted(held)), _by_own(held))
        if len(_BY_CARDS) >= _LIMIT:
            _BY_CARDS.clear()
        _BY_CARDS[cards] = found
    return found


def token_offers(hand: list[str]) -> TokenOffers:
    """The offers of any hand, kept per distinct tokens only: for a hand that is asked about
    once in a while (a trade partner's, a hand a rule makes discard, a helper's), whose exact
    sequence seldom comes back."""
    return _by_own(_tokens_of(hand))


def _tokens_of(hand: list[str]) -> tuple[str, ...]:
    held: list[str] = []
    for card in hand:  # a plain loop: a comprehension would make a function and call it
        held.append(TOKEN[card])
    return tuple(held)


def _by_own(held: tuple[str, ...]) -> TokenOffers:
    own = tuple(dict.fromkeys(held))
    found = _BY_OWN.get(own)
    if found is None:
        if len(_BY_OWN) >= _LIMIT:
            _BY_OWN.clear()
        found = _BY_OWN[own] = _work_out(own)
    return found


_TOKENS = frozenset(TOKEN.values())
_DISCARD = {t: Discard(t) for t in _TOKENS}
_DROP = {t: Drop(t) for t in _TOKENS}
_ANSWER = {t: Answer(t) for t in _TOKENS}
_PLAY = {t: Play(t) for t in _TOKENS if playable(t)}
_TRADE = tuple({t: Trade(seat + 1, t) for t in _TOKENS} for seat in range(MAX_SEATS))


def _work_out(own: tuple[str, ...]) -> TokenOffers:
    return TokenOffers(
        own,
        tuple([_DISCARD[t] for t in own]),
        tuple([_DROP[t] for t in own]),
        tuple([_ANSWER[t] for t in own]),
        tuple([_PLAY[t] for t in own if t in _PLAY]),
        tuple(tuple([trade[t] for t in own]) for trade in _TRADE),
        RING in own,
    )
