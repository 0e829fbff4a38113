"""Which cards can pay a cost, and how much each payment corrupts.

A cost is a tuple of slots: an ordinary symbol, ``any`` (any card) or ``pair`` (two identical
cards of your choice). A payment is the sorted tuple of tokens discarded. What may fill a slot:

* a symbol slot: a card of that symbol, a One Ring card (joker, +1 corruption), or a Special
  card whose text says it stands for that symbol (``wild`` stands for any ordinary symbol);
* ``ring`` (a One Ring symbol printed on a Challenge): a One Ring card only (+1 corruption);
* ``any``: any card at all, Special and One Ring cards included;
* ``pair``: two cards of the same symbol, where One Ring cards may stand in (two One Ring
  cards match too); Special cards never make a pair (AB-A14), except one whose text stands
  for a whole pair;
* Arwen's Love rides along with a payment holding 3 or more One Ring cards and makes them
  free of corruption (AB-A23).

Payments are enumerated once per (cost, hand) and cached: hands repeat a lot in play.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ..content import RING, SPECIALS, SYMBOLS

ARWEN = "arwens-love"
_ORDER = {**dict.fromkeys(SYMBOLS, 0), RING: 0, "pair": 1, "any": 2}


def _slot_ok(virtual: str, slot: str) -> bool:
    return virtual == slot or (virtual == "wild" and slot in SYMBOLS)


@lru_cache(maxsize=8192)
def payments(cost: tuple[str, ...], hand: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
    """Every distinct way to pay ``cost`` from ``hand`` (a sorted tuple of tokens)."""
    counts = Counter(hand)
    slots = sorted(cost, key=lambda s: _ORDER[s])
    found: set[tuple[str, ...]] = set()
    chosen: list[str] = []

    def use(token: str) -> bool:
        if counts[token] <= 0:
            return False
        counts[token] -= 1
        chosen.append(token)
        return True

    def undo(token: str) -> None:
        counts[token] += 1
        chosen.pop()

    def fill(index: int, spare: tuple[str, ...]) -> None:
        if index == len(slots):
            found.add(tuple(sorted(chosen)))
            return
        slot = slots[index]
        if slot == "pair":
            for token in SPECIAL_PAIRS:
                if use(token):
                    fill(index + 1, spare)
                    undo(token)
            for first, second in _PAIR_OPTIONS:
                if use(first):
                    if use(second):
                        fill(index + 1, spare)
                        undo(second)
                    undo(first)
            return
        for n, virtual in enumerate(spare):
            if _slot_ok(virtual, slot):
                fill(index + 1, spare[:n] + spare[n + 1 :])
        for token in list(counts):
            if counts[token] <= 0:
                continue
            if token in SYMBOLS or token == RING:
                if token in (slot, RING) or slot == "any":
                    use(token)
                    fill(index + 1, spare)
                    undo(token)
                continue
            if slot == "any":
                use(token)
                fill(index + 1, spare)
                undo(token)
                continue
            covers = SPECIALS[token].covers
            for n, virtual in enumerate(covers):
                if virtual != "pair" and _slot_ok(virtual, slot):
                    use(token)
                    fill(index + 1, spare + covers[:n] + covers[n + 1 :])
                    undo(token)
                    break

    fill(0, ())
    if counts[ARWEN] > 0:
        for payment in list(found):
            if payment.count(RING) >= 3 and payment.count(ARWEN) < counts[ARWEN]:
                found.add(tuple(sorted((*payment, ARWEN))))
    return frozenset(found)


SPECIAL_PAIRS = tuple(card.id for card in SPECIALS.values() if "pair" in card.covers)
_PAIR_OPTIONS = (*((s, s) for s in SYMBOLS), *((s, RING) for s in SYMBOLS), (RING, RING))


def ring_cost(payment: tuple[str, ...]) -> int:
    """How many spaces a payment moves the Corruption marker."""
    rings = payment.count(RING)
    if ARWEN in payment and rings >= 3:
        return 0
    return rings
