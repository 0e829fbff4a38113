"""The Adventure Game's content as data: the board, the deck, the towns and the fixed numbers.

Nothing here is a rule; the rules modules read these tables. Every item says where it comes
from: ``rulebook`` (the rules text), ``published`` (a known fact about the printed game) or
``designed`` (our reconstruction, calibrated with the simulator and listed in
``docs/games/adventure-game-design.md``). The printed board and deck split are unknown, so the
board and the card counts are designed.

The board is a grid drawing: every space has a column and a row. Two spaces drawn side by
side are either joined by a path edge or separated by a heavy line (a barrier). The content
tests check that this holds for every pair, so the drawing and the rules cannot disagree.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Literal

import msgspec

Source = Literal["rulebook", "published", "designed"]

SpaceKind = Literal[
    "start", "clear", "river", "town", "mountain", "orcs", "shelob", "gollum", "doom"
]


class Space(msgspec.Struct, frozen=True):
    """One board space. ``nazgul`` marks an N space (a Nazgûl starts there)."""

    id: str
    name: str
    code: str
    """Three letters for the board drawing."""
    kind: SpaceKind
    x: int
    y: int
    source: Source
    nazgul: bool = False


class Edge(msgspec.Struct, frozen=True):
    """A step of the path, from ``a`` towards Mount Doom to ``b``."""

    a: str
    b: str
    source: Source


class Barrier(msgspec.Struct, frozen=True):
    """A heavy line between two spaces drawn side by side: no move may cross it."""

    a: str
    b: str
    colour: Literal["black", "orange"]
    source: Source


class CardType(msgspec.Struct, frozen=True):
    """One kind of card; ``count`` copies are in the deck."""

    id: str
    name: str
    count: int
    text: str
    """Our own short paraphrase of what the card does."""
    source: Source
    count_source: Source = "designed"
    """The rules name the card; how many copies there are is not known."""


class Town(msgspec.Struct, frozen=True):
    """The rings a town gives: ``gain`` more, or ``top_up`` to exactly that many."""

    space: str
    gain: int
    top_up: int
    source: Source


class DesignedRule(msgspec.Struct, frozen=True):
    """A procedure the rules text leaves out, designed by us (see the AG-A decisions)."""

    id: str
    text: str
    source: Source


# -- fixed numbers of the printed game ---------------------------------------------------------

HAND_SIZE = 5
RING_SUPPLY = 12
NAZGUL_PAWNS = 9
MOUNTAIN_FACES: tuple[int, ...] = (0, 1, 1, 1, 2, 3)
ESCAPE_FACES: tuple[int, ...] = (5, 6)
"""Faces of the regular die that beat a monster."""

# -- dice and decks, by the names tests script -------------------------------------------------

DIE_START = "start"
"""The regular die for the opening roll (ties roll again)."""
DIE_FIGHT = "fight"
"""The regular die rolled to beat a monster (option C)."""
DIE_MOUNTAIN = "mountain"
"""A player's Mountain die, rolled on entering a Mountain space."""
DECK_FIRST = "deck"
"""The first shuffle of the 54 cards, before the deal (top card first)."""
DECK_RESHUFFLE = "reshuffle"
"""Each reshuffle of the discards into a new draw pile."""

# -- the board ---------------------------------------------------------------------------------


def _space(
    id: str,
    name: str,
    code: str,
    kind: SpaceKind,
    x: int,
    y: int,
    *,
    nazgul: bool = False,
    source: Source = "designed",
) -> Space:
    return Space(id, name, code, kind, x, y, source, nazgul)


