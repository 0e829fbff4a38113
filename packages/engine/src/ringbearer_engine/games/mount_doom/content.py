"""Everything printed in the box of Adventure to Mount Doom, as data.

Rules are code (``rules/``); this module only says what exists and what each item shows.
Each item names where it comes from in ``source``:

* ``rulebook``: the rules text in ``shared/rules`` states it;
* ``published``: a fact about the printed game gathered in ``shared/research/mount-doom.md``;
* ``designed``: our own reconstruction where nothing is known, calibrated with the simulator
  (see ``docs/games/mount-doom-design.md``, generated in part from this module).

Card texts are our own short paraphrases. Positions on the route are plain integers: 0 is
Rivendell, the stage goals follow from :data:`PATH_SPACES`, and the final path runs from Minas
Morgul to the orange crater space of Mount Doom.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

Source = Literal["rulebook", "published", "designed"]

# -- figures, dice and stages ------------------------------------------------------------------

RING_BEARER: Final = 0
FIGURES: Final = ("frodo", "merry", "aragorn", "legolas", "gimli")
"""Figure ids; index 0 is the Ring-bearer. The companion die of a figure has its colour."""
FIGURE_NAMES: Final = ("Frodo & Sam", "Merry & Pippin", "Aragorn", "Legolas", "Gimli")
COLOURS: Final = ("orange", "purple", "blue", "green", "red")
"""Colour of each figure's stand and companion die (research §2); also the dice's chance names."""
FIGURE_BY_ID: Final = {name: n for n, name in enumerate(FIGURES)}
FIGURE_BY_COLOUR: Final = {name: n for n, name in enumerate(COLOURS)}

BLACK_DIE: Final = "black"
"""Chance name of every black die roll: encounter dice, Witch-king dice, Shelob's Sting..."""
BATTLE_DIE: Final = "battle"
GANDALF_DECK: Final = "gandalf"
"""Chance name of the Gandalf stack; each draw shuffles what is left and takes the top card."""

STAGES: Final = ("lothlorien", "rohan", "helms-deep", "gondor", "minas-morgul", "mount-doom")
"""Stage ids by index. Stage k ends at goal k; stage 5 is the final stage to Mount Doom."""
STAGE_NAMES: Final = ("Lothlórien", "Rohan", "Helm's Deep", "Gondor", "Minas Morgul", "Mount Doom")
FINAL_STAGE: Final = 5
HELMS_DEEP: Final = 2
MINAS_MORGUL: Final = 4


def deck_name(stage: int) -> str:
    """The chance name of a stage's encounter deck, e.g. ``encounters-rohan``."""
    return f"encounters-{STAGES[stage]}"


# -- designed board and track ------------------------------------------------------------------


class DesignedItem(msgspec.Struct, frozen=True):
    """One number or layout of the printed game that we had to fix ourselves (or took over)."""

    id: str
    title: str
    value: str
    source: Source
    why: str


PATH_SPACES: Final = (7, 7, 7, 7, 7)
"""Oval spaces between consecutive stage goals (Rivendell→Lothlórien, ..., Gondor→Minas Morgul)."""
FINAL_SPACES: Final = 7
"""Spaces between Minas Morgul and the orange crater space of Mount Doom."""


def _goals() -> tuple[int, ...]:
    goals, at = [], 0
    for spaces in PATH_SPACES:
        at += spaces + 1
        goals.append(at)
    return tuple(goals)


GOALS: Final = _goals()
"""Route position of each stage goal: Lothlórien, Rohan, Helm's Deep, Gondor, Minas Morgul."""
MORGUL: Final = GOALS[-1]
MOUNT_DOOM: Final = MORGUL + FINAL_SPACES + 1
RALLY: Final = 1000
"""Position code of the rally space beside Minas Morgul: off the route, never moves again."""
RIVENDELL: Final = 0

