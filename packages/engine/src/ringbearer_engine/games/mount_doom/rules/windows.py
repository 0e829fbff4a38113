"""When each friend and Gandalf card may be used (MD-A35), and what it may be used on.

A *window* is a moment the rules stop for the active player: a decision that is pending anyway
(choosing dice) or a pause that only exists because some card could be used there (right after
a battle roll, before an event space strikes...). :func:`open_window` opens a pause only when a
card can really be used in it, so a match without such cards never stops for nothing.

Card ``kind`` → the windows it is offered in:

=================  =====================================================================
faramir, support   start of the turn, before rolling ("before rolling")
elrond, power,     right after a roll ("immediately after a roll")
trick, eowyn
eomer, galadriel   before the battle die is rolled ("instead of rolling in a battle")
boromir            after a lost battle against one Uruk-hai
arwen              when an event space is about to strike
wrath              after an encounter card has been carried out
vision             before the next stage is laid out
theoden, treebeard any of the windows above except Boromir's ("at any time")
=================  =====================================================================
"""

from __future__ import annotations

from typing import Final

from ringbearer_engine import Action

from ..actions import Spend, Use
from ..content import (
    COLOURS,
    EOWYN_FACE,
    FARAMIR_STEPS,
    FIGURES,
    FINAL_STAGE,
    GALADRIEL_SPACE,
    KIND,
    MORGUL,
    RALLY,
    SIDE,
    TRACK_TOP,
)
from ..state import Ask, MountDoomState

# What a ROLLED window's roll was (``ask_a``).
RK_FINAL: Final = 1
RK_BATTLE: Final = 2
RK_BOROMIR: Final = 3
RK_DENETHOR: Final = 4
RK_WITCH_KING: Final = 5
RK_STING: Final = 6
RK_RING_POWER: Final = 7

ANYTIME_WINDOWS: Final = frozenset(
    {
        Ask.START,
        Ask.FINAL_START,
        Ask.KEEP1,
        Ask.KEEP2,
        Ask.ROLLED,
        Ask.AFTER_DIE,
        Ask.BATTLE,
        Ask.EVENT,
        Ask.STAGE,
    }
)
PURE_WINDOWS: Final = frozenset(
    {Ask.ROLLED, Ask.AFTER_DIE, Ask.BATTLE, Ask.EVENT, Ask.STAGE, Ask.FACE, Ask.BOROMIR}
)
"""Pauses that exist only for cards: they close by themselves once no card is left for them."""
ROLL_WINDOWS: Final = frozenset({Ask.KEEP1, Ask.KEEP2, Ask.ROLLED, Ask.SUPPORT})
START_WINDOWS: Final = frozenset({Ask.START, Ask.FINAL_START})
_FACE: Final = Ask.FACE  # a module global: Python 3.11 caches its lookup, not a class's


_ANYTIME = ("theoden", "treebeard")
WINDOW_KINDS: Final = {
    Ask.START: frozenset({"faramir", "support", *_ANYTIME}),
    Ask.FINAL_START: frozenset({"faramir", *_ANYTIME}),
    Ask.KEEP1: frozenset({"elrond", "power", "trick", *_ANYTIME}),
    Ask.KEEP2: frozenset({"elrond", "power", "trick", *_ANYTIME}),
    Ask.ROLLED: frozenset({"elrond", "power", "trick", "eowyn", *_ANYTIME}),
    Ask.AFTER_DIE: frozenset({"wrath", *_ANYTIME}),
    Ask.BATTLE: frozenset({"eomer", "galadriel", *_ANYTIME}),
    Ask.EVENT: frozenset({"arwen", *_ANYTIME}),
    Ask.STAGE: frozenset({"vision", *_ANYTIME}),
    Ask.BOROMIR: frozenset({"boromir"}),
    Ask.SUPPORT: frozenset({"elrond", "trick"}),
}
"""The card kinds that may ever be used in each window."""
WINDOW_CARDS: Final = {
    window: frozenset(card for card, kind in KIND.items() if kind in kinds)
    for window, kinds in WINDOW_KINDS.items()
}
"""The cards that may ever be used in each window: one set test against the held cards, before
the details, since most windows find no card to offer."""
GANDALF_SIDE: Final = frozenset(card for card, side in SIDE.items() if side == "gandalf")


def die_label(name: str, face: int) -> str:
    """How a rolled die is named in ``use`` actions: ``black5``, ``blue`` or ``battle``."""
    return f"black{face}" if name == "black" else name


def die_index(state: MountDoomState, label: str) -> int:
    """The index in ``state.rolled`` of the die named ``label`` (see :func:`die_label`)."""
    for index, (name, face) in enumerate(zip(state.rolled_dice, state.rolled, strict=True)):
        if die_label(name, face) == label:
            return index
    raise ValueError(f"no die {label!r} in the roll")  # pragma: no cover - checked legal


