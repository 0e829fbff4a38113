"""Card content: the Story deck, the Special cards, the Plot cards and the Eye of Sauron cards.

Content is data: every card is listed here with where it comes from (``source``). The rules
that give the cards their effects live under :mod:`.rules` (``specials``, ``corruption`` and
the turn code); this module only says what exists.

Card ids are what the state holds. A Story card's id is ``<kind>-<n>`` (``courage-3``); its
*token* (what a player names when paying or discarding) is the kind. A Special card's id is its
token. Cards with the same token are interchangeable, so actions name tokens, not ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Source = Literal["rulebook", "published", "designed"]

SYMBOLS: Final = ("courage", "mystery", "adventure", "insight", "combat")
"""The five ordinary Story card symbols (Combat Skill is written ``combat``)."""
RING: Final = "ring"
"""The One Ring Story card: a joker that costs corruption whenever it is used."""
KINDS: Final = (*SYMBOLS, RING)

KIND_NAMES: Final = {
    "courage": "Courage",
    "mystery": "Mystery",
    "adventure": "Adventure",
    "insight": "Insight",
    "combat": "Combat Skill",
    "ring": "The One Ring",
}


@dataclass(frozen=True)
class StoryKind:
    """How many Story cards of one kind the deck holds."""

    kind: str
    count: int
    source: Source


STORY_KINDS: Final = (
    StoryKind("courage", 8, "designed"),
    StoryKind("mystery", 7, "designed"),
    StoryKind("adventure", 7, "designed"),
    StoryKind("insight", 8, "designed"),
    StoryKind("combat", 7, "designed"),
    StoryKind("ring", 5, "designed"),
)
"""42 Story cards (published total); the split by kind is designed (calibrated: with more One
Ring cards the hands clog and the campaign's corruption budget runs out)."""

STORY_CARDS: Final = tuple(f"{k.kind}-{n}" for k in STORY_KINDS for n in range(1, k.count + 1))


@dataclass(frozen=True)
class SpecialCard:
    """A Special card. ``effect`` names the rule that plays it (see :mod:`.rules.specials`).

    Effects played with ``play``: ``move`` (``amount`` steps; ``one_piece`` locks them to the
    first piece moved), ``draw`` (the player draws ``amount``), ``draw-each`` (every player
    draws ``amount``), ``recover`` (take a card from the Story discard pile), ``ward`` (this
    turn's Plot Chart entry is ignored), ``time`` (Plot cards go back into the Plot deck),
    ``trade`` (one more trade this turn), ``athelas`` (shed a One Ring card without
    corruption), ``miruvor`` (draw per completed Challenge).
    Effects used while paying: ``cover`` (the card stands for the symbols in ``covers``;
    ``wild`` is any one ordinary symbol, ``pair`` is a whole "two identical cards") and
    ``arwen`` (One Ring cards in that payment cost no corruption).
    """

    id: str
    name: str
    text: str
    effect: str
    source: Source
    amount: int = 0
    one_piece: bool = False
    covers: tuple[str, ...] = ()


SPECIAL_CARDS: Final = (
    SpecialCard(
        "shadowfax",
        "Shadowfax",
        "Move any one character piece up to 3 spaces.",
        "move",
        "rulebook",
        amount=3,
        one_piece=True,
    ),
    SpecialCard(
        "arwens-love",
        "Arwen's Love",
        "Pay with this card when a Challenge takes 3 or more One Ring cards: none of them "
        "moves the Corruption marker.",
        "arwen",
        "rulebook",
    ),
    SpecialCard("lembas-1", "Lembas", "Draw 2 Story cards.", "draw", "designed", amount=2),
    SpecialCard("lembas-2", "Lembas", "Draw 2 Story cards.", "draw", "designed", amount=2),
    SpecialCard(
        "horn-of-gondor",
        "Horn of Gondor",
        "Every player draws 1 Story card.",
        "draw-each",
        "designed",
        amount=1,
    ),
    SpecialCard(
        "phial-of-galadriel",
        "Phial of Galadriel",
        "Take any one card from the Story discard pile into your hand.",
        "recover",
        "designed",
    ),
    SpecialCard(
        "elven-cloak",
        "Elven Cloak",
        "Ignore the Plot Chart entry of this turn (the Plot card is still drawn).",
        "ward",
        "designed",
    ),
    SpecialCard(
        "rivendell-rest",
        "Rest in Rivendell",
        "Shuffle the last 2 Plot cards of the Plot discard pile back into the Plot deck.",
        "time",
        "designed",
        amount=2,
    ),
    SpecialCard(
        "the-fellowship",
        "The Fellowship",
        "The active player may trade one more time this turn.",
        "trade",
        "designed",
    ),
    SpecialCard(
        "athelas",
        "Athelas",
        "Put one One Ring card from your hand on the Story discard pile without corruption.",
        "athelas",
        "designed",
    ),
    SpecialCard(
        "miruvor",
        "Miruvor",
        "Draw 1 Story card per Completed Challenge token of this chapter (at most 3).",
        "miruvor",
        "designed",
        amount=3,
    ),
    SpecialCard(
        "elven-boats",
        "Elven Boats",
        "Move character pieces 4 spaces in all, split as you like.",
        "move",
        "designed",
        amount=4,
    ),
    SpecialCard(
        "elven-rope",
        "Elven Rope",
        "Move character pieces 2 spaces in all, split as you like.",
        "move",
        "designed",
        amount=2,
    ),
    SpecialCard(
        "mithril-coat",
        "Mithril Coat",
        "When paying a Challenge, stands for any one ordinary symbol.",
        "cover",
        "designed",
        covers=("wild",),
    ),
    SpecialCard(
        "sting",
        "Sting",
        "When paying a Challenge, stands for two Combat Skill symbols.",
        "cover",
        "designed",
        covers=("combat", "combat"),
    ),
    SpecialCard(
        "anduril",
        "Andúril",
        "When paying a Challenge, stands for one Courage and one Combat Skill symbol.",
        "cover",
        "designed",
        covers=("courage", "combat"),
    ),
    SpecialCard(
        "red-book",
        "The Red Book",
        "When paying a Challenge, stands for two Mystery symbols.",
        "cover",
        "designed",
        covers=("mystery", "mystery"),
    ),
    SpecialCard(
        "gandalfs-fireworks",
        "Gandalf's Fireworks",
        "When paying a Challenge, stands for a whole pair of identical cards.",
        "cover",
        "designed",
        covers=("pair",),
    ),
)
"""18 Special cards (published count); Shadowfax and Arwen's Love are named in the rules."""

SPECIALS: Final = {card.id: card for card in SPECIAL_CARDS}

TOKEN: Final[dict[str, str]] = {
    **{card: card.rsplit("-", 1)[0] for card in STORY_CARDS},
    **{card.id: card.id for card in SPECIAL_CARDS},
}
"""Card id -> the token actions use for it."""


def card_name(token: str) -> str:
    """A token as players read it: ``Courage``, ``Shadowfax``."""
    if token in KIND_NAMES:
        return KIND_NAMES[token]
    return SPECIALS[token].name


@dataclass(frozen=True)
class PlotCardValue:
    """How many Plot cards carry one number."""

    value: int
    count: int
    source: Source


PLOT_CARD_VALUES: Final = tuple(PlotCardValue(v, 3, "designed") for v in range(1, 6))
"""15 Plot cards (published count): the numbers 1 to 5, three of each (designed)."""

PLOT_CARDS: Final = tuple(p.value for p in PLOT_CARD_VALUES for _ in range(p.count))


@dataclass(frozen=True)
class EyeCard:
    """An Eye of Sauron card, drawn when the Corruption marker reaches an eye space.

    Effects: ``each-discard`` (every player, the solo hand too, discards ``amount`` cards),
    ``active-discard`` (the active player discards ``amount``), ``plot-lost`` (the top Plot
    card is discarded unresolved), ``short-draw`` (this turn's Draw step draws one card
    fewer), ``lure`` (the active player takes a One Ring card from the Story discard pile).
    """

    id: str
    name: str
    text: str
    effect: str
    source: Source
    amount: int = 0


EYE_CARDS: Final = (
    EyeCard(
        "eye-gaze",
        "The Lidless Eye",
        "Every player, and the solo hand, discards 1 card.",
        "each-discard",
        "designed",
        amount=1,
    ),
    EyeCard(
        "eye-hunt",
        "The Eye Hunts",
        "The active player discards 2 cards.",
        "active-discard",
        "designed",
        amount=2,
    ),
    EyeCard(
        "eye-nazgul",
        "Cry of the Nazgûl",
        "Discard the top Plot card without resolving it.",
        "plot-lost",
        "designed",
    ),
    EyeCard(
        "eye-shadow",
        "Shadow of Mordor",
        "This turn's Draw step draws 1 card fewer.",
        "short-draw",
        "designed",
    ),
    EyeCard(
        "eye-lure",
        "The Ring Calls",
        "The active player takes a One Ring card from the Story discard pile, if there is one.",
        "lure",
        "designed",
    ),
)
"""5 Eye of Sauron cards (published count); their effects are designed."""

EYES: Final = {card.id: card for card in EYE_CARDS}