# Event spaces as (stage, space within the stage counted from 1, kind). The layout follows the
# one hobby transcription [CS], the only source; the calibration kept it.
EVENT_LAYOUT: Final = (
    (0, 3, "nazgul"),
    (0, 7, "dark"),
    (1, 2, "dark"),
    (1, 7, "nazgul"),
    (2, 4, "nazgul"),
    (2, 6, "dark"),
    (3, 3, "dark"),
    (3, 6, "nazgul"),
    (4, 1, "dark"),
    (4, 3, "nazgul"),
    (4, 5, "nazgul"),
)


def _events() -> dict[int, str]:
    starts = (RIVENDELL, *GOALS[:-1])
    return {starts[stage] + space: kind for stage, space, kind in EVENT_LAYOUT}


EVENT_SPACES: Final = _events()
"""Route position → ``"dark"`` (dark heart) or ``"nazgul"``."""
EVENT_AT: Final = tuple(EVENT_SPACES.get(p, "") for p in range(MOUNT_DOOM + 1))

GOAL_INDEX: Final = tuple(GOALS.index(p) if p in GOALS else -1 for p in range(MOUNT_DOOM + 1))
NEXT_GOAL: Final = tuple(next((g for g in GOALS if g > p), MOUNT_DOOM) for p in range(MORGUL + 1))
"""For a position on the route up to Minas Morgul, the first stage goal strictly ahead of it."""

# The resolve track: circles 0 (next to the dark heart) up to TRACK_TOP (next to the bright heart).
TRACK_TOP: Final = 18
TRACK_START: Final = 15
SAURON_EYE_SPACE: Final = 9
GALADRIEL_SPACE: Final = 16

# The encounter row under the six card slots. One printed row serves every stage (MD-A7);
# slot 2 shows Merry & Pippin in the rulebook's own example.
NAZGUL_SYMBOL: Final = -1
SLOT_SYMBOLS: Final = (NAZGUL_SYMBOL, 1, 3, 0, 4, 2)
"""Per slot 1–6: a figure index (move it 0–2) or :data:`NAZGUL_SYMBOL`."""

BATTLE_FACES: Final = ("aragorn", "gimli", "legolas", "merry", "sauron", "gandalf")
"""The six faces of the battle die: four companion weapons, Sauron and Gandalf."""
FACE_FIGURE: Final = {"aragorn": 2, "gimli": 4, "legolas": 3, "merry": 1}

NAZGUL_SPACES: Final = 9
"""Nazgûl figures (and spaces at Minas Morgul); the Witch-king stands on one from the start."""
URUK_WARRIORS: Final = 5
SARUMAN_WARRIORS: Final = 2
"""Warriors each Saruman card sends from the supply to Isengard."""
FARAMIR_STEPS: Final = (2, 3, 4)
TREEBEARD_RESOLVE: Final = 2
EOWYN_FACE: Final = 6
STING_LOSS: Final = (0, 0, 1, 1, 2, 2, 2)
"""Shelob's Sting: resolve lost for a black die showing 1..6 (index 0 unused)."""
RING_POWER_LOSS: Final = (0, 0, 0, 0, 0, 0, 5)


def _slot_text(symbol: int) -> str:
    return "Nazgûl" if symbol == NAZGUL_SYMBOL else FIGURE_NAMES[symbol]


def _route_drawing() -> str:
    starts = (RIVENDELL, *GOALS[:-1])
    names = ("Rivendell", *STAGE_NAMES[:5])
    lines = []
    for stage, start in enumerate(starts):
        cells = []
        for p in range(start + 1, GOALS[stage]):
            kind = EVENT_SPACES.get(p, "")
            cells.append({"dark": "♥", "nazgul": "N"}.get(kind, "o"))
        lines.append(f"{names[stage]:<12} {' '.join(cells)} → {STAGE_NAMES[stage]}")
    lines.append(f"{'Minas Morgul':<12} {' '.join('o' * FINAL_SPACES)} → Mount Doom (orange)")
    return "\n".join(lines)


ROUTE_DRAWING: Final = _route_drawing()
"""The route as text: o an ordinary space, ♥ a dark-heart space, N a Nazgûl space."""

