"""The Book's observation: one seat's hand, what it knows of the others, and the chapter's board.

The board differs from chapter to chapter, so each chapter has its own layout (its key is the
chapter number): the ``pieces`` and ``counters`` segments list that chapter's pieces and
counters, each placed by a one-hot over that chapter's spaces. Everything else has the same
place in every chapter. Seats are counted from the observer (0 is the observer, 1 the next
seat in turn order); blocks for absent seats stay zero.

What a seat knows of another hand is the cards it saw go into it and has not seen leave
(``AdventureBookState.known``): a card it gave in a trade, one it saw taken from the discards.
Hidden from it, as in :func:`.view.build_view`: the rest of the other hands, the order and
contents of the decks, and the faces of face-down counters. Every Story card of one kind is
the same card to a player, so hands count cards by *token* (the kind, or the Special card).
"""

from __future__ import annotations

import functools
import zlib
from array import array
from collections.abc import Hashable

from ringbearer_engine.actions import Action
from ringbearer_engine.observation import Layout, LayoutBuilder, Memo, Observer, one_hot

from .actions import Answer, Trade
from .chapters import page
from .content import EYE_CARDS, KINDS, PLOT_CARD_VALUES, SPECIAL_CARDS, TOKEN
from .rules.corruption import TRACK
from .rules.knowledge import known_held
from .rules.turn import MAX_SEATS
from .state import AdventureBookState

TOKENS = (*KINDS, *(card.id for card in SPECIAL_CARDS))
TOKEN_COUNT = len(TOKENS)
TOKEN_INDEX = {token: n for n, token in enumerate(TOKENS)}
CARD_INDEX = {card: TOKEN_INDEX[token] for card, token in TOKEN.items()}
"""Card id -> its token's place (Story cards of one kind share it)."""
EYE_INDEX = {card.id: n for n, card in enumerate(EYE_CARDS)}
PLOT_VALUES = tuple(value.value for value in PLOT_CARD_VALUES)
PLOT_INDEX = {value: n for n, value in enumerate(PLOT_VALUES)}
PHASES = ("move", "story", "plot", "limit")
PENDING_KINDS = ("drop", "steps", "ask", "answer", "take", "choose", "reward")
FLAG_BUCKETS = 16
"""Chapter flags are free-form names, so each is summed into a bucket chosen by its CRC-32."""
CHAPTERS = 8


PHASE_INDEX = {phase: n for n, phase in enumerate(PHASES)}
PENDING_INDEX = {kind: n for n, kind in enumerate(PENDING_KINDS)}
EYE_SPACE_INDEX = {space: n for n, space in enumerate(TRACK.eyes)}
ORDER = {
    seats: tuple(tuple((seat + k) % seats for k in range(seats)) for seat in range(seats))
    for seats in range(1, MAX_SEATS + 1)
}
"""ORDER[seats][seat]: the seats in turn order from ``seat``."""
PiecesKey = tuple[tuple[tuple[str, str], ...], tuple[str, ...]]
CountersKey = tuple[tuple[tuple[str, str], ...], tuple[str, ...], tuple[str, ...]]


@functools.cache
def flag_bucket(name: str) -> int:
    return zlib.crc32(name.encode()) % FLAG_BUCKETS


def _count_tokens(cards: tuple[str, ...], out: array[float]) -> None:
    for card in cards:
        out[CARD_INDEX[card]] += 1


TOKENS_MEMO = Memo(TOKEN_COUNT, _count_tokens)
"""Cards (a hand, a pile) counted by token."""


def _count_plots(values: tuple[int, ...], out: array[float]) -> None:
    for value in values:
        out[PLOT_INDEX[value]] += 1


PLOTS_MEMO = Memo(len(PLOT_VALUES), _count_plots)
KNOWN_KEY = tuple(tuple(f"{seat}>{n}" for n in range(MAX_SEATS)) for seat in range(MAX_SEATS))
"""KNOWN_KEY[observer][holder]: the key of ``AdventureBookState.known`` (``rules/knowledge.py``)."""


