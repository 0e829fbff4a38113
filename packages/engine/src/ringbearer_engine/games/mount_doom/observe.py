"""Mount Doom's observation: the table as every seat sees it, as a flat tensor and as text.

Nobody holds a private hand, so every seat sees the same table; only the ``seat`` segment and
the seat-relative segments (the active seat, who holds a card) change with the observer.
Seats are counted from the observer: 0 is the observer, 1 the next seat in turn order.
Face-down cards, the order of the decks and the Gandalf stack, and the cards boxed unseen appear
only as counts, as in :func:`.view.view`. One layout serves every option and seat count.
"""

from __future__ import annotations

import struct
from array import array
from operator import attrgetter

from ringbearer_engine.observation import Layout, LayoutBuilder, Memo, Observer

from .content import (
    ALL_CARD_IDS,
    BATTLE_DIE,
    BLACK_DIE,
    COLOURS,
    DECKS,
    FIGURES,
    MOUNT_DOOM,
    NAZGUL_SPACES,
    RALLY,
    STAGES,
    TRACK_TOP,
)
from .state import WON, Ask, MountDoomState
from .view import ASK_NAMES

VERSION = 1
"""Raised whenever a segment moves."""
MAX_SEATS = 4
ROLLED_DICE = max(len(COLOURS), NAZGUL_SPACES)
"""The most dice one roll shows: the Witch-king rolls a black die per Nazgûl at Minas Morgul
(up to nine); Gandalf's Support rolls five."""
CARD_INDEX = {card: n for n, card in enumerate(ALL_CARD_IDS)}
CARDS = len(ALL_CARD_IDS)
PLACES = MOUNT_DOOM + 2
"""Route spaces 0 (Rivendell) to Mount Doom, then the rally space."""
DIE_KINDS = (BLACK_DIE, *COLOURS, BATTLE_DIE)
DIE_INDEX = {name: n for n, name in enumerate(DIE_KINDS)}
ASKS = max(ASK_NAMES) + 1
LATER_DECKS = tuple(
    sum(len(DECKS[s]) for s in range(k + 1, len(STAGES))) for k in range(len(STAGES))
)
"""Cards in the decks of the stages after each stage (their order is shuffled later)."""


NUMBERS = (
    ("turn", "the turn number"),
    ("stage_done", "the Ring-bearer stands on this stage's goal"),
    ("witch_king_defeated", "the Witch-king is defeated"),
    ("leader", "the Uruk-hai leader stands at Isengard"),
    ("treebeard_token", "Treebeard's token is out"),
    ("gandalf_token", "the Gandalf token blocks Gandalf cards"),
    ("uruk", "Uruk-hai warriors at Isengard"),
    ("ask_a", "the decision's first number (a figure, a die, a kind of roll…)"),
    ("ask_b", "the decision's second number"),
    ("battles_won", "battles won in this encounter"),
    ("battle_streak", "battles won in a row"),
    ("eomer_won", "Éomer won the coming battle"),
    ("shelob_hold", "Shelob holds the Ring-bearer"),
    ("battle_removed", "an Uruk-hai already left Isengard in this encounter"),
    ("friends_in_need", "the Friends in Need variant is played"),
    ("without_protection", "the Without Protection variant is played"),
)
"""The state's numbers and flags stored as they are, in this order (the ``numbers`` segment)."""
_READ_NUMBERS = attrgetter(*(name for name, _ in NUMBERS))
_WRITE_NUMBERS = struct.Struct(f"={len(NUMBERS)}f").pack_into
"""One C call each to read the numbers off the state and to write them into the tensor."""