DESIGNED_ITEMS: Final = (
    DesignedItem(
        "route",
        "Spaces per stage",
        f"{', '.join(map(str, PATH_SPACES))} spaces between goals; goals at positions "
        f"{', '.join(map(str, GOALS))}",
        "designed",
        "The hobby transcription [CS] counts 7 path spaces per stage; nothing else is known. "
        "Kept: with companion dice averaging 3.5 a stage takes two or three turns.",
    ),
    DesignedItem(
        "event-spaces",
        "Event spaces",
        "; ".join(
            f"{STAGE_NAMES[s]} stage space {n}: {'dark heart' if k == 'dark' else 'Nazgûl'}"
            for s, n, k in EVENT_LAYOUT
        ),
        "designed",
        "Positions from [CS] (unverified). Five dark hearts and six Nazgûl spaces.",
    ),
    DesignedItem(
        "final-path",
        "Final path",
        f"{FINAL_SPACES} spaces from Minas Morgul, then the orange crater space "
        f"({FINAL_SPACES + 1} steps); no event spaces",
        "designed",
        "[CS] shows 7 spaces after Minas Morgul. One step per turn plus a free step per "
        "companion standing on Minas Morgul.",
    ),
    DesignedItem(
        "rally-space",
        "Rally space",
        "one space beside Minas Morgul, off the route",
        "rulebook",
        "The rulebook names it; figures there take no further part.",
    ),
    DesignedItem(
        "resolve-track",
        "Resolve track",
        f"circles 0 to {TRACK_TOP}; the One Ring starts on circle {TRACK_START}",
        "designed",
        "[CS] starts 13 steps above defeat; with those 13 the heuristic bot won about one "
        "game in four. Calibrated: 16 steps to defeat and 3 circles of headroom give it 38% "
        "of two-player games (10,000 games), inside the 30–45% aimed for.",
    ),
    DesignedItem(
        "sauron-eye-space",
        "Sauron's Eye space",
        f"circle {SAURON_EYE_SPACE}",
        "designed",
        "Six circles below the start: it hurts most when the Fellowship is doing well, and "
        "cannot finish a Fellowship that is already low.",
    ),
    DesignedItem(
        "galadriel-space",
        "Galadriel space",
        f"circle {GALADRIEL_SPACE}",
        "designed",
        "One above the start: she restores a Fellowship to better than it set out.",
    ),
    DesignedItem(
        "slot-symbols",
        "Encounter row symbols",
        "; ".join(f"slot {n + 1}: {_slot_text(s)}" for n, s in enumerate(SLOT_SYMBOLS)),
        "designed",
        "Slot 2 shows Merry & Pippin in the rulebook's example; the rest is ours. One printed "
        "row serves every stage (MD-A7).",
    ),
    DesignedItem(
        "battle-die",
        "Battle die faces",
        "Aragorn, Gimli, Legolas, Merry & Pippin, Sauron, Gandalf (one face each)",
        "designed",
        "Faces as listed by [CS]: one weapon per companion, Sauron and Gandalf.",
    ),
    DesignedItem(
        "figure-colours",
        "Figure and die colours",
        ", ".join(f"{n} {c}" for n, c in zip(FIGURE_NAMES, COLOURS, strict=True)),
        "published",
        "Research §2 (orange Ring-bearer in the rulebook).",
    ),
    DesignedItem(
        "saruman-warriors",
        "Warriors per Saruman",
        f"{SARUMAN_WARRIORS}",
        "published",
        "[CS] card text.",
    ),
)


# -- cards -------------------------------------------------------------------------------------

Side = Literal["friend", "enemy", "final", "gandalf"]


