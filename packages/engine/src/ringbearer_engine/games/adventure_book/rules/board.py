"""A chapter compiled for play (:class:`Page`) and the board operations rules share.

A :class:`Page` joins a chapter's content and its rules object with lookup tables built once
(neighbours, distances, numbered spaces), so that the rules never search the content.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from ringbearer_engine.events import DISCARDED, Event

from ..actions import Deed as DeedAction
from ..actions import Move
from ..chapter import (
    Challenge,
    Chapter,
    ChapterRules,
    CounterStart,
    Deed,
    PieceStart,
    PlotEntry,
    Space,
    Track,
)
from ..events import (
    CounterMoved,
    CounterPlaced,
    CounterRemoved,
    CounterTurned,
    PieceKnockedDown,
    PieceReset,
    PieceStoodUp,
)
from ..state import AdventureBookState


class DeedOffers:
    """The ways one hand can pay for a deed, and the deed's actions on each target (a page
    keeps them per hand: :attr:`Page.payable_deeds`)."""

    __slots__ = ("_actions", "deed", "ways")

    def __init__(self, deed: str, ways: tuple[tuple[str, ...], ...]) -> None:
        self.deed = deed
        self.ways = ways
        self._actions: dict[str, tuple[DeedAction, ...]] = {}

    def on(self, aim: str) -> tuple[DeedAction, ...]:
        found = self._actions.get(aim)
        if found is None:
            found = self._actions[aim] = tuple(DeedAction(self.deed, aim, w) for w in self.ways)
        return found


class Page:
    """One chapter ready to play: content, rules and lookup tables."""

    def __init__(self, chapter: Chapter, rules: ChapterRules[Page]) -> None:
        self.chapter = chapter
        self.rules = rules
        self.spaces: dict[str, Space] = {s.id: s for s in chapter.spaces}
        self.pieces: dict[str, PieceStart] = {p.id: p for p in chapter.pieces}
        self.counters: dict[str, CounterStart] = {c.id: c for c in chapter.counters}
        self.challenges: dict[str, Challenge] = {c.id: c for c in chapter.challenges}
        self.plot: dict[int, PlotEntry] = {e.value: e for e in chapter.plot_chart}
        self.deeds: dict[str, Deed] = {d.id: d for d in chapter.deeds}
        self.tracks: dict[str, Track] = {t.id: t for t in chapter.tracks}
        self.numbered: dict[int, str] = {s.number: s.id for s in chapter.spaces if s.number}
        adjacency: dict[str, list[str]] = {s.id: [] for s in chapter.spaces}
        for a, b in chapter.links:
            adjacency[a].append(b)
            adjacency[b].append(a)
        self.adj: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in adjacency.items()}
        self.dist = {s: self._distances(s) for s in self.spaces if not self.spaces[s].track}
        self.lose_texts = {c.id: c.text for c in chapter.lose_conditions}
        self.data_losses = tuple(c for c in chapter.lose_conditions if c.when)
        """Lose conditions given as data (their requirements), checked after every action."""
        self.regions: dict[str, frozenset[str]] = {
            r.id: frozenset(r.spaces) for r in chapter.regions
        }
        # Where each piece may step from each space, before the chapter's dynamic rules:
        # no track spaces, no spaces entered by paying cards, only the pieces allowed.
        # (By piece, then by space: two look-ups of strings are cheaper than building a pair.)
        self.steps_from: dict[str, dict[str, tuple[Move, ...]]] = {
            piece: {
                here: tuple(
                    Move(piece, there)
                    for there in self.adj[here]
                    if not self.spaces[there].track
                    and not self.spaces[there].cost
                    and (not self.spaces[there].only or piece in self.spaces[there].only)
                )
                for here in self.spaces
            }
            for piece in self.pieces
        }
        self.paid_from: dict[str, tuple[str, ...]] = {
            here: tuple(t for t in self.adj[here] if self.spaces[t].cost) for here in self.spaces
        }
        # The spaces entered by paying cards that each piece may reach from each space, with
        # their costs (before the chapter's dynamic rules); only the pairs that have any.
        self.entries: dict[tuple[str, str], tuple[tuple[str, tuple[str, ...]], ...]] = {}
        for piece in self.pieces:
            for here in self.spaces:
                reachable = tuple(
                    (there, self.spaces[there].cost)
                    for there in self.paid_from[here]
                    if not self.spaces[there].only or piece in self.spaces[there].only
                )
                if reachable:
                    self.entries[(piece, here)] = reachable
        self.paid_near = frozenset(here for _, here in self.entries)
        """The spaces next to a space entered by paying cards (the rest need no look-up)."""
        self.ring_hook = (
            chapter.ring_call is not None
            or type(rules).on_ring_played is not ChapterRules.on_ring_played
        )
        """Whether the chapter reacts to One Ring cards being played (data or rules)."""
        self.enter_hook = type(rules).on_enter is not ChapterRules.on_enter
        """Whether the chapter reacts to a piece landing on a space (most do not)."""
        self.loss_checks = bool(self.data_losses) or type(rules).check is not ChapterRules.check
        """Whether anything can lose the chapter between two actions (data or rules)."""
        self.end_turn_hook = type(rules).end_turn is not ChapterRules.end_turn
        """Whether the chapter does anything when a turn ends."""
        self.dynamic_blocks = type(rules).blocked is not ChapterRules.blocked
        """Whether the chapter's rules can forbid a step at some moments (slower checks)."""
        self.blockable = rules.blockable if self.dynamic_blocks else frozenset()
        """The pieces whose steps the chapter's rules may forbid; ``None``: any of them."""
        self.carriers: dict[str, tuple[str, ...]] = {
            p.id: p.carried_by for p in chapter.pieces if p.carried_by
        }
        """Pieces that move only with one of these pieces on their space."""
        self.counter_kinds = self._counter_kinds()
        self.sides = self._sides()
        """For each kind, the counters that can show it, with whether that is their back."""
        # Built here, not on first use: a cached property adds an attribute after the page
        # is made, and Python 3.11 then loads every attribute of a page on a slower path.
        from .readiness import Readiness  # late: readiness builds on this module

        self.readiness = Readiness(self)
        """Which Challenges are ready, compiled for this page (:mod:`.readiness`)."""
        self.payable_deeds: dict[tuple[str, ...], tuple[tuple[Deed, DeedOffers], ...]] = {}
        """Per hand key, the deeds it can pay for with their offers, as
        :func:`~.deeds.deed_actions` finds them (kept: the legal actions ask every step)."""

    def _distances(self, start: str) -> dict[str, int]:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.adj[here]:
                if there not in seen and not self.spaces[there].track:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    def _counter_kinds(self) -> dict[str, tuple[str, ...]]:
        kinds: dict[str, list[str]] = {}
        for counter in self.chapter.counters:
            kinds.setdefault(counter.kind, []).append(counter.id)
        return {k: tuple(v) for k, v in kinds.items()}

    def _sides(self) -> dict[str, tuple[tuple[str, bool], ...]]:
        kinds: dict[str, list[tuple[str, bool]]] = {}
        for counter in self.chapter.counters:
            kinds.setdefault(counter.kind, []).append((counter.id, False))
            if counter.back:
                kinds.setdefault(counter.back, []).append((counter.id, True))
        return {k: tuple(v) for k, v in kinds.items()}

    def name(self, space: str) -> str:
        return self.spaces[space].name if space in self.spaces else "the supply"

    def piece_name(self, piece: str) -> str:
        return self.pieces[piece].name if piece in self.pieces else piece.title()

    def counter_name(self, counter: str) -> str:
        return self.counters[counter].name

    def carrier(self, state: AdventureBookState, piece: str) -> str | None:
        """The piece that carries ``piece`` now (the first listed on its space), ``None`` when
        none can; pieces that move on their own are their own carrier."""
        carriers = self.carriers.get(piece)
        if carriers is None:
            return piece
        here = state.pieces.get(piece)
        for carrier in carriers:
            if state.pieces.get(carrier) == here:
                return carrier
        return None

    def distance(self, a: str, b: str) -> int:
        """Steps between two spaces along the paths (large when unreachable)."""
        return self.dist.get(a, {}).get(b, 99)


