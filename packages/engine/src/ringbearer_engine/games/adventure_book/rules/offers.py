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
_BY_OWN: dict[tuple[str, ...], tuple[object, ...]] = {}
"""What depends only on the distinct tokens in order (far fewer than the sequences)."""


def hand_offers(hand: list[str]) -> HandOffers:
    """The offers of ``hand`` (a list of card ids), from the table when seen before."""
    held = tuple([TOKEN[card] for card in hand])
    found = _OFFERS.get(held)
    if found is None:
        if len(_OFFERS) >= _LIMIT:
            _OFFERS.clear()
            _BY_OWN.clear()
        own = tuple(dict.fromkeys(held))
        part = _BY_OWN.get(own)
        if part is None:
            part = _BY_OWN[own] = _work_out(own)
        found = _OFFERS[held] = HandOffers(tuple(sorted(held)), *part)  # type: ignore[arg-type]
    return found


_TOKENS = frozenset(TOKEN.values())
_DISCARD = {t: Discard(t) for t in _TOKENS}
_DROP = {t: Drop(t) for t in _TOKENS}
_ANSWER = {t: Answer(t) for t in _TOKENS}
_PLAY = {t: Play(t) for t in _TOKENS if playable(t)}
_TRADE = tuple({t: Trade(seat + 1, t) for t in _TOKENS} for seat in range(MAX_SEATS))


def _work_out(own: tuple[str, ...]) -> tuple[object, ...]:
    """Every :class:`HandOffers` field but ``key``, in order, for distinct tokens ``own``."""
    return (
        own,
        tuple([_DISCARD[t] for t in own]),
        tuple([_DROP[t] for t in own]),
        tuple([_ANSWER[t] for t in own]),
        tuple([_PLAY[t] for t in own if t in _PLAY]),
        tuple(tuple([trade[t] for t in own]) for trade in _TRADE),
        RING in own,
    )