class Card(msgspec.Struct, frozen=True):
    """One card. ``kind`` names the rule that carries it out (see ``rules/encounters.py``)."""

    id: str
    name: str
    stage: int
    """Index into :data:`STAGES` of its deck; -1 for Gandalf cards and Boromir."""
    side: Side
    kind: str
    text: str
    battles: int = 0
    """Battles it starts: a count, :data:`PER_URUK` or :data:`UNTIL_TWO_WINS`."""
    dark: int = 0
    """Dark hearts: lost per lost battle, or at once when the card has no battle."""
    bright: int = 0
    door: bool = False
    """Shows the door icon: leaves the game after one activation."""
    source: Source = "published"
    note: str = ""


PER_URUK: Final = -1
UNTIL_TWO_WINS: Final = -2
_CS = "Mechanics from the numbers of the hobby transcription [CS]."


def _nazgul(stage: int) -> Card:
    return Card(
        f"nazgul-{STAGES[stage]}",
        "Nazgûl",
        stage,
        "enemy",
        "nazgul",
        "Place one Nazgûl at Minas Morgul.",
    )


def _saruman(stage: int) -> Card:
    return Card(
        f"saruman-{STAGES[stage]}",
        "Saruman",
        stage,
        "enemy",
        "saruman",
        "Two Uruk-hai warriors leave the supply for Isengard (fewer if fewer are left).",
        source="rulebook",
        note="Count of two from [CS].",
    )


def _uruk(stage: int) -> Card:
    return Card(
        f"uruk-hai-{STAGES[stage]}",
        "Uruk-hai",
        stage,
        "enemy",
        "uruk-hai",
        "One battle per Uruk-hai at Isengard, leader included; win any and one warrior leaves. "
        "If Isengard is freed: one bright heart instead.",
        battles=PER_URUK,
        dark=1,
        bright=1,
        source="rulebook",
    )


def _orcs(stage: int) -> Card:
    return Card(
        f"orc-hordes-{STAGES[stage]}",
        "Orc Hordes",
        stage,
        "enemy",
        "battle",
        "A battle; losing it costs two dark hearts.",
        battles=1,
        dark=2,
        source="designed",
        note=_CS,
    )