def _add_fixed(b: LayoutBuilder) -> None:
    """The segments every chapter has, in the same place: all but the board's."""
    b.add("seat", MAX_SEATS, "one-hot: the observing seat")
    b.add("players", MAX_SEATS, "one-hot: the number of players, 1 to 4")
    b.add("chapter", CHAPTERS, "one-hot: the chapter")
    b.add(
        "turn",
        4 + len(PHASES) + 3,
        "the turn number; single steps left; steps taken in the movement step; trades "
        "left; one-hot of the phase (move, story, plot, limit); the chapter is over; won; "
        "lost",
    )
    b.add(
        "seats",
        MAX_SEATS * 5,
        "per seat counted from the observer: it is active; it decides now; it is "
        "helping; it was asked for help this turn; cards in its hand",
    )
    b.add("hand", TOKEN_COUNT, f"the observer's hand by token ({', '.join(TOKENS)})")
    b.add(
        "known",
        (MAX_SEATS - 1) * TOKEN_COUNT,
        "per other seat counted from the observer (1 to 3): the cards the observer saw "
        "go into its hand, by token",
    )
    b.add("solo_hand", TOKEN_COUNT, "the face-up solo hand, by token")
    b.add("story_discard", TOKEN_COUNT, "the Story discard pile, by token")
    b.add(
        "piles",
        5,
        "cards in the Story deck; in the Special deck; Special cards won; Plot cards in "
        "the deck; Eye cards in the deck",
    )
    b.add("plot_discard", len(PLOT_VALUES), "the Plot discard pile: cards of each value")
    b.add("plot_value", len(PLOT_VALUES) + 1, "one-hot: the Plot card resolved (none, 1…)")
    b.add("effects_left", 1, "effects of this Plot Chart entry still to resolve")
    b.add("used_eye_cards", len(EYE_CARDS), "Eye of Sauron cards gone from the campaign")
    b.add("corruption", TRACK.last + 1, f"one-hot: the Corruption marker, 0 to {TRACK.last}")
    b.add("fired_eyes", len(TRACK.eyes), "each eye space of the track has fired")
    b.add(
        "pending",
        len(PENDING_KINDS) + MAX_SEATS + 2 + TOKEN_COUNT + 1,
        "the first waiting decision: one-hot kind (drop, steps, ask, answer, take, "
        "choose, reward); one-hot of its seat counted from the observer; amount; from "
        "the solo hand; one-hot of the token asked for in a trade, then: any",
    )
    b.add("flags", FLAG_BUCKETS, "chapter flags, each added into bucket crc32(name) % 16")


_FIXED = LayoutBuilder("adventure-book", 0, "fixed")
_add_fixed(_FIXED)
_FIXED_AT = {segment.name: segment.start for segment in _FIXED.build().segments}
_SEAT = _FIXED_AT["seat"]
_PLAYERS = _FIXED_AT["players"]
_CHAPTER = _FIXED_AT["chapter"]
_TURN = _FIXED_AT["turn"]
_SEATS = _FIXED_AT["seats"]
_HAND = _FIXED_AT["hand"]
_KNOWN = _FIXED_AT["known"]
_SOLO_HAND = _FIXED_AT["solo_hand"]
_STORY_DISCARD = _FIXED_AT["story_discard"]
_PILES = _FIXED_AT["piles"]
_PLOT_DISCARD = _FIXED_AT["plot_discard"]
_PLOT_VALUE = _FIXED_AT["plot_value"]
_EFFECTS_LEFT = _FIXED_AT["effects_left"]
_USED_EYE_CARDS = _FIXED_AT["used_eye_cards"]
_CORRUPTION = _FIXED_AT["corruption"]
_FIRED_EYES = _FIXED_AT["fired_eyes"]
_PENDING = _FIXED_AT["pending"]
_FLAGS = _FIXED_AT["flags"]