def plot_odds(state: AdventureBookState) -> dict[int, float]:
    """The chance of each Plot card number this turn, from the cards not yet drawn (public:
    every drawn Plot card lies face up)."""
    if not state.plot_deck:
        return {}
    share = 1 / len(state.plot_deck)
    odds: dict[int, float] = {}
    for value in state.plot_deck:
        odds[value] = odds.get(value, 0.0) + share
    return odds


# -- pieces ----------------------------------------------------------------------------------


def pieces_on(state: AdventureBookState, space: str) -> list[str]:
    return [piece for piece, where in state.pieces.items() if where == space]


def together_space(state: AdventureBookState, pieces: Iterable[str]) -> str | None:
    """The space all of ``pieces`` share, or ``None``."""
    spots = {state.pieces.get(p) for p in pieces}
    if len(spots) != 1:
        return None
    return spots.pop()


def reset_piece(
    page: Page, state: AdventureBookState, piece: str, cause: str, events: list[Event]
) -> None:
    """Send a piece back to its starting space at once."""
    start = page.pieces[piece].start
    if start and state.pieces.get(piece) != start:
        state.pieces[piece] = start
        events.append(PieceReset(piece, page.piece_name(piece), page.name(start), cause))


def in_region(page: Page, region: str, space: str | None) -> bool:
    """Whether ``space`` belongs to the named region of the page."""
    return space in page.regions[region]


def pieces_in_region(page: Page, state: AdventureBookState, region: str) -> list[str]:
    """The character pieces standing in the named region, in board order."""
    spaces = page.regions[region]
    return [piece for piece, where in state.pieces.items() if where in spaces]


def knock_down(
    page: Page, state: AdventureBookState, piece: str, cause: str, events: list[Event]
) -> None:
    """Lay a piece on the board on its side (nothing happens if it already lies there)."""
    if piece in state.pieces and piece not in state.down:
        state.down.append(piece)
        events.append(PieceKnockedDown(piece, page.piece_name(piece), cause))