ENCOUNTER_CARDS: Final = (
    # Lothlórien
    Card(
        "cave-troll",
        "Cave Troll",
        0,
        "enemy",
        "battle",
        "A battle; losing it costs two dark hearts.",
        battles=1,
        dark=2,
        source="designed",
        note=_CS,
    ),
    _saruman(0),
    _nazgul(0),
    Card(
        "balrog",
        "Balrog of Moria",
        0,
        "enemy",
        "balrog",
        "Three dark hearts at once. The Gandalf token goes to Helm's Deep: no Gandalf card may be "
        "used until the Ring-bearer reaches Helm's Deep.",
        dark=3,
        door=True,
        source="rulebook",
    ),
    Card(
        "moria-orc",
        "Moria Orc",
        0,
        "enemy",
        "battle",
        "A battle; losing it costs one dark heart.",
        battles=1,
        dark=1,
        source="designed",
        note=_CS,
    ),
    Card(
        "arwen",
        "Arwen",
        0,
        "friend",
        "arwen",
        "When a dark-heart or Nazgûl space would strike: it does nothing this time.",
        source="designed",
        note="[CS]: ignore the event of one board space. Window: when the event would happen.",
    ),
    Card(
        "elrond",
        "Elrond",
        0,
        "friend",
        "elrond",
        "Right after any roll: roll one of its dice again; only the new face counts.",
        source="rulebook",
        note="Card text in the English-edition excerpt.",
    ),
    # Rohan
    _orcs(1),
    Card(
        "wargs",
        "Wargs",
        1,
        "enemy",
        "wound",
        "Two dark hearts at once.",
        dark=2,
        door=True,
        source="designed",
        note=_CS,
    ),
    Card(
        "theoden",
        "King Théoden",
        1,
        "friend",
        "theoden",
        "Move one companion other than the Ring-bearer straight to the next stage goal ahead of it "
        "(an exact arrival).",
        source="designed",
        note="[CS] text; that it counts as an exact arrival follows MD-A12.",
    ),
    _nazgul(1),
    _uruk(1),
    _saruman(1),
    Card(
        "galadriel",
        "Galadriel",
        1,
        "friend",
        "galadriel",
        "In a battle, before its roll: raise the One Ring to the Galadriel space.",
        source="designed",
        note="[CS] text; the space is ours. Does nothing if the Ring is already that high.",
    ),
    # Helm's Deep
    Card(
        "eowyn",
        "Éowyn",
        2,
        "friend",
        "eowyn",
        "Right after the Witch-king's dice show a 6: he is defeated; his card and every Nazgûl "
        "leave the game and Nazgûl never threaten you again.",
        source="designed",
        note="[CS]: a 6 rolled while facing the Witch-king; the rulebook gives the consequence.",
    ),
    Card(
        "wormtongue",
        "Wormtongue",
        2,
        "enemy",
        "wormtongue",
        "One unused friend card (Boromir too, never a Gandalf card) goes to the box.",
        source="rulebook",
    ),
    Card(
        "eomer",
        "Éomer and the Riders of Rohan",
        2,
        "friend",
        "eomer",
        "Instead of rolling in a battle: that battle is won.",
        source="rulebook",
    ),
    _nazgul(2),
    _uruk(2),
    _orcs(2),
    _saruman(2),
    # Gondor
    _nazgul(3),
    Card(
        "grond",
        "Grond",
        3,
        "enemy",
        "wound",
        "Three dark hearts at once.",
        dark=3,
        door=True,
        source="designed",
        note=_CS,
    ),
    _orcs(3),
    Card(
        "sauron-eye",
        "Sauron's Eye",
        3,
        "enemy",
        "sauron-eye",
        "Lower the One Ring to the Eye's space; nothing if it is already there or lower.",
        door=True,
        source="rulebook",
        note="Door icon from [CS].",
    ),
    _uruk(3),
    Card(
        "faramir",
        "Faramir",
        3,
        "friend",
        "faramir",
        "At the start of your turn, before rolling: move the Ring-bearer 2, 3 or 4 spaces.",
        source="designed",
        note="Timing from the rulebook; the distance 2 to 4 from [CS], chosen by the player.",
    ),
    Card(
        "treebeard",
        "Treebeard",
        3,
        "friend",
        "treebeard",
        "Either two bright hearts, or the Treebeard token goes to Isengard: every battle won "
        "there then removes an Uruk-hai, the leader last.",
        bright=2,
        source="rulebook",
    ),
    # Minas Morgul
    Card(
        "witch-king",
        "Witch-king of Angmar",
        4,
        "enemy",
        "witch-king",
        "Roll a black die for every Nazgûl at Minas Morgul, the Witch-king too; each odd face "
        "costs one dark heart.",
        dark=1,
        source="designed",
        note=_CS,
    ),
    Card(
        "mumakil",
        "Mûmakil",
        4,
        "enemy",
        "battle",
        "Two battles; each one lost costs two dark hearts.",
        battles=2,
        dark=2,
        source="designed",
        note=_CS,
    ),
    Card(
        "haradrim",
        "Haradrim",
        4,
        "enemy",
        "wound",
        "Two dark hearts at once.",
        dark=2,
        source="designed",
        note=_CS,
    ),
    Card(
        "denethor",
        "Denethor",
        4,
        "enemy",
        "denethor",
        "Roll one companion die on the tray again (your choice if both are there); the new face "
        "counts.",
        source="rulebook",
    ),
    Card(
        "army-of-the-dead",
        "Army of the Dead",
        4,
        "enemy",
        "army",
        "Move this card onto the nearest card to its left or right; the card under it does "
        "nothing while covered.",
        source="rulebook",
    ),
    _uruk(4),
    Card(
        "sauron-mouth",
        "Sauron's Mouth",
        4,
        "enemy",
        "sauron-mouth",
        "Fight battles until two in a row are won; each one lost costs a dark heart.",
        battles=UNTIL_TWO_WINS,
        dark=1,
        door=True,
        source="rulebook",
        note="Card text in the English-edition excerpt; hearts and door icon from [CS].",
    ),
    # Mount Doom
    Card(
        "gollum-deceit",
        "Gollum's Deceit",
        5,
        "final",
        "wound",
        "Two dark hearts.",
        dark=2,
        source="designed",
        note=_CS,
    ),
    Card(
        "phial",
        "Phial of Galadriel",
        5,
        "final",
        "heal",
        "Two bright hearts.",
        bright=2,
        source="designed",
        note=_CS,
    ),
    Card(
        "gollum-madness",
        "Gollum's Madness",
        5,
        "final",
        "wound",
        "One dark heart.",
        dark=1,
        source="designed",
        note=_CS,
    ),
    Card(
        "shelob",
        "Shelob",
        5,
        "final",
        "shelob",
        "One dark heart, and the Ring-bearer does not step forward this turn.",
        dark=1,
        source="rulebook",
        note="Holding him in place is in the rulebook; the dark heart from [CS].",
    ),
    Card(
        "shelob-sting",
        "Shelob's Sting",
        5,
        "final",
        "sting",
        "Roll a black die: 1 nothing, 2–3 one dark heart, 4–6 two dark hearts.",
        source="designed",
        note=_CS,
    ),
    Card(
        "ring-power",
        "The One Ring's Power",
        5,
        "final",
        "ring-power",
        "Roll a black die: on a 6, five dark hearts; otherwise nothing.",
        source="designed",
        note=_CS,
    ),
    Card(
        "eagles",
        "Eagles",
        5,
        "final",
        "heal",
        "One bright heart.",
        bright=1,
        source="designed",
        note=_CS,
    ),
)