def _layout() -> Layout:
    b = LayoutBuilder("mount-doom", VERSION, "all")
    b.add("seat", MAX_SEATS, "one-hot: the observing seat")
    b.add("players", MAX_SEATS, "one-hot: the number of players, 1 to 4")
    b.add("active", MAX_SEATS, "one-hot: the active seat, counted from the observer")
    b.add("over", 2, "the match is over; the Ring was destroyed")
    b.add(
        "numbers",
        len(NUMBERS),
        "; ".join(f"{meaning} (`{name}`)" for name, meaning in NUMBERS),
    )
    b.add("stage", len(STAGES), "one-hot: the stage being played (Lothlórien … Mount Doom)")
    b.add(
        "figures",
        len(FIGURES) * PLACES,
        f"per figure ({', '.join(FIGURES)}): one-hot of its space, 0 to {MOUNT_DOOM}, "
        "then the rally space",
    )
    b.add("resolve", TRACK_TOP + 1, f"one-hot: the resolve track, 0 to {TRACK_TOP}")
    b.add("nazgul", NAZGUL_SPACES + 1, f"one-hot: Nazgûl at Minas Morgul, 0 to {NAZGUL_SPACES}")
    b.add(
        "row",
        6 * (2 + CARDS),
        "per slot 1 to 6: occupied, face up, then one-hot of the card when everybody knows it",
    )
    b.add("army_covers", CARDS + 1, "one-hot: the face-up card the Army covers; then: a hidden one")
    b.add(
        "held",
        MAX_SEATS * CARDS,
        "per seat counted from the observer: the friend and Gandalf cards in front of it",
    )
    b.add("piles", 3, "cards in the Gandalf stack; cards boxed unseen; cards in later decks")
    b.add("box", CARDS, "the cards in the box that everybody saw")
    b.add(
        "tray",
        2 * (7 + len(COLOURS) + 1),
        "per tray side: one-hot of the black die (0: resolved), one-hot of the companion "
        "die's colour, its pips",
    )
    b.add("spare", len(COLOURS), "one-hot: the companion die to be rolled again")
    b.add(
        "rolled",
        ROLLED_DICE * (len(DIE_KINDS) + 1),
        "per die of the roll just made: one-hot of the die (black, the five colours, "
        "battle), then its face (a battle face by its index)",
    )
    b.add("pending", ASKS, "one-hot: the decision being made (`Ask`)")
    b.add("vision", CARDS, "one-hot: the card Gandalf's Vision shows")
    b.add(
        "battle",
        5,
        "while a battle is on: its kind one-hot (plain, one Uruk-hai, the Mouth); battles "
        "left; battle number",
    )
    return b.build()


LAYOUT = _layout()
_AT = {segment.name: segment.start for segment in LAYOUT.segments}
PLAYERS, ACTIVE, OVER, NUMBERS_AT, STAGE, FIGURES_AT, RESOLVE, NAZGUL, ROW, HELD = (
    _AT[name]
    for name in (
        "players",
        "active",
        "over",
        "numbers",
        "stage",
        "figures",
        "resolve",
        "nazgul",
        "row",
        "held",
    )
)
PILES, BOX, TRAY, SPARE, ROLLED, PENDING, VISION, BATTLE = (
    _AT[name] for name in ("piles", "box", "tray", "spare", "rolled", "pending", "vision", "battle")
)
SLOT_SIZE = 2 + CARDS
TRAY_SIDE = 8 + len(COLOURS)
DIE_SIZE = len(DIE_KINDS) + 1

RowKey = tuple[tuple[str, ...], tuple[bool, ...], int, str, bool]
HeldKey = tuple[tuple[str, ...], tuple[int, ...], int, int]


def _figures(pos: tuple[int, ...], out: array[float]) -> None:
    for figure, place in enumerate(pos):
        out[figure * PLACES + (PLACES - 1 if place == RALLY else place)] = 1


def _row(key: RowKey, out: array[float]) -> None:
    """The ``row`` and ``army_covers`` segments, which lie side by side."""
    row, up, known, army_under, army_under_up = key
    for slot, card in enumerate(row):
        if card:
            start = slot * SLOT_SIZE
            out[start] = 1
            out[start + 1] = up[slot]
            if up[slot] or slot == known:
                out[start + 2 + CARD_INDEX[card]] = 1
    if army_under:
        out[6 * SLOT_SIZE + (CARD_INDEX[army_under] if army_under_up else CARDS)] = 1


