"""What a hand can offer in the legal-action lists, worked out once per sequence of tokens.

The legal actions are listed at every step, and many of them depend on the active hand only:
its discards, its Special cards to play, its trades, the cards a rule may make it drop or a
trade partner may give back, and the sorted key that payments are looked up by. Hands repeat
a lot (a hand is a short sequence of a dozen kinds of token), so :func:`hand_offers` keeps
those parts, with their action objects built once, per token sequence in a bounded table.
The actions are frozen structs, so sharing them between lists is safe. A miss builds no
action: every one is looked up in tables made once per token.
"""

from __future__ import annotations

from typing import NamedTuple

from ..actions import Answer, Discard, Drop, Play, Trade
from ..content import RING, TOKEN
from .specials import playable

MAX_SEATS = 4
_LIMIT = 50_000
"""Token sequences kept before the table starts afresh (a few MB at most)."""


class HandOffers(NamedTuple):
    key: tuple[str, ...]
    """The tokens sorted: how payments look a hand up (:func:`~.hands.hand_key`)."""
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


_OFFERS: dict[tuple[str, ...], HandOffers] = {}


def hand_offers(hand: list[str]) -> HandOffers:
    """The offers of ``hand`` (a list of card ids), from the table when seen before."""
    held = tuple([TOKEN[card] for card in hand])
    found = _OFFERS.get(held)
    if found is None:
        if len(_OFFERS) >= _LIMIT:
            _OFFERS.clear()
        found = _OFFERS[held] = _work_out(held)
    return found


_TOKENS = frozenset(TOKEN.values())
_DISCARD = {t: Discard(t) for t in _TOKENS}
_DROP = {t: Drop(t) for t in _TOKENS}
_ANSWER = {t: Answer(t) for t in _TOKENS}
_PLAY = {t: Play(t) for t in _TOKENS if playable(t)}
_TRADE = tuple({t: Trade(seat + 1, t) for t in _TOKENS} for seat in range(MAX_SEATS))


def _work_out(held: tuple[str, ...]) -> HandOffers:
    own = tuple(dict.fromkeys(held))
    return HandOffers(
        key=tuple(sorted(held)),
        own=own,
        discards=tuple([_DISCARD[t] for t in own]),
        drops=tuple([_DROP[t] for t in own]),
        answers=tuple([_ANSWER[t] for t in own]),
        plays=tuple([_PLAY[t] for t in own if t in _PLAY]),
        trades=tuple(tuple([trade[t] for t in own]) for trade in _TRADE),
        ring=RING in own,
    )