BOROMIR: Final = Card(
    "boromir",
    "Boromir",
    -1,
    "friend",
    "boromir",
    "After losing a battle against one Uruk-hai: roll the battle die again; only Sauron loses.",
    source="rulebook",
)

GANDALF_CARDS: Final = (
    Card(
        "power",
        "Gandalf's Power",
        -1,
        "gandalf",
        "power",
        "Right after a roll: turn one black encounter die to any face.",
    ),
    Card(
        "trick",
        "Gandalf's Trick",
        -1,
        "gandalf",
        "trick",
        "Right after a roll: turn one companion die to any face.",
    ),
    Card(
        "support",
        "Gandalf's Support",
        -1,
        "gandalf",
        "support",
        "At the start of your turn, before rolling: roll all five companion dice, pick one and "
        "move its figure that far.",
    ),
    Card(
        "vision",
        "Gandalf's Vision",
        -1,
        "gandalf",
        "vision",
        "Before the next stage is laid out: look at the top card of its deck and either leave it "
        "or put it in the box.",
        source="rulebook",
        note="Timing from the rulebook; the effect from [CS].",
    ),
    Card(
        "wrath",
        "Gandalf's Wrath",
        -1,
        "gandalf",
        "wrath",
        "After an encounter card has been carried out: put it in the box.",
    ),
)

CARDS: Final = {card.id: card for card in (*ENCOUNTER_CARDS, BOROMIR, *GANDALF_CARDS)}
DECKS: Final = tuple(
    tuple(card.id for card in ENCOUNTER_CARDS if card.stage == stage) for stage in range(6)
)
GANDALF_IDS: Final = tuple(card.id for card in GANDALF_CARDS)
ALL_CARD_IDS: Final = tuple(CARDS)

# Hot-path lookups: plain dicts of str → field, so the rules never touch a struct attribute.
KIND: Final = {cid: card.kind for cid, card in CARDS.items()}
SIDE: Final = {cid: card.side for cid, card in CARDS.items()}
ARMY: Final = "army-of-the-dead"
WITCH_KING: Final = "witch-king"


def designed_ids() -> list[str]:
    """Every item id whose source is ``designed``: board items first, then cards."""
    return [i.id for i in DESIGNED_ITEMS if i.source == "designed"] + [
        c.id for c in CARDS.values() if c.source == "designed"
    ]
