"""The options and the state of a match of Adventure to Mount Doom.

The state is flat on purpose: lists of ints and strs, a handful of counters. Saves, undo and
the Monte-Carlo advisor copy it constantly, so it must encode in microseconds.

Resolution is a small machine. ``tasks`` is a stack of pending steps (an operation from
:class:`Op` and two int arguments); ``pending`` is the decision the active player
faces now (a :class:`Ask`), with ``ask_a``/``ask_b`` as its context. The rules pop tasks until a
decision is needed or the stack is empty, so every pause is a plain, saveable state.
"""

from __future__ import annotations

import msgspec

from ringbearer_engine import GameState

from .content import NAZGUL_SPACES, TRACK_START


class MountDoomOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The two variants of the rulebook; both may be used together."""

    friends_in_need: bool = False
    """Easier: at Minas Morgul, one bright heart per unused friend and Gandalf card."""
    without_protection: bool = False
    """Harder, "Without Protection and With Personal Friends": event spaces always strike, and a
    friend card can be used only by the seat that took it (Gandalf cards stay shared)."""


class Ask:
    """The decision the active player faces (``MountDoomState.pending``).

    Plain int constants rather than an enum: they are compared on every step of every
    simulated game.
    """

    NONE = 0
    START = 1
    """Turn start: choose two companion dice to roll (or use a before-rolling card)."""
    KEEP1 = 2
    """Keep one black and one companion die of the first roll for side 1."""
    ADD = 3
    """Choose the third companion die for the second roll."""
    KEEP2 = 4
    """Keep a companion die of the second roll for side 2."""
    FINAL_START = 5
    """Final stage: roll the black die (or use a before-rolling card)."""
    ROLLED = 6
    """Right after a roll during resolution: use a card or go on."""
    AFTER_DIE = 7
    """A die has been resolved: use a card (Gandalf's Wrath, any-time friends) or go on."""
    BATTLE = 8
    """Before a battle roll: Éomer instead of rolling, Galadriel, or roll."""
    FACE = 9
    """The battle die shows Gandalf: give up a Gandalf card to win, or lose."""
    BOROMIR = 10
    """A battle against one Uruk-hai was lost: Boromir, or accept it."""
    EVENT = 11
    """An event space is about to strike: Arwen, or suffer it."""
    STAGE = 12
    """Before the next stage is laid out: Gandalf's Vision or go on."""
    SYMBOL = 13
    """An empty slot's companion symbol: move that figure 0, 1 or 2 spaces."""
    ARMY = 14
    """The Army of the Dead moves left or right."""
    DENETHOR = 15
    """Which companion die on the tray Denethor rerolls."""
    WORMTONGUE = 16
    """Which friend card Wormtongue sends to the box."""
    SUPPORT = 17
    """Gandalf's Support has rolled five dice: pick the figure to move."""
    VISION = 18
    """Gandalf's Vision shows the top card: leave it or box it."""


class Op:
    """Operations on the task stack (``MountDoomState.tasks``)."""

    DIE = 1
    """Resolve tray die ``a`` (0: side-1 black, 1: side-1 colour, 2: side-2 black, 3: side-2
    colour)."""
    ACTIVATE = 2
    """Activate slot ``a`` of the encounter row (0-based)."""
    AFTER_DIE = 3
    """Open the after-die window; ``a`` = 1 when the die was an encounter."""
    CHECK_STAGE = 4
    """If the Ring-bearer has reached his stage goal, end the stage now."""
    END_TURN = 5
    CLEAR_ROW = 6
    STAGE_WINDOW = 7
    LAYOUT = 8
    MORGUL = 9
    """The Ring-bearer's free steps at Minas Morgul, then Friends in Need."""
    RESUME_START = 10
    """Back to the start-of-turn decision of the same player (after Faramir or Support)."""
    FINAL_ENCOUNTER = 11
    """Final stage: resolve the slot the black die shows."""
    FINAL_STEP = 12
    BATTLE_NEXT = 13
    BATTLE_ROLL = 14
    BATTLE_READ = 15
    BOROMIR_READ = 16
    DENETHOR_SET = 17
    """Put the rerolled face (``rolled[0]``) on tray side ``a``."""
    WITCH_KING_READ = 18
    STING_READ = 19
    RING_POWER_READ = 20


# Reasons the match ended (``MountDoomState.result``).
WON = "ring-destroyed"
LOST_RESOLVE = "resolve-broken"
LOST_NAZGUL = "nazgul-gathered"

# Battle kinds.
BATTLE_PLAIN = 0
BATTLE_URUK = 1
BATTLE_MOUTH = 2


class MountDoomState(GameState, kw_only=True):
    """Everything about a match; ``view`` decides what each seat may see of it."""

    friends_in_need: bool = False
    without_protection: bool = False

    seat: int = 0
    """The active player: the only one who decides, on their own turn (MD-A35)."""
    turn: int = 1
    stage: int = 0
    stage_done: bool = False
    """The Ring-bearer stands on this stage's goal; the stage ends after the tray."""
    result: str = ""

    pos: list[int]
    """Route position of each figure (see ``content.FIGURES``); ``RALLY`` = the rally space."""
    resolve: int = TRACK_START
    nazgul: int = 1
    """Nazgûl figures at Minas Morgul, the Witch-king included."""
    witch_king_defeated: bool = False
    uruk: int = 0
    """Uruk-hai warriors at Isengard (the rest are in the supply)."""
    leader: bool = True
    """The Uruk-hai leader still stands at Isengard."""
    treebeard_token: bool = False
    gandalf_token: bool = False
    """The Balrog put the Gandalf token at Helm's Deep: Gandalf cards are blocked."""

    row: list[str]
    """Card id in each of the six slots, ``""`` for an empty slot."""
    up: list[bool]
    """Whether the card in each slot lies face up."""
    army_under: str = ""
    """The card the Army of the Dead covers, if any."""
    army_under_up: bool = False
    seventh: str = ""
    """This stage's card that went to the box unseen (re-dealt by ``determinize``)."""
    known_slot: int = -1
    """A face-down slot whose card everybody saw through Gandalf's Vision."""
    next_deck: list[str] = []
    """The next stage's deck, once Gandalf's Vision has looked at it."""

    held: list[str] = []
    """Friend and Gandalf cards lying face up in front of the players, unused."""
    holder: list[int] = []
    """The seat in front of whom each held card lies."""
    gandalf_stack: list[str] = []
    """The face-down Gandalf stack, sorted: its order is drawn only when a card is taken."""
    box: list[str] = []
    """Cards out of the game that everybody saw."""
    unseen: list[str] = []
    """Cards that went to the box unseen."""

    tray_black: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    tray_figure: list[int] = msgspec.field(default_factory=lambda: [-1, -1])
    tray_pips: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    spare: int = -1
    """The companion die rolled first but not kept, which must be rolled again."""
    rolled: list[int] = []
    """Faces of the roll just made (cards used "right after a roll" change these)."""
    rolled_dice: list[str] = []
    """Chance names of those dice: ``black``, a colour, or ``battle``."""

    pending: int = Ask.START
    ask_a: int = 0
    ask_b: int = 0
    tasks: list[tuple[int, int, int]] = []

    battle_card: str = ""
    battle_kind: int = BATTLE_PLAIN
    battles_left: int = 0
    battle_number: int = 0
    battle_removed: bool = False
    """An Uruk-hai already left Isengard during this encounter (through Treebeard's token)."""
    battles_won: int = 0
    battle_streak: int = 0
    eomer_won: bool = False
    """Éomer won the coming battle instead of a roll."""
    last_card: str = ""
    """The encounter card carried out by the die just resolved (for Gandalf's Wrath)."""
    shelob_hold: bool = False

    @property
    def nazgul_free(self) -> int:
        return NAZGUL_SPACES - self.nazgul