SPACES: tuple[Space, ...] = (
    # Row 0: the Road through the Shire (the long way, one black rider).
    _space("hobbiton", "Hobbiton", "HOB", "clear", 0, 0),
    _space("bywater", "Bywater", "BYW", "clear", 1, 0),
    _space("woody-end", "Woody End", "WOO", "clear", 2, 0, nazgul=True),
    _space("stock", "Stock", "STO", "clear", 3, 0),
    _space("brandywine-bridge", "Brandywine Bridge", "BRB", "river", 4, 0),
    _space("east-road", "East Road", "EAR", "clear", 5, 0),
    # Row 1: Start, the Short Cut (shorter, two black riders), Bree and the Weather Hills.
    _space("bag-end", "Bag End", "BAG", "start", 0, 1, source="rulebook"),
    _space("maggots-farm", "Farmer Maggot's", "MAG", "clear", 1, 1, nazgul=True),
    _space("bucklebury-ferry", "Bucklebury Ferry", "FER", "river", 2, 1),
    _space("old-forest", "Old Forest", "OLD", "clear", 3, 1),
    _space("barrow-downs", "Barrow-downs", "BAR", "clear", 4, 1, nazgul=True),
    _space("bree", "Bree", "BRE", "town", 5, 1, source="rulebook"),
    _space("midgewater", "Midgewater", "MID", "clear", 6, 1),
    _space("weathertop", "Weathertop", "WEA", "clear", 7, 1, nazgul=True),
    _space("last-bridge", "Last Bridge", "LAB", "river", 8, 1),
    _space("trollshaws", "Trollshaws", "TRO", "clear", 9, 1),
    # Row 2, right to left: the flight to the Ford, Rivendell, and the high pass of Caradhras.
    _space("bruinen-road", "Road to the Ford", "ROF", "clear", 9, 2, nazgul=True),
    _space("ford-of-bruinen", "Ford of Bruinen", "FOB", "river", 8, 2),
    _space("rivendell", "Rivendell", "RIV", "town", 7, 2, source="rulebook"),
    _space("hollin", "Hollin", "HOL", "clear", 6, 2),
    _space("caradhras", "Caradhras", "CAR", "mountain", 5, 2),
    _space("redhorn-gate", "Redhorn Gate", "RED", "mountain", 4, 2),
    _space("dimrill-stair", "Dimrill Stair", "DIS", "clear", 3, 2),
    # Row 3, right to left: the Mines of Moria, then Lórien and the Great River.
    _space("west-gate", "West-gate", "WEG", "clear", 7, 3),
    _space("moria", "Mines of Moria", "MOR", "orcs", 6, 3),
    _space("khazad-dum", "Bridge of Khazad-dûm", "KHA", "clear", 5, 3),
    _space("dimrill-dale", "Dimrill Dale", "DID", "clear", 4, 3),
    _space("nimrodel", "Nimrodel", "NIM", "river", 3, 3),
    _space("lorien", "Lórien", "LOR", "town", 2, 3, source="rulebook"),
    _space("anduin", "Anduin", "AND", "river", 1, 3),
    _space("sarn-gebir", "Sarn Gebir", "SAR", "clear", 0, 3, nazgul=True),
    # Row 4, left to right: Rauros to Ithilien, then the Morgul road.
    _space("argonath", "Argonath", "ARG", "river", 0, 4),
    _space("amon-hen", "Amon Hen", "AMH", "orcs", 1, 4),
    _space("emyn-muil", "Emyn Muil", "EMY", "mountain", 2, 4),
    _space("dead-marshes", "Dead Marshes", "DEM", "clear", 3, 4, nazgul=True),
    _space("black-gate", "Black Gate", "BLG", "clear", 4, 4),
    _space("ithilien", "Ithilien", "ITH", "clear", 5, 4),
    _space("henneth-annun", "Henneth Annûn", "HEN", "river", 6, 4),
    _space("morgul-vale", "Morgul Vale", "MOV", "clear", 7, 4, nazgul=True),
    _space("morgul-road", "Morgul Road", "MRD", "clear", 8, 4),
    _space("morgul-pass", "Morgul Pass", "MOP", "clear", 9, 4),
    # Row 5: the Stairs of Cirith Ungol, and Shelob's Lair where both ways meet.
    _space("straight-stair", "Straight Stair", "STS", "mountain", 6, 5),
    _space("winding-stair", "Winding Stair", "WIS", "mountain", 7, 5),
    _space("cirith-ungol", "Cirith Ungol", "CIU", "clear", 8, 5),
    _space("shelobs-lair", "Shelob's Lair", "SHE", "shelob", 9, 5),
    # Row 6, right to left: Mordor.
    _space("tower-of-cirith-ungol", "Tower of Cirith Ungol", "TOW", "orcs", 9, 6),
    _space("gorgoroth", "Gorgoroth", "GOR", "clear", 8, 6, nazgul=True),
    _space("sammath-naur", "Sammath Naur", "GOL", "gollum", 7, 6),
    _space("mount-doom", "Mount Doom", "DOO", "doom", 6, 6, source="rulebook"),
)