def stand_up(
    page: Page, state: AdventureBookState, piece: str, cause: str, events: list[Event]
) -> None:
    if piece in state.down:
        state.down.remove(piece)
        events.append(PieceStoodUp(piece, page.piece_name(piece), cause))


# -- counters --------------------------------------------------------------------------------


def face(state: AdventureBookState, page: Page, counter: str) -> str:
    """The kind a counter shows now: its back once it has turned over."""
    if counter in state.turned:
        return page.counters[counter].back
    return page.counters[counter].kind


def counters_on_board(state: AdventureBookState, page: Page, kind: str) -> list[str]:
    """The counters on the board showing ``kind`` now."""
    turned = state.turned
    where = state.counters
    found: list[str] = []
    # Plain loops: a comprehension would make a function and call it (the legal actions ask
    # this at every step of some chapters).
    if not turned:
        for c in page.counter_kinds.get(kind, ()):
            if where.get(c):
                found.append(c)
        return found
    for c, back in page.sides.get(kind, ()):
        if where.get(c) and (c in turned) is back:
            found.append(c)
    return found


def counters_at(state: AdventureBookState, page: Page, kind: str, space: str) -> list[str]:
    turned = state.turned
    where = state.counters
    found: list[str] = []
    # Plain loops, as in counters_on_board.
    if not turned:
        for c in page.counter_kinds.get(kind, ()):
            if where.get(c) == space:
                found.append(c)
        return found
    for c, back in page.sides.get(kind, ()):
        if where.get(c) == space and (c in turned) is back:
            found.append(c)
    return found


def turn_counter(page: Page, state: AdventureBookState, counter: str, events: list[Event]) -> None:
    """Turn a counter on the board over to its other side (``CounterStart.back``)."""
    content = page.counters[counter]
    where = state.counters.get(counter, "")
    if not where or not content.back or counter in state.turned:
        return
    state.turned.append(counter)
    events.append(CounterTurned(content.name, page.name(where), content.back_name or content.back))


def turn_lowest(
    page: Page, state: AdventureBookState, kind: str, amount: int, events: list[Event]
) -> None:
    """The generic Plot effect ``turn``: the ``amount`` counters showing ``kind`` on the
    lowest-numbered spaces turn over (unnumbered spaces after them, then by counter id)."""
    on_board = counters_on_board(state, page, kind)
    order = sorted(on_board, key=lambda c: (page.spaces[state.counters[c]].number or 10**6, c))
    for counter in order[:amount]:
        turn_counter(page, state, counter, events)


def supply_counter(state: AdventureBookState, page: Page, kind: str) -> str | None:
    """A counter of ``kind`` still in the supply (the lowest id), or ``None``. A counter that
    has left the game (it has no entry at all, such as an Orc that turned out to be Gandalf)
    is not in the supply."""
    for counter in page.counter_kinds.get(kind, ()):
        if state.counters.get(counter) == "":
            return counter
    return None


def place_counter(
    page: Page, state: AdventureBookState, counter: str, space: str, events: list[Event]
) -> None:
    state.counters[counter] = space
    if events is not DISCARDED:
        events.append(CounterPlaced(page.counter_name(counter), page.name(space)))


def remove_counter(
    page: Page, state: AdventureBookState, counter: str, cause: str, events: list[Event]
) -> None:
    """Take a counter off the board back to the supply."""
    where = state.counters.get(counter, "")
    if where:
        state.counters[counter] = ""
        events.append(CounterRemoved(shown_name(state, page, counter), page.name(where), cause))
        if counter in state.turned:
            state.turned.remove(counter)


def shown_name(state: AdventureBookState, page: Page, counter: str) -> str:
    """A counter's name as it lies now (a turned Goblin is a fire)."""
    content = page.counters[counter]
    if counter in state.turned and content.back_name:
        return content.back_name
    return content.name


def move_counter(
    page: Page, state: AdventureBookState, counter: str, space: str, events: list[Event]
) -> None:
    where = state.counters[counter]
    state.counters[counter] = space
    if events is not DISCARDED:
        events.append(CounterMoved(page.counter_name(counter), page.name(where), page.name(space)))


def next_free_numbered(page: Page, taken: Iterable[str], number: int) -> str | None:
    """The numbered space ``number``, or the next free one counting upwards and wrapping
    round to 1 (the chapter 5 FAQ, generalised as AB-A32); ``None`` when all are taken."""
    busy = set(taken)
    numbers = sorted(page.numbered)
    start = numbers.index(number) if number in numbers else 0
    for offset in range(len(numbers)):
        space = page.numbered[numbers[(start + offset) % len(numbers)]]
        if space not in busy:
            return space
    return None


def track_ahead(page: Page, track: str, space: str, steps: int) -> list[str]:
    """The next ``steps`` spaces after ``space`` along a track (shorter at an open end)."""
    route = page.tracks[track].spaces
    index = route.index(space)
    ahead: list[str] = []
    for n in range(1, steps + 1):
        if page.tracks[track].loop:
            ahead.append(route[(index + n) % len(route)])
        elif index + n < len(route):
            ahead.append(route[index + n])
    return ahead