class _Chapter:
    """One chapter's layout and lookup tables."""

    def __init__(self, number: int) -> None:
        chapter = page(number).chapter
        self.places = tuple(space.id for space in chapter.spaces)
        self.place_index = {place: n for n, place in enumerate(self.places)}
        self.pieces = tuple(piece.id for piece in chapter.pieces)
        self.piece_index = {piece: n for n, piece in enumerate(self.pieces)}
        self.counters = tuple(counter.id for counter in chapter.counters)
        self.challenges = tuple(challenge.id for challenge in chapter.challenges)
        self.challenge_index = {c: n for n, c in enumerate(self.challenges)}
        self.where = len(self.places) + 2
        """A piece's or counter's one-hot: each space, then off the board, then elsewhere."""
        names = (*TOKENS, *self.places, *self.pieces, *self.counters)
        self.option_index = {name: n for n, name in enumerate(dict.fromkeys(names))}
        self.options = len(self.option_index) + 1
        self.layout = self._layout(number)
        self.at = {segment.name: segment.start for segment in self.layout.segments}
        self.pieces_memo: Memo[PiecesKey] = Memo(len(self.pieces) * (self.where + 1), self._pieces)
        self.counters_memo: Memo[CountersKey] = Memo(
            len(self.counters) * (self.where + 2), self._counters
        )

    def _place(self, space: str) -> int:
        if not space:
            return self.where - 2
        return self.place_index.get(space, self.where - 1)

    def _pieces(self, key: PiecesKey, out: array[float]) -> None:
        pieces, down = dict(key[0]), key[1]
        for n, piece in enumerate(self.pieces):
            start = n * (self.where + 1)
            out[start + self._place(pieces.get(piece, ""))] = 1
            out[start + self.where] = piece in down

    def _counters(self, key: CountersKey, out: array[float]) -> None:
        counters, face_down, turned = dict(key[0]), key[1], key[2]
        for n, counter in enumerate(self.counters):
            start = n * (self.where + 2)
            out[start + self._place(counters.get(counter, ""))] = 1
            out[start + self.where] = counter in face_down
            out[start + self.where + 1] = counter in turned

    def _layout(self, number: int) -> Layout:
        b = LayoutBuilder("adventure-book", AdventureBookObserver.version, f"chapter-{number}")
        _add_fixed(b)
        b.add(
            "pieces",
            len(self.pieces) * (self.where + 1),
            f"per piece ({', '.join(self.pieces)}): one-hot of its space "
            f"({', '.join(self.places)}), off the board, elsewhere; then: lying down",
        )
        b.add(
            "counters",
            len(self.counters) * (self.where + 2),
            f"per counter ({', '.join(self.counters)}): one-hot of its space as for pieces "
            "(off the board: in the supply); face down; turned to its other side",
        )
        b.add("completed", len(self.challenges), "each Challenge is completed")
        b.add(
            "pending_options",
            self.options,
            "the options of a take or choose decision: each token, space, piece and "
            "counter of the chapter; then: any other",
        )
        return b.build()


