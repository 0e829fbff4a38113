"""The turn's trade, the solo hand, and asking other players for Special cards.

Hands are hidden from other seats, so a trade is a short conversation: the active player
gives a card to a partner and says which symbol they hope for (``ask``); the partner picks
the card to give back (``answer``). In a solo game the extra hand lies face up and the player
simply swaps one card with it. Either way it is the turn's one trade (a Special card can
grant another), and it is not a "use" of a One Ring card (AB-A12).
"""

from __future__ import annotations

from collections.abc import Sequence

from ringbearer_engine.events import DISCARDED, Event

from ..actions import Answer, Ask, Help, Swap, Trade
from ..content import KINDS
from ..events import HelpAsked, SoloSwapped, TradeAnswered, TradeAsked, TradeOffered
from ..state import AdventureBookState, Pending
from .decisions import push, who
from .hands import take, tokens
from .knowledge import saw_trade
from .offers import MAX_SEATS, TokenOffers, token_offers

ASKS = ("any", *KINDS)
ASK_ACTIONS = [Ask(kind) for kind in ASKS]
_HELP = tuple(Help(seat + 1) for seat in range(MAX_SEATS))
HELP_ONLY = tuple((action,) for action in _HELP)
"""For each seat, the Help offer asking that seat alone (the two-seat offer)."""


def trade_actions(state: AdventureBookState, offers: TokenOffers) -> Sequence[Trade | Swap]:
    """The turn's trade: each distinct token of the active hand (whose ``offers`` are given)
    to each other player holding cards, or swapped with the solo hand."""
    if state.trades <= 0 or not offers.own:
        return []
    players = len(state.players)
    if players == 2:
        partner = 1 - state.seat  # the commonest case, without a loop
        return offers.trades[partner] if state.hands[partner] else ()
    if players == 1:
        solo = tokens(state.solo)
        return [Swap(give, got) for give in offers.own for got in solo]
    options: list[Trade | Swap] = []
    hands = state.hands
    for partner in range(len(state.players)):
        if partner != state.seat and hands[partner]:
            options.extend(offers.trades[partner])
    return options


def offer(state: AdventureBookState, partner: int, token: str, events: list[Event]) -> None:
    card = take(state.hands[state.seat], token)
    state.hands[partner].append(card)
    saw_trade(state, state.seat, partner, card)
    state.trades -= 1
    if events is not DISCARDED:
        events.append(TradeOffered(who(state, state.seat), who(state, partner)))
    push(state, [Pending("ask", state.seat, partner=partner)], front=True)


def ask(state: AdventureBookState, kind: str, events: list[Event]) -> None:
    pending = state.pending.pop(0)
    if events is not DISCARDED:
        events.append(TradeAsked(who(state, state.seat), kind))
    push(state, [Pending("answer", pending.partner, ask=kind, partner=state.seat)], front=True)


def answer(state: AdventureBookState, token: str, events: list[Event]) -> None:
    pending = state.pending.pop(0)
    card = take(state.hands[pending.seat], token)
    state.hands[pending.partner].append(card)
    saw_trade(state, pending.seat, pending.partner, card)
    if events is not DISCARDED:
        events.append(TradeAnswered(who(state, pending.seat), who(state, pending.partner)))


def answer_actions(state: AdventureBookState, pending: Pending) -> tuple[Answer, ...]:
    return token_offers(state.hands[pending.seat]).answers


def swap(state: AdventureBookState, give: str, got: str, events: list[Event]) -> None:
    hand = state.hands[state.seat]
    card = take(hand, give)
    taken = take(state.solo, got)
    state.solo.append(card)
    hand.append(taken)
    state.trades -= 1
    events.append(SoloSwapped(who(state, state.seat), give, got))


def help_actions(state: AdventureBookState) -> Sequence[Help]:
    helped = state.helped
    seat = state.seat
    if not helped and len(state.players) == 2:
        return HELP_ONLY[1 - seat]  # the commonest case, without a loop or a new list
    return [
        _HELP[other] for other in range(len(state.players)) if other != seat and other not in helped
    ]


def call_helper(state: AdventureBookState, seat: int, events: list[Event]) -> None:
    state.helped.append(seat)
    state.helper = seat
    if events is not DISCARDED:
        events.append(HelpAsked(who(state, state.seat), who(state, seat)))