START = "bag-end"
GOAL = "mount-doom"

PATH_RUNS: tuple[tuple[str, ...], ...] = (
    # Each run is a stretch of path in order; consecutive ids are joined by an edge.
    ("bag-end", "hobbiton", "bywater", "woody-end", "stock", "brandywine-bridge", "east-road"),
    ("east-road", "bree"),
    ("bag-end", "maggots-farm", "bucklebury-ferry", "old-forest", "barrow-downs", "bree"),
    ("bree", "midgewater", "weathertop", "last-bridge", "trollshaws", "bruinen-road"),
    ("bruinen-road", "ford-of-bruinen", "rivendell"),
    ("rivendell", "hollin", "caradhras", "redhorn-gate", "dimrill-stair", "nimrodel"),
    ("rivendell", "west-gate", "moria", "khazad-dum", "dimrill-dale", "nimrodel"),
    ("nimrodel", "lorien", "anduin", "sarn-gebir", "argonath", "amon-hen", "emyn-muil"),
    ("emyn-muil", "dead-marshes", "black-gate", "ithilien", "henneth-annun"),
    ("henneth-annun", "morgul-vale", "morgul-road", "morgul-pass", "shelobs-lair"),
    ("henneth-annun", "straight-stair", "winding-stair", "cirith-ungol", "shelobs-lair"),
    ("shelobs-lair", "tower-of-cirith-ungol", "gorgoroth", "sammath-naur", "mount-doom"),
)

EDGES: tuple[Edge, ...] = tuple(
    Edge(a, b, "designed") for run in PATH_RUNS for a, b in pairwise(run)
)

BARRIERS: tuple[Barrier, ...] = (
    # Between the Road and the Short Cut: no hopping from one way to the other.
    Barrier("bywater", "maggots-farm", "orange", "designed"),
    Barrier("woody-end", "bucklebury-ferry", "orange", "designed"),
    Barrier("stock", "old-forest", "orange", "designed"),
    Barrier("brandywine-bridge", "barrow-downs", "orange", "designed"),
    # Between the Weather Hills and the Ford/Caradhras row.
    Barrier("last-bridge", "ford-of-bruinen", "black", "designed"),
    Barrier("weathertop", "rivendell", "black", "designed"),
    Barrier("midgewater", "hollin", "black", "designed"),
    Barrier("bree", "caradhras", "black", "designed"),
    Barrier("barrow-downs", "redhorn-gate", "black", "designed"),
    Barrier("old-forest", "dimrill-stair", "black", "designed"),
    # Between the high pass and Moria: the mountain and the mines are separate ways.
    Barrier("hollin", "moria", "black", "designed"),
    Barrier("caradhras", "khazad-dum", "black", "designed"),
    Barrier("redhorn-gate", "dimrill-dale", "black", "designed"),
    # Between the Great River row and the Rauros-to-Ithilien row.
    Barrier("anduin", "amon-hen", "black", "designed"),
    Barrier("lorien", "emyn-muil", "black", "designed"),
    Barrier("nimrodel", "dead-marshes", "black", "designed"),
    Barrier("dimrill-dale", "black-gate", "black", "designed"),
    Barrier("khazad-dum", "ithilien", "black", "designed"),
    Barrier("moria", "henneth-annun", "black", "designed"),
    Barrier("west-gate", "morgul-vale", "black", "designed"),
    # Between the Morgul road and the Stairs: the two ways into Shelob's Lair.
    Barrier("morgul-vale", "winding-stair", "orange", "designed"),
    Barrier("morgul-road", "cirith-ungol", "orange", "designed"),
    # Between the Stairs and Mordor.
    Barrier("cirith-ungol", "gorgoroth", "black", "designed"),
    Barrier("winding-stair", "sammath-naur", "black", "designed"),
    Barrier("straight-stair", "mount-doom", "black", "designed"),
)