class AdventureBookObserver(Observer[AdventureBookState]):
    game_id = "adventure-book"
    version = 1

    def __init__(self) -> None:
        super().__init__()
        self._chapters: dict[int, _Chapter] = {}

    def _chapter(self, number: int) -> _Chapter:
        made = self._chapters.get(number)
        if made is None:
            made = self._chapters[number] = _Chapter(number)
        return made

    def layout_key(self, state: AdventureBookState) -> Hashable:
        return state.chapter

    def make_layout(self, state: AdventureBookState) -> Layout:
        return self._chapter(state.chapter).layout

    def fill(self, state: AdventureBookState, seat: int, out: array[float], layout: Layout) -> None:
        # Written for speed (a research loop encodes every step): the parts that change
        # seldom come from memos in one slice each.
        chapter = self._chapter(state.chapter)
        at = chapter.at
        seats = len(state.players)
        out[_SEAT + seat] = 1
        out[_PLAYERS + seats - 1] = 1
        out[_CHAPTER + state.chapter - 1] = 1
        base = _TURN
        out[base] = state.turn
        out[base + 1] = state.steps
        out[base + 2] = state.moved
        out[base + 3] = state.trades
        phase = PHASE_INDEX.get(state.phase)
        if phase is not None:
            out[base + 4 + phase] = 1
        if state.result:
            out[base + 4 + len(PHASES)] = 1
            out[base + 5 + len(PHASES) + (0 if state.result == "won" else 1)] = 1
        deciding = _to_move(state)
        base = _SEATS
        hands = state.hands
        for n in ORDER[seats][seat]:
            out[base] = n == state.seat
            out[base + 1] = n == deciding
            out[base + 2] = n == state.helper
            out[base + 3] = n in state.helped
            out[base + 4] = len(hands[n])
            base += 5
        start = _HAND
        hand = tuple(hands[seat])
        out[start : start + TOKEN_COUNT] = TOKENS_MEMO.get(hand) or TOKENS_MEMO(hand)
        if state.known:
            base = _KNOWN
            for other, n in enumerate(ORDER[seats][seat][1:]):
                held = state.known.get(KNOWN_KEY[seat][n])
                if held:
                    start = base + other * TOKEN_COUNT
                    cards = tuple(held)
                    out[start : start + TOKEN_COUNT] = TOKENS_MEMO.get(cards) or TOKENS_MEMO(cards)
        if state.solo:
            start = _SOLO_HAND
            out[start : start + TOKEN_COUNT] = TOKENS_MEMO(tuple(state.solo))
        if state.story_discard:
            start = _STORY_DISCARD
            discard = tuple(state.story_discard)
            out[start : start + TOKEN_COUNT] = TOKENS_MEMO.get(discard) or TOKENS_MEMO(discard)
        base = _PILES
        out[base] = len(state.story_deck)
        out[base + 1] = len(state.special_deck)
        out[base + 2] = len(state.won_specials)
        out[base + 3] = len(state.plot_deck)
        out[base + 4] = len(state.eye_deck)
        base = _PLOT_DISCARD
        if state.plot_discard:
            plots = tuple(state.plot_discard)
            out[base : base + len(PLOT_VALUES)] = PLOTS_MEMO.get(plots) or PLOTS_MEMO(plots)
        out[_PLOT_VALUE + (PLOT_INDEX[state.plot_value] + 1 if state.plot_value else 0)] = 1
        out[_EFFECTS_LEFT] = len(state.effects_left)
        base = _USED_EYE_CARDS
        for card in state.used_eye_cards:
            out[base + EYE_INDEX[card]] = 1
        out[_CORRUPTION + min(state.corruption, TRACK.last)] = 1
        base = _FIRED_EYES
        for eye in state.fired_eyes:
            one_hot(out, base, EYE_SPACE_INDEX.get(eye, -1))
        start = at["pieces"]
        pieces = (tuple(state.pieces.items()), tuple(state.down))
        placed = chapter.pieces_memo
        out[start : start + placed.size] = placed.get(pieces) or placed(pieces)
        start = at["counters"]
        counters = (
            tuple(state.counters.items()),
            tuple(state.face_down),
            tuple(state.turned),
        )
        laid = chapter.counters_memo
        out[start : start + laid.size] = laid.get(counters) or laid(counters)
        base = at["completed"]
        for challenge in state.completed:
            one_hot(out, base, chapter.challenge_index.get(challenge, -1))
        if state.pending:
            self._pending(state, seat, out, chapter)
        if state.flags:
            base = _FLAGS
            for name, value in state.flags.items():
                out[base + flag_bucket(name)] += value

    def _pending(
        self, state: AdventureBookState, seat: int, out: array[float], chapter: _Chapter
    ) -> None:
        first = state.pending[0]
        base = _PENDING
        one_hot(out, base, PENDING_INDEX.get(first.kind, -1))
        base += len(PENDING_KINDS)
        out[base + (first.seat - seat) % len(state.players)] = 1
        base += MAX_SEATS
        out[base] = first.amount
        out[base + 1] = first.solo
        if first.ask:
            out[base + 2 + TOKEN_INDEX.get(first.ask, TOKEN_COUNT)] = 1
        if first.kind in ("choose", "take"):
            base = chapter.at["pending_options"]
            for option in first.options:
                out[base + chapter.option_index.get(option, chapter.options - 1)] += 1

    def string(self, state: AdventureBookState, seat: int) -> str:
        seats = len(state.players)
        deciding = _to_move(state)
        lines = [
            f"seat {seat} of {seats}; chapter {state.chapter}; turn {state.turn}; phase "
            f"{state.phase}; active {state.seat}; to move {deciding}; helper {state.helper}; "
            f"helped {state.helped}; steps {state.steps} moved {state.moved} trades "
            f"{state.trades}" + (f"; over: {state.result}" if state.result else ""),
            f"hand {' '.join(sorted(_tokens(state.hands[seat]))) or '-'}; hand sizes "
            f"{[len(hand) for hand in state.hands]}",
        ]
        for other in range(seats):
            if other != seat:
                held = known_held(state, seat, other)
                if held:
                    lines.append(f"known in seat {other}: {' '.join(sorted(_tokens(held)))}")
        if state.solo:
            lines.append(f"solo hand {' '.join(sorted(_tokens(state.solo)))}")
        lines.append(
            f"story deck {len(state.story_deck)}; discard "
            f"{' '.join(_tokens(state.story_discard)) or '-'}; special deck "
            f"{len(state.special_deck)}; won specials {len(state.won_specials)}; plot deck "
            f"{len(state.plot_deck)}; plot discard {state.plot_discard}; plot "
            f"{state.plot_value} ({len(state.effects_left)} effects left); eye deck "
            f"{len(state.eye_deck)}; used eyes {' '.join(state.used_eye_cards) or '-'}"
        )
        lines.append(f"corruption {state.corruption}; fired eyes {state.fired_eyes}")
        lines.append(
            "pieces "
            + " ".join(f"{piece}={space}" for piece, space in sorted(state.pieces.items()))
            + (f"; down {' '.join(state.down)}" if state.down else "")
        )
        lines.append(
            "counters "
            + " ".join(
                f"{counter}={space or 'supply'}"
                + ("(down)" if counter in state.face_down else "")
                + ("(turned)" if counter in state.turned else "")
                for counter, space in sorted(state.counters.items())
            )
        )
        lines.append(
            f"completed {' '.join(state.completed) or '-'}; "
            f"flags {dict(sorted(state.flags.items()))}"
        )
        if state.pending:
            first = state.pending[0]
            options = first.options if first.kind in ("choose", "take") else []
            lines.append(
                f"pending {first.kind} seat {first.seat} amount {first.amount}"
                f"{' solo' if first.solo else ''}{f' ask {first.ask}' if first.ask else ''}"
                f"{f' options {options}' if options else ''}"
            )
        return "\n".join(lines)

    def action_seen(self, state: AdventureBookState, action: Action, seat: int) -> str:
        """A card handed over in a trade is seen by the two seats in it; the others see only
        that a card changed hands."""
        if isinstance(action, Trade) and seat not in (_to_move(state), action.seat):
            return f"trade {action.seat} (a card)"
        if isinstance(action, Answer) and state.pending:
            first = state.pending[0]
            if seat not in (first.seat, first.partner):
                return "answer (a card)"
        return str(action)


def _to_move(state: AdventureBookState) -> int:
    if state.result:
        return -1
    if state.pending:
        return state.pending[0].seat
    return state.helper if state.helper >= 0 else state.seat


def _tokens(cards: list[str]) -> list[str]:
    return [TOKEN.get(card, card) for card in cards]