def _held(key: HeldKey, out: array[float]) -> None:
    held, holders, seat, seats = key
    for card, holder in zip(held, holders, strict=True):
        out[((holder - seat) % seats) * CARDS + CARD_INDEX[card]] += 1


def _box(box: tuple[str, ...], out: array[float]) -> None:
    for card in box:
        out[CARD_INDEX[card]] += 1


def _rolled(key: tuple[tuple[str, ...], tuple[int, ...]], out: array[float]) -> None:
    start = 0
    for name, face in zip(*key, strict=True):
        out[start + DIE_INDEX[name]] = 1
        out[start + DIE_SIZE - 1] = face
        start += DIE_SIZE


ROLLED_MEMO: Memo[tuple[tuple[str, ...], tuple[int, ...]]] = Memo(ROLLED_DICE * DIE_SIZE, _rolled)
FIGURES_MEMO = Memo(len(FIGURES) * PLACES, _figures)
ROW_MEMO: Memo[RowKey] = Memo(6 * SLOT_SIZE + CARDS + 1, _row)
HELD_MEMO: Memo[HeldKey] = Memo(MAX_SEATS * CARDS, _held)
BOX_MEMO = Memo(CARDS, _box)


class MountDoomObserver(Observer[MountDoomState]):
    game_id = "mount-doom"
    version = VERSION
    single_layout = LAYOUT

    def fill(self, state: MountDoomState, seat: int, out: array[float], layout: Layout) -> None:
        # Written for speed (a research loop encodes every step): the numbers are read and
        # written in one C call each, the parts that change seldom come from memos in one
        # slice each, offsets are module constants, and only nonzero values are written.
        seats = len(state.players)
        out[seat] = 1
        out[PLAYERS + seats - 1] = 1
        result = state.result
        if result:
            out[OVER] = 1
            if result == WON:
                out[OVER + 1] = 1
        else:
            out[ACTIVE + (state.seat - seat) % seats] = 1
        _WRITE_NUMBERS(out, 4 * NUMBERS_AT, *_READ_NUMBERS(state))
        out[STAGE + state.stage] = 1
        pos = tuple(state.pos)
        out[FIGURES_AT:RESOLVE] = FIGURES_MEMO.get(pos) or FIGURES_MEMO(pos)
        resolve = state.resolve
        out[RESOLVE + (0 if resolve < 0 else TRACK_TOP if resolve > TRACK_TOP else resolve)] = 1
        out[NAZGUL + state.nazgul] = 1
        row = (
            tuple(state.row),
            tuple(state.up),
            state.known_slot,
            state.army_under,
            state.army_under_up,
        )
        out[ROW:HELD] = ROW_MEMO.get(row) or ROW_MEMO(row)
        if state.held:
            held = (tuple(state.held), tuple(state.holder), seat, seats)
            out[HELD:PILES] = HELD_MEMO.get(held) or HELD_MEMO(held)
        out[PILES] = len(state.gandalf_stack)
        out[PILES + 1] = len(state.unseen)
        out[PILES + 2] = LATER_DECKS[state.stage]
        if state.box:
            box = tuple(state.box)
            out[BOX:TRAY] = BOX_MEMO.get(box) or BOX_MEMO(box)
        black, figure = state.tray_black, state.tray_figure
        out[TRAY + black[0]] = 1
        out[TRAY + TRAY_SIDE + black[1]] = 1
        if figure[0] >= 0:
            out[TRAY + 7 + figure[0]] = 1
            out[TRAY + TRAY_SIDE - 1] = state.tray_pips[0]
        if figure[1] >= 0:
            out[TRAY + TRAY_SIDE + 7 + figure[1]] = 1
            out[TRAY + 2 * TRAY_SIDE - 1] = state.tray_pips[1]
        if state.spare >= 0:
            out[SPARE + state.spare] = 1
        if state.rolled:
            rolled = (tuple(state.rolled_dice), tuple(state.rolled))
            out[ROLLED:PENDING] = ROLLED_MEMO.get(rolled) or ROLLED_MEMO(rolled)
        pending = state.pending
        out[PENDING + pending] = 1
        if pending == Ask.VISION and state.next_deck:
            out[VISION + CARD_INDEX[state.next_deck[0]]] = 1
        if state.battle_card or state.battles_left or state.battle_number:
            out[BATTLE + state.battle_kind] = 1
            out[BATTLE + 3] = state.battles_left
            out[BATTLE + 4] = state.battle_number

    def __init__(self) -> None:
        super().__init__()
        from .observe_fast import tensor  # built from this module's tables

        self._fast = tensor

    def tensor(self, state: MountDoomState, seat: int) -> array[float]:
        """The floats :meth:`fill` writes, joined from bytes made once (see
        :mod:`.observe_fast`): quicker in random play, where the memos of `fill` mostly miss."""
        return self._fast(state, seat)

    def string(self, state: MountDoomState, seat: int) -> str:
        seats = len(state.players)
        row = [_slot_text(state, slot) for slot in range(6)]
        if state.army_under:
            row.append(f"army covers {state.army_under if state.army_under_up else '?'}")
        held = [
            f"{card}@{(holder - seat) % seats}"
            for card, holder in zip(state.held, state.holder, strict=True)
        ]
        tray = [
            f"{state.tray_black[side]}/{_colour(state.tray_figure[side])}+{state.tray_pips[side]}"
            for side in (0, 1)
        ]
        rolled = [
            f"{die}:{face}" for die, face in zip(state.rolled_dice, state.rolled, strict=True)
        ]
        markers = _words(
            ("witch-king-defeated", state.witch_king_defeated),
            ("leader", state.leader),
            ("treebeard-token", state.treebeard_token),
            ("gandalf-token", state.gandalf_token),
        )
        battle = _words(
            ("eomer", state.eomer_won),
            ("shelob", state.shelob_hold),
            ("removed", state.battle_removed),
        )
        options = _words(
            ("friends-in-need", state.friends_in_need),
            ("without-protection", state.without_protection),
        )
        vision = state.next_deck[0] if state.pending == Ask.VISION and state.next_deck else "-"
        active = (
            f"over: {state.result}" if state.result else f"active +{(state.seat - seat) % seats}"
        )
        lines = [
            f"seat {seat} of {seats}; turn {state.turn}; stage {STAGES[state.stage]}"
            f"{' (goal reached)' if state.stage_done else ''}; {active}",
            "figures " + " ".join(f"{FIGURES[f]}={p}" for f, p in enumerate(state.pos)),
            f"resolve {state.resolve}; nazgul {state.nazgul}; uruk {state.uruk}; {markers}",
            "row " + " ".join(row),
            f"held {' '.join(held) or '-'}; gandalf stack {len(state.gandalf_stack)}; "
            f"unseen {len(state.unseen)}; box {' '.join(state.box) or '-'}",
            f"tray {' '.join(tray)}; spare {_colour(state.spare)}; "
            f"rolled {' '.join(rolled) or '-'}",
            f"pending {ASK_NAMES.get(state.pending, 'none')} {state.ask_a} {state.ask_b}; "
            f"vision {vision}; battle {state.battle_kind}/{state.battles_left}/"
            f"{state.battle_number}/{state.battles_won}/{state.battle_streak} {battle}",
            f"options {options}",
        ]
        return "\n".join(lines)


def _slot_text(state: MountDoomState, slot: int) -> str:
    card = state.row[slot]
    if not card:
        return "-"
    if state.up[slot]:
        return card
    return f"({card})" if slot == state.known_slot else "?"


def _colour(figure: int) -> str:
    return COLOURS[figure] if figure >= 0 else "-"


def _words(*flags: tuple[str, bool]) -> str:
    return " ".join(word for word, on in flags if on) or "-"
