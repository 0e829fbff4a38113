"""The Adventure Game's observation: one seat's hand and the public race, as a tensor and text.

Seats are counted from the observer (0 is the observer, 1 the next seat in turn order), so an
agent learns one seat's point of view whichever seat it plays. Other hands appear as sizes and
the draw pile as a count, as in :func:`.view.make_view`: nothing a re-deal changes. Every card
that leaves a hand goes face up on the discards, so no seat ever knows a card in another hand,
and the observation holds nothing more. One layout serves two to four seats.
"""

from __future__ import annotations

from array import array

from ringbearer_engine.observation import Layout, LayoutBuilder, Memo, Observer, one_hot

from .board import FIXED_MONSTER, IDS, MOUNTAIN
from .content import CARD_TYPES, TOWNS
from .state import PENDING_PLACE_NAZGUL, PENDING_TOWN_SWAP, AdventureState

VERSION = 1
"""Raised whenever a segment moves."""
MAX_SEATS = 4
SPACES = len(IDS)
CARD_IDS = tuple(card.id for card in CARD_TYPES)
CARD_INDEX = {card: n for n, card in enumerate(CARD_IDS)}
CARDS = len(CARD_IDS)
TOWN_INDEX = {town.space: n for n, town in enumerate(TOWNS)}
PENDINGS = (PENDING_TOWN_SWAP, PENDING_PLACE_NAZGUL)
SEAT_SIZE = 1 + SPACES + 4 + len(TOWNS) + 3
"""Present, one-hot space, rings, cards, Mountain die, held, towns, current, first, winner."""


def _layout() -> Layout:
    b = LayoutBuilder("adventure-game", VERSION, "all")
    b.add("seat", MAX_SEATS, "one-hot: the observing seat")
    b.add("players", MAX_SEATS - 1, "one-hot: the number of players, 2 to 4")
    b.add(
        "seats",
        MAX_SEATS * SEAT_SIZE,
        f"per seat counted from the observer ({SEAT_SIZE} each): present; one-hot of its "
        f"pawn's space ({SPACES}, board order); rings; cards in hand; its Mountain die; held "
        "by a monster; one flag per town collected (Bree, Rivendell, Lórien); it is the "
        "current player; it played first; it won",
    )
    b.add("nazgul", SPACES, "a Nazgûl stands on each space")
    b.add(
        "opening",
        MAX_SEATS + 1,
        "the last opening round's rolls per seat counted from the observer; rounds rolled",
    )
    b.add("hand", CARDS, f"the observer's hand: copies of each card ({', '.join(CARD_IDS)})")
    b.add("discards", CARDS, "the discard pile: copies of each card")
    b.add("top_discard", CARDS, "one-hot: the newest discard")
    b.add("piles", 2, "cards in the draw pile; rings in the supply")
    b.add("pending", len(PENDINGS), "one-hot: a town swap, a Nazgûl to set down")
    b.add("pending_seat", MAX_SEATS, "one-hot: who decides it, counted from the observer")
    b.add("pending_space", SPACES, "one-hot: the town visited, or the lifted Nazgûl's space")
    b.add("turn", 3, "the turn number; a bonus turn; the match is over")
    return b.build()


LAYOUT = _layout()
_AT = {segment.name: segment.start for segment in LAYOUT.segments}
SEATS, NAZGUL, OPENING, HAND, DISCARDS, PILES, PENDING, PENDING_SEAT, PENDING_SPACE, TURN = (
    _AT[name]
    for name in (
        "seats",
        "nazgul",
        "opening",
        "hand",
        "discards",
        "piles",
        "pending",
        "pending_seat",
        "pending_space",
        "turn",
    )
)
_AFTER_SPACE = 1 + SPACES
_AFTER_TOWNS = _AFTER_SPACE + 4 + len(TOWNS)
ORDER = {
    seats: tuple(tuple((seat + k) % seats for k in range(seats)) for seat in range(seats))
    for seats in range(1, MAX_SEATS + 1)
}
"""ORDER[seats][seat]: the seats in turn order from ``seat``."""
HELD_ALWAYS = tuple(bool(monster) for monster in FIXED_MONSTER)

SeatKey = tuple[int, int, int, int, bool, tuple[str, ...], bool, bool, bool]
"""(space, rings, cards, Mountain die, held, towns, current, first, winner)."""
OpeningKey = tuple[int, int, tuple[int, ...]]
"""(the observing seat, opening rounds, the last round's rolls)."""


def _seat(key: SeatKey, out: array[float]) -> None:
    """One seat's block of the ``seats`` segment."""
    space, rings, cards, die, held, towns, current, first, winner = key
    out[0] = 1
    out[1 + space] = 1
    out[_AFTER_SPACE] = rings
    out[_AFTER_SPACE + 1] = cards
    out[_AFTER_SPACE + 2] = die
    out[_AFTER_SPACE + 3] = held
    for town in towns:
        out[_AFTER_SPACE + 4 + TOWN_INDEX[town]] = 1
    out[_AFTER_TOWNS] = current
    out[_AFTER_TOWNS + 1] = first
    out[_AFTER_TOWNS + 2] = winner


def _spaces(spaces: tuple[int, ...], out: array[float]) -> None:
    for space in spaces:
        out[space] = 1


def _opening(key: OpeningKey, out: array[float]) -> None:
    seat, rounds, last = key
    if last:
        for k, n in enumerate(ORDER[len(last)][seat]):
            out[k] = last[n]
    out[MAX_SEATS] = rounds