def may_use(state: MountDoomState, index: int) -> bool:
    """Whether the active player may use held card number ``index`` at all, right now."""
    card = state.held[index]
    side = SIDE[card]
    if side == "gandalf":
        return not state.gandalf_token
    # Harder variant: a friend card serves only the seat that took it (MD-A36).
    return not state.without_protection or state.holder[index] == state.seat


def card_uses(state: MountDoomState, window: int) -> list[Action]:
    """Every ``use`` action possible in ``window`` for the active player."""
    cards = WINDOW_CARDS.get(window)
    found: list[Action] = []
    if cards is None or cards.isdisjoint(state.held):
        return found
    for index, card in enumerate(state.held):
        if card in cards and may_use(state, index):
            found.extend(uses_of(state, card, window))
    return found


def uses_of(state: MountDoomState, card: str, window: int) -> list[Action]:
    """The ``use`` actions of one card in ``window`` (empty when it has no effect there)."""
    kind = KIND[card]
    final = state.stage == FINAL_STAGE
    if kind == "treebeard":
        if window not in ANYTIME_WINDOWS:
            return []
        options: list[Action] = []
        if state.resolve < TRACK_TOP:
            options.append(Use(card, "resolve"))
        if not final and state.leader and not state.treebeard_token:
            options.append(Use(card, "isengard"))
        return options
    if kind == "theoden":
        if window not in ANYTIME_WINDOWS or final:
            return []
        return [
            Use(card, FIGURES[f])
            for f in range(1, 5)
            if state.pos[f] != RALLY and state.pos[f] < MORGUL
        ]
    if kind == "faramir":
        return [Use(card, str(n)) for n in FARAMIR_STEPS] if window in START_WINDOWS else []
    if kind == "support":
        return [Use(card)] if window == Ask.START else []
    if kind == "elrond":
        if window not in ROLL_WINDOWS:
            return []
        labels = dict.fromkeys(
            die_label(name, face)
            for name, face in zip(state.rolled_dice, state.rolled, strict=True)
        )
        return [Use(card, label) for label in labels]
    if kind == "power":
        if not (
            window in (Ask.KEEP1, Ask.KEEP2) or (window == Ask.ROLLED and state.ask_a == RK_FINAL)
        ):
            return []
        faces = dict.fromkeys(
            face
            for name, face in zip(state.rolled_dice, state.rolled, strict=True)
            if name == "black"
        )
        return [Use(card, f"black{v}:{f}") for v in faces for f in range(1, 7) if f != v]
    if kind == "trick":
        if not (
            window in (Ask.KEEP1, Ask.KEEP2, Ask.SUPPORT)
            or (window == Ask.ROLLED and state.ask_a == RK_DENETHOR)
        ):
            return []
        return [
            Use(card, f"{name}:{f}")
            for name, face in zip(state.rolled_dice, state.rolled, strict=True)
            if name in COLOURS
            for f in range(1, 7)
            if f != face
        ]
    if kind == "eowyn":
        ok = window == Ask.ROLLED and state.ask_a == RK_WITCH_KING and EOWYN_FACE in state.rolled
        return [Use(card)] if ok and not state.witch_king_defeated else []
    if kind == "eomer":
        return [Use(card)] if window == Ask.BATTLE else []
    if kind == "galadriel":
        ok = window == Ask.BATTLE and state.resolve < GALADRIEL_SPACE
        return [Use(card)] if ok else []
    if kind == "arwen":
        return [Use(card)] if window == Ask.EVENT else []
    if kind == "boromir":
        return [Use(card)] if window == Ask.BOROMIR else []
    if kind == "wrath":
        card_left = bool(state.last_card) and state.last_card in state.row
        ok = window == Ask.AFTER_DIE and state.ask_a == 1 and card_left
        return [Use(card)] if ok else []
    if kind == "vision":
        return [Use(card)] if window == Ask.STAGE else []
    return []


def spends(state: MountDoomState) -> list[Action]:
    """Gandalf cards that may be given up to win a battle on the Gandalf face (MD-A19)."""
    if state.gandalf_token:
        return []
    return [Spend(card) for card in state.held if SIDE[card] == "gandalf"]


def open_window(state: MountDoomState, window: int, a: int = 0, b: int = 0) -> bool:
    """Pause at ``window`` if some card can be used there; say whether it paused."""
    held = state.held
    if not held:
        return False
    if window == _FACE:
        if state.gandalf_token or GANDALF_SIDE.isdisjoint(held):
            return False
    elif WINDOW_CARDS[window].isdisjoint(held):
        return False  # no card of a kind that this window serves
    state.pending, state.ask_a, state.ask_b = window, a, b
    if spends(state) if window == _FACE else card_uses(state, window):
        return True
    state.pending = Ask.NONE
    return False


def window_still_open(state: MountDoomState) -> bool:
    """After a card was used in a pure window: is any card left to use in it?"""
    window = state.pending
    if window not in PURE_WINDOWS:
        return True
    return bool(spends(state) if window == Ask.FACE else card_uses(state, window))
