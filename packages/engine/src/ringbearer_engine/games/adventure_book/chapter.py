"""The chapter format: what a chapter is made of.

A chapter is a :class:`Chapter` (content: the board graph with positions for drawing, the
setup, counters, Challenges, the Plot Chart, the One Ring ability, lose conditions) plus an
optional :class:`ChapterRules` object (its special rules as code). Adding a chapter is adding
one module under ``chapters/`` that defines ``CHAPTER`` and, when it has special rules,
``RULES``; nothing else in the game changes.

Most of a chapter is generic data the system rules already understand: requirement kinds
(``at``, ``together``, ``next-to``, ``near``, ``none-on-board``, ``none-at``,
``counter-at``, ``counter-near``, ``flag-at-least``, ``pieces-at``, and for named regions
``in-region``, ``out-of-region``, ``none-in-region``), reward kinds (``story``, ``special``,
``ease``, ``join``, ``leave``, ``counter``), Plot effects (``nothing``, ``active-draw``,
``active-discard``, ``each-discard``, ``remove-piece``, ``turn``, ``region-discard``,
``knock-down``, and ``place-counter``: a counter of kind ``key`` from the supply onto
``space`` or numbered space ``amount``), lose conditions that hold when their requirements do
(``when``) or when a counter supply runs out (``exhausted``), fights (a :class:`Deed` with
fighters and a target kind, on or next to the target; each defeat counts in the flag
``defeated-<kind>``), spaces entered by paying cards, counters with two sides
(``CounterStart.back``) and pieces that only move with another piece
(``PieceStart.carried_by``). Anything else is a ``custom`` item, or an effect kind of its own,
that the chapter's rules object handles.

Some chapters need more of the system, still as data: a character piece hidden on the back of
one enemy counter and revealed by defeating it (:class:`Hidden`), pieces knocked down onto
their side (they cannot move, complete a Challenge or fight until they stand up again, which
costs a single step), One Ring symbols (``ring``) in a Challenge's cost that only a One
Ring card pays, unless counters cover them (:attr:`Challenge.covered_by`), and effects that
every One Ring card played by choice sets off (:class:`RingCall`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ringbearer_engine.events import Event

from .content import Source

if TYPE_CHECKING:
    from .state import AdventureBookState, Pending

PageT = TypeVar("PageT")
"""The compiled page a chapter's hooks are handed (``rules.board.Page``). The format names it
by a type variable so that it stays below the rules, which compile it."""


@dataclass(frozen=True)
class Space:
    """A space of the chapter's page, with its drawing position.

    ``number`` is a printed number (Plot entries place counters by number). ``hideout``
    spaces hide pieces from chapter threats that say so. ``cost`` lists the Story card
    symbols a piece pays to enter (instead of a step, AB-A10); ``only`` limits which pieces
    may stand there. ``track`` spaces belong to an enemy track and never take pieces.
    """

    id: str
    name: str
    x: int
    y: int
    source: Source = "designed"
    number: int = 0
    hideout: bool = False
    cost: tuple[str, ...] = ()
    only: tuple[str, ...] = ()
    track: bool = False


@dataclass(frozen=True)
class Track:
    """A route counters follow (in the listed order), separate or not from the paths."""

    id: str
    name: str
    spaces: tuple[str, ...]
    loop: bool
    source: Source = "designed"


@dataclass(frozen=True)
class PieceStart:
    """A character piece of the chapter. An empty ``start`` keeps it off the board at first.

    ``counter`` marks a character that the printed game represents by a counter, not a
    miniature (Gandalf): it moves like any character piece (AB-A8); ``kind`` is that
    counter's name in the rulebook's component list when it differs from ``id`` (``ent``).
    ``carried_by`` lists the pieces it can only move with: it takes a step only while one of
    them stands on its space, and the first of them there goes along (chapter 5's Ents
    walk with Merry and Pippin).
    """

    id: str
    name: str
    start: str
    source: Source = "designed"
    counter: bool = False
    kind: str = ""
    carried_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class CounterStart:
    """A counter of the chapter; an empty ``start`` keeps it in the supply.

    ``back`` is the kind printed on its other side when the counter can turn over during
    play (a chapter 5 Goblin turns into a fire); ``back_name`` is what it is called then.
    A counter always comes back to the supply, and onto the board, on its front.
    """

    id: str
    kind: str
    name: str
    start: str = ""
    face_down: bool = False
    source: Source = "rulebook"
    back: str = ""
    back_name: str = ""


@dataclass(frozen=True)
class Region:
    """A named group of spaces the page's rules speak of as one place ("in Shelob's Lair").

    Requirements (``in-region``, ``out-of-region``, ``none-in-region``), Plot effects
    (``region-discard``) and lose conditions name it by ``id``.
    """

    id: str
    name: str
    spaces: tuple[str, ...]
    source: Source = "designed"


@dataclass(frozen=True)
class Requirement:
    """A board condition of a Challenge. ``text`` is how the page prints it.

    ``pieces-at`` asks for at least ``count`` of ``pieces`` on ``space`` (any of them).
    ``region`` names a :class:`Region` for the region kinds: ``in-region`` (every listed
    piece stands in it), ``out-of-region`` (none does) and ``none-in-region`` (no counter of
    kind ``key`` lies in it).
    """

    kind: str
    text: str
    pieces: tuple[str, ...] = ()
    space: str = ""
    count: int = 0
    key: str = ""
    region: str = ""


@dataclass(frozen=True)
class Reward:
    """A reward: ``story``/``special`` (draw ``amount``), ``ease`` (move the Corruption marker
    back ``amount``), ``join``/``leave`` (piece ``key`` enters at ``space`` / leaves the
    board), ``counter`` (a counter of kind ``key`` from the supply is placed on ``space``;
    none left, none placed) or ``custom`` (the chapter's rules, by ``key``)."""

    kind: str
    text: str
    amount: int = 1
    key: str = ""
    space: str = ""


@dataclass(frozen=True)
class Challenge:
    """A Challenge: requirements, the symbols to discard, rewards.

    ``cost`` holds symbols, ``any`` (any card), ``pair`` (two identical cards of your
    choice) and ``ring`` (a One Ring symbol: only a One Ring card pays it). A ``final``
    Challenge can only be completed once all the others are; ``after`` names Challenges that
    must be completed first. With ``covered_by``, every counter of that kind on the board
    covers one ``ring`` symbol of the cost, which then needs no card.
    """

    id: str
    name: str
    requirements: tuple[Requirement, ...]
    cost: tuple[str, ...]
    rewards: tuple[Reward, ...] = ()
    final: bool = False
    after: tuple[str, ...] = ()
    source: Source = "designed"
    covered_by: str = ""


@dataclass(frozen=True)
class Effect:
    """A Plot Chart effect. Generic kinds read ``amount``, ``key`` (a piece, a counter kind, or
    the region of ``region-discard``: the active player discards ``amount`` cards per character
    piece in it) and ``space``; ``turn`` turns the ``amount`` counters of kind ``key`` on the
    lowest-numbered spaces over to their other side (``CounterStart.back``); other kinds are
    the chapter's."""

    kind: str
    amount: int = 0
    key: str = ""
    space: str = ""


@dataclass(frozen=True)
class PlotEntry:
    value: int
    text: str
    effects: tuple[Effect, ...]
    source: Source = "designed"


@dataclass(frozen=True)
class RingAbility:
    id: str
    name: str
    text: str
    source: Source = "designed"


@dataclass(frozen=True)
class RingCall:
    """What a One Ring card played by choice stirs up inside the chapter, at once: ``effects``
    resolved like Plot effects (generic kinds or the chapter's own), announced with ``text``.

    Played by choice means paid for a Challenge, a deed or a space, discarded to move, or spent
    on the One Ring ability; a discard a rule forces (hand limit, Plot Chart, Eye of Sauron)
    calls nothing (AB-A69). A Challenge whose payment makes the call is still completed.
    """

    id: str
    text: str
    effects: tuple[Effect, ...]
    source: Source = "designed"


@dataclass(frozen=True)
class Deed:
    """A chapter action that costs cards, such as defeating an enemy counter.

    With ``target_kind`` and ``fighters`` it is a fight: a fighter on the space of a counter
    of that kind pays ``cost`` and the counter goes back to the supply. ``reach`` says where
    the fighters stand: ``on`` the target's space, or ``next-to`` it (on a neighbouring
    space, not on the target's own); ``fighters_needed`` of them must stand there, on one
    space or on several (chapter 5: two Ents next to a fire put it out). Other deeds are
    handled by the chapter's rules under their id.
    """

    id: str
    name: str
    text: str
    cost: tuple[str, ...]
    fighters: tuple[str, ...] = ()
    target_kind: str = ""
    source: Source = "designed"
    reach: str = "on"
    fighters_needed: int = 1


@dataclass(frozen=True)
class Hidden:
    """A character piece hidden face down on the back of one counter of ``kind``.

    At setup every counter of that kind lies face down and the seeded random generator picks
    the one that hides ``piece`` (AB-A35). Defeating a face-down counter turns it over: the
    hidden piece joins the board on its space and that counter leaves the game; any other
    counter goes back to the supply face up.
    """

    piece: str
    kind: str
    source: Source = "rulebook"


@dataclass(frozen=True)
class LoseCondition:
    """A way to lose the chapter. With ``when`` it is pure data: the attempt is lost as soon
    as all of those requirements hold (checked after every action, like
    :meth:`ChapterRules.check`). ``exhausted`` names a counter kind whose empty supply loses
    the chapter when a counter of that kind must be placed (the chapter 6 FAQ, AB-A33), which
    the system checks itself. Without either, the chapter's rules decide when it happens."""

    id: str
    text: str
    source: Source = "designed"
    when: tuple[Requirement, ...] = ()
    exhausted: str = ""


PLOT_DECK_LOSS = LoseCondition(
    "plot-deck-empty", "a Plot card must be drawn and the Plot deck is empty", "rulebook"
)


@dataclass(frozen=True)
class Chapter:
    """Everything printed on a chapter's double page, as data."""

    number: int
    id: str
    title: str
    intro: str
    spaces: tuple[Space, ...]
    links: tuple[tuple[str, str], ...]
    pieces: tuple[PieceStart, ...]
    challenges: tuple[Challenge, ...]
    plot_chart: tuple[PlotEntry, ...]
    ring_ability: RingAbility
    tracks: tuple[Track, ...] = ()
    counters: tuple[CounterStart, ...] = ()
    deeds: tuple[Deed, ...] = ()
    lose_conditions: tuple[LoseCondition, ...] = ()
    regions: tuple[Region, ...] = ()
    """Named groups of spaces (the chapter 7 FAQ's "in Shelob's Lair")."""
    special_rules: tuple[str, ...] = ()
    reveal_between_moves: bool = False
    """Whether a face-down counter may be revealed between the two single moves."""
    hidden: tuple[Hidden, ...] = ()
    """Character pieces hidden on the back of a counter, revealed by defeating it."""
    ring_call: RingCall | None = None
    """What a One Ring card played by choice sets off in this chapter (chapter 8's Gollum)."""
    source: Source = "designed"
    extra: dict[str, str] = field(default_factory=dict)
    """Chapter data its rules read and the design page lists (e.g. what a Rider overlooks)."""


class ChapterRules(Generic[PageT]):
    """A chapter's special rules. Every hook has a neutral default; override what you need.

    Hooks get the compiled :class:`~.rules.board.Page` (content plus lookup tables), the state to
    change in place, and the list to append events to.
    """

    def setup(self, page: PageT, state: AdventureBookState) -> None:
        """Extra setup after the pieces and counters are placed."""

    def blocked(self, page: PageT, state: AdventureBookState, piece: str, space: str) -> bool:
        """Whether ``piece`` may not enter ``space`` now (beyond the page's ``only``)."""
        return False

    def blocked_spaces(
        self, page: PageT, state: AdventureBookState, piece: str
    ) -> Collection[str] | None:
        """Every space :meth:`blocked` refuses to ``piece`` now (it may name spaces that are
        not next to the piece), for a chapter that can say them faster than space by space;
        ``None`` (the default): ask :meth:`blocked` for each step."""
        return None

    blockable: frozenset[str] | None = None
    """The only pieces :meth:`blocked` can ever refuse, when a chapter knows them (``None``:
    any piece); the legal actions then ask :meth:`blocked` about those pieces only."""

    def on_enter(
        self, page: PageT, state: AdventureBookState, piece: str, space: str, events: list[Event]
    ) -> None:
        """A piece has just landed on ``space`` (every single step lands, AB-A6)."""

    def requirement(self, page: PageT, state: AdventureBookState, req: Requirement) -> bool:
        """A ``custom`` requirement."""
        raise NotImplementedError(f"chapter {state.chapter}: requirement {req.key!r}")

    def reward(
        self, page: PageT, state: AdventureBookState, reward: Reward, events: list[Event]
    ) -> None:
        """A ``custom`` reward."""
        raise NotImplementedError(f"chapter {state.chapter}: reward {reward.key!r}")

    def effect(
        self, page: PageT, state: AdventureBookState, effect: Effect, events: list[Event]
    ) -> None:
        """A Plot Chart effect that is not a generic one."""
        raise NotImplementedError(f"chapter {state.chapter}: effect {effect.kind!r}")

    def choose(
        self,
        page: PageT,
        state: AdventureBookState,
        pending: Pending,
        option: str,
        events: list[Event],
    ) -> None:
        """Resolve a ``choose`` decision this chapter put on the state."""
        raise NotImplementedError(f"chapter {state.chapter}: choice {pending.source!r}")

    def ring_targets(self, page: PageT, state: AdventureBookState) -> Sequence[str | None]:
        """What the One Ring ability may be aimed at now; ``[None]`` when it needs no target,
        ``[]`` when it cannot be used."""
        return []

    def ring(
        self, page: PageT, state: AdventureBookState, target: str | None, events: list[Event]
    ) -> None:
        """Carry out the One Ring ability (the card and its corruption are already paid)."""

    def deed_targets(self, page: PageT, state: AdventureBookState, deed: Deed) -> list[str]:
        """Targets of a non-fight deed."""
        return []

    def deed_target_names(self, page: PageT, deed: Deed) -> tuple[str, ...]:
        """Every target :meth:`deed_targets` can ever name for the non-fight ``deed``, in a
        fixed order: the action catalogue numbers the deed on each (``catalogue.py``)."""
        return ()

    choice_options: tuple[str, ...] = ()
    """Every option a ``choose`` decision of this chapter can ever offer, in a fixed order (the
    action catalogue numbers each)."""

    def deed(
        self, page: PageT, state: AdventureBookState, deed: Deed, target: str, events: list[Event]
    ) -> None:
        """Carry out a non-fight deed (its cost is already paid)."""

    def on_ring_played(self, page: PageT, state: AdventureBookState, events: list[Event]) -> None:
        """A One Ring card has just been played by choice: paid for a Challenge, a deed or a
        space, discarded to move, or used for the ability (not a discard a rule forced). Its
        corruption, if any, is already paid, and the chapter's :class:`RingCall`, if any, is
        resolved. Override it for a call that plain effects cannot say."""

    def on_reveal(
        self, page: PageT, state: AdventureBookState, counter: str, events: list[Event]
    ) -> None:
        """A face-down counter was just revealed."""

    def check(self, page: PageT, state: AdventureBookState) -> str:
        """A lose condition that holds now (its id), or "". Checked after every action."""
        return ""

    def end_turn(self, page: PageT, state: AdventureBookState, events: list[Event]) -> None:
        """The active player's turn is over (clear the chapter's per-turn flags)."""

    # -- hints for the heuristic bot (optional) ---------------------------------------------

    danger_company: frozenset[str] = frozenset()
    """Pieces whose :meth:`danger` depends on who shares their space (slower to evaluate)."""

    def goals(self, page: PageT, state: AdventureBookState, challenge: Challenge) -> dict[str, str]:
        """Where pieces should go for ``challenge`` beyond what its requirements say."""
        return {}

    def danger(
        self,
        page: PageT,
        state: AdventureBookState,
        piece: str,
        space: str,
        company: frozenset[str] = frozenset(),
    ) -> float:
        """The expected cost of ``piece`` ending the turn on ``space`` with ``company`` (the
        other pieces there), 0 when safe, in the bot's units: a step toward a goal is worth
        about 4, losing the chapter 150."""
        return 0.0

    def ring_advice(self, page: PageT, state: AdventureBookState) -> list[str | None]:
        """One Ring ability targets worth a point of corruption right now (none by default)."""
        return []

    # -- the position estimate (optional) ---------------------------------------------------

    feature_names: tuple[str, ...] = ()
    """Names of the chapter's own position features, in the order of :meth:`features`."""

    def features(self, page: PageT, state: AdventureBookState) -> tuple[float, ...]:
        """How the chapter's own threats stand, one number per :attr:`feature_names`, for the
        position estimate (``value.py``): its generic features read the Challenges, cards and
        pieces, not the counters that lose a chapter (the Orcs hunting Frodo, Gollum)."""
        return ()


NO_RULES: ChapterRules[Any] = ChapterRules()