CARDS_POSITION = (0, 6)
"""Where the drawing puts the printed "Cards" space for the draw pile (not on the path)."""

TOWNS: tuple[Town, ...] = (
    Town("bree", gain=1, top_up=0, source="rulebook"),
    Town("rivendell", gain=2, top_up=0, source="rulebook"),
    Town("lorien", gain=0, top_up=3, source="rulebook"),
)

# -- the deck ----------------------------------------------------------------------------------

CARD_TYPES: tuple[CardType, ...] = (
    CardType("move-2", "Move 2", 5, "Move 2 spaces forward if the whole way is open.", "rulebook"),
    CardType("move-3", "Move 3", 4, "Move 3 spaces forward if the whole way is open.", "rulebook"),
    CardType(
        "through-mountains",
        "Move 1 Through Mountains",
        5,
        "Step 1 space onto, along or off the mountains without the Mountain die.",
        "rulebook",
    ),
    CardType(
        "defeat-orcs",
        "Defeat Orcs",
        5,
        "On an Orc space: beat the Orcs and step 1 space on.",
        "rulebook",
    ),
    CardType(
        "move-nazgul",
        "Move a Nazgûl",
        6,
        "Pick up any Nazgûl and set it on an empty clear space, even on a player.",
        "rulebook",
    ),
    CardType(
        "defeat-nazgul",
        "Defeat Nazgûl",
        5,
        "On a Nazgûl's space: take it off the board and step 1 space on.",
        "rulebook",
    ),
    CardType(
        "move-opponent",
        "Move Opponent",
        7,
        "Push a rival on clear terrain 1 space forward or back.",
        "rulebook",
    ),
    CardType("gollum", "Gollum", 5, "Take a ring from a rival and keep it.", "rulebook"),
    CardType("boromir", "Boromir", 4, "Take a ring from a rival and return it.", "rulebook"),
    CardType(
        "new-hand", "Draw a New Hand", 3, "Discard your whole hand and draw five.", "rulebook"
    ),
    CardType(
        "escape",
        "Escape",
        5,
        "Slip past the monster on your space, step 1 on and play again.",
        "designed",
    ),
)

DECK_SIZE = 54
CARD_RANK: dict[str, int] = {card.id: rank for rank, card in enumerate(CARD_TYPES)}
"""Hands are kept in this order (the order of the card list), so equal hands look equal."""

DESIGNED_RULES: tuple[DesignedRule, ...] = (
    DesignedRule(
        "mountain-procedure",
        "Entering a Mountain space rolls your Mountain die; while it shows more than 0 you are"
        " held there and turn it down one step per turn (option D).",
        "designed",
    ),
    DesignedRule(
        "escape-card",
        "Escape works on any monster: step 1 space on and take a bonus turn.",
        "designed",
    ),
    DesignedRule(
        "shelob-procedure",
        "Shelob holds you like Orcs: roll 5 or 6, play Escape or spend a ring. She stays.",
        "designed",
    ),
    DesignedRule(
        "gollum-procedure",
        "Gollum holds you like Orcs, but you may only leave holding a ring afterwards;"
        " leaving him puts you on Mount Doom and wins.",
        "designed",
    ),
    DesignedRule(
        "no-winner",
        "With no ring held by anybody and no uncollected town ahead of any pawn, the game ends"
        " with no winner.",
        "designed",
    ),
)
