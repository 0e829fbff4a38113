"""The match options (chapter + campaign state) and the state of one chapter attempt.

Everything is plain data (lists, dicts, strs, ints) so that ``apply`` stays fast and a state
encodes to canonical bytes. Decks are unordered piles: a draw picks a card at random with the
named chance stream (``story``, ``special``, ``plot``, ``eye``), which is the same as drawing
from a shuffled deck, keeps deck order out of the state altogether, and lets tests script the
next card with ``match.script(rolls={"story": ["courage-3"]})``.
"""

from __future__ import annotations

import msgspec

from ringbearer_engine.game import GameState

HAND_LIMIT = 6
START_HAND = 4
SOLO_HAND = 6
DRAW = 2


class AdventureBookOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Which chapter a match plays, and the campaign state it starts from.

    A fresh campaign is the default. :class:`~.campaign.Campaign` writes these for the next
    chapter; clients rarely set them by hand.
    """

    chapter: int = 1
    corruption: int = 0
    """The Corruption marker's space (0 is the ✳ start space)."""
    won_specials: tuple[str, ...] = ()
    """Special cards won so far: they are part of the Story deck."""
    fired_eyes: tuple[int, ...] = ()
    """Eye spaces that have already drawn their Eye of Sauron card (AB-A20)."""
    used_eye_cards: tuple[str, ...] = ()
    """Eye of Sauron cards already drawn: they have left the campaign (AB-A20)."""
    first_seat: int = 0
    """The seat that takes the first turn of this attempt (AB-A5)."""
    chapters_won: tuple[int, ...] = ()
    attempts: int = 0
    """Chapter attempts played before this one, in the whole campaign."""


class Pending(msgspec.Struct):
    """A decision the rules wait for in the middle of a turn.

    kinds: ``drop`` (discard ``amount`` cards; ``solo`` means from the solo hand), ``steps``
    (move pieces ``amount`` single steps, or ``stop``; ``lock`` ties them to one piece),
    ``ask`` (the active player names what they want back in a trade), ``answer`` (the trade
    partner gives a card), ``take`` (take a card from the Story discard pile), ``choose``
    (pick one of ``options`` for a chapter rule, e.g. which Black Rider moves), and
    ``reward``, which nobody decides: the rewards of the Challenge ``source``, waiting behind the
    decisions of an Eye of Sauron card drawn while paying for it (AB-A38).
    """

    kind: str
    seat: int
    amount: int = 0
    solo: bool = False
    lock: bool = False
    piece: str = ""
    source: str = ""
    ask: str = ""
    partner: int = -1
    options: list[str] = []


class AdventureBookState(GameState, kw_only=True):
    """One attempt at one chapter, plus the campaign state it carries."""

    chapter: int
    seat: int
    """The active player."""
    phase: str = "move"
    """``move`` (step 1), ``story`` (step 2), ``plot`` (step 4 resolving), ``limit`` (step 5)."""
    turn: int = 1
    steps: int = 2
    """Single steps the active player may still take (movement step, or cards discarded)."""
    moved: int = 0
    """Single steps taken in this turn's movement step (a reveal fits between two)."""
    trades: int = 1
    """Trades the active player may still make this turn."""
    helped: list[int] = []
    """Seats asked for help (Special cards) this turn."""
    helper: int = -1
    """The seat now playing Special cards during the active player's Storytelling."""
    hands: list[list[str]]
    solo: list[str] = []
    """The face-up extra hand of a solo game."""
    story_deck: list[str]
    story_discard: list[str] = []
    special_deck: list[str]
    plot_deck: list[int]
    plot_discard: list[int] = []
    eye_deck: list[str]
    corruption: int = 0
    fired_eyes: list[int] = []
    used_eye_cards: list[str] = []
    won_specials: list[str] = []
    pieces: dict[str, str] = {}
    """Character piece -> space id, for the pieces on the board."""
    counters: dict[str, str] = {}
    """Counter id -> space id (board or track space); "" while in the supply."""
    face_down: list[str] = []
    secrets: dict[str, str] = {}
    """Hidden faces of face-down counters (never shown until revealed)."""
    known: dict[str, list[str]] = {}
    """Cards a seat has seen go into another hand, keyed ``"observer>holder"``
    (``rules/knowledge.py``); ``determinize`` leaves them where they are."""
    turned: list[str] = []
    """Counters on the board showing their other side (``CounterStart.back``)."""
    completed: list[str] = []
    pending: list[Pending] = []
    effects_left: list[int] = []
    """Effects of the current Plot Chart entry still to resolve."""
    plot_value: int = 0
    """The number of the Plot card being resolved (0: none this turn)."""
    flags: dict[str, int] = {}
    """Small counters of chapter and card rules (e.g. ``wounds``, ``ward``)."""
    result: str = ""
    """"" while the chapter goes on; ``won``; or the id of the way it was lost."""
    options: AdventureBookOptions = AdventureBookOptions()
    down: list[str] = []
    """Character pieces lying on their side: they cannot move, complete a Challenge or
    fight until they stand up (``rise``, one single step)."""