def _cards(cards: tuple[str, ...], out: array[float]) -> None:
    for card in cards:
        out[CARD_INDEX[card]] += 1


class _DiscardCounts:
    """The ``discards`` and ``top_discard`` segments, side by side, for the last pile seen.

    The pile only grows between reshuffles, so the counts of the pile seen last are carried
    forward with the cards added since; any other pile is counted afresh.
    """

    def __init__(self) -> None:
        # One tuple, read and replaced whole, so that threads sharing the observer never see
        # one pile's counts beside another pile.
        self._last: tuple[list[str], array[float]] = ([], array("f", bytes(4 * 2 * CARDS)))

    def __call__(self, pile: list[str]) -> array[float]:
        known, counts = self._last
        seen = len(known)
        if len(pile) == seen and pile == known:
            return counts
        if len(pile) > seen and pile[:seen] == known:
            counts = counts[:]
            added = pile[seen:]
        else:
            counts = array("f", bytes(4 * 2 * CARDS))
            added = pile
        for card in added:
            counts[CARD_INDEX[card]] += 1
        counts[CARDS : 2 * CARDS] = _NO_TOP
        if pile:
            counts[CARDS + CARD_INDEX[pile[-1]]] = 1
        self._last = (list(pile), counts)
        return counts


_NO_TOP = array("f", bytes(4 * CARDS))
SEAT_MEMO: Memo[SeatKey] = Memo(SEAT_SIZE, _seat)
NAZGUL_MEMO = Memo(SPACES, _spaces)
OPENING_MEMO: Memo[OpeningKey] = Memo(MAX_SEATS + 1, _opening)
HAND_MEMO = Memo(CARDS, _cards)


class AdventureObserver(Observer[AdventureState]):
    game_id = "adventure-game"
    version = VERSION
    single_layout = LAYOUT

    def __init__(self) -> None:
        super().__init__()
        self._discards = _DiscardCounts()

    def fill(self, state: AdventureState, seat: int, out: array[float], layout: Layout) -> None:
        # Written for speed (a research loop encodes every step): the parts that change
        # seldom come from memos, each copied in one slice; offsets are module constants.
        hands, nazgul, pawns, mountain = state.hands, state.nazgul, state.pawns, state.mountain
        seats = len(hands)
        out[seat] = 1
        out[MAX_SEATS + seats - 2] = 1
        current = -1 if state.ended else state.current
        first, winner = state.first, state.winner
        start = SEATS
        for n in ORDER[seats][seat]:
            space, die = pawns[n], mountain[n]
            held = HELD_ALWAYS[space] or space in nazgul or (MOUNTAIN[space] and die > 0)
            key = (
                space,
                state.rings[n],
                len(hands[n]),
                die,
                held,
                tuple(state.towns[n]),
                n == current,
                n == first,
                n == winner,
            )
            out[start : start + SEAT_SIZE] = SEAT_MEMO.get(key) or SEAT_MEMO(key)
            start += SEAT_SIZE
        spaces = tuple(nazgul)
        out[NAZGUL : NAZGUL + SPACES] = NAZGUL_MEMO.get(spaces) or NAZGUL_MEMO(spaces)
        opening = state.opening
        rolled = (seat, len(opening), tuple(opening[-1]) if opening else ())
        out[OPENING:HAND] = OPENING_MEMO.get(rolled) or OPENING_MEMO(rolled)
        hand = tuple(hands[seat])
        out[HAND : HAND + CARDS] = HAND_MEMO.get(hand) or HAND_MEMO(hand)
        if state.discards:
            out[DISCARDS : DISCARDS + 2 * CARDS] = self._discards(state.discards)
        out[PILES] = len(state.draw_pile)
        out[PILES + 1] = state.supply
        if state.pending:
            out[PENDING + PENDINGS.index(state.pending)] = 1
            out[PENDING_SEAT + (state.pending_seat - seat) % seats] = 1
            one_hot(out, PENDING_SPACE, state.pending_space)
        out[TURN] = state.turns
        if state.bonus:
            out[TURN + 1] = 1
        if state.ended:
            out[TURN + 2] = 1

    def string(self, state: AdventureState, seat: int) -> str:
        seats = len(state.players)
        lines = [
            f"seat {seat} of {seats}; turn {state.turns}{' (bonus)' if state.bonus else ''}; "
            + (
                f"over: {state.ended}, winner {state.winner}"
                if state.ended
                else f"current {state.current}; first {state.first}"
            )
        ]
        for n in range(seats):
            towns = ",".join(state.towns[n]) or "-"
            lines.append(
                f"seat {n}: {IDS[state.pawns[n]]} rings {state.rings[n]} cards "
                f"{len(state.hands[n])} mountain {state.mountain[n]} towns {towns}"
            )
        lines.append(f"hand {' '.join(state.hands[seat]) or '-'}")
        lines.append(
            f"discards {' '.join(state.discards) or '-'}; draw pile {len(state.draw_pile)}; "
            f"supply {state.supply}"
        )
        lines.append(f"nazgul {' '.join(IDS[space] for space in state.nazgul) or '-'}")
        if state.pending:
            lines.append(
                f"pending {state.pending} seat {state.pending_seat} at "
                f"{IDS[state.pending_space] if state.pending_space >= 0 else '-'}"
            )
        lines.append(f"opening {state.opening}")
        return "\n".join(lines)
